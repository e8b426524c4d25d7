"""Launch-to-first-frame measurement for build_scripts/measure_startup.py.

The measuring script sets GOMOKU_STARTUP_REPORT to a file and runs the game with `--frames 1`;
once that first frame has been flipped, the game writes the wall-clock time into the file.
A file rather than stdout, because a windowed Windows build has no stdout.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

REPORT_ENV_VAR = "GOMOKU_STARTUP_REPORT"


def report_first_frame() -> None:
    """Write `time.time()` to the file named by GOMOKU_STARTUP_REPORT, if it is set."""
    target = os.environ.get(REPORT_ENV_VAR)
    if target:
        Path(target).write_text(f"{time.time():.6f}\n", encoding="utf-8")
