"""Solve rate and time per position for each level on the tactics set (tests/data/tactics/).

    python benchmarks/tactics.py [--levels strong,master] [--time-ms 1000] [--kinds vcf,defend] [-v]
    python benchmarks/tactics.py --levels master --analysis   # the analysis's best move (analyse())

A position is solved when the move is one of the file's accepted moves (the set the
oracle in benchmarks/reference.py computed). Prints a row per level and kind. The must-defend
positions with no defence at all (benchmarks/data/lost_defend_vct.txt: after every accepted
move Rapfi and our own search both prove the attacker's win) have no right answer: they get
their own row, `no-defence`, left out of `all`; `all+lost` counts them in.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from engine_positions import load_tactics, lost_positions  # noqa: E402

from game.engine import Level, Limit, SearchResult, analyse, search  # noqa: E402


def _analysis_result(position, time_ms: int, level: Level) -> SearchResult:
    """The analysis's best move as a SearchResult (its proven win's first move, if any)."""
    found = analyse(position, Limit(time_ms=time_ms), n_best=1, level=level)
    best = found.candidates[0]
    return SearchResult(best.move, best.score, found.depth, found.nodes, best.pv, found.time_ms, best.forced)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default=",".join(level.value for level in Level))
    parser.add_argument("--time-ms", type=int, default=1000)
    parser.add_argument("--kinds", default="", help="comma-separated kinds to run (default: all)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every failed position")
    parser.add_argument("--analysis", action="store_true",
                        help="judge the analysis (analyse(), as the panel and the coach use it: its best move)")
    args = parser.parse_args()
    tactics = load_tactics()
    lost = lost_positions()
    if args.kinds:
        wanted = set(args.kinds.split(","))
        tactics = [t for t in tactics if t.kind in wanted]
    print(f"{len(tactics)} positions, {args.time_ms} ms each")
    print(f"{'level':<10}{'kind':<12}{'solved':>10}{'rate':>8}{'avg ms':>8}{'max ms':>8}")
    for name in args.levels.split(","):
        level = Level(name.strip())
        rows: dict[str, list[tuple[bool, float]]] = defaultdict(list)
        for tactic in tactics:
            started = time.perf_counter()
            if args.analysis:
                result = _analysis_result(tactic.position, args.time_ms, level)
            else:
                result = search(tactic.position, Limit(time_ms=args.time_ms), level, seed=0)
            elapsed = (time.perf_counter() - started) * 1000
            solved = result.move in tactic.accept
            kind = "no-defence" if tactic.name in lost else tactic.kind
            rows[kind].append((solved, elapsed))
            rows["all+lost"].append((solved, elapsed))
            if kind != "no-defence":
                rows["all"].append((solved, elapsed))
            if args.verbose and not solved:
                note = " (no defence)" if tactic.name in lost else ""
                print(f"  {level.value}: {tactic.name}{note} played {result.move}, accepted {sorted(tactic.accept)} "
                      f"(score {result.score}, depth {result.depth}, {result.forced or 'search'})")
        for kind in sorted(rows, key=lambda k: (k.startswith("all"), k == "no-defence", k)):
            results = rows[kind]
            solved = sum(ok for ok, _ in results)
            times = [t for _, t in results]
            print(f"{level.value:<10}{kind:<12}{solved:>5}/{len(results):<4}{100 * solved / len(results):>7.0f}%"
                  f"{sum(times) / len(times):>8.0f}{max(times):>8.0f}")


if __name__ == "__main__":
    main()
