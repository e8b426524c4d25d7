"""The compiled search's optional additions, one against another, at a fixed depth.

    python benchmarks/features.py [--depth 5] [--reference-depth 7] [--level master]
                                  [--sets none,tempo,node_vcf,counter,deep_lmr,aspiration,node_vcf+vcf_cap]

For each feature set (names from FEATURE_BITS in game/engine/backend/pure/alphabeta.py, '+'-joined within
a set) it searches the 20 middlegames to `--depth` by iterative deepening as the root does
(AlphaBeta.search_iteration, so aspiration windows count), and prints the time, the nodes,
the geometric mean of each position's nodes over the first set's (a few positions take most
of the nodes, so the total alone misleads), and how many best moves agree with a deeper
search without additions (`--reference-depth`): a cheap proxy for what a match would show,
not a substitute.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Clock, EngineBoard, Level, ThreatSearch, level_config  # noqa: E402
from game.engine.backend import AlphaBeta  # noqa: E402

from speed import load_positions  # noqa: E402


def best_moves(features: str, depth: int, level: Level) -> tuple[list[int], float, list[int]]:
    """Best move, seconds and nodes per middlegame with these features."""
    os.environ["GOMOKU_ENGINE_FEATURES"] = features
    # vcf_cap needs the config that asks for it (root.py sets it on short turns).
    config = dataclasses.replace(level_config(level), capped_vcf="vcf_cap" in features.split(","))
    moves_found, nodes, started = [], [], time.perf_counter()
    for position in load_positions():
        board = EngineBoard.from_stones(position.size, position.rule, position.stones)
        clock = Clock(None, None)
        searcher = AlphaBeta(board, config, clock, ThreatSearch(board, clock), seed=0)
        side = int(position.to_move)
        moves = searcher.ordered_moves(side, 0, -1, 10_000)[: config.width + 8]
        previous = None
        for iteration in range(1, depth + 1):
            previous, move = searcher.search_iteration(list(moves), iteration, side, previous)
            moves.remove(move)
            moves.insert(0, move)
        moves_found.append(moves[0])
        nodes.append(clock.nodes)
    return moves_found, time.perf_counter() - started, nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--reference-depth", type=int, default=7)
    parser.add_argument("--level", default="master")
    parser.add_argument("--sets", default="none,tempo,node_vcf,counter,deep_lmr,aspiration,node_vcf+vcf_cap")
    args = parser.parse_args()
    level = Level(args.level)
    reference, seconds, _ = best_moves("none", args.reference_depth, level)
    print(f"reference: depth {args.reference_depth} without additions ({seconds:.1f} s)")
    print(f"{'features':<28}{'seconds':>9}{'nodes':>11}{'geomean':>9}{'agree':>7}")
    first = None
    for name in args.sets.split(","):
        found, seconds, nodes = best_moves(name.replace("+", ","), args.depth, level)
        first = first or nodes
        ratio = math.exp(sum(math.log(max(1, n) / max(1, f)) for n, f in zip(nodes, first)) / len(nodes))
        agree = sum(a == b for a, b in zip(found, reference))
        print(f"{name:<28}{seconds:>9.2f}{sum(nodes):>11}{ratio:>9.3f}{agree:>5}/{len(reference)}")


if __name__ == "__main__":
    main()
