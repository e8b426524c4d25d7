#!/usr/bin/env python3
"""Make game/match/openings.txt: short openings near the centre that our engine judges close to even.

    .venv/bin/python build_scripts/make_openings.py [--count 20] [--pool 60] [--time-ms 400] [--seed 15]
                                                    [--stones 3[-6]] [--out FILE]

Draws random openings of 3 stones (black, white, black; or a seeded count in a range, e.g.
--stones 3-6) within +-3 of the centre, no point twice, and scores each with a Master
search for the side to move. Keeps the ones whose |score| is smallest, as many of each size. Deterministic for a seed on one machine (the
search is time-limited, so another machine may keep slightly different ones). Prints the scores.

The 20 in game/match/openings.txt serve the arena's default matches. A deterministic engine
replays the same game from the same opening, so a long screening match needs many more
openings: benchmarks/data/openings_200.txt is `--count 200 --pool 600 --time-ms 100 --seed 16
--out benchmarks/data/openings_200.txt` (pass it to arena.py with --openings).

benchmarks/data/openings_holdout.txt is the held-out set for issue 53's final figures only
(never screened on): `--count 240 --pool 800 --time-ms 100 --stones 3-6 --seed 20261129
--out benchmarks/data/openings_holdout.txt`.
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


def candidates(rng: random.Random, count: int, fewest: int = 3, most: int = 3) -> list[tuple[tuple[int, int], ...]]:
    seen: set[tuple[tuple[int, int], ...]] = set()
    found = []
    while len(found) < count:
        size = fewest if fewest == most else rng.randint(fewest, most)
        stones = tuple((rng.randint(-3, 3), rng.randint(-3, 3)) for _ in range(size))
        if len(set(stones)) < size or stones in seen:
            continue
        seen.add(stones)
        found.append(stones)
    return found


def score(offsets: tuple[tuple[int, int], ...], time_ms: int) -> int:
    board = Board(SIZE)
    for dx, dy in offsets:
        board.push((SIZE // 2 + dx, SIZE // 2 + dy))
    return search(Position.from_board(board), Limit(time_ms=time_ms), Level.MASTER).score


def closest_to_even(scored: list, count: int) -> list:
    """The `count` openings closest to even, the same number of each size (3 stones, 4, ...):
    larger openings are more often lopsided, and a plain ranking would leave them out."""
    sizes = sorted({len(offsets) for _, _, offsets in scored})
    kept = []
    for index, size in enumerate(sizes):
        share = count // len(sizes) + (1 if index < count % len(sizes) else 0)
        kept += sorted(entry for entry in scored if len(entry[2]) == size)[:share]
    return sorted(kept)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--pool", type=int, default=60)
    parser.add_argument("--time-ms", type=int, default=400)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--stones", default="3", help="stones an opening has: N or a range FEWEST-MOST (default 3)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write them (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args()
    fewest, _, most = args.stones.partition("-")
    fewest, most = int(fewest), int(most or fewest)
    if not 1 <= fewest <= most <= 10:
        parser.error(f"--stones wants N or FEWEST-MOST between 1 and 10, not {args.stones!r}")
    rng = random.Random(args.seed)
    scored = []
    for offsets in candidates(rng, args.pool, fewest, most):
        value = score(offsets, args.time_ms)
        scored.append((abs(value), value, offsets))
        print(f"{' '.join(f'{dx},{dy}' for dx, dy in offsets):<36} side to move's score {value:+d}", flush=True)
    kept = closest_to_even(scored, args.count)
    lines = [
        "# Balanced short openings for engine matches (game/match/openings.py and arena.py --openings read this).",
        f"# Made by build_scripts/make_openings.py: random openings of {args.stones} stones within +-3 of the centre,",
        f"# scored by our Master ({args.time_ms} ms, side to move); the {args.count} closest to even of {args.pool}"
        f" (seed {args.seed}).",
        "# Offsets from the centre, black first; after '#': the side to move's score (0 = even).",
    ]
    for _, value, offsets in kept:
        stones = "  ".join(f"{dx},{dy}" for dx, dy in offsets)
        lines.append(f"{stones + ' ':<24}# {value:+d}")
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(kept)} openings to {args.out}; |score| up to {kept[-1][0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
