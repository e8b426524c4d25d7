#!/usr/bin/env python3
"""Build the one-dir executables: dist/gomoku/ with `gomoku` (windowed) and `pbrain-gomoku` (console).

    python build_scripts/build_exe.py            # build, print the time and the folder size
    python build_scripts/build_exe.py --zip      # also write dist/gomoku-<platform>.zip to hand out

On macOS the build is also dist/Gomoku.app (the windowed app bundle with the icon); that is
what gets checked and zipped there.

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
APP_BUNDLE = DIST / "Gomoku.app"


class BuildError(RuntimeError):
    """PyInstaller is missing or failed; the message says which."""


def package_dir() -> Path:
    """The folder holding both programs as a player gets them: the .app's Contents/MacOS on
    macOS, the one-dir folder elsewhere."""
    return APP_BUNDLE / "Contents" / "MacOS" if sys.platform == "darwin" else APP_DIR


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
        if not executable(name, package_dir()).is_file():
            raise BuildError(f"the build did not produce {executable(name, package_dir())}")
    return time.perf_counter() - started


def zip_name() -> str:
    """gomoku-<system>-<machine>.zip, e.g. gomoku-windows-amd64.zip, gomoku-darwin-arm64.zip."""
    return f"gomoku-{platform.system().lower()}-{platform.machine().lower()}.zip"


def make_zip(app_dir: Path | None = None) -> Path:
    """Zip what a player unpacks (Gomoku.app on macOS, the gomoku folder elsewhere) as
    dist/<zip_name()>. Returns the archive path; raises BuildError if zipping fails."""
    archive = DIST / zip_name()
    archive.unlink(missing_ok=True)
    if sys.platform == "darwin" and app_dir is None:
        # ditto keeps the bundle's symlinks and permissions, which a plain zip would break.
        command = ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(APP_BUNDLE), str(archive)]
        if subprocess.run(command).returncode != 0:
            raise BuildError(f"zipping the app failed: {' '.join(command)}")
        return archive
    folder = app_dir or APP_DIR
    return Path(shutil.make_archive(str(archive.with_suffix("")), "zip", root_dir=folder.parent, base_dir=folder.name))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--zip", action="store_true", help="also zip the folder for distribution")
    args = parser.parse_args(argv)
    try:
        seconds = build()
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    built = APP_BUNDLE if sys.platform == "darwin" else APP_DIR
    print(f"built {built} in {seconds:.1f}s, {folder_size(built) / 1e6:.1f} MB")
    if args.zip:
        archive = make_zip()
        print(f"zipped {archive}: {archive.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
