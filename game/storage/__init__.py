"""What the game remembers between runs: settings, statistics and the unfinished game.

No pygame here. Files live in the user's config/data folders (platformdirs), never beside
the executable, and are written atomically.
"""

from .locations import APP_NAME, ROOT_ENV_VAR, StoreLocations
from .settings import Settings
from .stats import GameResult, Statistics, StatisticsError, Tally
from .store import NoticeProblem, StoreNotice, UserStore

__all__ = [
    "APP_NAME",
    "GameResult",
    "NoticeProblem",
    "ROOT_ENV_VAR",
    "Settings",
    "Statistics",
    "StatisticsError",
    "StoreLocations",
    "StoreNotice",
    "Tally",
    "UserStore",
]
