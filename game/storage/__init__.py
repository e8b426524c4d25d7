"""What the game remembers between runs: settings, statistics, the unfinished game, records.

No pygame here. Files live in the user's config/data folders (platformdirs), never beside
the executable, and are written atomically.
"""

from .locations import APP_NAME, ROOT_ENV_VAR, StoreLocations
from .saved_records import (
    SavedRecord,
    game_from_record,
    list_records,
    open_record,
    record_from_game,
    save_game_records,
)
from .settings import Settings
from .stats import GameResult, Statistics, StatisticsError, Tally
from .store import NoticeProblem, StoreNotice, UserStore

__all__ = [
    "APP_NAME",
    "GameResult",
    "NoticeProblem",
    "ROOT_ENV_VAR",
    "SavedRecord",
    "Settings",
    "Statistics",
    "StatisticsError",
    "StoreLocations",
    "StoreNotice",
    "Tally",
    "UserStore",
    "game_from_record",
    "list_records",
    "open_record",
    "record_from_game",
    "save_game_records",
]
