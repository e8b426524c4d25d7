"""Cancelling an external engine's job sends YXSTOP, so the next request does not wait a whole
move time behind it: a brain that honours YXSTOP answers at once and is kept, one that ignores
it is killed after a short grace and started again. No timed assertion: the brains would take
30-60 s without the stop, the tests allow 20 s."""

from __future__ import annotations

import time
from pathlib import Path

from brain_processes import fake_brain, pids_from, wait_gone

from game.engine import Limit, MoveReply, Position
from game.protocol.client import GomocupClient
from game.protocol.external_worker import ExternalEngineWorker
from game.rules import Board

LONG = Limit(time_ms=30_000)


def wait_for_line(log: Path, word: str, seconds: float = 20.0) -> None:
    """Wait until the brain has received a line starting with `word` (it is thinking then)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if log.exists() and any(line.startswith(word) for line in log.read_text().splitlines()):
            return
        time.sleep(0.02)
    raise AssertionError(f"the brain never received {word}")


def position(*points):
    board = Board(15)
    for point in points:
        board.push(point)
    return Position.from_board(board)


def test_a_brain_that_honours_yxstop_answers_the_next_request_without_a_restart(tmp_path):
    log, pid_file = tmp_path / "log", tmp_path / "pid"
    with ExternalEngineWorker(fake_brain("slow-stop", "--log", str(log), "--pid-file", str(pid_file))) as worker:
        worker.request(position(), limit=LONG)
        wait_for_line(log, "BEGIN")
        pid = pids_from(pid_file)[0]
        job = worker.request(position((7, 7)), limit=LONG)  # cancels the first: YXSTOP
        reply = worker.wait(20)
        assert reply is not None and reply.job_id == job and isinstance(reply, MoveReply), reply
        assert worker.pid == pid  # the same brain: it answered YXSTOP
        assert "YXSTOP" in log.read_text().splitlines()
    assert wait_gone([pid]) == []


def test_a_brain_that_ignores_yxstop_is_killed_after_a_short_grace_and_restarted(tmp_path):
    log, pid_file = tmp_path / "log", tmp_path / "pid"
    with ExternalEngineWorker(fake_brain("slow-deaf", "--log", str(log), "--pid-file", str(pid_file))) as worker:
        worker.request(position(), limit=LONG)
        wait_for_line(log, "BEGIN")
        deaf = pids_from(pid_file)[0]
        pid_file.unlink()
        worker.cancel()
        job = worker.request(position((7, 7)), limit=LONG)
        reply = worker.wait(20)  # the deaf brain would think for 60 s
        assert reply is not None and reply.job_id == job and isinstance(reply, MoveReply), reply
        assert wait_gone([deaf]) == []  # killed, not left thinking
        fresh = pids_from(pid_file)[0]
        assert worker.pid == fresh != deaf
    assert wait_gone([fresh]) == []


def test_a_stray_unknown_to_yxstop_is_not_held_against_the_brain():
    client = GomocupClient(fake_brain("none"))
    try:
        client.start(15, turn_ms=1000)
        client._thinking = True  # a stop that arrives as the answer is already on its way
        assert client.request_stop()
        client._thinking = False
        answer = client.move(Board(15))  # the brain's "UNKNOWN YXSTOP" comes first, then this answer
        assert answer.point == (7, 7)
    finally:
        client.close()


def test_there_is_nothing_to_stop_when_the_brain_is_idle():
    client = GomocupClient(fake_brain("none"))
    try:
        client.start(15, turn_ms=1000)
        assert client.request_stop() is False
    finally:
        client.close()
