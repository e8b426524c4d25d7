"""The transposition table kept across the moves of a game, against a fresh one per move.

    python benchmarks/table_reuse.py [--time-ms 500] [--games 4] [--moves 6] [--level master]

Each middlegame line (benchmarks/data/middlegames.txt) is replayed as one game: the engine
searches the position before each of its last `--moves` moves, in order, at a fixed time per
move, once with the table kept across those searches (as in play) and once with a fresh
table each move. Prints the mean depth reached and nodes per move for both.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Level, Limit, Position, search  # noqa: E402
from game.engine.backend.native import alphabeta  # noqa: E402
from game.engine import kernel_available  # noqa: E402

from speed import load_positions  # noqa: E402


def replay(games: list[Position], moves: int, level: Level, time_ms: int) -> tuple[float, float]:
    depths, nodes = [], []
    for game in games:
        alphabeta._shared_table.cache_clear()  # a new game
        for count in range(len(game.stones) - moves, len(game.stones)):
            stones = game.stones[:count]
            to_move = game.stones[count][2]
            result = search(Position(game.size, game.rule, stones, type(game.to_move)(to_move)), Limit(time_ms=time_ms), level)
            depths.append(result.depth)
            nodes.append(result.nodes)
    return sum(depths) / len(depths), sum(nodes) / len(nodes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-ms", type=int, default=500)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--level", default="master")
    args = parser.parse_args()
    if not kernel_available():
        sys.exit("needs the compiled kernel")
    games = load_positions()[: args.games]
    level = Level(args.level)
    kept = replay(games, args.moves, level, args.time_ms)
    real = alphabeta._shared_table
    alphabeta._shared_table = lambda *key: alphabeta.KERNEL.Table(alphabeta._TABLE_ENTRIES)
    alphabeta._shared_table.cache_clear = lambda: None
    try:
        fresh = replay(games, args.moves, level, args.time_ms)
    finally:
        alphabeta._shared_table = real
    print(f"{'table':<8}{'depth':>7}{'nodes':>10}")
    print(f"{'kept':<8}{kept[0]:>7.2f}{kept[1]:>10.0f}")
    print(f"{'fresh':<8}{fresh[0]:>7.2f}{fresh[1]:>10.0f}")


if __name__ == "__main__":
    main()
