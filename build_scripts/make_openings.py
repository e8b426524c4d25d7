#!/usr/bin/env python3
"""Make game/match/openings.txt: short openings near the centre that our engine judges close to even.

    .venv/bin/python build_scripts/make_openings.py [--count 20] [--pool 60] [--time-ms 400] [--seed 15]
                                                    [--out FILE]

Draws random 3-stone openings (black, white, black) within +-3 of the centre, no two stones
touching the centre point twice, and scores each with a Master search for white, the side to
move. Keeps the ones whose |score| is smallest. Deterministic for a seed on one machine (the
search is time-limited, so another machine may keep slightly different ones). Prints the scores.

The 20 in game/match/openings.txt serve the arena's default matches. A deterministic engine
replays the same game from the same opening, so a long screening match needs many more
openings: benchmarks/data/openings_200.txt is `--count 200 --pool 600 --time-ms 100 --seed 16
--out benchmarks/data/openings_200.txt` (pass it to arena.py with --openings).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import Level, Limit, Position, search  # noqa: E402
from game.rules import Board  # noqa: E402

OUT = ROOT / "game" / "match" / "openings.txt"
SIZE = 15


def candidates(rng: random.Random, count: int) -> list[tuple[tuple[int, int], ...]]:
    seen: set[tuple[tuple[int, int], ...]] = set()
    found = []
    while len(found) < count:
        stones = tuple((rng.randint(-3, 3), rng.randint(-3, 3)) for _ in range(3))
        if len(set(stones)) < 3 or stones in seen:
            continue
        seen.add(stones)
        found.append(stones)
    return found


def score(offsets: tuple[tuple[int, int], ...], time_ms: int) -> int:
    board = Board(SIZE)
    for dx, dy in offsets:
        board.push((SIZE // 2 + dx, SIZE // 2 + dy))
    return search(Position.from_board(board), Limit(time_ms=time_ms), Level.MASTER).score


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--pool", type=int, default=60)
    parser.add_argument("--time-ms", type=int, default=400)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write them (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    scored = []
    for offsets in candidates(rng, args.pool):
        value = score(offsets, args.time_ms)
        scored.append((abs(value), value, offsets))
        print(f"{' '.join(f'{dx},{dy}' for dx, dy in offsets):<20} white's score {value:+d}", flush=True)
    scored.sort()
    kept = scored[: args.count]
    lines = [
        "# Balanced short openings for engine matches (game/match/openings.py and arena.py --openings read this).",
        "# Made by build_scripts/make_openings.py: random 3-stone openings within +-3 of the centre,",
        f"# scored by our Master ({args.time_ms} ms, white to move); the {args.count} closest to even of {args.pool}"
        f" (seed {args.seed}).",
        "# Offsets from the centre, black first; after '#': white's score (0 = even).",
    ]
    for _, value, offsets in kept:
        stones = "  ".join(f"{dx},{dy}" for dx, dy in offsets)
        lines.append(f"{stones:<24}# {value:+d}")
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(kept)} openings to {args.out}; |score| up to {kept[-1][0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
