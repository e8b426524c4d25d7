"""Adaptive mode between games: the next game meets the rung that is an even match for the
player's rating now (game/rating/ladder.adaptive_level), so the opponent moves after every game.
Shared by the play and result screens, which both start the next game."""

from __future__ import annotations

from dataclasses import replace

from game.model import Game, Player
from game.model.players import PlayerKind
from game.rating.glicko2 import Rating
from game.rating.ladder import adaptive_level
from game.rules import Stone
from game.storage.settings import ADAPTIVE

from ..base import AppServices


def next_game(app: AppServices, game: Game) -> Game:
    """The game to play after `game`: the same, unless Adaptive is chosen and the opponent is the
    built-in engine, which then plays at the rung the player's current rating calls for."""
    settings = app.settings
    humans = game.config.human_sides
    if settings.ai_level != ADAPTIVE or settings.opponent_engine or len(humans) != 1:
        return game.restart()
    side = humans[0].opponent
    if game.config.player(side).kind is not PlayerKind.AI:
        return game.restart()
    return with_computer_level(game, side, adaptive_level(current_rating(app)).value)


def current_rating(app: AppServices) -> Rating:
    return app.ratings.current().rating


def with_computer_level(game: Game, side: Stone, level: str) -> Game:
    """A fresh game like `game` with the computer on `side` playing at `level`."""
    computer = Player.ai(level)
    config = replace(game.config, black=computer) if side is Stone.BLACK else replace(game.config, white=computer)
    return Game(config)
