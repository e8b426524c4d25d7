"""The learned network's cost in the compiled kernel, and Master's nodes per second with and without its policy ordering and its value as the evaluation.

    python benchmarks/net_speed.py [--positions 20] [--time-ms 1000] [--repeats 400]

Part 1, per operation on the 20 middlegames (benchmarks/data/middlegames.txt), every empty cell
near a stone played and taken back in turn: microseconds per make+unmake without the network
(today's evaluation is kept incrementally by make itself, so this is its cost), with the
network attached but not read (its state is lazy: a make costs nothing until a reader asks),
with the network's value read after each make (its incremental update there and back, and the
value), and a policy logit per cell. Evaluations per second = 1 / (make + value + unmake).
These go through Python calls (about 0.1 us each), which flatters neither side.

Part 2: Master on the same middlegames for --time-ms with today's hand evaluation (the default
features without "net_eval_long", which gives long turns the network's value), with the
policy ordering ("net_order", GOMOKU_ENGINE_FEATURES), with the network's value as the
evaluation on every turn ("net_eval") and with both, interleaved position by position: nodes per second and the median depth completed (positions answered by a shortcut
left out). Timing on a shared machine is noisy: compare the two columns, not runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed import load_positions  # noqa: E402

from game.engine import EngineBoard, Level, Limit, search  # noqa: E402
from game.engine.backend.native import NET  # noqa: E402
from game.engine.backend.native.alphabeta import DEFAULT_FEATURES  # noqa: E402
from game.rules import Rule  # noqa: E402


def _board(position, with_net: bool):
    board = EngineBoard(15, Rule.FREESTYLE, compiled=True)
    for x, y, stone in position.stones:
        board.make(board.index(x, y), stone)
    if with_net:
        board.follow_net(NET)
    return board


def per_operation_us(positions, repeats: int) -> dict[str, float]:
    """Mean microseconds per make+unmake (plain, net following, net + value) and per policy logit."""
    spent = {"plain": 0.0, "net": 0.0, "net+value": 0.0, "policy": 0.0}
    counts = dict.fromkeys(spent, 0)
    for position in positions:
        plain, followed = _board(position, False), _board(position, True)
        side = int(position.to_move)
        cells = [m for m in plain.board_cells if plain.cells[m] == 0 and plain.near[m]]
        for name, board in (("plain", plain), ("net", followed)):
            make, unmake = board.kernel.make, board.kernel.unmake
            started = time.perf_counter()
            for _ in range(repeats):
                for cell in cells:
                    make(cell, side)
                    unmake()
            spent[name] += time.perf_counter() - started
            counts[name] += repeats * len(cells)
        make, unmake, value = followed.kernel.make, followed.kernel.unmake, followed.kernel.net_value
        started = time.perf_counter()
        for _ in range(repeats):
            for cell in cells:
                make(cell, side)
                value(3 - side)
                unmake()
        spent["net+value"] += time.perf_counter() - started
        counts["net+value"] += repeats * len(cells)
        started = time.perf_counter()
        for _ in range(repeats):
            followed.kernel.net_policy(side, cells)
        spent["policy"] += time.perf_counter() - started
        counts["policy"] += repeats * len(cells)
    return {name: spent[name] / counts[name] * 1e6 for name in spent}


def master_rows(positions, time_ms: int) -> dict[str, list[tuple[int, int, float, bool]]]:
    """Per feature set, (depth, nodes, seconds, counted) per position, the sets interleaved."""
    hand = tuple(name for name in DEFAULT_FEATURES if name != "net_eval_long")
    sets = {
        "hand": ",".join(hand), "net_order": ",".join(hand + ("net_order",)),
        "net_eval": ",".join(hand + ("net_eval",)), "both": ",".join(hand + ("net_order", "net_eval")),
    }
    rows: dict[str, list] = {name: [] for name in sets}
    before = os.environ.get("GOMOKU_ENGINE_FEATURES")
    try:
        for position in positions:
            for name, features in sets.items():
                os.environ["GOMOKU_ENGINE_FEATURES"] = features
                started = time.perf_counter()
                result = search(position, Limit(time_ms=time_ms), Level.MASTER, seed=0)
                rows[name].append((result.depth, result.nodes, time.perf_counter() - started, not result.forced))
    finally:
        if before is None:
            os.environ.pop("GOMOKU_ENGINE_FEATURES", None)
        else:
            os.environ["GOMOKU_ENGINE_FEATURES"] = before
    return rows


def print_operations(positions, repeats: int) -> None:
    """Part 1's lines."""
    us = per_operation_us(positions, repeats)
    print(f"make+unmake, no network (today's evaluation included): {us['plain']:.3f} us")
    print(f"make+unmake, network attached, not read:              {us['net']:.3f} us")
    print(f"make+value+unmake:                                    {us['net+value']:.3f} us "
          f"= {1e6 / us['net+value']:,.0f} network evaluations/s")
    print(f"policy logit, per cell (in lists of the near cells):  {us['policy']:.3f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--time-ms", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=400)
    parser.add_argument("--skip-operations", action="store_true", help="only part 2 (Master's nodes per second)")
    args = parser.parse_args()
    if NET is None:
        sys.exit("the network is not loaded (no compiled kernel, or its weights file is missing or refused)")
    positions = load_positions()[: args.positions]
    if not args.skip_operations:
        print_operations(positions, args.repeats)
    rows = master_rows(positions, args.time_ms)
    print(f"\nMaster at {args.time_ms} ms on {len(positions)} middlegames (interleaved):")
    print(f"{'features':<12}{'counted':>8}{'median depth':>14}{'nodes/s':>10}")
    for name, found in rows.items():
        counted = [row for row in found if row[3]]
        nodes_per_s = sum(row[1] for row in found) / max(sum(row[2] for row in found), 1e-9)
        depth = statistics.median(row[0] for row in counted) if counted else float("nan")
        print(f"{name:<12}{len(counted):>8}{depth:>14}{nodes_per_s:>10,.0f}")


if __name__ == "__main__":
    main()
