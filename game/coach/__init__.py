"""The coach: a whole game reviewed move by move, with every tactical mistake proven.

No pygame: the window (analysis panel, review screens) and the command line
(`python -m game analyse`) both build on this package and on `game.engine.coach.analysis`.
"""

from .classify import MoveClass, classify, move_accuracy
from .describe import describe
from .review import DEFAULT_TIME_MS, GameReview, MoveReview, PlayerSummary, ReviewCancelled, review_game
from .runner import ReviewRunner

__all__ = [
    "DEFAULT_TIME_MS",
    "GameReview",
    "MoveClass",
    "MoveReview",
    "PlayerSummary",
    "ReviewCancelled",
    "ReviewRunner",
    "classify",
    "describe",
    "move_accuracy",
    "review_game",
]
