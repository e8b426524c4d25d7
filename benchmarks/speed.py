"""Nodes per second and time per move for each level on 20 fixed middlegame positions.

    python benchmarks/speed.py [--levels strong,master] [--time-ms 1000] [--positions N]

Prints one row per level: positions searched, mean depth, mean nodes, nodes/s, mean and
max time per move; then the same over the positions without a tactical shortcut (a win,
a forced block, a VCF/VCT), where time management decides how long the move takes. Positions: benchmarks/data/middlegames.txt.
"""

from __future__ import annotations

import argparse
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
    args = parser.parse_args()
    positions = load_positions()[: args.positions]
    print(f"{'level':<10}{'pos':>5}{'depth':>7}{'nodes':>9}{'nodes/s':>9}{'avg ms':>8}{'max ms':>8}")
    for name in args.levels.split(","):
        level = Level(name.strip())
        rows = []  # (depth, nodes, ms, searched)
        for position in positions:
            started = time.perf_counter()
            result = search(position, Limit(time_ms=args.time_ms), level, seed=0)
            rows.append((result.depth, result.nodes, (time.perf_counter() - started) * 1000, not result.forced))
        _print_row(level.value, rows)
        _print_row("  searched", [row for row in rows if row[3]])


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
