"""Seeded bad input for the protocol fuzz (tests/net/test_fuzz.py and benchmarks/net_loopback.py).

Each generated line is garbage bytes, a truncated or mutated real message, an oversized
line, or a well-formed message sent at the wrong moment. `apply_line` feeds one line to a
session the way the endpoint does and sorts the result into the documented outcomes.
"""

from __future__ import annotations

import json
import random

from game.net.protocol import CATALOGUE, MAX_LINE_BYTES, Fault, ProtocolError, decode, encode, message
from game.net.session import NetRules, NetSession
from game.rules import Rule
from game.rules.opening import OpeningRule, Seat

VALID = [
    message("move", ply=4, x=7, y=9), message("choose", ply=3, choice="black"), message("resign", ply=4),
    message("takeback", ply=4, answer="ask"), message("draw", ply=4, answer="yes"), message("rematch", game_no=1, answer="ask"),
    message("chat", phrase="good_game"), message("clock", ply=4, black=10, white=10), message("flag", ply=4, loser="white"),
    message("hello", v=2, name="x", proof="ab" * 32, token=""),
    message("welcome", v=2, name="y", seat="first", token="cd" * 16, game={}),
    message("challenge", v=2, nonce="ef" * 16),
    message("bye", text=""), message("error", fault="garbage", text="y"), message("ping"),
]
ODD_VALUES = [None, True, -1, 10**30, 1.5, "", "x" * 400, [], {}, [1, 2], "\u0000", float("inf"), 25, "black"]


def bad_line(rng: random.Random) -> bytes:
    """One line of bad (or at least unexpected) input, without its newline."""
    kind = rng.randrange(6)
    if kind == 0:  # random bytes
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80))).replace(b"\n", b" ")
    if kind == 1:  # a real message cut short
        line = encode(rng.choice(VALID)).rstrip(b"\n")
        return line[: rng.randrange(len(line))]
    if kind == 2:  # a real message with one field changed to something odd
        msg = rng.choice(VALID)
        data = {"type": msg.type, **msg.fields}
        key = rng.choice(list(data))
        data[key] = rng.choice(ODD_VALUES)
        return json.dumps(data, allow_nan=True).encode("ascii", "backslashreplace")
    if kind == 3:  # oversized
        return b'{"type":"chat","phrase":"' + b"a" * (MAX_LINE_BYTES + rng.randrange(1, 1000)) + b'"}'
    if kind == 4:  # well formed, wrong moment (any type, any ply)
        msg = rng.choice(VALID)
        fields = dict(msg.fields)
        if "ply" in fields:
            fields["ply"] = rng.randrange(0, 12)
        if "x" in fields:
            fields["x"], fields["y"] = rng.randrange(15), rng.randrange(15)
        return json.dumps({"type": msg.type, **fields}).encode()
    return json.dumps(rng.choice([[], 1, "move", {"type": rng.choice(list(CATALOGUE)) + "x"}, {"type": None}])).encode()


def fresh_session(rng: random.Random) -> NetSession:
    """A host session a few moves into a game (the position varies with the seed)."""
    rules = NetRules(rule=rng.choice(list(Rule)), opening=rng.choice([OpeningRule.FREE, OpeningRule.SWAP2]),
                     clock_seconds=rng.choice([None, 300.0]))
    session = NetSession(rules, Seat.FIRST, "Host", "Guest", is_host=True)
    guest = NetSession(rules, Seat.SECOND, "Guest", "Host", is_host=False)
    for _ in range(rng.randrange(0, 5)):
        mover = session if session.my_turn else guest
        if mover.game.opening_options:
            mover.choose(mover.game.opening_options[0])
        else:
            mover.play(rng.choice(list(mover.game.board.empty_points())))
        other = guest if mover is session else session
        for msg in mover.take_outbox():
            other.receive(msg)
    session.take_outbox()
    return session


def state_of(session: NetSession) -> tuple:
    game = session.game
    return (tuple(game.moves), tuple(game.opening.choices), game.result, session.question, session.game_no)


def apply_line(session: NetSession, line: bytes) -> str:
    """"fault" (a ProtocolError with a message, the game unchanged), "ignored" (nothing changed,
    as documented), or "accepted" (a legal message at a legal moment). Anything else raises."""
    before = state_of(session)
    try:
        msg = decode(line)
        if msg.type in ("challenge", "hello", "welcome", "refuse"):
            raise ProtocolError(Fault.OUT_OF_ORDER, f"{msg.type!r} after the handshake")  # as the endpoint does
        if msg.type not in ("ping", "bye", "error"):
            session.receive(msg)
    except ProtocolError as error:
        assert str(error), f"a fault without a message for {line[:80]!r}"
        assert state_of(session) == before, f"a refused line changed the game: {line[:80]!r}"
        return "fault"
    return "ignored" if state_of(session) == before else "accepted"
