"""Stones and points: the smallest values everything else is built from."""

from __future__ import annotations

from enum import IntEnum

#: A point on the board as (x, y): x is the column from the left, y the row from the top,
#: both 0-based. This is the Gomocup convention; records convert to and from it.
Point = tuple[int, int]


class Stone(IntEnum):
    """What occupies an intersection. The integer values match the Gomocup BOARD field (1 own, 2 other)."""

    EMPTY = 0
    BLACK = 1
    WHITE = 2

    @property
    def opponent(self) -> "Stone":
        if self is Stone.EMPTY:
            raise ValueError("EMPTY has no opponent")
        return Stone.WHITE if self is Stone.BLACK else Stone.BLACK

    @property
    def label(self) -> str:
        return self.name.capitalize()


#: The four line directions as (dx, dy): horizontal, vertical, diagonal, anti-diagonal.
DIRECTIONS: tuple[Point, ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
