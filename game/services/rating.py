"""The player's rating against the computer's ladder: read, changed by each rated game, and kept."""

from __future__ import annotations

from typing import Any

from game.model import Game
from game.rating.ladder import LADDER_VERSION, opponent_rating
from game.rating.rated_game import RatingChange, Unrated, rate, unrated_reason
from game.storage.rating_store import PlayerRating

from .notices import StoreNotices


class PlayerRatings:
    """The player's rating in the store (a store without one keeps none: every read is a new
    player's), and what the last finished game did to it."""

    def __init__(self, store: Any, notices: StoreNotices) -> None:
        self.store = store
        self.notices = notices
        self._last: tuple[Game, RatingChange | Unrated] | None = None  # the last rated game and its outcome

    def current(self) -> PlayerRating:
        """The player's rating (a new player's when there is none or no store for it)."""
        load = getattr(self.store, "load_rating", None)
        if not callable(load):
            return PlayerRating(ladder_version=LADDER_VERSION)
        try:
            return load(LADDER_VERSION)
        finally:
            self.notices.show()

    def rate(self, game: Game) -> None:
        """Rate the finished `game` (or note why it is unrated) and keep the new rating."""
        reason = unrated_reason(game)
        if reason is not None:
            self._last = (game, reason)
            return
        player = self.current()
        change = rate(player.rating, game)
        updated = player.after(change.opponent.value, opponent_rating(change.opponent).rating, change.score, change.after)
        save = getattr(self.store, "save_rating", None)
        if callable(save):
            save(updated, LADDER_VERSION)
        self._last = (game, change)

    def outcome(self, game: Game) -> RatingChange | Unrated | None:
        """What the finished `game` did to the rating (the change, or why it was unrated); None
        for a game this run did not rate (a hot-seat game, one finished before a restart)."""
        kept = self._last
        return kept[1] if kept is not None and kept[0] is game else None
