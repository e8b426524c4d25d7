"""Depth completed, nodes per second and the horizon's share of the nodes, old search against new.

    python benchmarks/search_shape.py [--searches classic,pvs] [--time-ms 1000] [--positions 20] [-v]
    python benchmarks/search_shape.py --searches pvs --time-ms 300 --brain   # a 300 ms turn
    python benchmarks/search_shape.py --brain-log BRAIN.log    # the moves of games a brain logged

Master searches each of the 20 middlegames (benchmarks/data/middlegames.txt) for --time-ms
with each search below the root (levels.SEARCHES, as GOMOKU_SEARCH chooses it). Positions a
search answers by a shortcut (a forced block, a VCF or VCT) or proves won or lost are left out
of its depth, as issue 31 counts them. Prints per search: positions counted, median and mean
depth completed (the last iteration the root finished, not one the deadline cut), nodes per second, for the depth-shaped search the share of its nodes
spent in the horizon search (qsearch.c), and the time each counted search used as a share of
its budget (median, 90th percentile, max; issue 31 wants about 0.9 where the move is not
forced). --brain gives the time as the brain would (see game.protocol.clock.think_time_ms:
a 300 ms turn leaves the engine 240 ms): then --time-ms is the turn, not the budget.
--brain-log reads the time used per move from a brain's log (`python -m game.protocol --log
FILE`, say under the arena) instead of searching: the same shares over the moves of real games,
counting the open ones (no shortcut, more than one root move, no win or loss seen).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed import load_positions  # noqa: E402

from game.engine import UNPROVEN_THRESHOLD, WIN_THRESHOLD, Level, Limit, search  # noqa: E402
from game.engine.backend.pure import alphabeta  # noqa: E402
from game.protocol.clock import TimeControl, think_time_ms  # noqa: E402


class _Searchers:
    """Every AlphaBeta the root makes, so the benchmark can read the compiled search's counters."""

    def __init__(self) -> None:
        self.made: list = []
        self._original = alphabeta.AlphaBeta.__init__
        searchers = self

        def recording_init(instance, *args, **kwargs):
            searchers._original(instance, *args, **kwargs)
            searchers.made.append(instance)

        alphabeta.AlphaBeta.__init__ = recording_init

    def horizon_nodes(self) -> int:
        total = sum(s.native.horizon_nodes for s in self.made if hasattr(s, "native"))
        self.made.clear()
        return total


def measure(name: str, positions, time_ms: int, verbose: bool, searchers: _Searchers) -> None:
    os.environ["GOMOKU_SEARCH"] = name
    depths, shares, nodes, horizon, seconds, left_out = [], [], 0, 0, 0.0, 0
    for number, position in enumerate(positions, 1):
        searchers.horizon_nodes()
        started = time.perf_counter()
        completed = [0]  # the last iteration the root finished (the one the deadline cut does not count)
        result = search(position, Limit(time_ms=time_ms), Level.MASTER,
                        on_progress=lambda progress: completed.__setitem__(0, progress.depth))
        elapsed = time.perf_counter() - started
        total = searchers.made[0].clock.nodes if searchers.made else result.nodes
        in_horizon = searchers.horizon_nodes()
        counted = not result.forced and abs(result.score) <= WIN_THRESHOLD
        if verbose:
            print(f"  {name} #{number}: depth {completed[0]} score {result.score} nodes {total} "
                  f"horizon {in_horizon} used {elapsed * 1000:.0f} ms {result.forced or ''}{'' if counted else ' (left out)'}")
        if not counted:
            left_out += 1
            continue
        depths.append(completed[0])
        shares.append(elapsed / (time_ms / 1000))
        nodes += total
        horizon += in_horizon
        seconds += elapsed
    share = f"{100 * horizon / nodes:.0f}%" if nodes and horizon else "-"
    rate = nodes / seconds if seconds else 0
    median = statistics.median(depths) if depths else 0
    mean = statistics.mean(depths) if depths else 0
    used = _quantiles(shares)
    print(f"{name:<9}{len(depths):>5}{left_out:>6}{median:>8}{mean:>7.2f}{rate:>11.0f}{share:>9}{used:>22}")


def _quantiles(shares: list[float]) -> str:
    """10th percentile, median, 90th percentile and max of the shares of the budget used."""
    if not shares:
        return "-"
    ordered = sorted(shares)
    p10, p90 = (ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.1, 0.9))
    return f"{p10:.2f}/{statistics.median(ordered):.2f}/{p90:.2f}/{ordered[-1]:.2f}"


#: The line game.protocol.thinking logs after each search.
_SEARCHED = re.compile(r"searched \(.*?\): (\d+) of (\d+) ms, depth (\d+), score (-?\d+), (.+)$")


def from_brain_log(path: str) -> None:
    """The time used per move, as a share of its budget, over the moves a brain logged."""
    open_moves, kinds = [], Counter()
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        found = _SEARCHED.search(line)
        if found is None or found[2] == "None":
            continue
        used, budget, depth, score, forced = int(found[1]), int(found[2]), int(found[3]), int(found[4]), found[5]
        kind = forced if forced != "not forced" else "one move" if depth <= 1 else (
            "win or loss seen" if abs(score) > UNPROVEN_THRESHOLD else "open")
        kinds[kind] += 1
        if kind == "open":
            open_moves.append((used / budget, depth))
    print(", ".join(f"{kind} {count}" for kind, count in kinds.most_common()))
    if open_moves:
        depth = statistics.median(depth for _, depth in open_moves)
        print(f"open moves: {len(open_moves)}, median depth {depth}, "
              f"used p10/m/p90/max {_quantiles([share for share, _ in open_moves])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--searches", default="classic,pvs")
    parser.add_argument("--time-ms", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("-v", "--verbose", action="store_true", help="a line per position")
    parser.add_argument("--brain", action="store_true",
                        help="--time-ms is the brain's turn: search with the budget the brain would give")
    parser.add_argument("--brain-log", metavar="FILE", help="read the time used per move from a brain's log")
    args = parser.parse_args()
    if args.brain_log:
        from_brain_log(args.brain_log)
        return
    budget_ms = args.time_ms
    if args.brain:
        budget_ms = think_time_ms(TimeControl(timeout_turn=args.time_ms), 0, 15)
        print(f"a {args.time_ms} ms turn: the engine's budget is {budget_ms} ms")
    positions = load_positions()[: args.positions]
    searchers = _Searchers()
    print(f"{'search':<9}{'pos':>5}{'left':>6}{'median':>8}{'mean':>7}{'nodes/s':>11}{'horizon':>9}{'used p10/m/p90/max':>22}")
    for name in args.searches.split(","):
        measure(name.strip(), positions, budget_ms, args.verbose, searchers)


if __name__ == "__main__":
    main()
