"""The pip/pipx install: setup.py copies the assets into the built package, and the wheel
checker (build_scripts/check_wheel.py, run in full by .ci/run) refuses a wheel or an sdist
that lacks what the installed game needs. The full build-install-run takes a network and a
fresh venv, so it is a CI step; these tests cover its parts without either."""

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build_scripts"))

import check_wheel  # noqa: E402

FILES = check_wheel.source_files()
ASSETS = check_wheel.asset_names(FILES)
KERNEL = "game/engine/_kernel.cpython-311-x86_64-linux-gnu.so"


def _complete_wheel() -> list[str]:
    names = [f"game/assets/{asset}" for asset in ASSETS]
    return names + ["game/__main__.py", "game/protocol/__main__.py", "game/match/openings.txt",
                    "game/engine/levels/ladder_table.json", "game/engine/eval/weights/freestyle.gnet", KERNEL]


def test_the_shipped_files_include_the_assets_and_the_c_core():
    assert "fonts/GomokuUI.ttf" in ASSETS and "sounds/place_1.wav" in ASSETS
    assert "game/engine/native/game/board.h" in FILES and "game/engine/native/binding.c" in FILES
    assert not any(name.startswith((".venv/", "build/")) or name.endswith(".so") for name in FILES)


def test_a_wheel_without_the_assets_is_refused_naming_them():
    names = [name for name in _complete_wheel() if not name.startswith("game/assets/fonts/")]
    missing = check_wheel.missing_from_wheel(names, ASSETS, require_kernel=True)
    assert missing == ["game/assets/fonts/GomokuUI-LICENSE.txt", "game/assets/fonts/GomokuUI.ttf"]
    assert check_wheel.missing_from_wheel(_complete_wheel(), ASSETS, require_kernel=True) == []


def test_a_wheel_or_sdist_without_the_ladder_table_is_refused():
    table = "game/engine/levels/ladder_table.json"
    assert table in FILES
    wheel = [name for name in _complete_wheel() if name != table]
    assert check_wheel.missing_from_wheel(wheel, ASSETS, require_kernel=True) == [table]
    sdist = [f"gomoku_desktop-0.1.0/{name}" for name in FILES if name != table] + ["gomoku_desktop-0.1.0/MANIFEST.in"]
    assert check_wheel.missing_from_sdist(sdist, FILES) == [table]


def test_the_kernel_is_needed_only_when_required():
    names = [name for name in _complete_wheel() if name != KERNEL]
    assert check_wheel.missing_from_wheel(names, ASSETS, require_kernel=False) == []
    assert check_wheel.missing_from_wheel(names, ASSETS, require_kernel=True) == ["game/engine/_kernel (the compiled engine core)"]
    assert check_wheel.kernel_in(["game/engine/_kernel.cp312-win_amd64.pyd"]) == "game/engine/_kernel.cp312-win_amd64.pyd"


def test_an_sdist_without_the_headers_or_the_assets_is_refused():
    everything = [f"gomoku_desktop-0.1.0/{name}" for name in FILES]
    assert check_wheel.missing_from_sdist(everything + ["gomoku_desktop-0.1.0/MANIFEST.in"], FILES) == []
    lacking = [name for name in everything if not name.endswith((".h", ".wav"))]
    missing = check_wheel.missing_from_sdist(lacking, FILES)
    assert "game/engine/native/game/board.h" in missing and "assets/sounds/win.wav" in missing
    assert not any(name.endswith(".c") for name in missing)


def _build_py(source: Path, build_lib: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "setup.py", "--quiet", "build_py", "--build-lib", str(build_lib)],
        cwd=source, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def _copy_for_build(tmp_path: Path, with_assets: bool) -> Path:
    """The files setup.py reads, copied, so a build leaves nothing in the checkout."""
    source = tmp_path / "source"
    for name in FILES:
        if name.startswith("game/") or name in ("setup.py", "pyproject.toml", "README.md") or (with_assets and name.startswith("assets/")):
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    return source


def test_build_py_puts_every_asset_into_the_package(tmp_path):
    source = _copy_for_build(tmp_path, with_assets=True)
    completed = _build_py(source, tmp_path / "lib")
    assert completed.returncode == 0, completed.stderr
    built = sorted(path.relative_to(tmp_path / "lib" / "game" / "assets").as_posix()
                   for path in (tmp_path / "lib" / "game" / "assets").rglob("*") if path.is_file())  # fmt: skip
    assert built == sorted(ASSETS)
    assert (tmp_path / "lib" / "game" / "assets" / "fonts" / "GomokuUI.ttf").read_bytes() == (ROOT / "assets" / "fonts" / "GomokuUI.ttf").read_bytes()
    assert (tmp_path / "lib" / "game" / "match" / "openings.txt").is_file()
    assert (tmp_path / "lib" / "game" / "engine" / "levels" / "ladder_table.json").is_file()
    assert (tmp_path / "lib" / "game" / "engine" / "eval" / "weights" / "freestyle.gnet").is_file()


def test_build_py_without_an_assets_folder_fails_saying_so(tmp_path):
    completed = _build_py(_copy_for_build(tmp_path, with_assets=False), tmp_path / "lib")
    assert completed.returncode != 0
    assert "no assets/ folder beside setup.py" in completed.stderr


def test_the_manifest_puts_the_assets_and_the_c_core_in_the_sdist():
    lines = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert "graft assets" in lines and "recursive-include game/engine/native *.c *.h" in lines
    assert "include game/engine/levels/ladder_table.json" in lines
    assert "recursive-include game/engine/eval/weights *.gnet" in lines


def test_each_release_wheel_runs_the_installed_check_on_the_compiled_kernel():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["cibuildwheel"]
    assert config["test-command"] == "python {project}/build_scripts/check_wheel.py --installed --require-kernel"
    assert config["build"].split() == ["cp311-*", "cp312-*", "cp313-*", "cp314-*"]


@pytest.mark.skipif(not (Path(sys.executable).parent / ("gomoku.exe" if os.name == "nt" else "gomoku")).exists(),
                    reason="the game's programs are not installed beside this Python")  # fmt: skip
def test_the_installed_check_passes_with_the_programs_beside_this_python(tmp_path):
    """What cibuildwheel runs for each wheel, here against the dev install's programs."""
    completed = subprocess.run(
        [sys.executable, str(ROOT / "build_scripts" / "check_wheel.py"), "--installed"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "ok   gomoku --self-test" in completed.stdout and "ok   pbrain-gomoku conversation" in completed.stdout
