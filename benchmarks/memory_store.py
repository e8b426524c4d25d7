"""An in-memory stand-in for game.storage.UserStore: for benchmarks and screenshots that must never
touch the player's files (it was game.app.MemoryStore)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.model import Game, game_from_dict, game_to_dict
from game.storage import Settings, Statistics
from game.storage.rating_store import PlayerRating


@dataclass
class MemoryStore:
    """The same methods as game.storage.UserStore, kept in memory only: for benchmarks and
    screenshots that must never touch the player's files."""

    settings: Settings = field(default_factory=Settings)
    game: dict[str, Any] | None = None
    stats: Statistics = field(default_factory=Statistics)
    records_dir: Path | None = None  # None hides "Save record"
    rating: PlayerRating | None = None

    def load_settings(self) -> Settings:
        return self.settings

    def save_settings(self, settings: Settings) -> bool:
        self.settings = settings
        return True

    def save_game(self, game: Game) -> bool:
        self.game = game_to_dict(game)
        return True

    def load_game(self) -> Game | None:
        return None if self.game is None else game_from_dict(self.game)

    def clear_game(self) -> None:
        self.game = None

    def load_stats(self) -> Statistics:
        return self.stats

    def save_stats(self, stats: Statistics) -> bool:
        self.stats = stats
        return True

    def load_rating(self, ladder_version: int) -> PlayerRating:
        return self.rating if self.rating is not None else PlayerRating(ladder_version=ladder_version)

    def save_rating(self, player: PlayerRating, ladder_version: int) -> bool:
        self.rating = player
        return True

    def take_notices(self) -> list[Any]:
        return []
