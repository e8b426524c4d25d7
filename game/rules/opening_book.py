"""A book of balanced starts for variety against the computer (generated: do not edit by hand).

Made by build_scripts/make_opening_book.py: five stones near the centre (black, white, black,
white, black; white to move) that both Strong and Master judge within 200 points of even, and
where neither side has a proven forced win. Stones are (right, up) steps from the centre.
"""

from __future__ import annotations

import random

from .stone import Point

BOOK: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 0), (-1, 1), (3, 3), (3, -1), (-3, 3)),
    ((0, 0), (0, -1), (3, -3), (-1, -1), (2, -2)),
    ((0, 0), (1, -1), (-3, 2), (-3, -3), (-2, -2)),
    ((0, 0), (0, 1), (1, 1), (-1, -2), (-2, -2)),
    ((0, 0), (0, 1), (0, -3), (0, -2), (3, 3)),
    ((0, 0), (1, 1), (-3, -1), (-3, 3), (3, -2)),
    ((0, 0), (1, 1), (3, 3), (-2, 0), (-3, 2)),
    ((0, 0), (0, -1), (-2, -3), (-1, 2), (0, 1)),
    ((0, 0), (0, 1), (3, 1), (-2, -2), (-3, 3)),
    ((0, 0), (1, -1), (3, 1), (-2, -2), (0, 3)),
    ((0, 0), (-1, -1), (2, 3), (1, 2), (-3, 3)),
    ((0, 0), (1, 0), (3, 3), (-2, 2), (-3, 0)),
    ((0, 0), (-1, 0), (0, 2), (-1, 3), (2, -2)),
    ((0, 0), (0, 1), (2, 2), (-1, 1), (-1, -1)),
    ((0, 0), (1, -1), (-3, 3), (1, -3), (-3, 1)),
)


def book_opening(index: int, size: int) -> tuple[Point, ...]:
    """Opening number `index` (0-based, wraps around) as (x, y) points on a `size` board."""
    centre = size // 2
    steps = BOOK[index % len(BOOK)]
    return tuple((centre + right, centre - up) for right, up in steps)


def random_book_opening(rng: random.Random, size: int) -> tuple[int, tuple[Point, ...]]:
    """A book opening drawn with `rng`: its index and its stones."""
    index = rng.randrange(len(BOOK))
    return index, book_opening(index, size)
