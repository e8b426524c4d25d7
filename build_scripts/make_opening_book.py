"""Build the book of balanced openings (game/rules/opening_book.py) with the engine's own judgement.

Random five-stone starts near the centre (black, white, black, white, black; white to move) are
judged by Strong and by Master; a start goes into the book only when both call it close to
even and neither side has a proven forced win. Run from the project root:

    .venv/bin/python build_scripts/make_opening_book.py [--count 24] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from game.engine import Level, Limit
from game.engine.opening_choice import black_view, forced_win
from game.rules import Board, Rule, Stone

OUT = Path(__file__).resolve().parent.parent / "game" / "rules" / "opening_book.py"
MARGIN = 200

HEADER = '''"""A book of balanced starts for variety against the computer (generated: do not edit by hand).

Made by build_scripts/make_opening_book.py: five stones near the centre (black, white, black,
white, black; white to move) that both Strong and Master judge within {margin} points of even, and
where neither side has a proven forced win. Stones are (right, up) steps from the centre.
"""

from __future__ import annotations

import random

from .stone import Point

BOOK: tuple[tuple[tuple[int, int], ...], ...] = (
'''

FOOTER = ''')


def book_opening(index: int, size: int) -> tuple[Point, ...]:
    """Opening number `index` (0-based, wraps around) as (x, y) points on a `size` board."""
    centre = size // 2
    steps = BOOK[index % len(BOOK)]
    return tuple((centre + right, centre - up) for right, up in steps)


def random_book_opening(rng: random.Random, size: int) -> tuple[int, tuple[Point, ...]]:
    """A book opening drawn with `rng`: its index and its stones."""
    index = rng.randrange(len(BOOK))
    return index, book_opening(index, size)
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    found: list[tuple[tuple[int, int], ...]] = []
    tried = 0
    while len(found) < args.count and tried < 2000:
        tried += 1
        steps = [(0, 0), (rng.randint(-1, 1), rng.randint(-1, 1))]
        steps += [(rng.randint(-3, 3), rng.randint(-3, 3)) for _ in range(3)]
        if len(set(steps)) < 5:
            continue
        board = Board(15, Rule.FREESTYLE)
        for right, up in steps:
            board.push((7 + right, 7 - up))
        strong, _ = black_view(board, Level.STRONG, Limit(time_ms=300), 1)
        if abs(strong) > MARGIN:
            continue
        master, _ = black_view(board, Level.MASTER, Limit(time_ms=1000), 1)
        if abs(master) > MARGIN or forced_win(board, Stone.BLACK) or forced_win(board, Stone.WHITE):
            continue
        found.append(tuple(steps))
        print(f"{len(found):2d}: {steps}  strong {strong:+d}  master {master:+d}", flush=True)
    lines = "".join(f"    {tuple(steps)!r},\n" for steps in found)
    OUT.write_text(HEADER.format(margin=MARGIN) + lines + FOOTER, encoding="utf-8")
    print(f"wrote {len(found)} openings ({tried} tried) to {OUT}")


if __name__ == "__main__":
    main()
