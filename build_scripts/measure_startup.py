#!/usr/bin/env python3
"""Measure launch-to-first-frame of the game from source and from the frozen build (median of N).

    python build_scripts/measure_startup.py              # 7 runs each, dummy SDL drivers
    python build_scripts/measure_startup.py --runs 11 --real-display

Each run starts the game with `--frames 1` and GOMOKU_STARTUP_REPORT=<file>; right after the
first frame is flipped the game writes the wall-clock time there (game/startup_timing.py).
Elapsed = that time - the time just before the process was launched. The frozen build is
measured only if dist/gomoku/ exists (python build_scripts/build_exe.py). A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_exe import APP_DIR, ROOT, executable  # noqa: E402

TIMEOUT = 120.0


def time_to_first_frame(command: list[str], env: dict[str, str], report: Path) -> float:
    """Seconds from launch to the first flipped frame for one run. Raises RuntimeError on failure."""
    report.unlink(missing_ok=True)
    launched = time.time()
    completed = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    if completed.returncode != 0 or not report.exists():
        raise RuntimeError(f"{' '.join(command)} exited {completed.returncode}: {completed.stderr.strip()[-1500:]}")
    return float(report.read_text(encoding="utf-8")) - launched


def measure(label: str, command: list[str], runs: int, env: dict[str, str], report: Path) -> None:
    times = [time_to_first_frame(command, env, report) for _ in range(runs)]
    print(
        f"{label:8s} median {statistics.median(times) * 1000:6.0f} ms  "
        f"min {min(times) * 1000:6.0f} ms  max {max(times) * 1000:6.0f} ms  ({runs} runs)",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--real-display", action="store_true", help="open a real window (default: dummy SDL drivers)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="gomoku-startup-") as folder:
        env = dict(os.environ, GOMOKU_USER_DIR=folder, GOMOKU_STARTUP_REPORT=str(Path(folder) / "first-frame"))
        if not args.real_display:
            env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        report = Path(env["GOMOKU_STARTUP_REPORT"])
        try:
            measure("source", [sys.executable, "-m", "game", "--frames", "1", "--windowed"], args.runs, env, report)
            frozen = executable("gomoku", APP_DIR)
            if frozen.exists():
                measure("frozen", [str(frozen), "--frames", "1", "--windowed"], args.runs, env, report)
            else:
                print(f"frozen   skipped: {frozen} not built (python build_scripts/build_exe.py)")
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            print(f"measurement failed: {error}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
