"""The player's results against the computer, counted per level (an external engine per name) and rule."""

from __future__ import annotations

from typing import Any, Callable

from game.i18n import tr
from game.model import Game
from game.storage.stats import engine_level

from .notices import StoreNotices


class GameStatistics:
    """Counts each finished game against the computer in the store's statistics."""

    def __init__(self, store: Any, notify: Callable[[str], None], notices: StoreNotices) -> None:
        self.store = store
        self.notify = notify
        self.notices = notices

    def record(self, game: Game) -> bool:
        """Count `game` if it is a finished game against the computer; True when it was one."""
        config = game.config
        if not config.is_vs_ai or game.result is None:
            return False
        human = config.human_sides[0]
        ai = config.player(human.opponent)
        level = engine_level(ai.name) if ai.engine_command else ai.level or "casual"  # an engine: per name
        winner = game.result.winner
        result = "draw" if winner is None else ("win" if winner is human else "loss")
        try:
            stats = self.store.load_stats()
            stats.record(level, config.rule.value, result, teaching=game.is_teaching_game)
            self.store.save_stats(stats)
        except (OSError, ValueError) as error:
            self.notify(tr("notice.save_failed", error=error))
        self.notices.show()
        return True
