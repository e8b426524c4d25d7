"""The game state a host hands a guest on joining or resuming: written, and rebuilt through the rules.

Kept apart from session.py, which plays the game; this module only turns a NetSession into
the welcome message's `game` object and back, so a resumed game is replayed move by move
through game.model and a forged snapshot cannot set up a position the rules refuse.

Every field is checked before use: the clock is one the host screen offers (CLOCK_MINUTES),
the clocks left are finite and within it, take-backs within the menu's choices, the game
number at least 1, the time played finite and under a day.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable

from ..rules import Outcome, Reason, Rule, Stone
from ..rules.opening import Choice, OpeningRule, Seat
from ..storage.settings import CLOCK_MINUTES, MAX_UNDO_CHOICE
from .protocol import REASONS, Fault, ProtocolError
from .session import MAX_GAME_NO, NetRules, NetSession

#: The longest time played a snapshot may claim (a day), and the sizes a host may pick.
MAX_ELAPSED = 86_400.0
SIZES = (15, 19)


def snapshot_of(session: NetSession) -> dict[str, Any]:
    """The `game` object of a welcome message: everything the guest needs to rebuild this game."""
    session.tick()  # the host: charge the time up to now (the clock ran while the guest was away)
    game = session.game
    over = None
    if game.result is not None:
        winner = game.result.winner
        reason = "agreement" if session.draw_agreed else "abandoned" if session.abandoned else game.result.reason.value
        over = {"winner": None if winner is None else winner.name.lower(), "reason": reason}
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
        "elapsed": round(game.duration, 3),
    }


def session_from_snapshot(
    data: dict[str, Any], my_seat: Seat, my_name: str, peer_name: str, now: Callable[[], float] = time.monotonic
) -> NetSession:
    """The guest's session rebuilt from the host's snapshot, replayed through the rules.

    Raises ProtocolError(BAD_FIELD) for a malformed snapshot, ILLEGAL when the rules refuse it.
    """
    try:
        clock = None if data["clock"] is None else _seconds(data["clock"])
        if clock is not None and not min(CLOCK_MINUTES) * 60 <= clock <= max(CLOCK_MINUTES) * 60:
            raise ValueError(f"a clock of {clock:g} s, not one the host screen offers")
        undo_limit = None if data["undo_limit"] is None else _plain_int(data["undo_limit"])
        if undo_limit is not None and not 0 <= undo_limit <= MAX_UNDO_CHOICE:
            raise ValueError(f"{undo_limit} take-backs")
        size = _plain_int(data["size"])
        if size not in SIZES:
            raise ValueError(f"a {size} board")
        if not isinstance(data["forbidden_loses"], bool):
            raise ValueError("forbidden_loses is not true or false")
        rules = NetRules(
            rule=Rule(data["rule"]),
            size=size,
            opening=OpeningRule(data["opening"]),
            undo_limit=undo_limit,
            clock_seconds=clock,
            forbidden_loses=data["forbidden_loses"],
        )
        game_no = _plain_int(data["game_no"])
        if not 1 <= game_no <= MAX_GAME_NO:
            raise ValueError(f"game number {game_no}")
        elapsed = _seconds(data.get("elapsed", 0.0))
        if elapsed > MAX_ELAPSED:
            raise ValueError(f"{elapsed:g} s played")
        session = NetSession(rules, my_seat, my_name, peer_name, is_host=False, now=now, game_no=game_no)
        if not isinstance(data["moves"], list) or not isinstance(data["choices"], list) \
                or len(data["moves"]) > size * size or len(data["choices"]) > 8:
            raise ValueError("moves or choices are not short lists")
        moves = [(_plain_int(x), _plain_int(y)) for x, y in data["moves"]]
        choices = [(Seat(seat), Choice(choice)) for seat, choice in data["choices"]]
        clocks, undos, over = data["clocks"], data["undos"], data["over"]
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ProtocolError(Fault.BAD_FIELD, f"welcome: malformed game: {error}") from None
    game = session.game
    try:
        for point in moves:
            while game.opening_options and choices:
                game.choose(choices.pop(0)[1])
            game.play(point)
        while game.opening_options and choices:
            game.choose(choices.pop(0)[1])
    except (ValueError, IndexError, TypeError, KeyError) as error:
        raise ProtocolError(Fault.ILLEGAL, f"welcome: the rules refuse the game so far: {error}") from None
    if choices:
        raise ProtocolError(Fault.ILLEGAL, "welcome: opening choices that the position does not ask for")
    try:
        if clocks is not None and game.clock_left is not None:
            if len(clocks) != 2 or any(_seconds(left) > clock + 0.001 for left in clocks):
                raise ValueError(f"clocks {clocks!r} beyond the game's {clock:g} s")
            game.clock_left = {Stone.BLACK: _seconds(clocks[0]), Stone.WHITE: _seconds(clocks[1])}
        if len(undos) != 2:
            raise ValueError("undos is not a pair")
        game.undos_left = {Stone.BLACK: _undos(undos[0], undo_limit), Stone.WHITE: _undos(undos[1], undo_limit)}
        game.started_at = now() - elapsed
        if over is not None and not game.is_over:
            if not isinstance(over, dict) or over.get("reason") not in REASONS:
                raise ValueError(f"an unknown end {over!r}")
            winner = {"black": Stone.BLACK, "white": Stone.WHITE, None: None}[over["winner"]]
            reason = over["reason"]
            session.draw_agreed = reason == "agreement"
            session.abandoned = reason == "abandoned"
            named = Reason.BOARD_FULL if session.draw_agreed else Reason.RESIGNATION if session.abandoned else Reason(reason)
            game._finish(Outcome(winner, named))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise ProtocolError(Fault.BAD_FIELD, f"welcome: malformed game: {error}") from None
    return session


def _plain_int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def _seconds(value: Any) -> float:
    """A finite, non-negative number of seconds (never a string, never inf or nan)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value) \
            or not 0 <= value <= 1e6:
        raise ValueError(f"expected seconds, got {value!r}")
    return float(value)


def _undos(value: Any, limit: int | None) -> int | None:
    if value is None:
        if limit is not None:
            raise ValueError("unlimited take-backs in a game with a limit")
        return None
    value = _plain_int(value)
    if not 0 <= value <= (limit if limit is not None else MAX_UNDO_CHOICE):
        raise ValueError(f"{value} take-backs left")
    return value
