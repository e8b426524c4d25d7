"""Run the engine in a worker process so the window keeps drawing at 60 FPS while it thinks.

A CPU-bound search in a thread of the GUI process holds the GIL and drops the frame rate
(measured: 60 -> ~43 FPS), so the search runs in a separate process, started once with the
"spawn" context and reused for every move and hint. Only plain, picklable data crosses the
boundary: a Position, a Level, a Limit and a seed go in; a SearchResult comes back.

Cancelling works by job id: the parent writes the id of the newest cancelled job into shared
memory, and the running search's `stop` flag reads it. Results of cancelled or superseded
jobs still arrive, but `poll` drops them, so a stale move is never played.

No pygame here; the process is owned by whoever created the EngineWorker (the GUI app).
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import time
import weakref
from dataclasses import dataclass
from typing import Any

from .api import Level, Limit, Position, SearchResult
from .coach.analysis import Analysis

#: The worker runs at a slightly lower priority than the window (POSIX nice value).
_NICENESS = 4
#: How long `close` waits for the process to finish on its own before terminating it.
_JOIN_SECONDS = 2.0
#: How often an idle worker checks that the game that started it is still alive.
_PARENT_CHECK_SECONDS = 0.5


#: Jobs whose purpose starts with this are opening decisions: "opening:propose", "opening:choose:black,white", ...
OPENING_PURPOSE = "opening:"


class WorkerClosedError(RuntimeError):
    """A request sent to an EngineWorker after `close()`."""


@dataclass(frozen=True)
class EngineReply:
    """A finished job: its id, what it was for ("move", "hint", "analysis" or "opening:..."), and the
    result (a SearchResult, or an OpeningDecision for opening jobs) or an error text.

    An analysis job replies many times: a snapshot per deeper iteration (`analysis.final`
    False), then the last one (`analysis.final` True); `result` is None for all of them.
    """

    job_id: int
    purpose: str
    result: SearchResult | None
    error: str = ""
    analysis: Analysis | None = None


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
    """The worker process: search each job from `jobs` until it receives None."""
    from .move_search.root import search
    from .coach.analysis import analyse

    try:
        os.nice(_NICENESS)  # the window must stay smooth when the CPU is busy; the search can yield
    except (AttributeError, OSError):
        pass  # not available on this platform
    while True:
        try:
            job = jobs.get(timeout=_PARENT_CHECK_SECONDS)
        except queue.Empty:
            if _parent_is_gone():
                return  # the game died without closing us (killed, X error): do not linger
            continue
        if job is None:
            return
        job_id, purpose, position, level, limit, seed = job
        if cancelled_upto.value >= job_id:
            replies.put(EngineReply(job_id, purpose, None, "cancelled"))
            continue
        try:
            if purpose == "analysis":
                stop = _JobStop(cancelled_upto, job_id)

                def progress(snapshot: Analysis, job_id=job_id, stop=stop) -> None:
                    if not stop.is_set():
                        replies.put(EngineReply(job_id, purpose, None, analysis=snapshot))

                final = analyse(position, limit, n_best=seed, stop=stop, on_progress=progress, level=level)
                replies.put(EngineReply(job_id, purpose, None, analysis=final))
                continue
            stop = _JobStop(cancelled_upto, job_id)
            if purpose.startswith(OPENING_PURPOSE):  # an opening decision, not a move (opening_choice.decide)
                from .coach.opening_choice import decide

                result = decide(purpose[len(OPENING_PURPOSE):], position, level, limit, seed, stop)
            else:
                result = search(position, limit=limit, level=level, seed=seed, stop=stop)
            replies.put(EngineReply(job_id, purpose, result))
        except Exception as error:  # the parent shows it; the worker must survive a bad job
            replies.put(EngineReply(job_id, purpose, None, f"{type(error).__name__}: {error}"))


class EngineWorker:
    """One engine process, started on first use and reused.

    `request` returns a job id at once; `poll` returns the reply for the newest job when it is
    ready (never blocks); `cancel` stops the running search; `close` ends the process and is
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

    def request(
        self,
        position: Position,
        level: Level,
        limit: Limit | None = None,
        seed: int = 0,
        purpose: str = "move",
    ) -> int:
        """Start searching `position`; any earlier job is cancelled. Returns the new job id."""
        self.start()
        self.cancel()
        self._next_id += 1
        job_id = self._next_id
        self._pending = job_id
        self._jobs.put((job_id, purpose, position, level, limit, seed))
        return job_id

    def request_analysis(self, position: Position, n_best: int = 3, limit: Limit | None = None) -> int:
        """Start analysing `position` (see `analysis.analyse`); any earlier job is cancelled at once.

        limit None analyses without end until the next request or `cancel`. `poll` returns
        a reply per progress snapshot, then one with `analysis.final` True. Returns the job id.
        """
        self.start()
        self.cancel()
        self._next_id += 1
        job_id = self._next_id
        self._pending = job_id
        # the seed slot carries n_best: an analysis has no seed
        self._jobs.put((job_id, "analysis", position, Level.MASTER, limit, max(1, n_best)))
        return job_id

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
                if reply.analysis is None or reply.analysis.final:
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
        return EngineReply(job_id, "move", None, "the engine process stopped unexpectedly")

    def __enter__(self) -> "EngineWorker":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
