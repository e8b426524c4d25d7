"""An external brain behind the same poll-based contract as game.engine.EngineWorker.

`request` returns a job id at once, `poll` returns the reply when it has come (never blocks),
`cancel` drops the running job's reply, `close` ends the brain. A scene can therefore take
moves from a Gomocup brain exactly as from the built-in worker and keep drawing at 60 FPS:
the conversation runs in one thread of ours, which owns the GomocupClient; only plain
values cross to the caller.

A cancelled job that the brain is still thinking about gets YXSTOP: a brain that honours it
answers at once, one that ignores it is killed after the client's `stop_grace` (and started
again by the next request), so a newer job never waits a whole move time behind it. A brain
that fails is killed; the reply carries the EngineFailure, and the next request starts it again.
"""

from __future__ import annotations

import queue
import threading
import time
import weakref
from typing import Any, Sequence

from game.engine import (
    AnalysisReply,
    EngineJob,
    EngineReply,
    FailedReply,
    Level,
    Limit,
    MoveReply,
    Position,
    Purpose,
    SearchResult,
    WorkerClosedError,
)
from game.engine import Analysis, Candidate

from .client import GAME_TYPE_BRAIN, BrainAnalysis, GomocupClient
from .failures import EngineFailure, FailureKind

#: Move time when a request brings no Limit.
DEFAULT_TURN_MS = 1000


