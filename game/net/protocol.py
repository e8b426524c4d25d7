"""The online game's wire protocol: every message, its fields, and the limits. The one place it is written down.

Framing. One message per line: a JSON object encoded as ASCII (non-ASCII is escaped as
\\uXXXX) and ended by "\\n". A line longer than MAX_LINE_BYTES (newline included) is a fault;
so is a partial line that takes longer than the transport's line timeout to finish, and
sending more bytes than the transport's rate limit (game.net.transport.RATE_BYTES a second
on average). Any number of whole lines may come in one read.

Every message is an object with a "type" and that type's fields; fields not listed below are
ignored (so a later minor version may add some), a listed field that is missing or of the
wrong kind is a fault. Points are 0-based (x, y), x the column from the left.

Handshake (host -> guest first, then guest -> host, then host -> guest; nothing else is
accepted before it ends). The code never travels: the guest proves it knows it.

    challenge {"v": VERSION, "nonce": "<32 hex>"}                     the host's fresh random nonce
    hello     {"v": VERSION, "name": "Bob", "proof": "<64 hex>", "token": "" | "<32 hex>"}
    welcome   {"v": VERSION, "name": "Alice", "seat": "second", "token": "<32 hex>", "game": {...}}
    refuse    {"v": VERSION, "fault": one of REFUSALS, "text": "..."}

`proof` is HMAC-SHA256 over "gomoku-join|<nonce>|<name>", keyed by the join code for a first
join, or by the `token` the host issued in its welcome for a resume (game.net.handshake).
A resume must also keep the seat's name. The refusal's `text` is never shown: the guest
words the refusal from its own catalogue.

`seat` is the guest's place: "first" opens (black, or the swap opener), "second" answers.
`game` is the whole game so far, so the same message starts a game and resumes one after a
dropped connection (see game.net.snapshot for its checks):

    {"rule": "renju", "size": 15, "opening": "swap2", "undo_limit": 3 | null,
     "clock": 600.0 | null, "forbidden_loses": true,
     "moves": [[7, 7], ...], "choices": [["second", "place_two"], ...],
     "clocks": [black_seconds, white_seconds] | null, "undos": [black_left, white_left],
     "over": null | {"winner": "black" | "white" | null, "reason": "five" | ...}, "game_no": 1,
     "elapsed": 83.5}

Play (either side; `ply` is the number of stones plus opening choices before the action, so
a message that crossed another is seen as out of order):

    move      {"ply": 12, "x": 7, "y": 8}
    choose    {"ply": 3, "choice": "black" | "white" | "place_two"}
    resign    {"ply": 12}
    takeback  {"ply": 12, "answer": "ask" | "yes" | "no"}   ask, then the other side answers
    draw      {"ply": 12, "answer": "ask" | "yes" | "no"}
    rematch   {"game_no": 1, "answer": "ask" | "yes" | "no"}   after the end; colours are swapped
    chat      {"phrase": "good_game"}                          one of CHAT_PHRASES, nothing free-form

Host only (the host's clock is the reference; the guest shows it and never judges time):

    clock     {"ply": 12, "black": 287.5, "white": 301.0}
    flag      {"ply": 12, "loser": "black" | "white"}          that side ran out of time

Either side, any time after the handshake:

    ping      {}                 sent when nothing else was sent for a heartbeat interval
    bye       {"text": "..."}    a clean leave (the game stays saved on both sides)
    error     {"fault": "...", "text": "..."}   the sender found a fault and closes

A receiver that finds a fault (see `Fault`) sends `error` naming it, closes the connection,
and keeps the game as it was before the faulty message. An answer ("yes"/"no") to a question
that is no longer open (a move crossed it, it was already answered) is ignored, and a
question about a position that no longer exists is answered "no"; both are documented
races, not faults. So is a move (or choice, or resignation) that crossed the host's `flag`:
the host ignores it, and the guest takes that move back when the flag arrives.

Nothing in a message is ever run or used as a file name: names are shown as text, phrases
are looked up in CHAT_PHRASES.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable

#: The protocol version; a different number is refused in the handshake.
VERSION = 2
#: The longest line accepted, newline included. A full game state (625 moves) fits easily.
MAX_LINE_BYTES = 16384
#: A player's name: at most this many characters, printable, no newlines.
MAX_NAME_CHARS = 24
#: The short messages players may send each other; the screen translates each key.
CHAT_PHRASES = ("hello", "good_game", "thinking", "good_move", "thanks", "one_moment", "well_played", "rematch")
ANSWERS = ("ask", "yes", "no")
SEATS = ("first", "second")
COLOURS = ("black", "white")
REASONS = ("five", "forbidden", "resignation", "timeout", "board_full", "agreement", "abandoned")
#: Why a host refuses a hello: a different version, a wrong code or token, a game already
#: on, a resume under another name, a seat whose guest must resume with its token, this
#: address locked out for a while after wrong guesses, the game closed to new guests.
REFUSALS = ("version", "code", "busy", "name", "seat", "wait", "shut")


class Fault(Enum):
    """What was wrong with the peer's input; `error` messages and closing notes name it."""

    GARBAGE = "garbage"  # not JSON, not an object, not ASCII
    OVERSIZED = "oversized"  # a line longer than MAX_LINE_BYTES
    UNKNOWN_TYPE = "unknown_type"
    BAD_FIELD = "bad_field"  # a listed field missing or of the wrong kind
    OUT_OF_ORDER = "out_of_order"  # not this message now: wrong ply, not your turn, before the handshake
    ILLEGAL = "illegal"  # the rules core refuses the move or choice
    SILENCE = "silence"  # no line (not even a ping) within the silence timeout
    SLOW_SENDER = "slow_sender"  # a line started but not finished within the line timeout
    VERSION = "version"
    CODE = "code"
    BUSY = "busy"
    CLOSED = "closed"  # the connection closed without a goodbye
    LEFT = "left"  # the peer said `bye`
    PEER_ERROR = "peer_error"  # the peer reported a fault in what we sent
    FLOOD = "flood"  # more bytes than the rate limit allows
    NAME = "name"  # a resume under another name than the seat's
    SEAT = "seat"  # the code is right but the seat belongs to a guest with a token
    WAIT = "wait"  # too many wrong guesses from this address: locked out for a while
    SHUT = "shut"  # too many wrong guesses in total: the game takes no new guest


