"""What a computer player must decide in the opening, and applying its answer to a game.

The decision itself comes from the engine (`game.engine.coach.opening_choice`), usually in the
worker process; this module only names the question for the current position and turns
the plain answer (stones and a choice) into moves and choices on the Game, through the
same rules a person's clicks go through.
"""

from __future__ import annotations

from typing import Iterable

from ..rules import Point
from ..rules.opening import Choice, OPENING_STONES, Phase
from .session import Game


def opening_task(game: Game) -> str | None:
    """The engine task for the computer's opening decision now, or None if no opening decision is due.

    "propose" (place the opening stones), "choose:<options>" (answer the colour question)
    or "place_two" (swap2's two extra stones). The caller checks that the actor is a computer.
    """
    if game.is_over:
        return None
    phase = game.opening_phase
    if phase is Phase.CHOOSE:
        return "choose:" + ",".join(option.value for option in game.opening_options)
    if phase is Phase.PLACE:
        return "propose" if game.move_count < OPENING_STONES else "place_two"
    return None


def apply_decision(game: Game, stones: Iterable[Point], choice: str) -> None:
    """Make the computer's opening answer on `game`: first the choice (if any), then its stones.

    Raises OpeningError / MoveRejectedError / IllegalMoveError (nothing is applied past the
    first failure) when the answer does not fit the position.
    """
    if choice:
        game.choose(Choice(choice))
    for point in stones:
        if game.opening_phase is not Phase.PLACE:
            break  # only the stones the rule still asks for (a proposal may cover stones already placed)
        game.play(point)
