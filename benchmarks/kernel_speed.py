"""The compiled kernel against the pure-Python engine, in one run: per operation and per search.

    python benchmarks/kernel_speed.py [--positions 10] [--time-ms 1000] [--level master]

Prints microseconds per make+unmake pair and per VCF call for both, the time to search the
middlegame positions (benchmarks/data/middlegames.txt) to a fixed depth (the same tree
either way, so the fairest ratio), then with the time limit the mean depth reached, nodes
per second (threat-search nodes included: cheap in C, so this ratio flatters) and time per
move, with the ratio compiled / Python. Both run in this
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

from game.engine import Clock, EngineBoard, Level, Limit, ThreatSearch, kernel_available, search  # noqa: E402
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


def fixed_depth_ms(level: Level, depth: int, count: int) -> float:
    """Mean milliseconds to finish a search of `depth` plies (the same tree with either kernel)."""
    spent = 0.0
    positions = load_positions()[:count]
    for position in positions:
        started = time.perf_counter()
        search(position, Limit(depth=depth), level, seed=0)
        spent += time.perf_counter() - started
    return spent / len(positions) * 1000


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
    parser.add_argument("--depth", type=int, default=4, help="plies of the fixed-depth search")
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
        rows[name] = (make_unmake_us(compiled), vcf_us(compiled), fixed_depth_ms(level, args.depth, args.positions),
                      *search_numbers(level, args.time_ms, args.positions))
    os.environ.pop("GOMOKU_PURE_PYTHON", None)
    fixed = f"depth-{args.depth} ms"
    print(f"{'':<10}{'make+unmake us':>15}{'VCF call us':>13}{fixed:>12}{'depth':>7}{'nodes/s':>10}{'ms/move':>9}")
    for name, (pair, vcf, fixed_ms, depth, rate, ms) in rows.items():
        print(f"{name:<10}{pair:>15.2f}{vcf:>13.1f}{fixed_ms:>12.0f}{depth:>7.2f}{rate:>10.0f}{ms:>9.0f}")
    slow, fast = rows["python"], rows["compiled"]
    if not slow[4]:
        return  # every position was answered without a search
    print(f"{'speed-up':<10}{slow[0] / fast[0]:>14.1f}x{slow[1] / fast[1]:>12.1f}x{slow[2] / fast[2]:>11.1f}x"
          f"{fast[3] - slow[3]:>+7.2f}{fast[4] / slow[4]:>9.1f}x")


if __name__ == "__main__":
    main()
