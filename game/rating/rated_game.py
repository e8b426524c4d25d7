"""Which finished games rate the player, and what a rated game does to the rating.

A game rates the player only when it measured him alone against a known rung: one human
against the built-in engine at a ladder rung or named level, on the board and rules the
ladder was measured on (freestyle, 15x15, no opening rule), played to the end with no
take-back, hint, analysis or teaching retry. Otherwise the reason is kept, so the result
screen can say why the game was not rated.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.engine import Level
from game.model import Game
from game.model.players import PlayerKind
from game.rules import Rule
from game.rules.opening import OpeningRule

from .glicko2 import Rating, rate_game
from .ladder import opponent_rating, rung_of


class Unrated(Enum):
    """Why a finished game did not count for the rating (the i18n key is `rating.unrated_<value>`)."""

    NOT_AGAINST_THE_LADDER = "not_ladder"  # two humans, two engines, or an external engine
    RULES = "rules"  # not freestyle 15x15 from an empty board
    UNDO = "undo"
    HINT = "hint"
    ANALYSIS = "analysis"
    TEACHING = "teaching"
    UNFINISHED = "unfinished"


@dataclass(frozen=True)
class RatingChange:
    """A rated game's effect: the rating before and after, against which rung, with what score."""

    before: Rating
    after: Rating
    opponent: Level
    score: float

    @property
    def delta(self) -> int:
        return round(self.after.rating) - round(self.before.rating)


def ladder_opponent(game: Game) -> Level | None:
    """The built-in level the single human played against, if it is one the ladder knows."""
    humans = game.config.human_sides
    if len(humans) != 1:
        return None
    computer = game.config.player(humans[0].opponent)
    if computer.kind is not PlayerKind.AI or not computer.level:
        return None
    try:
        return Level(computer.level)
    except ValueError:
        return None


def unrated_reason(game: Game) -> Unrated | None:
    """Why `game` does not rate the player, or None when it does."""
    if game.result is None:
        return Unrated.UNFINISHED
    if ladder_opponent(game) is None:
        return Unrated.NOT_AGAINST_THE_LADDER
    config = game.config
    if config.rule is not Rule.FREESTYLE or config.size != 15 or config.setup or config.opening is not OpeningRule.FREE:
        return Unrated.RULES
    if game.is_teaching_game:
        return Unrated.TEACHING
    if any(game.undos_used.values()):
        return Unrated.UNDO
    if any(game.hints_used.values()):
        return Unrated.HINT
    if game.analysis_used:
        return Unrated.ANALYSIS
    return None


def human_score(game: Game) -> float:
    """1 for the human's win, 0 for a loss, 0.5 for a draw. Raises ValueError before the end."""
    if game.result is None:
        raise ValueError("the game is not over")
    winner = game.result.winner
    if winner is None:
        return 0.5
    return 1.0 if winner is game.config.human_sides[0] else 0.0


def rate(rating: Rating, game: Game) -> RatingChange:
    """The change a rated game makes. Call only when `unrated_reason(game)` is None."""
    opponent = ladder_opponent(game)
    if opponent is None:
        raise ValueError("the game was not played against a level of the ladder")
    score = human_score(game)
    after = rate_game(rating, opponent_rating(opponent), score)
    return RatingChange(rating, after, rung_of(opponent), score)
