"""Which engine answers in the play scene: the built-in worker, or an external brain from the
player's engine list (as the opponent, or for hints). Shared helpers, not a scene.

Both kinds have the same request/poll/cancel contract, so the play scene keeps one code path;
these functions only pick the worker, its time, and the built-in level that takes over when
an external engine fails mid-game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine import Level, Limit, Purpose
from game.model import Game, Player
from game.rating.ladder import level_for_choice
from game.storage.engines import find_entry

from ..base import AppServices


def external_command(app: AppServices, game: Game, purpose: Purpose) -> str:
    """The external brain for this job, or "" for the built-in engine."""
    if purpose is Purpose.MOVE:
        return game.current_player.engine_command
    if purpose is Purpose.HINT:
        hint = app.settings.hint_engine
        return hint if hint and find_entry(app.settings, hint) is not None else ""
    return ""


def worker_for(app: AppServices, game: Game, purpose: Purpose) -> Any:
    """The worker that should answer a `purpose` job in `game` (an external brain only for a move or a hint)."""
    command = external_command(app, game, purpose)
    if not command:
        return app.engine
    entry = find_entry(app.settings, command)
    name = entry.label if entry is not None else game.current_player.name
    return app.external_engines.worker(command, name, app.settings.engine_move_ms)


def analysis_worker(app: AppServices) -> Any:
    """The analyst for the analysis panel and review: the engine chosen in Settings -> Engines
    (its `request_analysis` gives the same Analysis shape, one final answer per position after
    its move time), else the built-in worker, which analyses without end."""
    command = app.settings.analysis_engine
    entry = find_entry(app.settings, command) if command else None
    if entry is None:
        return app.engine
    return app.external_engines.worker(entry.command, entry.label, app.settings.engine_move_ms)


def engine_limit(app: AppServices, clock_seconds: float | None) -> Limit:
    """An external engine's move time: the setting, cut down so a clocked engine never flags."""
    time_ms = app.settings.engine_move_ms
    if clock_seconds is not None:
        time_ms = max(100, min(time_ms, int(clock_seconds * 1000 / 20)))
    return Limit(time_ms=time_ms)


def fallback_level(app: AppServices) -> Level:
    """The built-in level that takes over from a failed engine: the one chosen in the menu
    (the chosen rung for the ladder; the even match for the player's rating for Adaptive)."""
    settings = app.settings
    rating = app.ratings.current().rating if settings.ai_level == "adaptive" else None
    return level_for_choice(settings.ai_level, settings.ladder_rung, rating)


def hand_over_to_builtin(game: Game, level: Level) -> None:
    """Replace the external engine(s) in `game` by the built-in `level`; the game goes on as it stands."""
    config = game.config
    black, white = config.black, config.white
    if black.engine_command:
        black = Player.ai(level.value)
    if white.engine_command:
        white = Player.ai(level.value)
    game.config = replace(config, black=black, white=white)
