"""The core packages must run without pygame: the brain and the tests depend on it."""

import subprocess
import sys

import pytest

CORE_PACKAGES = [
    "game.rules", "game.records", "game.engine", "game.protocol", "game.model",
    "game.match", "game.protocol.external_worker", "game.storage.engines",
    "game.engine.coach.analysis", "game.coach", "game.coach.cli", "game.net",
    "game.puzzles", "game.puzzles.make", "game.puzzles.progress",
]


@pytest.mark.parametrize("package", CORE_PACKAGES)
def test_core_package_imports_without_pygame(package):
    code = (
        "import importlib, sys\n"
        f"importlib.import_module({package!r})\n"
        "leaked = sorted(name for name in sys.modules if name.split('.')[0] in ('pygame', 'pygame_ce'))\n"
        "print(','.join(leaked))\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "", f"{package} pulled in {completed.stdout.strip()}"
