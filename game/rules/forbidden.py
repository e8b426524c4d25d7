"""Renju forbidden moves for black: overline, double-four and double-three.

The check follows the RIF definitions literally rather than matching line patterns:

- a *five* is exactly five black stones in a row; a move that makes one is never forbidden;
- an *overline* is six or more; making one is forbidden;
- a *four* is a line that one more black stone turns into a five. A straight four
  (``.XXXX.``) has two such points but is one four; ``X.XXX.X`` with the move in the middle
  is two fours on one line;
- a *three* is a line that one more black stone turns into a straight four, where that
  stone is itself not forbidden. This is checked recursively by really placing the stone,
  so a "false three" whose only four-point is forbidden does not count.

The functions take the board's flat cell list and mutate it temporarily (always restoring
it), which keeps them free of Board objects and cheap enough for the engine's root.
"""

from __future__ import annotations

from .stone import DIRECTIONS, Point

BLACK = 1
EMPTY = 0


#: Why a point is forbidden (forbidden_kind): the names the game's messages use.
OVERLINE = "overline"
DOUBLE_FOUR = "double_four"
DOUBLE_THREE = "double_three"


def is_forbidden(cells: list[int], size: int, point: Point) -> bool:
    """Whether black playing the empty `point` is forbidden. `cells` is restored on return."""
    return forbidden_kind(cells, size, point) is not None


def forbidden_kind(cells: list[int], size: int, point: Point) -> str | None:
    """Why black playing the empty `point` is forbidden (OVERLINE, DOUBLE_FOUR or DOUBLE_THREE),
    or None when it is not. `cells` is restored on return."""
    x, y = point
    index = y * size + x
    if cells[index] != EMPTY:
        return None
    cells[index] = BLACK
    try:
        return _forbidden_with_stone(cells, size, x, y)
    finally:
        cells[index] = EMPTY


def _run_length(cells: list[int], size: int, x: int, y: int, dx: int, dy: int) -> int:
    """Length of the black run through (x, y) along (dx, dy); (x, y) must hold black."""
    length = 1
    for sign in (1, -1):
        cx, cy = x + sign * dx, y + sign * dy
        while 0 <= cx < size and 0 <= cy < size and cells[cy * size + cx] == BLACK:
            length += 1
            cx += sign * dx
            cy += sign * dy
    return length


def _forbidden_with_stone(cells: list[int], size: int, x: int, y: int) -> str | None:
    """The forbidden test with black already standing on (x, y): its kind, or None."""
    overline = False
    for dx, dy in DIRECTIONS:
        length = _run_length(cells, size, x, y, dx, dy)
        if length == 5:
            return None  # an exact five wins and is never forbidden
        if length > 5:
            overline = True
    if overline:
        return OVERLINE
    fours = 0
    threes = 0
    for dx, dy in DIRECTIONS:
        # A four needs three more black stones within four points, a three needs two:
        # counting them first skips the costly trial placements on most lines.
        neighbours = _black_near(cells, size, x, y, dx, dy)
        if neighbours < 2:
            continue
        line_fours = _fours_on_line(cells, size, x, y, dx, dy) if neighbours >= 3 else 0
        if line_fours:
            fours += line_fours
        elif _is_three_on_line(cells, size, x, y, dx, dy):
            threes += 1
        if fours >= 2:
            return DOUBLE_FOUR
        if threes >= 2:
            return DOUBLE_THREE
    return None


def _black_near(cells: list[int], size: int, x: int, y: int, dx: int, dy: int) -> int:
    """Black stones within four points of (x, y) along the line, not counting (x, y)."""
    count = 0
    for k in (-4, -3, -2, -1, 1, 2, 3, 4):
        qx, qy = x + k * dx, y + k * dy
        if 0 <= qx < size and 0 <= qy < size and cells[qy * size + qx] == BLACK:
            count += 1
    return count


def _five_points_on_line(cells: list[int], size: int, x: int, y: int, dx: int, dy: int) -> list[int]:
    """Offsets k along the line where one more black stone makes an exact five through (x, y)."""
    found = []
    for k in range(-4, 5):
        if k == 0:
            continue
        qx, qy = x + k * dx, y + k * dy
        if not (0 <= qx < size and 0 <= qy < size) or cells[qy * size + qx] != EMPTY:
            continue
        # The five must pass through (x, y): every point between q and (x, y) must be black.
        step = 1 if k > 0 else -1
        if any(cells[(y + j * dy) * size + (x + j * dx)] != BLACK for j in range(step, k, step)):
            continue
        cells[qy * size + qx] = BLACK
        if _run_length(cells, size, qx, qy, dx, dy) == 5:
            found.append(k)
        cells[qy * size + qx] = EMPTY
    return found


def _fours_on_line(cells: list[int], size: int, x: int, y: int, dx: int, dy: int) -> int:
    """How many distinct fours through (x, y) lie on this line (0, 1 or 2)."""
    offsets = _five_points_on_line(cells, size, x, y, dx, dy)
    if len(offsets) == 2 and offsets[1] - offsets[0] == 5:
        return 1  # a straight four: two ways to five, but one four
    return len(offsets)


def _is_three_on_line(cells: list[int], size: int, x: int, y: int, dx: int, dy: int) -> bool:
    """Whether one more non-forbidden black stone on this line makes a straight four through (x, y).

    The new stone is one of four in a row with (x, y), so it lies within three points.
    """
    for k in range(-3, 4):
        if k == 0:
            continue
        qx, qy = x + k * dx, y + k * dy
        if not (0 <= qx < size and 0 <= qy < size):
            continue
        q_index = qy * size + qx
        if cells[q_index] != EMPTY:
            continue
        cells[q_index] = BLACK
        try:
            if _is_straight_four(cells, size, x, y, dx, dy) and not _forbidden_with_stone(cells, size, qx, qy):
                return True
        finally:
            cells[q_index] = EMPTY
    return False


def _is_straight_four(cells: list[int], size: int, x: int, y: int, dx: int, dy: int) -> bool:
    """Whether (x, y) is part of exactly four black stones in a row with both ends making an exact five."""
    offsets = _five_points_on_line(cells, size, x, y, dx, dy)
    return len(offsets) == 2 and offsets[1] - offsets[0] == 5
