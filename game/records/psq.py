"""Piskvork PSQ records: the format Gomocup tournaments publish.

    Piskvorky 15x15, 11:11, 0      header: board size (the other fields are Piskvork's own)
    8,8,1078                        one move per line: x,y,ms, 1-based, y from the top
    9,9,120
    pbrain-black.exe                after the moves Piskvork writes the brains' names ...
    pbrain-white.exe
    -1                              ... and a closing number

Moves alternate from black. The first line that is not a move starts the trailer: lines
that are plain integers are skipped, the others are read as the black and white names, and
a move line there is an error. Blank lines are ignored. Move times of all zero read back as "not recorded" (None). PSQ has no place for the rule, the result or the date; a loaded record uses
the freestyle rule unless the caller says otherwise and leaves result and date empty.
"""

from __future__ import annotations

import re

from game.rules import MAX_SIZE, MIN_SIZE, Rule

from .errors import PsqError, ReplayError
from .record import GameRecord

# Digit counts are capped so int() never meets a number with thousands of digits.
_HEADER = re.compile(r"\s*Piskvorky\s+(\d{1,4})\s*x\s*(\d{1,4})\b.*", re.IGNORECASE | re.ASCII)
_MOVE = re.compile(r"\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*(?:,\s*(-?\d{1,12})\s*)?", re.ASCII)
_INTEGER = re.compile(r"\s*-?\d+\s*", re.ASCII)


def write_psq(record: GameRecord) -> str:
    """The PSQ text for `record` (names with line breaks are flattened to one line)."""
    lines = [f"Piskvorky {record.size}x{record.size}, 11:11, 0"]
    times = record.times_ms if record.times_ms is not None else [0] * len(record.moves)
    for (x, y), ms in zip(record.moves, times):
        lines.append(f"{x + 1},{y + 1},{ms}")
    if record.black or record.white:
        for name in (record.black, record.white):
            flat = " ".join(name.split())
            # An empty or numeric name would be skipped on reading; mark it so the pair survives.
            lines.append(f"?{flat}" if _needs_mark(flat) else flat)
    lines.append("-1")
    return "\n".join(lines) + "\n"


def read_psq(text: str, rule: Rule = Rule.FREESTYLE) -> GameRecord:
    """Parse PSQ text. Raises PsqError naming the line for a bad header, move or trailer."""
    lines = text.splitlines()
    size = _read_header(lines)
    moves: list[tuple[int, int]] = []
    times: list[int] = []
    names: list[str] = []
    in_trailer = False
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue  # blank lines carry nothing, wherever they are
        match = _MOVE.fullmatch(line)
        if match is None:
            in_trailer = True
            if not _INTEGER.fullmatch(line):
                names.append(_unmark(line.strip()))
            continue
        if in_trailer:
            raise PsqError(f"move {line.strip()!r} comes after the end of the moves", line=number)
        x, y = int(match.group(1)), int(match.group(2))
        if not (1 <= x <= size and 1 <= y <= size):
            raise PsqError(f"move {line.strip()!r} is off a {size}x{size} board (coordinates are 1..{size})", line=number)
        moves.append((x - 1, y - 1))
        times.append(int(match.group(3) or 0))
    record = GameRecord(
        size=size,
        rule=rule,
        moves=moves,
        black=names[0] if names else "",
        white=names[1] if len(names) > 1 else "",
        times_ms=times if any(times) else None,
    )
    _check_replay(record, [number for number, line in enumerate(lines[1:], start=2) if _MOVE.fullmatch(line)])
    return record


def _read_header(lines: list[str]) -> int:
    """The board size from 'Piskvorky 15x15, ...'; PsqError on line 1 otherwise."""
    if not lines:
        raise PsqError("empty file: expected a header like 'Piskvorky 15x15, 11:11, 0'", line=1)
    header = _HEADER.fullmatch(lines[0].lstrip("\ufeff"))
    if header is None:
        raise PsqError(f"expected a header like 'Piskvorky 15x15, 11:11, 0', got {lines[0][:60]!r}", line=1)
    width, height = int(header.group(1)), int(header.group(2))
    if width != height:
        raise PsqError(f"only square boards are supported, got {width}x{height}", line=1)
    if not MIN_SIZE <= width <= MAX_SIZE:
        raise PsqError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {width}", line=1)
    return width


def _needs_mark(name: str) -> bool:
    """Names a reader would skip or take for a move get a "?" in front."""
    return not name or bool(_INTEGER.fullmatch(name) or _MOVE.fullmatch(name)) or _needs_mark_again(name)


def _needs_mark_again(name: str) -> bool:
    # A real name "?7" must not lose its "?" when read back.
    return name.startswith("?") and _needs_mark(name[1:])


def _unmark(name: str) -> str:
    """Undo write_psq's "?" marking."""
    return name[1:] if name.startswith("?") and _needs_mark(name[1:]) else name


def _check_replay(record: GameRecord, move_lines: list[int]) -> None:
    """Replay so a PSQ with a repeated point fails here, naming its line."""
    try:
        record.replay()
    except ReplayError as error:
        raise PsqError(str(error), line=move_lines[error.move_number - 1]) from error
