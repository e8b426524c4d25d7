"""Run the engine in a worker process so the window keeps drawing at 60 FPS while it thinks.

A CPU-bound search in a thread of the GUI process dropped the frame rate (measured: 60 -> ~43
FPS while it held the GIL). The compiled search now lets go of the GIL (binding.c), but the
pure-Python fallback cannot, and the Python around the kernel still holds it; so the search runs
in a separate process, started once with the "spawn" context and reused for every job. Only plain, picklable data crosses the
boundary: an EngineJob goes in (its Purpose says which fields count), and a reply comes back whose
type says what it holds (MoveReply, OpeningReply, AnalysisReply, TaskReply or FailedReply).
Everything that searches for the window runs here: moves, hints, openings, the coach's analysis,
and as task jobs the puzzles' refutations and the puzzles made from the player's games.

Cancelling works by job id: the parent writes the id of the newest cancelled job into shared
memory, and the running search's `stop` flag reads it. Results of cancelled or superseded
jobs still arrive, but `poll` drops them, so a stale move is never played.

No pygame here; the process is owned by whoever created the EngineWorker (the GUI app).
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import queue
import time
import weakref
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

from .api import Level, Limit, Position, SearchResult
from .coach.analysis import Analysis

#: The worker runs at a slightly lower priority than the window (POSIX nice value).
_NICENESS = 4
#: How long `close` waits for the process to finish on its own before terminating it.
_JOIN_SECONDS = 2.0
#: How often an idle worker checks that the game that started it is still alive.
_PARENT_CHECK_SECONDS = 0.5


class WorkerClosedError(RuntimeError):
    """A request sent to an EngineWorker after `close()`."""


class Purpose(Enum):
    """What a job is for; it decides which fields of the EngineJob count and which reply comes back."""

    MOVE = "move"          # the computer's move: a MoveReply
    HINT = "hint"          # a hint for the player: a MoveReply
    OPENING = "opening"    # an opening decision (opening_choice.decide on `opening`): an OpeningReply
    ANALYSIS = "analysis"  # the coach's candidates: AnalysisReply snapshots, then the final one
    TASK = "task"          # any other engine work (a puzzle's refutation, puzzles from games): a TaskReply


@dataclass(frozen=True)
class EngineJob:
    """One request to the engine process, as plain picklable data. Only the fields of its purpose count.

    `seed` varies the moves of the levels that play with noise, and a move job's choice among
    about equal moves (variety.py: the play screen sends the game's seed); `n_best` is
    how many candidates an analysis keeps; `opening` the question for an opening decision
    ("propose", "choose:black,white", ...). A task job runs `task(*args, stop=stop)` in the engine
    process: `task` must be a module-level function (it is pickled by name) that polls `stop`.
    """

    purpose: Purpose
    position: Position | None = None
    level: Level = Level.MASTER
    limit: Limit | None = None
    seed: int = 0
    n_best: int = 1
    opening: str = ""
    task: Callable[..., Any] | None = None
    args: tuple[Any, ...] = ()


@dataclass(frozen=True)
class EngineReply:
    """A finished (or failed) job: its id and what it was for. The kind of answer is the reply's type."""

    job_id: int
    purpose: Purpose


@dataclass(frozen=True)
class MoveReply(EngineReply):
    """The answer to a move or a hint job."""

    result: SearchResult


@dataclass(frozen=True)
class OpeningReply(EngineReply):
    """The answer to an opening job: an opening_choice.OpeningDecision."""

    decision: Any


@dataclass(frozen=True)
class AnalysisReply(EngineReply):
    """One answer to an analysis job: a snapshot per deeper iteration (`analysis.final` False), then the
    last one (`analysis.final` True). `brain_analysis` holds an external brain's own candidates."""

    analysis: Analysis
    brain_analysis: Any = None


@dataclass(frozen=True)
class TaskReply(EngineReply):
    """What a task job's function returned."""

    value: Any


@dataclass(frozen=True)
class FailedReply(EngineReply):
    """A job that gave no answer: `error` says why ("cancelled", the exception, a dead process);
    `failure` is an external engine's EngineFailure (who failed and how), None for the built-in one."""

    error: str
    failure: Any = None


class _JobStop:
    """The `stop` flag one search polls: set once its job (or a later one) has been cancelled."""

    def __init__(self, cancelled_upto: Any, job_id: int) -> None:
        self._cancelled_upto = cancelled_upto
        self._job_id = job_id

    def is_set(self) -> bool:
        return self._cancelled_upto.value >= self._job_id


def _parent_is_gone() -> bool:
    """Whether the process that started this worker has died (checked between jobs)."""
    parent = multiprocessing.parent_process()
    return parent is not None and not parent.is_alive()


def _serve(jobs: Any, replies: Any, cancelled_upto: Any) -> None:
    """The worker process: answer each (job id, EngineJob) from `jobs` until it receives None."""
    try:
        os.nice(_NICENESS)  # the window must stay smooth when the CPU is busy; the search can yield
    except (AttributeError, OSError):
        pass  # not available on this platform
    while True:
        try:
            message = jobs.get(timeout=_PARENT_CHECK_SECONDS)
        except queue.Empty:
            if _parent_is_gone():
                return  # the game died without closing us (killed, X error): do not linger
            continue
        if message is None:
            return
        job_id, job = message
        if cancelled_upto.value >= job_id:
            replies.put(FailedReply(job_id, job.purpose, "cancelled"))
            continue
        stop = _JobStop(cancelled_upto, job_id)
        try:
            replies.put(_answer(job_id, job, stop, replies.put))
        except Exception as error:  # the parent shows it; the worker must survive a bad job
            replies.put(FailedReply(job_id, job.purpose, f"{type(error).__name__}: {error}"))


def _answer(job_id: int, job: EngineJob, stop: _JobStop, send: Callable[[EngineReply], None]) -> EngineReply:
    """Do one job in the engine process; `send` passes an analysis's snapshots on as they come."""
    from .move_search.root import search
    from .coach.analysis import analyse

    purpose = job.purpose
    if purpose is Purpose.ANALYSIS:

        def progress(snapshot: Analysis) -> None:
            if not stop.is_set():
                send(AnalysisReply(job_id, purpose, snapshot))

        final = analyse(job.position, job.limit, n_best=job.n_best, stop=stop, on_progress=progress, level=job.level)
        return AnalysisReply(job_id, purpose, final)
    if purpose is Purpose.OPENING:
        from .coach.opening_choice import decide

        return OpeningReply(job_id, purpose, decide(job.opening, job.position, job.level, job.limit, job.seed, stop))
    if purpose is Purpose.TASK:
        if job.task is None:
            raise ValueError("a task job without a task")
        return TaskReply(job_id, purpose, job.task(*job.args, stop=stop))
    # a game's move varies by its seed among about equal moves (variety.py); a hint does not
    variety = purpose is Purpose.MOVE
    return MoveReply(job_id, purpose, search(job.position, limit=job.limit, level=job.level, seed=job.seed, stop=stop,
                                             variety=variety))


class EngineWorker:
    """One engine process, started on first use and reused.

    `submit` (or `request`, `request_analysis`) returns a job id at once; `poll` returns the
    reply for the newest job when it is ready (never blocks); `cancel` stops the running search; `close` ends the process and is
    safe to call twice (it also runs at interpreter exit).
    """

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._jobs: Any = None
        self._replies: Any = None
        self._cancelled_upto: Any = None
        self._next_id = 0
        self._pending: int | None = None
        self._pending_purpose = Purpose.MOVE
        self._closed = False
        # finalize also runs at interpreter exit, so a forgotten worker never outlives the game
        self._finalizer = weakref.finalize(self, EngineWorker._shutdown, self.__dict__)

    # ----------------------------------------------------------------- lifecycle
    def start(self) -> None:
        """Start the process now (it takes a moment), so the first move does not wait for it."""
        if self._closed:
            raise WorkerClosedError("the engine worker has been closed")
        if self._process is not None and self._process.is_alive():
            return
        self._jobs = self._context.Queue()
        self._replies = self._context.Queue()
        self._cancelled_upto = self._context.RawValue("q", 0)
        self._cancelled_upto.value = self._next_id
        process = self._context.Process(
            target=_serve, args=(self._jobs, self._replies, self._cancelled_upto), name="gomoku-engine", daemon=True
        )
        process.start()
        self._process = process

    @property
    def is_alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    def close(self) -> None:
        """Stop any search, end the process and wait for it. Idempotent."""
        self._closed = True
        self._pending = None
        self._finalizer()

    @staticmethod
    def _shutdown(state: dict[str, Any]) -> None:
        process = state.get("_process")
        if process is None:
            return
        state["_process"] = None
        if state.get("_cancelled_upto") is not None:
            state["_cancelled_upto"].value = 2**62
        try:
            state["_jobs"].put(None)
        except (OSError, ValueError):
            pass
        process.join(_JOIN_SECONDS)
        if process.is_alive():
            process.terminate()
            process.join(_JOIN_SECONDS)
        for name in ("_jobs", "_replies"):
            channel = state.get(name)
            if channel is not None:
                channel.close()
                channel.join_thread()
                state[name] = None

    # ----------------------------------------------------------------- jobs
    @property
    def busy(self) -> bool:
        """Whether a job is waiting for its reply."""
        return self._pending is not None

    def submit(self, job: EngineJob) -> int:
        """Start `job`; any earlier job is cancelled. Returns the new job id.

        Raises ValueError for a task that cannot cross to the process (a lambda, a nested
        function): it would otherwise be lost in the queue's thread and never answered."""
        if job.purpose is Purpose.TASK:
            try:
                pickle.dumps((job.task, job.args))
            except (pickle.PicklingError, AttributeError, TypeError) as error:
                raise ValueError(f"a task job needs a module-level function and picklable args: {error}") from None
        self.start()
        self.cancel()
        self._next_id += 1
        job_id = self._next_id
        self._pending, self._pending_purpose = job_id, job.purpose
        self._jobs.put((job_id, job))
        return job_id

    def request(
        self,
        position: Position,
        level: Level,
        limit: Limit | None = None,
        seed: int = 0,
        purpose: Purpose = Purpose.MOVE,
    ) -> int:
        """Start searching `position` for a move or a hint; any earlier job is cancelled. Returns the job id."""
        return self.submit(EngineJob(purpose, position, level, limit, seed=seed))

    def request_analysis(self, position: Position, n_best: int = 3, limit: Limit | None = None) -> int:
        """Start analysing `position` (see `analysis.analyse`); any earlier job is cancelled at once.

        limit None analyses without end until the next request or `cancel`. `poll` returns
        a reply per progress snapshot, then one with `analysis.final` True. Returns the job id.
        """
        return self.submit(EngineJob(Purpose.ANALYSIS, position, Level.MASTER, limit, n_best=max(1, n_best)))

    def cancel(self) -> None:
        """Stop the running search (if any); its reply will be dropped."""
        if self._cancelled_upto is not None:
            self._cancelled_upto.value = self._next_id
        self._pending = None

    def poll(self) -> EngineReply | None:
        """The reply to the newest job if it has arrived, else None. Never blocks."""
        if self._replies is None:
            return None
        while True:
            try:
                reply: EngineReply = self._replies.get_nowait()
            except queue.Empty:
                return self._crash_reply()
            except (OSError, ValueError, EOFError):
                return self._crash_reply()
            if reply.job_id == self._pending:
                if not isinstance(reply, AnalysisReply) or reply.analysis.final:
                    self._pending = None
                return reply

    def wait(self, seconds: float) -> EngineReply | None:
        """The reply to the newest job, waiting up to `seconds` for it; None if it did not come.

        For callers with nothing else to do (the self-test, tests); the window polls instead.
        """
        deadline = time.monotonic() + seconds
        while True:
            reply = self.poll()
            if reply is not None or time.monotonic() >= deadline:
                return reply
            time.sleep(0.005)

    def _crash_reply(self) -> EngineReply | None:
        """If the process died with a job pending, say so instead of waiting forever."""
        if self._pending is None or self.is_alive:
            return None
        job_id, self._pending = self._pending, None
        self._process = None
        return FailedReply(job_id, self._pending_purpose, "the engine process stopped unexpectedly")

    def __enter__(self) -> "EngineWorker":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
