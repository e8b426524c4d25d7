"""A finished online game kept like any other: SGF and PSQ in the records folder, and a line in the statistics.

The record holds both players' names, the rule, the opening and the result, so the Load
screen, review and the coach open it as they open any game. The statistics count it under
the opponent's name (`game.storage.stats.online_level`).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from ..storage.saved_records import save_game_records
from ..storage.stats import GameResult, Statistics, online_level
from .session import NetSession


def result_for_me(session: NetSession) -> GameResult | None:
    """Win, loss or draw for this side; None while the game is still on."""
    result = session.game.result
    if result is None:
        return None
    if result.winner is None:
        return GameResult.DRAW
    return GameResult.WIN if result.winner is session.my_colour else GameResult.LOSS


def save_online_game(session: NetSession, folder: Path, when: datetime | None = None) -> list[Path]:
    """Write the game so far (finished or not) as SGF and PSQ; returns the paths. Raises OSError."""
    return save_game_records(session.game, folder, when)


def count_online_game(session: NetSession, stats: Statistics) -> GameResult | None:
    """Add a finished game to `stats` under the opponent's name; returns what was counted (None: not over)."""
    result = result_for_me(session)
    if result is not None:
        stats.record(online_level(session.peer_name), session.rules.rule.value, result)
    return result
