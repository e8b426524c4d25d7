"""The rules core: board, stones, rule sets, renju forbidden moves and outcomes.

Standard library only; the engine, the Gomocup brain, the records and the GUI all build on it.
"""

from .board import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Board, IllegalMoveError, Move
from .outcome import Outcome, Reason
from .stone import DIRECTIONS, Point, Stone
from .variant import Rule

__all__ = [
    "Board",
    "DEFAULT_SIZE",
    "DIRECTIONS",
    "IllegalMoveError",
    "MAX_SIZE",
    "MIN_SIZE",
    "Move",
    "Outcome",
    "Point",
    "Reason",
    "Rule",
    "Stone",
]
