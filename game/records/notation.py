"""Standard Gomoku notation: columns a.. from the left (letter i included), rows 1.. from the bottom.

On 15x15 the centre (7, 7) is "h8"; the top-left point (0, 0) is "a15". Points inside the
program stay (x, y) with y from the top, so the row number is ``size - y``.
"""

from __future__ import annotations

import re

from game.rules import MAX_SIZE, MIN_SIZE, Point

from .errors import NotationError

COLUMNS = "abcdefghijklmnopqrstuvwxyz"
_MOVE = re.compile(r"([a-z])(\d{1,2})", re.ASCII)
_MOVE_ONE_DIGIT = re.compile(r"([a-z])(\d)", re.ASCII)


def _check_size(size: int) -> None:
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise NotationError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {size!r}")


def point_to_notation(point: Point, size: int) -> str:
    """(x, y) -> "h8". Raises NotationError for a point off a `size` board."""
    _check_size(size)
    x, y = point
    if not (0 <= x < size and 0 <= y < size):
        raise NotationError(f"point {point!r} is off a {size}x{size} board")
    return f"{COLUMNS[x]}{size - y}"


def notation_to_point(text: str, size: int) -> Point:
    """"h8" (any case, surrounding spaces allowed) -> (x, y). Raises NotationError."""
    _check_size(size)
    match = _MOVE.fullmatch(text.strip().lower())
    if match is None:
        raise NotationError(f"not a move in notation like 'h8': {text!r}")
    return _to_point(match, size, text)


def _to_point(match: re.Match[str], size: int, text: str) -> Point:
    x = COLUMNS.index(match.group(1))
    row = int(match.group(2))
    if x >= size or not 1 <= row <= size:
        raise NotationError(f"move {text.strip()!r} is off a {size}x{size} board")
    return (x, size - row)


def format_moves(points: list[Point], size: int) -> str:
    """[(7, 7), (8, 6)] -> "h8i9": moves joined without separators."""
    return "".join(point_to_notation(point, size) for point in points)


def parse_moves(text: str, size: int) -> list[Point]:
    """"h8i9 g7" -> points. Spaces/commas between moves are optional; case is ignored.

    Rows take up to two digits greedily, so "a1a15" is a1 then a15. Raises NotationError
    quoting the first piece of text that is not a move.
    """
    _check_size(size)
    points: list[Point] = []
    lowered = text.lower()
    position = 0
    while position < len(lowered):
        if lowered[position] in " \t\r\n,;":
            position += 1
            continue
        match = _MOVE.match(lowered, position)
        if match is None:
            raise NotationError(f"not a move at character {position + 1}: {text[position:position + 8]!r}")
        if len(match.group(2)) == 2 and int(match.group(2)) > size:
            # "a1a5" on a small board: take one digit when two would run off the board.
            match = _MOVE_ONE_DIGIT.match(lowered, position) or match
        points.append(_to_point(match, size, text[match.start():match.end()]))
        position = match.end()
    return points
