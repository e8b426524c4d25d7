#!/usr/bin/env python3
"""CI check of the Python install (pip / pipx): build the sdist and the wheel as a release does,
install the wheel into a fresh venv outside the checkout, and run what a player and a Gomocup
manager would.

    python build_scripts/check_wheel.py                  # build, install, check
    python build_scripts/check_wheel.py --out DIR        # the same, keeping the sdist and the wheel in DIR
    python build_scripts/check_wheel.py --installed      # only check the game installed for this Python
                                                         # (the release workflow's test of each wheel)

The build starts from a copy of the files git tracks, so it sees what a clean clone holds and
leaves nothing (build/, *.egg-info) in the checkout. `python -m build` makes the sdist, then
the wheel from that sdist: a file missing from the sdist breaks the wheel too. Needs the
`build` package, and pip must reach PyPI (setuptools for the isolated build, pygame-ce and
platformdirs for the fresh venv).

Checks: the sdist holds every asset and the engine's C sources and headers; the wheel holds
every asset under game/assets and the compiled engine kernel; from the fresh venv, `gomoku
--self-test` and a `pbrain-gomoku` conversation (START 15, BEGIN -> a move, TURN -> a move,
END); and, on Linux and macOS, the sdist installed with no working C compiler (CC=false) still
installs and plays on the pure-Python engine. Prints a timing line per step and exits non-zero
on any failure.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from check_build import CheckFailed, check_brain, check_env, self_test, timed  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BUILD_TIMEOUT = 600.0
INSTALL_TIMEOUT = 600.0
#: Left out of the copy the build starts from when git cannot list the tracked files.
UNTRACKED = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.so", "*.pyd",
                                   ".pytest_cache", ".hypothesis", "runs")


# ----------------------------------------------------------------------------- what must be shipped
def source_files(root: Path = ROOT) -> list[str]:
    """The checkout's files as a clean clone has them (git's tracked files), relative, '/'-separated."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=root, capture_output=True, timeout=60, check=True)
    except (OSError, subprocess.SubprocessError):
        return sorted(path.relative_to(root).as_posix() for path in _untracked_walk(root))
    return sorted(name for name in listed.stdout.decode("utf-8").split("\0") if name and (root / name).is_file())


def _untracked_walk(root: Path) -> list[Path]:
    found: list[Path] = []
    for folder, subfolders, files in os.walk(root):
        ignored = UNTRACKED(folder, subfolders + files)
        subfolders[:] = [name for name in subfolders if name not in ignored]
        found += [Path(folder) / name for name in files if name not in ignored]
    return found


def asset_names(files: list[str]) -> list[str]:
    """The assets among `files`, relative to assets/ (what the wheel must carry under game/assets)."""
    return [name.removeprefix("assets/") for name in files if name.startswith("assets/")]


#: Data files inside the packages that the installed game reads: the match openings, the
#: ladder's ratings (game/rating/ladder.py reads game/engine/levels/ladder_table.json), and the
#: learned network's weights (game/engine/backend/native loads them).
PACKAGE_DATA = ("game/match/openings.txt", "game/engine/levels/ladder_table.json", "game/engine/eval/weights/freestyle.gnet")


def missing_from_sdist(names: list[str], files: list[str]) -> list[str]:
    """What the sdist (its member `names`, top folder included) lacks among what a build needs:
    the build files, every asset, every C source and header of the engine core."""
    inside = {name.split("/", 1)[1] for name in names if "/" in name}
    needed = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", *PACKAGE_DATA]
    needed += [name for name in files if name.startswith("assets/")]
    needed += [name for name in files if name.startswith("game/engine/native/") and name.endswith((".c", ".h"))]
    return [name for name in needed if name not in inside]


def kernel_in(names: list[str]) -> str | None:
    """The compiled engine kernel among a wheel's member `names` (_kernel.*.so or .pyd), if any."""
    return next((name for name in names if name.startswith("game/engine/_kernel") and name.endswith((".so", ".pyd"))), None)


