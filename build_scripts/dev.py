#!/usr/bin/env python3
"""One entry point for a newcomer: set up a local venv, then run the game or the tests.

    python3 build_scripts/dev.py run      # set up .venv and start the game
    python3 build_scripts/dev.py test     # set up .venv and run the test suite

Standard library only, so it works on a fresh machine with just Python 3.11 and pip.
The venv is reinstalled only when the install inputs change (a stamp file records their
hash): pyproject.toml, setup.py and the engine's C core, which the install compiles.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(os.environ.get("GOMOKU_VENV", ROOT / ".venv"))
STAMP = VENV / ".installed-pyproject-hash"


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


#: What `pip install -e .` reads or builds: a change to any of them needs a reinstall.
#: Glob patterns, so a new file of the compiled engine core counts too.
INSTALL_INPUTS = ("pyproject.toml", "setup.py", "game/engine/native/**/*.c", "game/engine/native/**/*.h")


def install_inputs() -> list[Path]:
    return sorted(path for pattern in INSTALL_INPUTS for path in ROOT.glob(pattern))


def pyproject_hash() -> str:
    digest = hashlib.sha256()
    for path in install_inputs():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def ensure_venv() -> Path:
    """Create the venv and install the project with its test extras, once per change of its inputs."""
    python = venv_python()
    if not python.exists():
        print(f"[dev] creating virtual environment in {VENV}", flush=True)
        subprocess.check_call([sys.executable, "-m", "venv", str(VENV)])
    wanted = pyproject_hash()
    if not STAMP.exists() or STAMP.read_text().strip() != wanted:
        print("[dev] installing the game and its test tools (pip install -e .[test])", flush=True)
        subprocess.check_call([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        subprocess.check_call([str(python), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test]"])
        STAMP.write_text(wanted)
    return python


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"run", "test", "setup"}:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    python = ensure_venv()
    if command == "setup":
        return 0
    if command == "run":
        return subprocess.call([str(python), "-m", "game", *rest], cwd=ROOT)
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return subprocess.call([str(python), "-m", "pytest", *rest], cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
