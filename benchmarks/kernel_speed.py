"""The compiled kernel against the pure-Python engine, in one run: per operation and per search.

    python benchmarks/kernel_speed.py [--positions 10] [--time-ms 1000] [--level master]

Prints microseconds per make+unmake pair and per VCF call for both, then for the search
on the middlegame positions (benchmarks/data/middlegames.txt) the mean depth reached,
nodes per second and time per move, with the ratio compiled / Python. Both run in this
process one after the other (GOMOKU_PURE_PYTHON switches the kernel off), so the ratios
hold even on a busy machine; the absolute numbers do not.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Level, Limit, search  # noqa: E402
from game.engine.clock import Clock  # noqa: E402
from game.engine.state import EngineBoard, kernel_available  # noqa: E402
from game.engine.threats import ThreatSearch  # noqa: E402
from game.rules import Rule  # noqa: E402

from speed import load_positions  # noqa: E402


def make_unmake_us(compiled: bool, repeats: int = 400) -> float:
    board = EngineBoard(15, Rule.FREESTYLE, compiled=compiled)
    cells = random.Random(1).sample(board.board_cells, 40)
    for number, cell in enumerate(cells[:30]):
        board.make(cell, 1 + number % 2)
    started = time.perf_counter()
    for _ in range(repeats):
        for cell in cells[30:]:
            board.make(cell, 1)
            board.unmake()
    return (time.perf_counter() - started) / (repeats * 10) * 1e6


def vcf_us(compiled: bool, positions: int = 40) -> float:
    """One VCF call (depth 8, both colours, a fresh memo each) on crowded random positions."""
    calls, spent = 0, 0.0
    for seed in range(positions):
        rng = random.Random(seed)
        points = [(x, y) for x in range(3, 12) for y in range(3, 12)]
        rng.shuffle(points)
        board = EngineBoard(15, Rule.FREESTYLE, compiled=compiled)
        for number, (x, y) in enumerate(points[:30]):
            board.make(board.index(x, y), 1 + number % 2)
        for attacker in (1, 2):
            started = time.perf_counter()
            ThreatSearch(board, Clock(None, None)).vcf(attacker, 8)
            spent += time.perf_counter() - started
            calls += 1
    return spent / calls * 1e6


def search_numbers(level: Level, time_ms: int, count: int) -> tuple[float, float, float]:
    """Mean depth, nodes per second, mean milliseconds per move."""
    depths, nodes, seconds = [], 0, 0.0
    for position in load_positions()[:count]:
        started = time.perf_counter()
        result = search(position, Limit(time_ms=time_ms), level, seed=0)
        seconds += time.perf_counter() - started
        depths.append(result.depth)
        nodes += result.nodes
    return sum(depths) / len(depths), nodes / seconds, seconds / len(depths) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--time-ms", type=int, default=1000)
    parser.add_argument("--level", default="master")
    args = parser.parse_args()
    if not kernel_available():
        raise SystemExit("the compiled kernel is not available here: nothing to compare")
    level = Level(args.level)
    rows = {}
    for name, compiled in (("python", False), ("compiled", True)):
        if compiled:
            os.environ.pop("GOMOKU_PURE_PYTHON", None)
        else:
            os.environ["GOMOKU_PURE_PYTHON"] = "1"
        rows[name] = (make_unmake_us(compiled), vcf_us(compiled), *search_numbers(level, args.time_ms, args.positions))
    os.environ.pop("GOMOKU_PURE_PYTHON", None)
    print(f"{'':<10}{'make+unmake us':>15}{'VCF call us':>13}{'depth':>7}{'nodes/s':>10}{'ms/move':>9}")
    for name, (pair, vcf, depth, rate, ms) in rows.items():
        print(f"{name:<10}{pair:>15.2f}{vcf:>13.1f}{depth:>7.2f}{rate:>10.0f}{ms:>9.0f}")
    slow, fast = rows["python"], rows["compiled"]
    if not slow[3]:
        return  # every position was answered without a search
    print(f"{'speed-up':<10}{slow[0] / fast[0]:>14.1f}x{slow[1] / fast[1]:>12.1f}x{fast[2] - slow[2]:>+7.2f}"
          f"{fast[3] / slow[3]:>9.1f}x")


if __name__ == "__main__":
    main()