def missing_from_wheel(names: list[str], assets: list[str], require_kernel: bool) -> list[str]:
    """What the wheel (its member `names`) lacks: every asset under game/assets, the package
    data (PACKAGE_DATA), the two programs' entry points, and the compiled kernel when one is required."""
    inside = set(names)
    missing = [f"game/assets/{asset}" for asset in assets if f"game/assets/{asset}" not in inside]
    missing += [name for name in ("game/__main__.py", "game/protocol/__main__.py", *PACKAGE_DATA) if name not in inside]
    if require_kernel and kernel_in(names) is None:
        missing.append("game/engine/_kernel (the compiled engine core)")
    return missing


def describe_sdist(sdist: Path, files: list[str]) -> str:
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    if missing := missing_from_sdist(names, files):
        raise CheckFailed(f"{sdist.name} lacks {len(missing)} file(s): {', '.join(missing[:10])}")
    return f"{sdist.name}, {sdist.stat().st_size / 1e6:.1f} MB, {len(names)} entries, assets and C sources in"


def describe_wheel(wheel: Path, assets: list[str], require_kernel: bool) -> str:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    if missing := missing_from_wheel(names, assets, require_kernel):
        raise CheckFailed(f"{wheel.name} lacks {len(missing)} file(s): {', '.join(missing[:10])}")
    kernel = kernel_in(names) or "no compiled kernel (pure-Python engine)"
    return f"{wheel.name}, {wheel.stat().st_size / 1e6:.1f} MB, {len(names)} files, {len(assets)} assets, {kernel}"


# ----------------------------------------------------------------------------- build and install
def _run(command: list[str], timeout: float, what: str, **kwargs) -> subprocess.CompletedProcess:  # type: ignore[no-untyped-def]
    """Run a build or install command; CheckFailed with the end of its output if it fails."""
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=timeout, **kwargs)
    except subprocess.TimeoutExpired as error:
        raise CheckFailed(f"{what} did not finish within {timeout:.0f}s") from error
    if completed.returncode != 0:
        output = (completed.stdout + completed.stderr).strip()
        raise CheckFailed(f"{what} exited {completed.returncode}: {' '.join(command)}\n{output[-3000:]}")
    return completed


def copy_sources(files: list[str], root: Path, dest: Path) -> str:
    for name in files:
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)
    return f"{len(files)} files into {dest}"


def build_dists(source: Path, out: Path) -> tuple[Path, Path]:
    """`python -m build`: the sdist, then the wheel built from that sdist. Returns both paths."""
    try:
        import build  # noqa: F401  (only checking that it is installed)
    except ImportError as error:
        raise CheckFailed(f"the `build` package is not installed for {sys.executable}: pip install build") from error
    _run([sys.executable, "-m", "build", "--outdir", str(out), str(source)], BUILD_TIMEOUT, "python -m build")
    sdists, wheels = sorted(out.glob("gomoku_desktop-*.tar.gz")), sorted(out.glob("gomoku_desktop-*.whl"))
    if len(sdists) != 1 or len(wheels) != 1:
        raise CheckFailed(f"expected one sdist and one wheel in {out}, found {[p.name for p in out.iterdir()]}")
    return sdists[0], wheels[0]


def scripts_folder(venv: Path) -> Path:
    return venv / ("Scripts" if sys.platform == "win32" else "bin")


def program(scripts: Path, name: str) -> str:
    """A console or GUI entry point pip wrote into `scripts` (`.exe` launchers on Windows)."""
    return str(scripts / (f"{name}.exe" if sys.platform == "win32" else name))


def fresh_venv(venv: Path) -> Path:
    """A new venv made from the base Python (not this one's packages). Returns its python."""
    base = getattr(sys, "_base_executable", sys.executable)
    _run([base, "-m", "venv", str(venv)], INSTALL_TIMEOUT, "python -m venv")
    return scripts_folder(venv) / ("python.exe" if sys.platform == "win32" else "python")


def pip_install(python: Path, target: Path, env: dict[str, str], *options: str) -> None:
    _run([str(python), "-m", "pip", "install", "--quiet", *options, str(target)], INSTALL_TIMEOUT,
         f"pip install {target.name}", env=env, cwd=target.parent)


