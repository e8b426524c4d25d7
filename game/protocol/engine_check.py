"""A short test conversation with a brain, for the Engines screen's "Test" button.

START 15, the INFO lines, ABOUT (its name), BEGIN, one TURN, END: enough to show that the
program runs, speaks the protocol and plays legal moves, in about two move times.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

from game.rules import Board, Rule

from .client import GAME_TYPE_HUMAN, GomocupClient
from .failures import EngineFailure

CHECK_TURN_MS = 500


@dataclass(frozen=True)
class EngineCheck:
    """What the test found: whether the brain works, its name, and a sentence saying what happened."""

    ok: bool
    name: str
    message: str
    about: dict[str, str] = field(default_factory=dict)
    failure: EngineFailure | None = None
    seconds: float = 0.0
    moves: tuple[tuple[int, int], ...] = ()  # its answers to BEGIN and TURN
    times_ms: tuple[int, ...] = ()
    ignored_end: bool = False


def check_engine(command: str | Sequence[str], turn_ms: int = CHECK_TURN_MS, start_seconds: float = 15.0) -> EngineCheck:
    """Run the test conversation (blocking; the window runs it in a thread). Never raises for a bad brain."""
    started = time.monotonic()
    try:
        client = GomocupClient(command, start_seconds=start_seconds)
    except ValueError as error:
        return EngineCheck(False, "", str(error))
    try:
        about = client.start(15, Rule.FREESTYLE, turn_ms, game_type=GAME_TYPE_HUMAN)
        board = Board(15)
        first = client.move(board)
        board.push(first.point)
        reply_to = next(point for point in ((7, 7), (8, 8), (6, 6), (8, 7), (7, 8)) if board.is_empty(point))
        board.push(reply_to)
        second = client.move(board)
        ended = client.close()
    except EngineFailure as failure:
        client.kill()
        return EngineCheck(False, client.name, failure.detail, client.about, failure, time.monotonic() - started)
    moves = f"{first.point[0]},{first.point[1]} and {second.point[0]},{second.point[1]}"
    note = "" if ended else "; it ignored END and was stopped"
    message = f"played {moves} ({first.time_ms} and {second.time_ms} ms){note}"
    return EngineCheck(True, client.name, message, about, None, time.monotonic() - started,
                       (first.point, second.point), (first.time_ms, second.time_ms), not ended)
