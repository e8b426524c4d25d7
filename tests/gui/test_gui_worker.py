"""The engine worker process: answers, drops stale replies, and leaves nothing running."""

import multiprocessing
import time

import pytest

from game.engine import EngineWorker, Level, Limit, MoveReply, Position, Purpose, WorkerClosedError
from game.rules import Board


def opening() -> Position:
    board = Board(15)
    for point in [(7, 7), (8, 8), (8, 7)]:
        board.push(point)
    return Position.from_board(board)


def wait_for_reply(worker: EngineWorker, seconds: float = 30.0):
    reply = worker.wait(seconds)
    assert reply is not None, "the worker did not answer in time"
    return reply


@pytest.fixture
def worker():
    engine = EngineWorker()
    yield engine
    engine.close()


def test_a_request_gets_a_legal_move_back(worker):
    position = opening()
    job = worker.request(position, Level.BEGINNER, Limit(time_ms=200), seed=1)
    reply = wait_for_reply(worker)
    assert isinstance(reply, MoveReply) and reply.job_id == job and reply.purpose is Purpose.MOVE
    assert position.to_board().is_empty(reply.result.move)


def test_poll_never_blocks(worker):
    worker.request(opening(), Level.MASTER, Limit(time_ms=2000))
    started = time.monotonic()
    worker.poll()
    assert time.monotonic() - started < 0.05
    worker.cancel()


def test_a_cancelled_search_stops_quickly_and_its_reply_is_dropped(worker):
    first = worker.request(opening(), Level.MASTER, Limit(time_ms=20000))
    time.sleep(0.3)
    second = worker.request(opening(), Level.BEGINNER, Limit(time_ms=100), purpose=Purpose.HINT)
    started = time.monotonic()
    reply = wait_for_reply(worker, seconds=10)
    assert reply.job_id == second != first
    assert isinstance(reply, MoveReply) and reply.purpose is Purpose.HINT
    assert time.monotonic() - started < 5  # the 20 s search was stopped, not waited out


def test_wait_gives_up_with_none_when_no_reply_comes_in_time(worker):
    worker.request(opening(), Level.MASTER, Limit(time_ms=20000))
    started = time.monotonic()
    assert worker.wait(0.2) is None
    assert 0.2 <= time.monotonic() - started < 2
    worker.cancel()


def test_cancel_leaves_nothing_pending(worker):
    worker.request(opening(), Level.MASTER, Limit(time_ms=20000))
    assert worker.busy
    worker.cancel()
    assert not worker.busy
    time.sleep(0.5)
    assert worker.poll() is None  # the stopped job's reply is stale


def test_close_ends_the_process_and_is_idempotent():
    worker = EngineWorker()
    worker.request(opening(), Level.MASTER, Limit(time_ms=20000))
    assert worker.is_alive
    worker.close()
    worker.close()
    assert not worker.is_alive
    assert multiprocessing.active_children() == []
    with pytest.raises(WorkerClosedError):
        worker.request(opening(), Level.BEGINNER)


def test_the_process_is_reused_between_requests(worker):
    worker.request(opening(), Level.BEGINNER, Limit(time_ms=100))
    wait_for_reply(worker)
    pid = worker.pid
    worker.request(opening(), Level.BEGINNER, Limit(time_ms=100))
    wait_for_reply(worker)
    assert worker.pid == pid


def test_worker_exits_when_the_game_dies_without_closing_it(tmp_path):
    """A game killed outright (an X error, SIGKILL) cannot run its clean-up; the worker must notice."""
    import os
    import subprocess
    import sys

    script = (
        "import os, sys\n"
        "from game.engine import EngineWorker\n"
        "worker = EngineWorker()\n"
        "worker.start()\n"
        "print(worker._process.pid, flush=True)\n"
        "os._exit(1)  # no finalizers, no close(): like a crash\n"
    )
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    worker_pid = int(completed.stdout.strip())
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            os.kill(worker_pid, 0)
        except ProcessLookupError:
            return
        try:
            os.waitpid(worker_pid, os.WNOHANG)  # reap it if it became our child (it is not; harmless)
        except ChildProcessError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"worker {worker_pid} outlived the game that started it")
