"""The release workflow: valid for GitHub Actions (actionlint), and it builds, checks and
ships the game on all three systems for each tag. The macOS build is a windowed .app."""

import ast
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
SPEC = ROOT / "build_scripts" / "gomoku.spec"
ICNS = ROOT / "assets" / "icon" / "gomoku.icns"


def _actionlint() -> str:
    beside_python = Path(sys.executable).parent / ("actionlint.exe" if sys.platform == "win32" else "actionlint")
    found = str(beside_python) if beside_python.is_file() else shutil.which("actionlint")
    if found is None:
        pytest.skip("actionlint is not installed (pip install -e '.[test]')")
    return found


def _lint(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([_actionlint(), "-no-color", str(path)], capture_output=True, text=True, timeout=60)


def test_the_release_workflow_passes_actionlint():
    result = _lint(WORKFLOW)
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_would_catch_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    text = WORKFLOW.read_text(encoding="utf-8").replace("runs-on: ${{ matrix.runner }}", "runs-on: ${{ matrix.runer }}")
    broken.write_text(text, encoding="utf-8")
    assert _lint(broken).returncode != 0


def test_each_tag_is_built_checked_and_released_on_three_systems():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert 'tags: ["v*"]' in text
    for runner in ("ubuntu-", "windows-", "macos-"):
        assert f"runner: {runner}" in text
    assert "python build_scripts/check_build.py --zip" in text  # --self-test, the brain, then the zip
    assert "dist/gomoku-*.zip" in text and "gh release upload" in text and "gh release create" in text


def _calls(name: str) -> list[ast.Call]:
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == name]


def test_the_mac_build_is_a_windowed_app_with_the_icon():
    (bundle,) = _calls("BUNDLE")
    keywords = {k.arg: k.value for k in bundle.keywords}
    assert ast.literal_eval(keywords["name"]) == "Gomoku.app"
    assert ast.unparse(keywords["icon"]) == "str(ICON)"
    plist = ast.literal_eval(keywords["info_plist"])
    assert plist["LSBackgroundOnly"] is False  # a real app with a Dock icon, not a background tool
    assert 'ICON = ASSETS / "icon" / ("gomoku.icns" if sys.platform == "darwin" else "gomoku.ico")' in SPEC.read_text()


def test_the_icns_icon_holds_pngs_up_to_1024_pixels():
    data = ICNS.read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    offset, sizes = 8, {}
    while offset < len(data):
        kind, length = data[offset : offset + 4], struct.unpack(">I", data[offset + 4 : offset + 8])[0]
        png = data[offset + 8 : offset + length]
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        sizes[kind] = struct.unpack(">II", png[16:24])  # the PNG's IHDR width and height
        offset += length
    assert sizes[b"ic10"] == (1024, 1024) and sizes[b"ic07"] == (128, 128) and len(sizes) == 7


def test_each_tag_also_ships_checked_wheels_and_the_sdist():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "uses: pypa/cibuildwheel@" in text and text.count("runner: macos-14") == 2  # wheels on the same three systems
    assert "python build_scripts/check_wheel.py --out dist" in text  # the sdist: built, installed, run
    assert "needs: [build, wheels, sdist]" in text
    assert 'gh release upload "$TAG" dist/*.zip dist/*.whl dist/*.tar.gz' in text
    assert 'gh release create "$TAG" dist/*.zip dist/*.whl dist/*.tar.gz' in text
