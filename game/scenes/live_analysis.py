"""Keeps the engine analysing the position on the board, without end, while the panel is open.

Not a scene: the play and review scenes each own one and call `update` every frame. The
engine runs in the shared worker process (EngineWorker.request_analysis); this object only
requests, polls and remembers, so the window never waits. A changed board (a move, a step
in review, a take-back) cancels the running analysis and starts one for the new position.

The worker answers only its newest job, so while the scene has a job of its own (the
computer's move, a hint) the analysis steps aside (`blocked`) and starts again afterwards.
"""

from __future__ import annotations

from typing import Any, Callable

from game.engine import Limit, Position
from game.engine.analysis import Analysis
from game.rules import Board

#: How many candidate moves the panel shows.
CANDIDATES = 3


class LiveAnalysis:
    """`visible` says whether the panel is open; `latest` is the newest snapshot for the
    position on the board (None until the first one arrives)."""

    def __init__(self, worker: Callable[[], Any]) -> None:
        self._worker = worker  # called lazily: the engine process starts only when needed
        self.visible = False
        self.latest: Analysis | None = None
        self.job: int | None = None
        self.requests = 0  # how many analyses were started (tests read it)
        self.error = ""
        self._key: tuple[Any, ...] | None = None
        self._finished = False
        self._latest_key: tuple[Any, ...] | None = None

    def toggle(self) -> bool:
        """Open or close the panel; closing stops the engine at once. Returns `visible`."""
        self.visible = not self.visible
        if not self.visible:
            self.stop()
        return self.visible

    def stop(self) -> None:
        """Cancel the running analysis (if any); the last snapshot is kept for its position."""
        if self.job is not None:
            self._worker().cancel()
        self.job = None
        self._key = None
        self._finished = False

    def showing(self, board: Board) -> Analysis | None:
        """The newest snapshot if it is about `board`, else None (never a stale position)."""
        return self.latest if self._latest_key is not None and self._latest_key[0] == _key_of(board) else None

    def final_for(self, board: Board) -> Analysis | None:
        """The finished analysis of `board` (its search ended), else None."""
        shown = self.showing(board)
        return shown if shown is not None and shown.final else None

    @property
    def running(self) -> bool:
        return self.job is not None

    def update(self, board: Board, blocked: bool = False, limit: Limit | None = None, wanted: bool = False) -> None:
        """Call once per frame: start, restart or poll the analysis of `board`.

        `blocked`: the scene has its own engine job, which has replaced ours in the worker.
        `wanted`: analyse even with the panel closed (teaching mode's checks), within `limit`
        (None: without end, until the board changes).
        """
        if not (self.visible or wanted) or board.outcome() is not None or board.is_full:
            if self.job is not None:
                self.stop()
            return
        if blocked:
            self.job, self._key = None, None  # the worker dropped it; start again once free
            return
        key = (_key_of(board), limit)
        if key != self._key or (self.job is None and not self._finished):
            self.job = self._worker().request_analysis(Position.from_board(board), n_best=CANDIDATES, limit=limit)
            self._key, self._finished = key, False
            self.requests += 1
        self._poll()

    def _poll(self) -> None:
        worker = self._worker()
        while self.job is not None:
            reply = worker.poll()
            if reply is None:
                return
            if reply.job_id != self.job:
                continue  # a snapshot of a job we have already replaced
            analysis = getattr(reply, "analysis", None)
            if analysis is None:
                self.error = reply.error
                self.job, self._finished = None, True  # do not retry a failing position every frame
                return
            self.latest, self._latest_key, self.error = analysis, self._key, ""
            if analysis.final:  # the search ended by itself (a proven result): nothing more to learn
                self.job, self._finished = None, True
                return


def _key_of(board: Board) -> tuple[Any, ...]:
    return (board.size, board.rule, tuple(board.moves))
