"""Turning the player's settings into a new game (shared by the menu and the result screen)."""

from __future__ import annotations

import random

from game.model import Game, GameConfig, Player
from game.rating.glicko2 import Rating
from game.rating.ladder import level_for_choice
from game.rules import Point, Stone
from game.rules.named_openings import ALL as NAMED_OPENINGS, named_opening
from game.rules.opening import OpeningRule
from game.rules.opening_book import random_book_opening
from game.storage import Settings
from game.storage.engines import find_entry

VS_AI = "ai"
HOT_SEAT = "hotseat"


def human_colour(settings: Settings, rng: random.Random) -> Stone:
    """The colour the human plays against the computer; "random" is decided here, once."""
    if settings.human_colour == "white":
        return Stone.WHITE
    if settings.human_colour == "random":
        return rng.choice((Stone.BLACK, Stone.WHITE))
    return Stone.BLACK


def new_game(settings: Settings, mode: str, rng: random.Random | None = None, rating: Rating | None = None) -> Game:
    """A fresh game for `mode` ("ai" or "hotseat") with the rule, size and undo limit chosen;
    `rating` is the player's, for the Adaptive opponent.

    Raises ValueError for an unknown mode.
    """
    if mode == HOT_SEAT:
        black, white = Player.human("Black"), Player.human("White")
    elif mode == VS_AI:
        human = Player.human("Player")
        computer = opponent(settings, rating)
        side = human_colour(settings, rng or random.Random())
        black, white = (human, computer) if side is Stone.BLACK else (computer, human)
    else:
        raise ValueError(f"unknown game mode {mode!r}; expected {VS_AI!r} or {HOT_SEAT!r}")
    rng = rng or random.Random()
    opening, setup, opening_name = opening_setup(settings, rng)
    config = GameConfig(
        rule=settings.rule_value,
        size=settings.board_size,
        black=black,
        white=white,
        undo_limit=settings.undo_limit,
        forbidden_loses=settings.forbidden_loses,
        clock_seconds=clock_seconds(settings),
        opening=opening,
        setup=setup,
        opening_name=opening_name,
    )
    return Game(config)


def opening_setup(settings: Settings, rng: random.Random) -> tuple[OpeningRule, tuple[Point, ...], str]:
    """The opening rule and the stones it puts down before play: a named renju opening (the one
    chosen in Settings, or one drawn at random) or a balanced start from the book."""
    rule = OpeningRule(settings.opening)
    if rule is OpeningRule.NAMED:
        key = settings.named_opening
        opening = rng.choice(NAMED_OPENINGS) if key == "random" else named_opening(key)
        return rule, opening.stones(settings.board_size), opening.key
    if rule is OpeningRule.BALANCED:
        index, stones = random_book_opening(rng, settings.board_size)
        return rule, stones, f"book-{index + 1}"
    return rule, (), ""


def opponent(settings: Settings, rating: Rating | None = None) -> Player:
    """The computer player: the chosen external engine if it is still listed, else the level
    (a named level, a rung of the ladder, or for Adaptive the even match for `rating`)."""
    entry = find_entry(settings, settings.opponent_engine) if settings.opponent_engine else None
    if entry is not None:
        return Player.engine(entry.command, entry.label)
    return Player.ai(level_for_choice(settings.ai_level, settings.ladder_rung, rating).value)


def clock_seconds(settings: Settings) -> float | None:
    """Thinking time per side, if the settings have a clock (`clock_minutes`; None = no clock)."""
    minutes = settings.clock_minutes
    return float(minutes) * 60 if isinstance(minutes, (int, float)) and minutes > 0 else None
