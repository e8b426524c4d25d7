"""A one-ply tactical move chooser that works straight on a rules Board.

It is the engine's safety net: when a search is stopped before it has an answer, this
still returns a legal, sensible move (take a five, block a five, otherwise the best
shape near the stones). It never returns a renju-forbidden point for black unless every
empty point is forbidden.
"""

from __future__ import annotations

from game.rules import DIRECTIONS, Board, Point, Stone

# Value of a 5-cell window by how many own stones it holds (no opponent stone in it).
_WINDOW_VALUE = (0, 1, 8, 60, 600, 100_000)


def _line_score(board: Board, point: Point, stone: Stone) -> int:
    """Sum over every 5-cell window through `point` holding no opponent stone."""
    size, cells = board.size, board.cells
    x, y = point
    total = 0
    for dx, dy in DIRECTIONS:
        for start in range(-4, 1):
            own = 1  # the stone we would place on `point`
            for k in range(start, start + 5):
                if k == 0:
                    continue
                cx, cy = x + k * dx, y + k * dy
                if not (0 <= cx < size and 0 <= cy < size):
                    own = -1
                    break
                cell = cells[cy * size + cx]
                if cell == stone:
                    own += 1
                elif cell != Stone.EMPTY:
                    own = -1
                    break
            if own > 0:
                total += _WINDOW_VALUE[own]
    return total


def near_points(board: Board, distance: int = 2) -> list[Point]:
    """Empty points within `distance` (king moves) of a stone, in row-major order."""
    size, cells = board.size, board.cells
    near = set()
    for index, cell in enumerate(cells):
        if cell == Stone.EMPTY:
            continue
        x, y = index % size, index // size
        for cy in range(max(0, y - distance), min(size, y + distance + 1)):
            for cx in range(max(0, x - distance), min(size, x + distance + 1)):
                if cells[cy * size + cx] == Stone.EMPTY:
                    near.add((cx, cy))
    return sorted(near, key=lambda p: (p[1], p[0]))


def legal_points(board: Board, stone: Stone) -> list[Point]:
    """Candidate points for `stone`: near the stones (or every empty point), minus forbidden ones.

    A forbidden point that makes an exact five is kept: a five is never forbidden.
    """
    points = near_points(board) or list(board.empty_points())
    if board.rule.has_forbidden(stone):
        allowed = [p for p in points if not board.is_forbidden(p, stone)]
        if not allowed:
            allowed = [p for p in board.empty_points() if not board.is_forbidden(p, stone)]
        points = allowed or points
    return points


def quick_move(board: Board, stone: Stone | None = None) -> tuple[Point, str]:
    """The best one-ply move for `stone` (default: side to move) and why it was chosen.

    Raises ValueError on a full board.
    """
    if stone is None:
        stone = board.to_move
    if board.is_full:
        raise ValueError("the board is full: there is no move to make")
    centre = (board.size // 2, board.size // 2)
    if board.move_count == 0 or not any(c != Stone.EMPTY for c in board.cells):
        return centre, "opening"
    points = legal_points(board, stone)
    for point in points:
        if board.is_winning_move(point, stone):
            return point, "win-in-1"
    opponent = stone.opponent
    for point in near_points(board):
        if board.five_line(point, opponent) is not None and point in points:
            return point, "block-four"
    best = max(
        points,
        key=lambda p: (
            _line_score(board, p, stone) * 11 // 10 + _line_score(board, p, opponent),
            -abs(p[0] - centre[0]) - abs(p[1] - centre[1]),
        ),
    )
    return best, ""
