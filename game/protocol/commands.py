"""Gomocup command lines as values: one small pure parser per command.

A manager talks to the brain in lines such as ``START 15``, ``TURN 7,8`` or ``INFO rule 4``.
`parse_command` turns one line into a frozen dataclass; it never looks at the board, so
bounds and occupancy are the session's business. Keywords are case-insensitive (Yixin
Board sends some in lower case) and surrounding whitespace, including a Windows ``\\r``,
is ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.rules import Point


class ProtocolError(ValueError):
    """A command line that names a known command but cannot be read; the message quotes it."""


# ----------------------------------------------------------------------------- commands
@dataclass(frozen=True)
class Start:
    size: int


@dataclass(frozen=True)
class RectStart:
    width: int
    height: int


@dataclass(frozen=True)
class Restart:
    pass


@dataclass(frozen=True)
class Begin:
    pass


@dataclass(frozen=True)
class Turn:
    point: Point


@dataclass(frozen=True)
class BoardStart:
    """``BOARD`` (the brain moves after DONE) or Yixin's ``YXBOARD`` (it only sets up)."""

    think: bool


@dataclass(frozen=True)
class StoneLine:
    """One ``x,y,field`` line inside a BOARD block: 1 own, 2 opponent, 3 continuous-game stone."""

    point: Point
    field: int


@dataclass(frozen=True)
class Done:
    pass


@dataclass(frozen=True)
class Info:
    """``INFO key value``; the key is lower-cased, the value kept as text for the session."""

    key: str
    value: str


@dataclass(frozen=True)
class Takeback:
    point: Point


@dataclass(frozen=True)
class End:
    pass


@dataclass(frozen=True)
class About:
    pass


@dataclass(frozen=True)
class Stop:
    """Yixin's ``YXSTOP`` (and the plain ``STOP`` some clients send): answer now."""


@dataclass(frozen=True)
class ShowForbid:
    pass


@dataclass(frozen=True)
class NBest:
    count: int


@dataclass(frozen=True)
class Swap2BoardStart:
    """Gomocup's ``SWAP2BOARD``: the swap2 opening stones follow, one per line, then DONE."""


@dataclass(frozen=True)
class PointLine:
    """One stone line inside a SWAP2BOARD block: ``x,y`` (Gomocup's form, `field` None) or
    ``x,y,field`` (the BOARD form some managers send, `field` 1 or 2; see `parse_swap2_line`)."""

    point: Point
    field: int | None = None


@dataclass(frozen=True)
class Unknown:
    """A line whose first word is no command we know; the brain answers ``UNKNOWN``."""

    line: str


@dataclass(frozen=True)
class Blank:
    """An empty line: managers send them now and then; they need no answer."""


Command = (
    Start | RectStart | Restart | Begin | Turn | BoardStart | StoneLine | Done | Info | Takeback
    | End | About | Stop | ShowForbid | NBest | Swap2BoardStart | PointLine | Unknown | Blank
)

# ----------------------------------------------------------------------------- parsers
_POINT = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$", re.ASCII)
_STONE_LINE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*$", re.ASCII)
_RECT = re.compile(r"^\s*(\d+)\s*[, ]\s*(\d+)\s*$", re.ASCII)
_MAX_NUMBER_DIGITS = 9  # anything longer is nonsense, and int() of huge digit strings is slow


def parse_number(text: str, what: str, line: str) -> int:
    """Read a non-negative whole number in ASCII digits. Raises ProtocolError naming `what` and quoting `line`.

    str.isdigit alone would let '²' through to int(), which then fails.
    """
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > _MAX_NUMBER_DIGITS:
        raise ProtocolError(f"{what} must be a non-negative whole number, got {text!r} in {line.strip()!r}")
    return int(text)


def parse_point(text: str, line: str | None = None) -> Point:
    """Read ``x,y`` (0-based, x = column). Raises ProtocolError quoting `line` (or `text`)."""
    match = _POINT.match(text)
    if not match or any(len(group) > _MAX_NUMBER_DIGITS for group in match.groups()):
        raise ProtocolError(f"malformed coordinate {text.strip()!r} in {(line or text).strip()!r}, expected x,y")
    return int(match.group(1)), int(match.group(2))


def parse_stone_line(line: str) -> StoneLine:
    """Read a BOARD line ``x,y,field``. Raises ProtocolError for anything else or a field not 1..3."""
    match = _STONE_LINE.match(line)
    if not match or any(len(group) > _MAX_NUMBER_DIGITS for group in match.groups()):
        raise ProtocolError(f"malformed board line {line.strip()!r}, expected x,y,field")
    x, y, field = (int(group) for group in match.groups())
    if field not in (1, 2, 3):
        raise ProtocolError(f"board field must be 1, 2 or 3, got {field} in {line.strip()!r}")
    return StoneLine((x, y), field)


