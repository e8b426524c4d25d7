"""The app's services over the player's store: the saved game, the statistics, the rating, and
the notices the store leaves (a damaged file set aside, a file that could not be written).

No pygame: each service reports through a `notify(message)` callable the App gives it, so they
are tested without a window.
"""

from .notices import StoreNotices
from .rating import PlayerRatings
from .saving import SavedGames
from .statistics import GameStatistics

__all__ = ["GameStatistics", "PlayerRatings", "SavedGames", "StoreNotices"]
