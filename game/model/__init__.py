"""The game model: a session between two players with limited take-backs, hints and clocks.

No pygame here: the window, the autosave and the tests drive the same model.
"""

from .players import UNLIMITED, GameConfig, Player, PlayerKind
from .serialize import SavedGameError, game_from_dict, game_to_dict
from .session import ForbiddenMoveError, Game, GameOverError, MoveRejectedError, OpeningChoiceDueError, UndoNotAllowedError, UndoPlan

__all__ = [
    "OpeningChoiceDueError",
    "ForbiddenMoveError",
    "Game",
    "GameConfig",
    "GameOverError",
    "MoveRejectedError",
    "Player",
    "PlayerKind",
    "SavedGameError",
    "UNLIMITED",
    "UndoNotAllowedError",
    "UndoPlan",
    "game_from_dict",
    "game_to_dict",
]