def parse_swap2_line(line: str) -> PointLine:
    """Read a stone line of a SWAP2BOARD block, in either of the two forms managers send.

    Gomocup's own text (the 2020 swap2 announcement) sends ``x,y``: the stones in the order
    they were placed, alternating black, white, black, ... Rapfi reads the block like a BOARD
    block instead, ``x,y,field``, and some managers send that form: the field is the BOARD
    field, 1 a stone of the brain's own and 2 the opponent's, and the first stone is black
    whichever field it carries. A manager that means the stone's colour (1 black, 2 white)
    sends the same kind of alternating sequence, so both readings agree on all the brain
    needs: the stones alternate from black in the order sent. Field 3 (BOARD's
    continuous-game stone) has no meaning in a swap2 opening and is refused like any other
    number. Whether the fields alternate, and whether a block mixes the two forms, is checked
    on the whole block (`swap2.opening_points`). Raises ProtocolError quoting `line`.
    """
    text = line.strip()
    if _POINT.match(text):
        return PointLine(parse_point(text))
    match = _STONE_LINE.match(text)
    if not match or any(len(group) > _MAX_NUMBER_DIGITS for group in match.groups()):
        raise ProtocolError(f"malformed coordinate {text!r} in a SWAP2BOARD block, expected x,y or x,y,field")
    x, y, field = (int(group) for group in match.groups())
    if field not in (1, 2):
        raise ProtocolError(f"swap2 stone field must be 1 (own) or 2 (opponent), got {field} in {text!r}")
    return PointLine((x, y), field)


def _parse_info(rest: str, line: str) -> Info:
    parts = rest.split(None, 1)
    if not parts:
        raise ProtocolError(f"INFO needs a key and a value, got {line.strip()!r}")
    return Info(parts[0].lower(), parts[1].strip() if len(parts) > 1 else "")


def _parse_rect(rest: str, line: str) -> RectStart:
    match = _RECT.match(rest)
    if not match:
        raise ProtocolError(f"RECTSTART needs width,height, got {line.strip()!r}")
    return RectStart(parse_number(match.group(1), "width", line), parse_number(match.group(2), "height", line))


def _no_argument(command: Command):
    return lambda rest, line: command


_PARSERS = {
    "START": lambda rest, line: Start(parse_number(rest, "board size", line)),
    "RECTSTART": _parse_rect,
    "RESTART": _no_argument(Restart()),
    "BEGIN": _no_argument(Begin()),
    "TURN": lambda rest, line: Turn(parse_point(rest, line)),
    "BOARD": _no_argument(BoardStart(think=True)),
    "YXBOARD": _no_argument(BoardStart(think=False)),
    "DONE": _no_argument(Done()),
    "INFO": _parse_info,
    "TAKEBACK": lambda rest, line: Takeback(parse_point(rest, line)),
    "END": _no_argument(End()),
    "ABOUT": _no_argument(About()),
    "YXSTOP": _no_argument(Stop()),
    "STOP": _no_argument(Stop()),
    "YXSHOWFORBID": _no_argument(ShowForbid()),
    "YXNBEST": lambda rest, line: NBest(parse_number(rest, "YXNBEST count", line)),
    "SWAP2BOARD": _no_argument(Swap2BoardStart()),
}

#: Commands still obeyed inside a SWAP2BOARD block; every other line there must be ``x,y``.
_SWAP2_BLOCK_WORDS = frozenset({"DONE", "END", "YXSTOP", "STOP"})

#: The keywords that interrupt a search: the reader thread acts on them at once.
INTERRUPTING = frozenset({"END", "YXSTOP", "STOP"})


def keyword(line: str) -> str:
    """The upper-cased first word of `line` ('' for a blank line)."""
    parts = line.split(None, 1)
    return parts[0].upper() if parts else ""


def parse_command(line: str, *, in_board: bool = False, in_swap2: bool = False) -> Command:
    """Parse one line. Inside a BOARD block (`in_board`) ``x,y,field`` lines are stones; inside
    a SWAP2BOARD block (`in_swap2`) ``x,y`` or ``x,y,field`` lines are (`parse_swap2_line`).

    Raises ProtocolError when a known command has malformed arguments; an unknown first
    word gives `Unknown`, never an exception.
    """
    text = line.strip()
    if not text:
        return Blank()
    if in_board and text[0].isdigit():
        return parse_stone_line(text)
    if in_swap2 and keyword(text) not in _SWAP2_BLOCK_WORDS:
        return parse_swap2_line(text)  # anything else inside the block is a bad coordinate
    parts = text.split(None, 1)
    word = parts[0].upper()
    rest = parts[1] if len(parts) > 1 else ""
    parser = _PARSERS.get(word)
    if parser is None:
        return Unknown(text)
    return parser(rest, text)