class ProtocolError(ValueError):
    """A message this side refuses; `fault` says which kind, the text quotes the bad input."""

    def __init__(self, fault: Fault, text: str, version: int | None = None) -> None:
        super().__init__(text)
        self.fault = fault
        self.version = version  # Fault.VERSION: the number the peer speaks


@dataclass(frozen=True)
class Message:
    """One decoded message: its type and its checked fields (unknown fields dropped)."""

    type: str
    fields: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]


# ----------------------------------------------------------------- field checks
def _int(low: int, high: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _seconds(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and 0 <= v <= 1e6


def _one_of(*allowed: str) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and v in allowed


def _text(limit: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and len(v) <= limit and v.isprintable()


def _name(v: Any) -> bool:
    return isinstance(v, str) and 0 < len(v.strip()) and len(v) <= MAX_NAME_CHARS and v.isprintable()


def _hex(*lengths: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and len(v) in lengths and all(ch in "0123456789abcdef" for ch in v)


def _object(v: Any) -> bool:
    return isinstance(v, dict)


_PLY = _int(0, 10_000)
_GAME_NO = _int(1, 1_000_000)

#: type -> {field: check}. The catalogue the module docstring describes.
CATALOGUE: dict[str, dict[str, Callable[[Any], bool]]] = {
    "challenge": {"v": _int(0, 1_000_000), "nonce": _hex(32)},
    "hello": {"v": _int(0, 1_000_000), "name": _name, "proof": _hex(64), "token": _hex(0, 32)},
    "welcome": {"v": _int(0, 1_000_000), "name": _name, "seat": _one_of(*SEATS), "token": _hex(32), "game": _object},
    "refuse": {"v": _int(0, 1_000_000), "fault": _one_of(*REFUSALS), "text": _text(300)},
    "move": {"ply": _PLY, "x": _int(0, 24), "y": _int(0, 24)},
    "choose": {"ply": _PLY, "choice": _one_of("black", "white", "place_two")},
    "resign": {"ply": _PLY},
    "takeback": {"ply": _PLY, "answer": _one_of(*ANSWERS)},
    "draw": {"ply": _PLY, "answer": _one_of(*ANSWERS)},
    "rematch": {"game_no": _GAME_NO, "answer": _one_of(*ANSWERS)},
    "chat": {"phrase": _one_of(*CHAT_PHRASES)},
    "clock": {"ply": _PLY, "black": _seconds, "white": _seconds},
    "flag": {"ply": _PLY, "loser": _one_of(*COLOURS)},
    "ping": {},
    "bye": {"text": _text(300)},
    "error": {"fault": _one_of(*(fault.value for fault in Fault)), "text": _text(300)},
}
HANDSHAKE_TYPES = frozenset({"challenge", "hello", "welcome", "refuse"})


def message(kind: str, **fields: Any) -> Message:
    """A message to send, checked against the catalogue (a bug here is ours, so it raises ValueError)."""
    encode(Message(kind, fields))  # validates
    return Message(kind, fields)


def encode(msg: Message) -> bytes:
    """The wire line for `msg`. Raises ValueError if it breaks the catalogue or the size limit."""
    checks = CATALOGUE.get(msg.type)
    if checks is None:
        raise ValueError(f"unknown message type {msg.type!r}")
    for name, check in checks.items():
        if name not in msg.fields or not check(msg.fields[name]):
            raise ValueError(f"{msg.type}: bad or missing field {name!r}: {msg.fields.get(name)!r}")
    line = json.dumps({"type": msg.type, **msg.fields}, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
    data = line.encode("ascii") + b"\n"
    if len(data) > MAX_LINE_BYTES:
        raise ValueError(f"{msg.type} message is {len(data)} bytes, over the {MAX_LINE_BYTES}-byte limit")
    return data


def decode(line: bytes) -> Message:
    """Parse one line (with or without its newline) into a checked Message.

    Raises ProtocolError: OVERSIZED past MAX_LINE_BYTES; GARBAGE for anything that is not an
    ASCII JSON object; UNKNOWN_TYPE for a type not in CATALOGUE; BAD_FIELD for a listed field
    missing or of the wrong kind. The error text quotes (the start of) the bad input.
    """
    if len(line) > MAX_LINE_BYTES:
        raise ProtocolError(Fault.OVERSIZED, f"a {len(line)}-byte line, over the {MAX_LINE_BYTES}-byte limit")
    try:
        data = json.loads(line.decode("ascii"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError(Fault.GARBAGE, f"not a JSON line: {_quote(line)}") from None
    if not isinstance(data, dict):
        raise ProtocolError(Fault.GARBAGE, f"not a JSON object: {_quote(line)}")
    kind = data.get("type")
    checks = CATALOGUE.get(kind) if isinstance(kind, str) else None
    if checks is None:
        raise ProtocolError(Fault.UNKNOWN_TYPE, f"unknown message type {kind!r}")
    version = data.get("v")
    if kind in HANDSHAKE_TYPES and isinstance(version, int) and not isinstance(version, bool) and version != VERSION:
        raise ProtocolError(Fault.VERSION, f"protocol version {version}, this side speaks {VERSION}", version)
    fields = {}
    for name, check in checks.items():
        if name not in data:
            raise ProtocolError(Fault.BAD_FIELD, f"{kind}: missing field {name!r}")
        if not check(data[name]):
            raise ProtocolError(Fault.BAD_FIELD, f"{kind}: bad {name!r}: {_quote(repr(data[name]).encode())}")
        fields[name] = data[name]
    return Message(kind, fields)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _quote(raw: bytes, limit: int = 60) -> str:
    text = raw[:limit].decode("ascii", "backslashreplace")
    return repr(text + ("..." if len(raw) > limit else ""))
