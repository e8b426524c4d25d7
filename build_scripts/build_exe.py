#!/usr/bin/env python3
"""Build the one-dir executables: dist/gomoku/ with `gomoku` (windowed) and `pbrain-gomoku` (console).

    python build_scripts/build_exe.py            # build, print the time and the folder size
    python build_scripts/build_exe.py --zip      # also write dist/gomoku-<platform>.zip to hand out

Run it with the project's Python (the .venv with PyInstaller installed). Build outputs stay in
build/ and dist/, which git ignores.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build_scripts" / "gomoku.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
APP_DIR = DIST / "gomoku"


class BuildError(RuntimeError):
    """PyInstaller is missing or failed; the message says which."""


def executable(name: str, app_dir: Path = APP_DIR) -> Path:
    """The path of a built program in the one-dir folder (`.exe` on Windows)."""
    return app_dir / (f"{name}.exe" if sys.platform == "win32" else name)


def folder_size(path: Path) -> int:
    """Bytes on disk under `path`; symlinks (PyInstaller links shared libraries) count once."""
    return sum(item.stat().st_size for item in path.rglob("*") if item.is_file() and not item.is_symlink())


def build(python: str = sys.executable) -> float:
    """Run PyInstaller on the spec. Returns the seconds it took; raises BuildError on failure."""
    try:
        import PyInstaller  # noqa: F401  (only checking that it is installed)
    except ImportError as error:
        raise BuildError(f"PyInstaller is not installed for {python}: pip install 'pyinstaller>=6.0'") from error
    started = time.perf_counter()
    command = [
        python, "-m", "PyInstaller", str(SPEC),
        "--noconfirm", "--log-level", "WARN",
        "--distpath", str(DIST), "--workpath", str(WORK),
    ]  # fmt: skip
    completed = subprocess.run(command, cwd=ROOT)
    if completed.returncode != 0:
        raise BuildError(f"PyInstaller failed with exit status {completed.returncode}: {' '.join(command)}")
    for name in ("gomoku", "pbrain-gomoku"):
        if not executable(name).is_file():
            raise BuildError(f"the build did not produce {executable(name)}")
    return time.perf_counter() - started


def make_zip(app_dir: Path = APP_DIR) -> Path:
    """Zip the one-dir folder as dist/gomoku-<system>-<machine>.zip. Returns the archive path."""
    stem = DIST / f"gomoku-{platform.system().lower()}-{platform.machine().lower()}"
    return Path(shutil.make_archive(str(stem), "zip", root_dir=app_dir.parent, base_dir=app_dir.name))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--zip", action="store_true", help="also zip the folder for distribution")
    args = parser.parse_args(argv)
    try:
        seconds = build()
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    print(f"built {APP_DIR} in {seconds:.1f}s, {folder_size(APP_DIR) / 1e6:.1f} MB")
    if args.zip:
        archive = make_zip()
        print(f"zipped {archive}: {archive.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
