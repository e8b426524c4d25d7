"""The bridge to the engine: turn a ThinkRequest into a search and make sure the move is legal.

The brain must never play an illegal move and never die in the middle of a game, so the
engine's answer is checked against the rules core, and an engine failure (which would be
a bug there) falls back to a plain legal move instead of killing the process.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Callable

from game.engine import Level, Limit, Position, SearchResult, default_limit, search
from game.rules import Board, Point, Stone

from .clock import StopSignal
from .fallback import fallback_move
from .session import ThinkRequest

log = logging.getLogger(__name__)

SearchFunction = Callable[..., SearchResult]
ProgressCallback = Callable[[SearchResult], None]


@dataclass(frozen=True)
class Decision:
    """The move to answer, and the engine's result when it produced one we could use."""

    move: Point
    result: SearchResult | None


def position_of(request: ThinkRequest) -> Position:
    """The engine's view of a request. `to_move` is explicit: BOARD set-ups need not alternate."""
    stones = tuple((move.point[0], move.point[1], int(move.stone)) for move in request.board.history)
    return Position(request.board.size, request.board.rule, stones, request.to_move)


def limit_for(budget_ms: int | None, level: Level) -> Limit | None:
    """The manager's time budget replaces the level's time, but the level's depth and node caps stay.

    None (no time information from the manager) lets the engine use the level's own budget.
    """
    if budget_ms is None:
        return None
    own = default_limit(level)
    return Limit(time_ms=budget_ms, depth=own.depth, nodes=own.nodes)


def is_playable(board: Board, point: object, stone: Stone) -> bool:
    """Whether `point` is an empty point on the board that `stone` may play (not renju-forbidden)."""
    if not (isinstance(point, tuple) and len(point) == 2 and all(isinstance(v, int) for v in point)):
        return False
    return board.is_empty(point) and not board.is_forbidden(point, stone)


def decide(
    request: ThinkRequest,
    *,
    level: Level,
    seed: int,
    stop: StopSignal,
    on_progress: ProgressCallback | None = None,
    search_function: SearchFunction = search,
) -> Decision:
    """Search the request's position and return a move that is certainly legal.

    A YXNBEST request (nbest > 1) asks the engine for that many root moves (multi-PV).
    """
    board, stone = request.board, request.to_move
    extra = {"multipv": request.nbest} if request.nbest > 1 else {}
    started = time.perf_counter()
    try:
        result = search_function(
            position_of(request),
            limit=limit_for(request.budget_ms, level),
            level=level,
            seed=seed,
            stop=stop,
            on_progress=on_progress,
            **extra,
        )
    except Exception:  # an engine bug must cost at most a weak move, never the game
        log.exception("the engine failed; playing a fallback move")
        return Decision(fallback_move(board, stone), None)
    # The time used against the budget, move by move: how the time plan reads in a game.
    log.info("searched %s: %d of %s ms, depth %d, score %d, %s", result.move, (time.perf_counter() - started) * 1000,
             request.budget_ms, result.depth, result.score, result.forced or "not forced")
    if not is_playable(board, result.move, stone):
        log.error("the engine answered %r, which %s cannot play; playing a fallback move", result.move, stone.label)
        return Decision(fallback_move(board, stone), None)
    return Decision(result.move, result)
