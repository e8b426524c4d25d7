"""How much the search's score swings between one depth and the next (odd/even effect).

    python benchmarks/eval_swing.py [--level master] [--max-depth 5] [--positions 20]

Searches each middlegame (benchmarks/data/middlegames.txt) at depths 1..max by iterative
deepening, as the root does, and prints the mean |score(d) - score(d-1)| per depth and
overall, counting only scores that are not wins or losses.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import WIN_THRESHOLD, Clock, EngineBoard, Level, ThreatSearch, level_config  # noqa: E402
from game.engine.backend import AlphaBeta  # noqa: E402

from speed import load_positions  # noqa: E402


def scores_by_depth(position, level: Level, max_depth: int) -> list[int]:
    board = EngineBoard.from_stones(position.size, position.rule, position.stones)
    clock = Clock(None, None)
    searcher = AlphaBeta(board, level_config(level), clock, ThreatSearch(board, clock), seed=0)
    side = int(position.to_move)
    moves = searcher.ordered_moves(side, 0, -1, 10_000)[: level_config(level).width + 8]
    scores = []
    for depth in range(1, max_depth + 1):
        score, move = searcher.search_root(list(moves), depth, side)
        moves.remove(move)
        moves.insert(0, move)
        scores.append(score)
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="master")
    parser.add_argument("--max-depth", type=int, default=5)
    parser.add_argument("--positions", type=int, default=20)
    args = parser.parse_args()
    swings: dict[int, list[int]] = {d: [] for d in range(2, args.max_depth + 1)}
    for position in load_positions()[: args.positions]:
        scores = scores_by_depth(position, Level(args.level), args.max_depth)
        for depth in range(2, args.max_depth + 1):
            before, now = scores[depth - 2], scores[depth - 1]
            if abs(before) < WIN_THRESHOLD and abs(now) < WIN_THRESHOLD:
                swings[depth].append(abs(now - before))
    every = [s for values in swings.values() for s in values]
    for depth, values in swings.items():
        print(f"depth {depth - 1}->{depth}: mean |change| {sum(values) / max(1, len(values)):7.0f} over {len(values)}")
    print(f"all: mean |eval(d) - eval(d-1)| {sum(every) / max(1, len(every)):.0f} over {len(every)}")


if __name__ == "__main__":
    main()
