"""The store runs in the brain and in tests without a window, so it must not import pygame."""

import subprocess
import sys


def test_storage_imports_without_pygame():
    code = (
        "import sys, game.storage\n"
        "print(','.join(sorted(n for n in sys.modules if n.split('.')[0] == 'pygame')))\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == ""