class ExternalEngineWorker:
    """One external brain, started on first use (or by `start`) and kept for the next jobs.

    `game_type` is sent as INFO game_type (0: the opponent is a human, 1: another brain).
    """

    def __init__(
        self,
        command: str | Sequence[str],
        name: str = "",
        turn_ms: int = DEFAULT_TURN_MS,
        game_type: int = GAME_TYPE_BRAIN,
        grace_ms: int | None = None,
    ) -> None:
        options = {} if grace_ms is None else {"grace_ms": grace_ms}
        self.client = GomocupClient(command, name=name, **options)
        self.turn_ms = turn_ms
        self.game_type = game_type
        self._jobs: queue.Queue[Any] = queue.Queue()
        self._replies: queue.Queue[EngineReply] = queue.Queue()
        self._lock = threading.Lock()
        self._cancelled_upto = 0
        self._next_id = 0
        self._pending: int | None = None
        self._closed = False
        self._thread: threading.Thread | None = None
        self._working = False  # the thread is in a conversation with the brain
        self.last_failure: EngineFailure | None = None
        self._finalizer = weakref.finalize(self, ExternalEngineWorker._shutdown, self._jobs, self.client)

    @property
    def name(self) -> str:
        return self.client.name

    # ----------------------------------------------------------------- lifecycle
    def start(self) -> None:
        """Start the conversation thread (the brain itself starts with the first job)."""
        if self._closed:
            raise WorkerClosedError("the external engine has been closed")
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._serve, name=f"brain-{self.client.name}", daemon=True)
            self._thread.start()

    @property
    def is_alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def pid(self) -> int | None:
        return self.client.pid

    def close(self) -> None:
        """Drop every job, END the brain (killing it after a grace period) and its group. Idempotent."""
        self._closed = True
        self._pending = None
        with self._lock:
            self._cancelled_upto = 2**62
        self._finalizer.detach()
        self._jobs.put(None)
        if self._working:
            self.client.kill()  # its answer is not wanted any more: do not wait for it
        thread = self._thread
        if thread is not None:
            # a job still running ends within its move time plus grace; END then gets its own grace
            limit = (self.client.turn_ms + self.client.grace_ms) / 1000 + self.client.end_grace + 1
            thread.join(timeout=limit)
        if thread is None or thread.is_alive():
            self.client.kill()

    @staticmethod
    def _shutdown(jobs: queue.Queue[Any], client: GomocupClient) -> None:
        """At interpreter exit without close(): stop the thread and kill the brain's group."""
        jobs.put(None)
        client.kill()

    # ----------------------------------------------------------------- jobs
    @property
    def busy(self) -> bool:
        return self._pending is not None

    def submit(self, job: EngineJob, time_left_ms: int | None = None) -> int:
        """Ask the brain about `job.position`; earlier jobs are cancelled. A move or hint job asks for
        its move, an analysis job for YXNBEST (`job.n_best`); the brain cannot answer other purposes.
        `level` and `seed` mean nothing to an external brain; `limit.time_ms` is its move time."""
        if job.purpose not in (Purpose.MOVE, Purpose.HINT, Purpose.ANALYSIS):
            raise ValueError(f"an external brain cannot answer a {job.purpose.value} job")
        self.start()
        self.cancel()
        self._next_id += 1
        job_id = self._next_id
        self._pending = job_id
        limit = job.limit
        turn_ms = limit.time_ms if limit is not None and limit.time_ms else self.turn_ms
        self._jobs.put((job_id, job, turn_ms, time_left_ms))
        return job_id

    def request(
        self,
        position: Position,
        level: Level | None = None,
        limit: Limit | None = None,
        seed: int = 0,
        purpose: Purpose = Purpose.MOVE,
        time_left_ms: int | None = None,
    ) -> int:
        """A move (or hint) job for `position`, as EngineWorker.request."""
        return self.submit(EngineJob(purpose, position, level or Level.MASTER, limit, seed=seed), time_left_ms)

    def request_analysis(self, position: Position, n_best: int = 3, limit: Limit | None = None) -> int:
        """The brain as analyst: its `n_best` moves (YXNBEST, or its one move if it lacks it) as
        an Analysis, in the shape the built-in worker gives. An external brain cannot analyse
        without end, so there is one reply (`analysis.final` True) after its move time."""
        return self.submit(EngineJob(Purpose.ANALYSIS, position, Level.MASTER, limit, n_best=max(1, n_best)))

    def cancel(self) -> None:
        """Drop the running job's reply; a brain thinking about it is told YXSTOP (see the module docstring)."""
        with self._lock:
            self._cancelled_upto = self._next_id
        self._pending = None
        if self._working:
            self.client.request_stop()

    def poll(self) -> EngineReply | None:
        """The reply to the newest job if it has come, else None. Never blocks."""
        while True:
            try:
                reply = self._replies.get_nowait()
            except queue.Empty:
                return None
            if reply.job_id == self._pending:
                self._pending = None
                if isinstance(reply, FailedReply) and reply.failure is not None:
                    self.last_failure = reply.failure
                return reply

    def wait(self, seconds: float) -> EngineReply | None:
        """The reply to the newest job, waiting up to `seconds` (for tests and the command line)."""
        deadline = time.monotonic() + seconds
        while True:
            reply = self.poll()
            if reply is not None or time.monotonic() >= deadline:
                return reply
            time.sleep(0.005)

    # ----------------------------------------------------------------- the thread
    def _is_cancelled(self, job_id: int) -> bool:
        with self._lock:
            return self._cancelled_upto >= job_id

    def _serve(self) -> None:
        try:
            while True:
                job = self._jobs.get()
                if job is None:
                    return
                job_id, engine_job, turn_ms, time_left_ms = job
                if self._is_cancelled(job_id):
                    continue
                self._working = True
                try:
                    self._replies.put(self._run(job_id, engine_job, turn_ms, time_left_ms))
                finally:
                    self._working = False
        finally:
            self.client.close()

    def _run(self, job_id: int, job: EngineJob, turn_ms: int, time_left_ms: int | None) -> EngineReply:
        purpose, position = job.purpose, job.position
        try:
            board = position.to_board()
            self._ensure_started(board.size, position.rule, turn_ms)
            if purpose is Purpose.ANALYSIS:
                found = self.client.analyse(board, job.n_best, turn_ms=turn_ms)
                return AnalysisReply(job_id, purpose, as_analysis(found, board), brain_analysis=found)
            answer = self.client.move(board, turn_ms=turn_ms, time_left_ms=time_left_ms)
            info = answer.info
            pv = info.pv if info is not None and info.pv and info.pv[0] == answer.point else (answer.point,)
            result = SearchResult(
                answer.point,
                (info.score or 0) if info is not None else 0,
                info.depth if info is not None else 0,
                info.nodes if info is not None else 0,
                pv,
                answer.time_ms,
            )
            return MoveReply(job_id, purpose, result)
        except EngineFailure as failure:
            return FailedReply(job_id, purpose, str(failure), failure=failure)
        except Exception as error:  # a bug of ours must not hang the window: report it like a failure
            failure = EngineFailure(FailureKind.GARBAGE, self.client.name, f"could not be used: {type(error).__name__}: {error}")
            self.client.kill()
            return FailedReply(job_id, purpose, str(failure), failure=failure)

    def _ensure_started(self, size: int, rule: Any, turn_ms: int) -> None:
        client = self.client
        if client.running and client.size == size:
            client.set_rule(rule)
            return
        client.start(size=size, rule=rule, turn_ms=turn_ms, game_type=self.game_type)

    def __enter__(self) -> "ExternalEngineWorker":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def as_analysis(found: BrainAnalysis, board: Any) -> Analysis:
    """A brain's YXNBEST answer in the built-in analysis's shape. Scores are the brain's own
    (its scale may differ from ours); a mate score reads as a proven win or loss."""
    candidates = tuple(
        Candidate(info.pv[0], info.score or 0, info.pv) for info in found.candidates if info.pv
    )
    best = found.candidates[0] if found.candidates else None
    return Analysis(
        to_move=board.to_move,
        candidates=candidates,
        depth=best.depth if best is not None else 0,
        nodes=sum(info.nodes for info in found.candidates),
        time_ms=found.time_ms,
        win=None,
        final=True,
    )
