"""The analysis panel's depth after a few seconds: the endless analysis (limit None, as the live
panel runs it) on each middlegame, stopped after --seconds, and the depth of its last report.

    python benchmarks/panel_depth.py [--seconds 5] [--positions 20]

Prints per position the depth shown, whether a win or loss was proven, and the median depth.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed import load_positions  # noqa: E402

from game.engine import analyse  # noqa: E402


def shown_depth(position, seconds: float) -> tuple[int, str]:
    """(depth of the last analysis the panel would show, "won"/"lost"/"") after `seconds`."""
    stop = threading.Event()
    timer = threading.Timer(seconds, stop.set)
    shown = []
    timer.start()
    try:
        final = analyse(position, None, n_best=3, stop=stop, on_progress=shown.append)
    finally:
        timer.cancel()
    last = final if final.depth or not shown else shown[-1]
    verdict = "won" if final.win is not None else "lost" if getattr(final, "loss", None) is not None else ""  # (no `loss` before 1cefcea)
    return last.depth, verdict


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--positions", type=int, default=20)
    args = parser.parse_args()
    depths = []
    for number, position in enumerate(load_positions()[: args.positions], 1):
        depth, verdict = shown_depth(position, args.seconds)
        depths.append(depth)
        print(f"{number:>3} depth {depth:>3} {verdict}", flush=True)
    print(f"median depth after {args.seconds:g} s: {statistics.median(depths)} (min {min(depths)}, max {max(depths)})")


if __name__ == "__main__":
    main()
