"""How a game ended, as a value the GUI, the records and the statistics can all read."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .stone import Point, Stone


class Reason(Enum):
    """Why a game ended."""

    FIVE = "five"
    FORBIDDEN = "forbidden"  # black played a renju-forbidden point and lost
    RESIGNATION = "resignation"
    TIMEOUT = "timeout"
    BOARD_FULL = "board_full"  # a draw


@dataclass(frozen=True)
class Outcome:
    """The end of a game. `winner` is None for a draw; `line` holds the winning five's points."""

    winner: Stone | None
    reason: Reason
    line: tuple[Point, ...] = field(default=())

    @property
    def is_draw(self) -> bool:
        return self.winner is None
