"""The game state a host hands a guest on joining or resuming: written, and rebuilt through the rules.

Kept apart from session.py, which plays the game; this module only turns a NetSession into
the welcome message's `game` object and back, so a resumed game is replayed move by move
through game.model and a forged snapshot cannot set up a position the rules refuse.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from ..rules import Outcome, Reason, Rule, Stone
from ..rules.opening import Choice, OpeningRule, Seat
from .protocol import Fault, ProtocolError
from .session import NetRules, NetSession


def snapshot_of(session: NetSession) -> dict[str, Any]:
    """The `game` object of a welcome message: everything the guest needs to rebuild this game."""
    game = session.game
    over = None
    if game.result is not None:
        winner = game.result.winner
        over = {"winner": None if winner is None else winner.name.lower(),
                "reason": "agreement" if session.draw_agreed else game.result.reason.value}
    return {
        "rule": session.rules.rule.value,
        "size": session.rules.size,
        "opening": session.rules.opening.value,
        "undo_limit": session.rules.undo_limit,
        "clock": session.rules.clock_seconds,
        "forbidden_loses": session.rules.forbidden_loses,
        "moves": [list(point) for point in game.moves],
        "choices": [[seat.value, choice.value] for seat, choice in game.opening.choices],
        "clocks": None if game.clock_left is None else [game.clock_left[Stone.BLACK], game.clock_left[Stone.WHITE]],
        "undos": [game.undos_left[Stone.BLACK], game.undos_left[Stone.WHITE]],
        "over": over,
        "game_no": session.game_no,
    }


def session_from_snapshot(
    data: dict[str, Any], my_seat: Seat, my_name: str, peer_name: str, now: Callable[[], float] = time.monotonic
) -> NetSession:
    """The guest's session rebuilt from the host's snapshot, replayed through the rules.

    Raises ProtocolError(BAD_FIELD) for a malformed snapshot, ILLEGAL when the rules refuse it.
    """
    try:
        rules = NetRules(
            rule=Rule(data["rule"]),
            size=_plain_int(data["size"]),
            opening=OpeningRule(data["opening"]),
            undo_limit=None if data["undo_limit"] is None else _plain_int(data["undo_limit"]),
            clock_seconds=None if data["clock"] is None else float(data["clock"]),
            forbidden_loses=bool(data["forbidden_loses"]),
        )
        session = NetSession(rules, my_seat, my_name, peer_name, is_host=False, now=now, game_no=_plain_int(data["game_no"]))
        moves = [(_plain_int(x), _plain_int(y)) for x, y in data["moves"]]
        choices = [(Seat(seat), Choice(choice)) for seat, choice in data["choices"]]
        clocks, undos, over = data["clocks"], data["undos"], data["over"]
    except (KeyError, TypeError, ValueError) as error:
        raise ProtocolError(Fault.BAD_FIELD, f"welcome: malformed game: {error}") from None
    game = session.game
    try:
        for point in moves:
            while game.opening_options and choices:
                game.choose(choices.pop(0)[1])
            game.play(point)
        while game.opening_options and choices:
            game.choose(choices.pop(0)[1])
    except ValueError as error:
        raise ProtocolError(Fault.ILLEGAL, f"welcome: the rules refuse the game so far: {error}") from None
    if choices:
        raise ProtocolError(Fault.ILLEGAL, "welcome: opening choices that the position does not ask for")
    try:
        if clocks is not None and game.clock_left is not None:
            game.clock_left = {Stone.BLACK: _seconds(clocks[0]), Stone.WHITE: _seconds(clocks[1])}
        game.undos_left = {Stone.BLACK: _undos(undos[0]), Stone.WHITE: _undos(undos[1])}
        if over is not None and not game.is_over:
            winner = {"black": Stone.BLACK, "white": Stone.WHITE, None: None}[over["winner"]]
            reason = over["reason"]
            session.draw_agreed = reason == "agreement"
            game._finish(Outcome(winner, Reason.BOARD_FULL if session.draw_agreed else Reason(reason)))
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise ProtocolError(Fault.BAD_FIELD, f"welcome: malformed game: {error}") from None
    return session


def _plain_int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def _seconds(value: Any) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= 1e6:
        raise ValueError(f"expected seconds, got {value!r}")
    return float(value)


def _undos(value: Any) -> int | None:
    return None if value is None else _plain_int(value)
