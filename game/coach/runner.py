"""Run a game review in a background process, so the window keeps drawing while it works.

The review is CPU-bound for up to a minute, so it runs in its own process (started with
"spawn", like the engine worker). Progress and cancelling go through shared memory: the
child writes how many positions it has analysed, the parent sets a flag that the search
polls every few hundred nodes, so a cancel takes effect within milliseconds. The finished
GameReview comes back through a queue as plain picklable data.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import queue
import signal
import sys
from typing import Any

from game.rules import Point, Rule

from .external_analyst import AnalystFailed, AnalystSpec
from .review import DEFAULT_TIME_MS, GameReview, ReviewCancelled, review_game

_NICENESS = 4
_JOIN_SECONDS = 2.0


class _SharedFlag:
    """The child's stop flag: the parent's shared byte, read by the search's is_set()."""

    def __init__(self, value: Any) -> None:
        self._value = value

    def is_set(self) -> bool:
        return bool(self._value.value)


def _run(size: int, rule: Rule, points: list[Point], time_ms: int, cancelled: Any, done: Any, total: Any, results: Any,
         analyst: AnalystSpec | None = None) -> None:
    try:
        os.nice(_NICENESS)  # the window stays smooth; the review can wait
    except (AttributeError, OSError):
        pass
    if analyst is not None:
        # a terminate() must still run the finally blocks that kill the analyst's brain
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))

    def progress(finished: int, count: int) -> None:
        total.value = count
        done.value = finished

    stop = _SharedFlag(cancelled)
    try:
        if analyst is not None:
            review = _review_with(analyst, size, rule, points, time_ms, stop, progress)
        else:
            review = review_game(size, rule, points, time_ms, stop=stop, on_progress=progress)
        results.put(("done", review))
    except ReviewCancelled:
        results.put(("cancelled", None))
    except Exception as error:  # shown to the player; the game must not die with the review
        results.put(("error", f"{type(error).__name__}: {error}"))


def _review_with(analyst: AnalystSpec, size: int, rule: Rule, points: list[Point], time_ms: int, stop: Any,
                 progress: Any) -> GameReview:
    """The review scored by an external engine; if it fails, by the built-in engine from the
    start again (one engine's scale throughout), with the failure kept in `analyst_note`."""
    from .external_analyst import ExternalAnalyst
    from .review import proof_time_ms

    try:
        with ExternalAnalyst(analyst, time_ms, proof_time_ms(time_ms), stop) as external:
            review = review_game(size, rule, points, time_ms, stop=stop, on_progress=progress, analyst=external)
            return dataclasses.replace(review, analyst=external.name)
    except AnalystFailed as failure:
        review = review_game(size, rule, points, time_ms, stop=stop, on_progress=progress)
        return dataclasses.replace(review, analyst_note=str(failure))


class ReviewRunner:
    """One review at a time in a child process: `start`, then `progress`/`poll` each frame; `cancel` or `close`."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._results: Any = None
        self._cancelled: Any = None
        self._done: Any = None
        self._total: Any = None
        self._review: GameReview | None = None
        self._finished = False
        self.error = ""

    def start(self, size: int, rule: Rule, points: list[Point], time_ms: int = DEFAULT_TIME_MS,
              analyst: AnalystSpec | None = None) -> None:
        """Start reviewing (any running review is cancelled first); `analyst` names an external
        engine to score the positions (see external_analyst), None for the built-in engine."""
        self.close()
        self.error = ""
        self._review = None
        self._finished = False
        self._cancelled = self._context.RawValue("b", 0)
        self._done = self._context.RawValue("i", 0)
        self._total = self._context.RawValue("i", len(points) + 1)
        self._results = self._context.Queue()
        self._process = self._context.Process(
            target=_run,
            args=(size, rule, [tuple(p) for p in points], time_ms, self._cancelled, self._done, self._total, self._results,
                  analyst),
            name="gomoku-review",
            daemon=True,
        )
        self._process.start()

    @property
    def review(self) -> GameReview | None:
        """The finished review, once `poll` has returned it."""
        return self._review

    @property
    def running(self) -> bool:
        return self._process is not None and not self._finished

    def progress(self) -> tuple[int, int]:
        """(positions analysed, positions in all)."""
        if self._done is None:
            return 0, 0
        return self._done.value, self._total.value

    def poll(self) -> GameReview | None:
        """The finished review, once; None while it runs (or after a cancel or an error, see `error`)."""
        if self._results is None or self._finished:
            return None
        try:
            status, payload = self._results.get_nowait()
        except queue.Empty:
            if self._process is None or self._process.is_alive():
                return None
            try:  # it has ended: its last words may still be in the pipe
                status, payload = self._results.get(timeout=0.2)
            except queue.Empty:
                status, payload = ("cancelled", None) if self._cancelled.value else ("error", "the review process stopped unexpectedly")
        except (OSError, ValueError, EOFError) as problem:
            status, payload = "error", f"the review process cannot be read: {problem}"
        self._finished = True
        if status == "done":
            self._review = payload
            return payload
        if status == "error":
            self.error = payload
        return None

    def cancel(self) -> None:
        """Stop the review: the search sees the flag within milliseconds; no result will come."""
        if self._cancelled is not None:
            self._cancelled.value = 1

    def wait_stopped(self, seconds: float = _JOIN_SECONDS) -> bool:
        """Wait for the child to finish (after `cancel` or on its own); True when it has."""
        if self._process is None:
            return True
        self._process.join(seconds)
        return not self._process.is_alive()

    def close(self) -> None:
        """Cancel and end the child process. Idempotent."""
        process, self._process = self._process, None
        if process is None:
            return
        if self._cancelled is not None:
            self._cancelled.value = 1
        process.join(_JOIN_SECONDS)
        if process.is_alive():
            process.terminate()
            process.join(_JOIN_SECONDS)
        if self._results is not None:
            self._results.close()
            self._results.join_thread()
            self._results = None

    def __enter__(self) -> "ReviewRunner":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass
