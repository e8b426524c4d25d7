"""The brain's last resort: a legal move when the engine's answer cannot be used.

Its own module, below both the engine bridge (thinking.py) and the SWAP2 answers (swap2.py),
because both need it and thinking imports the session, which imports swap2.
"""

from __future__ import annotations

from game.rules import Board, Point, Stone


def fallback_move(board: Board, stone: Stone) -> Point:
    """A legal point nearest the centre, avoiding forbidden points while any other is left.

    Raises ValueError on a full board (the session never asks then).
    """
    centre = (board.size - 1) / 2
    empty = sorted(board.empty_points(), key=lambda p: (abs(p[0] - centre) + abs(p[1] - centre), p[1], p[0]))
    if not empty:
        raise ValueError("the board is full: there is no move to make")
    for point in empty:
        if not board.is_forbidden(point, stone):
            return point
    return empty[0]
