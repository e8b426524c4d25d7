"""Nodes per second and time per move for each level on 20 fixed middlegame positions.

    python benchmarks/speed.py [--levels strong,master] [--time-ms 1000] [--positions N]
                               [--profile]

Prints one row per level: positions searched, mean depth, mean nodes, nodes/s, mean and
max time per move; then the same over the positions without a tactical shortcut (a win,
a forced block, a VCF/VCT), where time management decides how long the move takes. Positions: benchmarks/data/middlegames.txt.
--profile runs the searches under cProfile and prints the share of their time spent inside calls
into the compiled kernel, the rest being Python (the profiler's own cost counts as
Python, so the share of Python is an upper bound).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Level, Limit, Position, search  # noqa: E402
from game.rules import Board, Rule  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "middlegames.txt"


def load_positions(path: Path = DATA) -> list[Position]:
    positions = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        board = Board(15, Rule.FREESTYLE)
        for token in line.split():
            x, y = token.split(",")
            board.push((int(x), int(y)))
        positions.append(Position.from_board(board))
    return positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default=",".join(level.value for level in Level))
    parser.add_argument("--time-ms", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--profile", action="store_true", help="print the share of time inside compiled kernel calls")
    args = parser.parse_args()
    positions = load_positions()[: args.positions]
    limit = Limit(time_ms=args.time_ms)
    print(f"{'level':<10}{'pos':>5}{'depth':>7}{'nodes':>9}{'nodes/s':>9}{'avg ms':>8}{'max ms':>8}")
    for name in args.levels.split(","):
        level = Level(name.strip())
        rows = []  # (depth, nodes, ms, searched)
        profile = cProfile.Profile() if args.profile else None
        for position in positions:
            started = time.perf_counter()
            if profile is not None:
                profile.enable()
            result = search(position, limit, level, seed=0)
            if profile is not None:
                profile.disable()
            rows.append((result.depth, result.nodes, (time.perf_counter() - started) * 1000, not result.forced))
        _print_row(level.value, rows)
        _print_row("  searched", [row for row in rows if row[3]])
        if profile is not None:
            compiled, total = kernel_share(profile)
            print(f"  profile: {total:.2f} s, {compiled:.2f} s inside kernel calls ({100 * compiled / max(total, 1e-9):.1f}%), "
                  f"Python {100 * (1 - compiled / max(total, 1e-9)):.1f}%")


def kernel_share(profile: cProfile.Profile) -> tuple[float, float]:
    """(seconds inside calls into the compiled kernel, seconds profiled in all)."""
    stats = pstats.Stats(profile).stats  # {(file, line, name): (calls, primitive, tottime, cumtime, callers)}
    compiled = sum(row[2] for (_, _, name), row in stats.items() if "_kernel." in name)
    total = sum(row[2] for row in stats.values())
    return compiled, total


def _print_row(name: str, rows: list) -> None:
    if not rows:
        return
    depths, nodes, times = ([row[i] for row in rows] for i in range(3))
    total_s = max(sum(times) / 1000, 1e-9)
    print(
        f"{name:<10}{len(rows):>5}{sum(depths) / len(depths):>7.1f}{sum(nodes) / len(nodes):>9.0f}"
        f"{sum(nodes) / total_s:>9.0f}{sum(times) / len(times):>8.0f}{max(times):>8.0f}"
    )


if __name__ == "__main__":
    main()
