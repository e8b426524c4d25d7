"""Keeps the engine analysing the position on the board, without end, while the panel is open.

Not a scene: the play and review scenes each own one and call `update` every frame. The
engine runs in the shared worker process (EngineWorker.request_analysis); this object only
requests, polls and remembers, so the window never waits. A changed board (a move, a step
in review, a take-back) cancels the running analysis and starts one for the new position.

The worker answers only its newest job, so while the scene has a job of its own (the
computer's move, a hint) the analysis steps aside (`blocked`) and starts again afterwards.
`worker` is asked afresh each frame (the analyst can be an external engine chosen in
Settings); a job stays with the worker it was sent to, and a different analyst restarts it.

The endless analysis pauses itself when nobody is there or the engine has nothing new to
say (analysis_pause.py): the scene forwards every event to `note_input`, which resumes it,
and shows `note` on the panel. While it runs, the scene polls it every POLL_SECONDS without
redrawing; the window is drawn again only when a snapshot or the pause changes what it shows.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.engine import Analysis, AnalysisReply, FailedReply, Limit, Position
from game.i18n import tr
from game.rules import Board

from .analysis_pause import AnalysisPause, PauseReason

#: How many candidate moves the panel shows.
CANDIDATES = 3
#: How often a scene polls a running analysis for snapshots (seconds); it redraws only for new ones.
POLL_SECONDS = 0.1

#: Input that wakes a paused analysis of either kind; mouse movement wakes only an idle one.
_DELIBERATE_INPUT = frozenset({
    pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.FINGERDOWN, pygame.JOYBUTTONDOWN,
    pygame.CONTROLLERBUTTONDOWN,
})
_MOVEMENT_INPUT = frozenset({pygame.MOUSEMOTION, pygame.FINGERMOTION})


class LiveAnalysis:
    """`visible` says whether the panel is open; `latest` is the newest snapshot for the
    position on the board (None until the first one arrives)."""

    def __init__(self, worker: Callable[[], Any], pause: AnalysisPause | None = None) -> None:
        self._worker = worker  # called lazily: the engine process starts only when needed
        self.pause = pause if pause is not None else AnalysisPause()
        self.visible = False
        self.latest: Analysis | None = None
        self.job: int | None = None
        self.job_worker: Any = None  # the worker the running job was sent to
        self.requests = 0  # how many analyses were started (tests read it)
        self.error = ""
        self._key: tuple[Any, ...] | None = None
        self._finished = False
        self._latest_key: tuple[Any, ...] | None = None
        self._board: tuple[Any, ...] | None = None  # the position the pause rules are about

    @property
    def paused(self) -> PauseReason | None:
        """Why the panel's analysis is paused (None: it is not)."""
        return self.pause.paused if self.visible else None

    @property
    def note(self) -> str:
        """The panel's line about the pause and how to end it ("" while not paused)."""
        reason = self.paused
        return "" if reason is None else tr(f"analysis.paused_{reason.value}")

    def note_input(self, event: pygame.event.Event) -> bool:
        """Every event the scene receives: input resumes a paused analysis (the next `update`
        starts it again). Returns True when it did."""
        if event.type in _DELIBERATE_INPUT:
            return self.pause.touched(deliberate=True)
        if event.type in _MOVEMENT_INPUT:
            return self.pause.touched(deliberate=False)
        return False

    def toggle(self, cancel: bool = True) -> bool:
        """Open or close the panel; closing stops the engine at once (see `stop`). Returns `visible`."""
        self.visible = not self.visible
        if not self.visible:
            self.stop(cancel)
        else:
            self.pause.touched(deliberate=True)  # opening the panel asks for an analysis now
        return self.visible

    def stop(self, cancel: bool = True) -> None:
        """End the running analysis (if any); the last snapshot is kept for its position.

        `cancel` False only forgets it: a newer job of the scene's has already replaced it
        in that worker, and cancelling would stop that one instead."""
        if self.job is not None and cancel and self.job_worker is not None:
            self.job_worker.cancel()
        self.job, self.job_worker = None, None
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
                # a blocked job was already replaced by the scene's in the worker: cancelling
                # now would cancel the scene's job instead (the computer's swap2 answer hung so)
                self.stop(cancel=not blocked)
            self.pause.searching(False)
            return
        if _key_of(board) != self._board:
            self._board = _key_of(board)
            self.pause.new_position()
        if blocked:
            self.job, self.job_worker, self._key = None, None, None  # the worker dropped it; again once free
            self.pause.searching(False)
            return
        endless = limit is None
        if endless and self.pause.paused is not None:
            return  # nothing runs until input or a new position (`note_input`, above)
        worker = self._worker()
        key = (_key_of(board), limit, id(worker))
        if key != self._key or (self.job is None and not self._finished):
            if self.job is not None and self.job_worker is not worker:
                self.job_worker.cancel()  # the analyst changed: the old one stops
            self.job = worker.request_analysis(Position.from_board(board), n_best=CANDIDATES, limit=limit)
            self.job_worker = worker
            self._key, self._finished = key, False
            self.requests += 1
        self._poll()
        self.pause.searching(self.running)
        if endless and self.running and self.pause.due() is not None:
            self.stop()  # the worker goes back to sleep; the last snapshot stays on the panel

    def _poll(self) -> None:
        worker = self.job_worker
        while self.job is not None and worker is not None:
            reply = worker.poll()
            if reply is None:
                return
            if reply.job_id != self.job:
                continue  # a snapshot of a job we have already replaced
            if not isinstance(reply, AnalysisReply):
                self.error = (reply.error if isinstance(reply, FailedReply) else "") or "no analysis"
                self.job, self._finished = None, True  # do not retry a failing position every frame
                return
            analysis = reply.analysis
            self.latest, self._latest_key, self.error = analysis, self._key, ""
            self.pause.saw(analysis)
            if analysis.final:  # the search ended by itself (a proven result): nothing more to learn
                self.job, self._finished = None, True
                return


def _key_of(board: Board) -> tuple[Any, ...]:
    return (board.size, board.rule, tuple(board.moves))
