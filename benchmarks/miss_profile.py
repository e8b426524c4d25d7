"""What each rung of the ladder misses: the tactics positions grouped by threat depth.

    python benchmarks/miss_profile.py [--rungs 600,750,...] [--top-time-ms 1000]

Every position of tests/data/tactics is searched by every rung at its own budget (rungs
are node-capped; the top rung, the full engine, gets --top-time-ms). A position is missed
when the move is not one of its accepted moves. The groups, by how deep the threat is:
  five       make our own five (win1)            block4     block the opponent's four (block)
  4-3        win with a four-three (a VCF of 1)   vcf2-3     win by a VCF of 2-3 fours
  vcf4-5     win by a VCF of 4-5 fours           three      stop an open three (defend)
  vct2-3     stop a win by threes and fours of 2-3 moves   vct4+  ... of 4 moves or more
Prints the share missed per rung and group; missing should rise as the rung goes down.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from engine_positions import TACTICS_DIR, load_tactics  # noqa: E402

from game.engine import Level, Limit, default_limit, search  # noqa: E402

GROUPS = ("five", "block4", "4-3", "vcf2-3", "vcf4-5", "three", "vct2-3", "vct4+")
_AT_MOST = re.compile(r"at most (\d+) \w+ moves")
_IN_MOVES = re.compile(r"in (\d+) moves")


def group_of(kind: str, comment: str) -> str:
    """The threat-depth group of a tactics position, from its kind and its file's first comment."""
    if kind == "win1":
        return "five"
    if kind == "block":
        return "block4"
    if kind == "four-three":
        return "4-3"
    if kind == "vcf":
        match = _AT_MOST.search(comment)
        return "vcf2-3" if match and int(match[1]) <= 3 else "vcf4-5"
    if kind == "defend":
        return "three"
    if kind == "defend-vct":
        match = _IN_MOVES.search(comment)
        return "vct2-3" if match and int(match[1]) <= 3 else "vct4+"
    return kind


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rungs", default=",".join(level.value for level in Level.rungs()))
    parser.add_argument("--top-time-ms", type=int, default=1000)
    args = parser.parse_args()
    tactics = load_tactics()
    groups = {}
    for tactic in tactics:
        first_line = (TACTICS_DIR / f"{tactic.name}.txt").read_text(encoding="utf-8").splitlines()[0]
        groups[tactic.name] = group_of(tactic.kind, first_line)
    sizes = defaultdict(int)
    for name in groups.values():
        sizes[name] += 1
    print(f"{len(tactics)} positions; share missed per group (positions per group in brackets)")
    print(f"{'rung':>6}" + "".join(f"{g + ' (' + str(sizes[g]) + ')':>13}" for g in GROUPS) + f"{'all':>8}")
    top = Level.rungs()[-1]
    for value in args.rungs.split(","):
        rung = Level(value.strip())
        limit = Limit(time_ms=args.top_time_ms) if rung is top else default_limit(rung)
        missed = defaultdict(int)
        for tactic in tactics:
            if search(tactic.position, limit, rung, seed=0).move not in tactic.accept:
                missed[groups[tactic.name]] += 1
        cells = "".join(f"{100 * missed[g] / sizes[g]:>12.0f}%" for g in GROUPS)
        print(f"{rung.value:>6}{cells}{100 * sum(missed.values()) / len(tactics):>7.0f}%", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
