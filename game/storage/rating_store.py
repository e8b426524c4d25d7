"""The player's own rating against the ladder: the Glicko-2 rating, its history and the
ladder version it was measured on, as kept in `rating.json` in the user's data folder.

A file written under an older ladder version is carried over: the scale is the same (the
seed bot is 1000), but the rungs may have moved, so the deviation is widened and the
player is told. A rating the file cannot hold (missing fields, numbers out of range) is
rejected as a whole; UserStore then keeps it as `.bak` and starts afresh.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from game.rating.glicko2 import UNKNOWN_DEVIATION, Rating

FORMAT = "gomoku-rating"
VERSION = 1
#: Where a new player starts: a first-time player's rung, with the widest doubt.
START = Rating(1000.0, UNKNOWN_DEVIATION)
#: A rating carried over from an older ladder is at least this unsure.
CARRIED_DEVIATION = 150.0
#: The history kept for the graph (the oldest points are dropped).
MAX_HISTORY = 500


class RatingFileError(ValueError):
    """A rating file whose content is not what `PlayerRating.to_dict` writes."""


@dataclass(frozen=True)
class RatedGame:
    """One rated game: the opponent's rung, the score (1, 0.5, 0) and the rating after it."""

    opponent: str
    opponent_rating: float
    score: float
    rating: float
    deviation: float


@dataclass(frozen=True)
class PlayerRating:
    """The player's rating now and how it got there. `carried_from` is the older ladder
    version the rating was carried over from on loading (0 when it was not)."""

    rating: Rating = START
    history: tuple[RatedGame, ...] = ()
    ladder_version: int = 0
    carried_from: int = 0

    @property
    def games(self) -> int:
        return len(self.history)

    @property
    def is_new(self) -> bool:
        return not self.history

    def after(self, opponent: str, opponent_rating: float, score: float, new: Rating) -> "PlayerRating":
        """This rating with one more rated game, ending at `new`."""
        game = RatedGame(opponent, opponent_rating, score, new.rating, new.deviation)
        return replace(self, rating=new, history=(self.history + (game,))[-MAX_HISTORY:], carried_from=0)

    def to_dict(self, ladder_version: int) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "ladder_version": ladder_version,
            "rating": {"rating": self.rating.rating, "deviation": self.rating.deviation,
                       "volatility": self.rating.volatility},
            "history": [
                {"opponent": g.opponent, "opponent_rating": g.opponent_rating, "score": g.score,
                 "rating": g.rating, "deviation": g.deviation}
                for g in self.history
            ],
        }

    @classmethod
    def from_dict(cls, data: Any, ladder_version: int) -> "PlayerRating":
        """The rating in `data`; carried over (wider deviation, `carried_from` set) when it was kept
        under another ladder version. Raises RatingFileError for anything `to_dict` does not write."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RatingFileError("not a Gomoku rating file")
        if data.get("version") != VERSION:
            raise RatingFileError(f"unsupported rating file version {data.get('version')!r}")
        kept_version = data.get("ladder_version")
        if not isinstance(kept_version, int) or isinstance(kept_version, bool):
            raise RatingFileError(f"'ladder_version' must be a whole number, got {kept_version!r}")
        raw = data.get("rating")
        if not isinstance(raw, dict):
            raise RatingFileError(f"'rating' must be an object, got {raw!r}")
        rating = Rating(_number(raw, "rating", 0, 4000), _number(raw, "deviation", 0, 1000),
                        _number(raw, "volatility", 0, 1))
        history = data.get("history")
        if not isinstance(history, list):
            raise RatingFileError(f"'history' must be a list, got {history!r}")
        games = []
        for entry in history:
            if not isinstance(entry, dict) or not isinstance(entry.get("opponent"), str):
                raise RatingFileError(f"bad history entry {entry!r}")
            games.append(RatedGame(entry["opponent"], _number(entry, "opponent_rating", 0, 4000),
                                   _number(entry, "score", 0, 1), _number(entry, "rating", 0, 4000),
                                   _number(entry, "deviation", 0, 1000)))
        player = cls(rating, tuple(games[-MAX_HISTORY:]), ladder_version)
        if kept_version != ladder_version:
            wider = Rating(rating.rating, max(rating.deviation, CARRIED_DEVIATION), rating.volatility)
            player = replace(player, rating=wider, carried_from=kept_version or -1)
        return player


def _number(data: dict, key: str, low: float, high: float) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise RatingFileError(f"{key!r} must be a number, got {value!r}")
    if not low <= value <= high:
        raise RatingFileError(f"{key!r} = {value!r} is outside {low}..{high}")
    return float(value)
