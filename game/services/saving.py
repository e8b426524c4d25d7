"""The unfinished game, saved after every move so a crash or a closed window loses nothing."""

from __future__ import annotations

from typing import Any, Callable

from game.i18n import tr
from game.model import Game

from .notices import StoreNotices


class SavedGames:
    """Saving, forgetting and reading back the one unfinished game. A write that fails is told to
    the player (`notify`) and never stops the game."""

    def __init__(self, store: Any, notify: Callable[[str], None], notices: StoreNotices) -> None:
        self.store = store
        self.notify = notify
        self.notices = notices

    def autosave(self, game: Game) -> None:
        """Save an unfinished game after every move; forget it once it is over."""
        try:
            if game.is_over:
                self.store.clear_game()
            else:
                self.store.save_game(game)
        except OSError as error:
            self.notify(tr("notice.save_failed", error=error))
        self.notices.show()

    def forget(self) -> None:
        """Drop the saved game (the player started another)."""
        try:
            self.store.clear_game()
        except OSError as error:
            self.notify(tr("notice.save_failed", error=error))

    def load(self) -> Game | None:
        """The unfinished game from last time, if there is one that can be read."""
        try:
            return self.store.load_game()
        except (OSError, ValueError):
            return None
        finally:
            self.notices.show()
