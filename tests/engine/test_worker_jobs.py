"""The engine worker's job contract (issue 52): a Purpose and named fields go in, a typed reply comes back."""

from __future__ import annotations

import os

import pytest

import worker_tasks
from game.engine import (
    EngineJob,
    EngineWorker,
    FailedReply,
    Level,
    Limit,
    MoveReply,
    Position,
    Purpose,
    TaskReply,
)
from game.puzzles.attempt import Answer, Attempt, Phase, answer_question
from game.puzzles.collection import bundled_puzzles
from game.rules import Board


@pytest.fixture
def worker():
    engine = EngineWorker()
    yield engine
    engine.close()


def test_a_task_runs_in_the_worker_process_and_comes_back_as_a_task_reply(worker):
    job = worker.submit(EngineJob(Purpose.TASK, task=worker_tasks.process_id))
    reply = worker.wait(60)
    assert isinstance(reply, TaskReply) and reply.job_id == job and reply.purpose is Purpose.TASK
    assert reply.value == worker.pid != os.getpid()


def test_a_failing_task_is_a_failed_reply_and_the_worker_goes_on(worker):
    worker.submit(EngineJob(Purpose.TASK, task=worker_tasks.fails))
    reply = worker.wait(60)
    assert isinstance(reply, FailedReply) and "ValueError: a bad task" in reply.error
    job = worker.submit(EngineJob(Purpose.MOVE, Position.from_board(Board(15)), Level.BEGINNER, Limit(time_ms=100)))
    reply = worker.wait(60)
    assert isinstance(reply, MoveReply) and reply.job_id == job and reply.purpose is Purpose.MOVE


def test_a_newer_job_stops_a_running_task_and_only_its_own_reply_comes(worker):
    first = worker.submit(EngineJob(Purpose.TASK, task=worker_tasks.waits_for_stop, args=(60.0,)))
    worker.start()
    second = worker.submit(EngineJob(Purpose.TASK, task=worker_tasks.process_id))
    reply = worker.wait(30)  # well before the first task's 60 s: it saw its stop flag
    assert isinstance(reply, TaskReply) and reply.job_id == second != first


def test_a_puzzle_refutation_as_a_task_is_what_the_window_would_have_found(worker):
    # a freestyle win puzzle whose edge point (7, 0) is free and wrong
    puzzle = next(p for p in bundled_puzzles()
                  if p.id.startswith("f") and p.id.endswith("w") and (7, 0) not in p.accepted and (7, 0) not in p.moves)
    attempt = Attempt(puzzle, deferred=True)
    attempt.play((7, 0))
    assert attempt.phase is Phase.CHECKING
    worker.submit(EngineJob(Purpose.TASK, task=answer_question, args=(attempt.question,)))
    reply = worker.wait(120)
    assert isinstance(reply, TaskReply) and isinstance(reply.value, Answer)
    assert reply.value == answer_question(attempt.question)  # deterministic: node budgets, no clock
    attempt.answer(reply.value)
    assert attempt.phase is Phase.FAILED and attempt.wrong == (7, 0)



def test_a_task_that_cannot_reach_the_process_is_refused_at_once(worker):
    with pytest.raises(ValueError, match="module-level function"):
        worker.submit(EngineJob(Purpose.TASK, task=lambda stop=None: 1))
    assert not worker.busy
