"""A book of balanced starts for variety against the computer.

The stones are data (opening_book_data.py, made by build_scripts/make_opening_book.py); this
module places them on a board of any size.
"""

from __future__ import annotations

import random

from .opening_book_data import BOOK
from .stone import Point

__all__ = ["BOOK", "book_opening", "random_book_opening"]


def book_opening(index: int, size: int) -> tuple[Point, ...]:
    """Opening number `index` (0-based, wraps around) as (x, y) points on a `size` board."""
    centre = size // 2
    steps = BOOK[index % len(BOOK)]
    return tuple((centre + right, centre - up) for right, up in steps)


def random_book_opening(rng: random.Random, size: int) -> tuple[int, tuple[Point, ...]]:
    """A book opening drawn with `rng`: its index and its stones."""
    index = rng.randrange(len(BOOK))
    return index, book_opening(index, size)
