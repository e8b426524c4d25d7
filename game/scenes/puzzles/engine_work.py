"""The puzzle screen's engine work, all of it in the shared engine worker process, never on the
window's thread: the search a move off the proof waits for (Attempt.question), and puzzles made
from the player's games.

The worker answers only its newest job, so there is one job at a time: a question goes first
(it cancels a puzzle being made, whose moment stays queued and is sent again later), and the
next moment is sent when the worker is free.
"""

from __future__ import annotations

import logging
from typing import Callable

from game.engine import EngineJob, EngineWorker, FailedReply, Purpose, TaskReply
from game.puzzles.attempt import Answer, Attempt, Question, answer_question
from game.puzzles.collection import Moment
from game.puzzles.from_games import puzzle_from

from .library import PuzzleLibrary

log = logging.getLogger(__name__)

#: What the screen does with a question the engine could not answer: no other proof, no counter-win.
NOTHING_FOUND = Answer(None, None)


class PuzzleEngineWork:
    """The one engine job the puzzle screen waits for. `engine` is called lazily (the worker
    process starts on first use)."""

    def __init__(self, engine: Callable[[], EngineWorker]) -> None:
        self._engine = engine
        self._job: int | None = None
        self._question: Question | None = None
        self._moment: Moment | None = None

    @property
    def busy(self) -> bool:
        return self._job is not None

    def update(self, attempt: Attempt | None, library: PuzzleLibrary) -> bool:
        """Send, replace or collect the job; call every frame. True when the puzzle or the lists changed."""
        question = attempt.question if attempt is not None else None
        if self._question is not None and question is not self._question:
            self.stop()  # the question went away (Retry, Next, Show solution): its answer is not wanted
        if question is not None and self._question is None:
            self._send(EngineJob(Purpose.TASK, task=answer_question, args=(question,)))
            self._question, self._moment = question, None  # a puzzle being made is cancelled; it stays queued
        elif self._job is None and library.next_moment() is not None:
            self._moment = library.next_moment()
            self._send(EngineJob(Purpose.TASK, task=puzzle_from, args=(self._moment,)))
        return self._collect(attempt, library)

    def stop(self) -> None:
        """Cancel the job (leaving the screen, or its question is gone)."""
        if self._job is not None:
            self._engine().cancel()
        self._job, self._question, self._moment = None, None, None

    def _send(self, job: EngineJob) -> None:
        self._job = self._engine().submit(job)

    def _collect(self, attempt: Attempt | None, library: PuzzleLibrary) -> bool:
        if self._job is None:
            return False
        reply = self._engine().poll()
        if reply is None or reply.job_id != self._job:
            return False
        question, moment = self._question, self._moment
        self._job, self._question, self._moment = None, None, None
        if isinstance(reply, FailedReply):
            log.warning("the engine could not answer the puzzle screen: %s", reply.error)
        value = reply.value if isinstance(reply, TaskReply) else None
        if question is not None and attempt is not None:
            attempt.answer(value if isinstance(value, Answer) else NOTHING_FOUND)
            return True
        if moment is not None:
            library.made(moment, value)  # a failed moment is dropped too: it must not block the others
            return True
        return False