def outside_env(user_dir: Path) -> dict[str, str]:
    """The headless, throwaway-user environment, without anything that would put the checkout
    (PYTHONPATH) or a forced engine choice in front of what was installed."""
    env = check_env(user_dir)
    for name in ("PYTHONPATH", "GOMOKU_PURE_PYTHON", "VIRTUAL_ENV", "PYTHONHOME"):
        env.pop(name, None)
    return env


def check_installed(scripts: Path, env: dict[str, str], require_kernel: bool) -> list[bool]:
    """`gomoku --self-test` and a `pbrain-gomoku` conversation with the programs in `scripts`."""
    return [
        timed("gomoku --self-test", lambda: self_test([program(scripts, "gomoku")], env, require_kernel)),
        timed("pbrain-gomoku conversation", lambda: check_brain([program(scripts, "pbrain-gomoku")], env)),
    ]


def check_without_compiler(python: Path, sdist: Path, env: dict[str, str]) -> str:
    """Reinstall from the sdist with CC=false (no working C compiler): the install must still
    succeed and the game must play on the pure-Python engine."""
    no_compiler = dict(env, CC="false", CXX="false")
    pip_install(python, sdist, no_compiler, "--no-deps", "--force-reinstall", "--no-cache-dir")
    summary = self_test([program(python.parent, "gomoku")], env, require_kernel=False)
    if "engine python" not in summary:
        raise CheckFailed(f"CC=false should leave the pure-Python engine, but: {summary}")
    return summary


# ----------------------------------------------------------------------------- main
def check_build_and_install(out: Path | None, require_kernel: bool) -> int:
    files = source_files()
    assets = asset_names(files)
    with tempfile.TemporaryDirectory(prefix="gomoku-wheel-") as temporary:
        work = Path(temporary)
        source, dists, venv, user_dir = work / "source", out or work / "dist", work / "venv", work / "user"
        user_dir.mkdir()
        env = outside_env(user_dir)
        built: dict[str, Path] = {}

        def build() -> str:
            started = time.perf_counter()
            built["sdist"], built["wheel"] = build_dists(source, dists)
            return f"{built['sdist'].name} and {built['wheel'].name} in {time.perf_counter() - started:.1f}s"

        def install() -> str:
            built["python"] = fresh_venv(venv)
            pip_install(built["python"], built["wheel"], env)
            return f"{built['wheel'].name} into {venv}"

        for label, step in (("copy the tracked files", lambda: copy_sources(files, ROOT, source)),
                            ("build the sdist, then the wheel from it", build),
                            ("fresh venv, pip install the wheel", install)):  # fmt: skip
            if not timed(label, step):
                return 1
        results = [
            timed("sdist contents", lambda: describe_sdist(built["sdist"], files)),
            timed("wheel contents", lambda: describe_wheel(built["wheel"], assets, require_kernel)),
            *check_installed(built["python"].parent, env, require_kernel),
        ]
        if sys.platform != "win32":
            results.append(timed("sdist install without a C compiler", lambda: check_without_compiler(
                built["python"], built["sdist"], env)))
    return 0 if all(results) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="keep the sdist and the wheel in this folder")
    parser.add_argument("--installed", action="store_true", help="only check the game installed for this Python")
    parser.add_argument("--require-kernel", action="store_true",
                        help="fail without the compiled engine kernel (also set by GOMOKU_REQUIRE_KERNEL)")
    args = parser.parse_args(argv)
    require_kernel = args.require_kernel or bool(os.environ.get("GOMOKU_REQUIRE_KERNEL"))
    if args.installed:
        with tempfile.TemporaryDirectory(prefix="gomoku-wheel-") as user_dir:
            scripts = Path(sysconfig.get_path("scripts"))
            return 0 if all(check_installed(scripts, outside_env(Path(user_dir)), require_kernel)) else 1
    if args.out is not None:
        args.out = args.out.resolve()
        args.out.mkdir(parents=True, exist_ok=True)
    return check_build_and_install(args.out, require_kernel)


if __name__ == "__main__":
    sys.exit(main())
