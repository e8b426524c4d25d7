"""Brains that misbehave in one way each: every case gets its own message, and no process
(brain or brain's child) is left in the process table afterwards."""

from __future__ import annotations

import pytest
from brain_processes import fake_brain, pids_from, wait_gone

from game.engine import FailedReply, MoveReply, Position, Purpose
from game.protocol.client import GomocupClient
from game.protocol.external_worker import ExternalEngineWorker
from game.protocol.failures import EngineFailure, FailureKind
from game.rules import Board, Rule, Stone

FAST = {"grace_ms": 300, "end_grace": 0.5, "start_seconds": 1.5}


def _client(fault: str, tmp_path, **options) -> tuple[GomocupClient, object]:
    pid_file = tmp_path / "pids"
    client = GomocupClient(fake_brain(fault, "--pid-file", str(pid_file)), name="Fake", **{**FAST, **options})
    return client, pid_file


def _play_until_failure(client: GomocupClient, board: Board, moves: int = 3) -> EngineFailure:
    with pytest.raises(EngineFailure) as caught:
        for _ in range(moves):
            answer = client.move(board)
            board.push(answer.point)
            board.push(next(point for point in board.empty_points()))
    return caught.value


@pytest.mark.parametrize(
    "fault, kind, words",
    [
        ("silent", FailureKind.TIMEOUT, "did not answer 'BEGIN' within 200 ms + 300 ms grace; killed"),
        ("late", FailureKind.TIMEOUT, "did not answer 'BEGIN' within"),
        ("crash", FailureKind.DIED, "exited (code 3) after 'TURN"),
        ("illegal", FailureKind.ILLEGAL, "a point already taken"),
        ("garbage", FailureKind.GARBAGE, "printed 'hello there, I am thinking about 7 and 7' instead of a move"),
    ],
)
def test_each_misbehaving_brain_gets_its_message_and_is_gone(fault, kind, words, tmp_path):
    client, pid_file = _client(fault, tmp_path)
    client.start(15, Rule.FREESTYLE, turn_ms=200)
    pids = pids_from(pid_file)
    failure = _play_until_failure(client, Board(15))
    assert failure.kind is kind
    assert failure.engine == "FakeBrain"  # the brain at fault, by the name ABOUT gave
    assert words in failure.detail
    assert client.process is None  # killed at once
    assert wait_gone(pids) == []


def test_a_crash_quotes_what_the_brain_said_on_stderr(tmp_path):
    client, _ = _client("crash", tmp_path)
    client.start(15, Rule.FREESTYLE, turn_ms=200)
    failure = _play_until_failure(client, Board(15))
    assert "segmentation fault (simulated)" in failure.detail


def test_a_renju_forbidden_move_is_judged_by_the_rules(tmp_path):
    board = Board(15, Rule.RENJU)
    for black, white in (((5, 7), (0, 0)), ((6, 7), (14, 0)), ((7, 5), (0, 14)), ((7, 6), (14, 14))):
        board.push(black, Stone.BLACK)
        board.push(white, Stone.WHITE)
    assert board.is_forbidden((7, 7))  # a double three for black, who is to move
    client, pid_file = _client("forbidden", tmp_path)
    client.start(15, Rule.RENJU, turn_ms=200)
    pids = pids_from(pid_file)
    with pytest.raises(EngineFailure) as caught:
        client.move(board)
    assert caught.value.kind is FailureKind.FORBIDDEN and caught.value.point == (7, 7)
    assert "forbidden point for black under renju" in caught.value.detail
    assert wait_gone(pids) == []


def test_a_brain_that_never_answers_start_did_not_start(tmp_path):
    client, pid_file = _client("no-start", tmp_path)
    with pytest.raises(EngineFailure) as caught:
        client.start(15)
    assert caught.value.kind is FailureKind.NOT_STARTED
    assert "did not answer 'START 15' in time" in caught.value.detail
    assert wait_gone(pids_from(pid_file)) == []


def test_a_missing_program_is_reported_not_raised_as_os_error(tmp_path):
    client = GomocupClient(str(tmp_path / "engines" / "pbrain-gone"))
    with pytest.raises(EngineFailure) as caught:
        client.start(15)
    assert caught.value.kind is FailureKind.NOT_STARTED
    assert "there is no file at" in caught.value.detail


def test_an_ignored_end_gets_the_brain_killed_after_the_grace(tmp_path):
    client, pid_file = _client("ignore-end", tmp_path)
    client.start(15, turn_ms=200)
    client.move(Board(15))
    pids = pids_from(pid_file)
    assert client.close() is False
    assert wait_gone(pids) == []


def test_a_brains_own_child_process_is_ended_with_it(tmp_path):
    client, pid_file = _client("child", tmp_path)
    client.start(15, turn_ms=200)
    pids = pids_from(pid_file)
    assert len(pids) == 2
    client.move(Board(15))
    assert client.close() is True
    assert wait_gone(pids) == []


def test_the_brain_runs_in_its_own_folder(tmp_path):
    # a brain given as a path starts in its folder, where it finds its config and weights
    script = tmp_path / "brains" / "pbrain-cwd"
    script.parent.mkdir()
    script.write_text(
        "#!/bin/sh\nwhile read line; do case \"$line\" in START*) echo OK;; ABOUT) echo \"name=\\\"$(basename $(pwd))\\\"\";;"
        " END) exit 0;; esac; done\n"
    )
    script.chmod(0o755)
    client = GomocupClient(str(script), **FAST)
    assert client.start(15)["name"] == "brains"
    client.close()


def test_analysis_uses_yxnbest_and_falls_back_when_the_brain_does_not_know_it(tmp_path):
    client, _ = _client("none", tmp_path)
    client.start(15, turn_ms=200)
    analysis = client.analyse(Board(15), 2)
    assert analysis.nbest_supported and len(analysis.candidates) == 2
    assert analysis.candidates[1].score < 0  # "-M3" read as a lost mate score
    client.close()
    refusing, _ = _client("refuse-nbest", tmp_path)
    refusing.start(15, turn_ms=200)
    plain = refusing.analyse(Board(15), 2)
    assert not plain.nbest_supported and plain.candidates[0].pv[0] == plain.best
    refusing.close()


def test_the_worker_reports_a_failure_and_starts_the_brain_again_next_time(tmp_path):
    worker = ExternalEngineWorker(fake_brain("crash"), turn_ms=200, grace_ms=300)
    try:
        board = Board(15)
        worker.request(Position.from_board(board))
        first = worker.wait(20)
        assert isinstance(first, MoveReply)
        board.push(first.result.move)
        board.push((0, 0))
        worker.request(Position.from_board(board))
        second = worker.wait(20)
        assert isinstance(second, FailedReply)
        assert second.failure.kind is FailureKind.DIED and "exited (code 3)" in second.error
        worker.request(Position.from_board(board))  # a fresh process gets the whole BOARD
        third = worker.wait(20)
        assert isinstance(third, MoveReply) and board.is_empty(third.result.move)
    finally:
        worker.close()


def test_a_cancelled_job_never_delivers_its_move(tmp_path):
    worker = ExternalEngineWorker(fake_brain("none"), turn_ms=200, grace_ms=300)
    try:
        empty = Position.from_board(Board(15))
        worker.request(empty)
        worker.cancel()
        assert not worker.busy and worker.wait(1.0) is None
        job = worker.request(empty)
        reply = worker.wait(20)
        assert reply is not None and reply.job_id == job
    finally:
        worker.close()


def test_an_external_analysis_comes_in_the_builtin_analysis_shape():
    from game.engine import Analysis

    worker = ExternalEngineWorker(fake_brain("none"), turn_ms=200, grace_ms=300)
    try:
        board = Board(15)
        job = worker.request_analysis(Position.from_board(board), n_best=2)
        reply = worker.wait(20)
        assert reply is not None and reply.job_id == job and reply.purpose is Purpose.ANALYSIS
        analysis = reply.analysis
        assert isinstance(analysis, Analysis) and analysis.final and analysis.to_move is Stone.BLACK
        assert [c.move for c in analysis.candidates] == [(7, 7), (6, 6)]
        assert analysis.candidates[1].score < -900_000  # the brain's "-M3": a lost line
    finally:
        worker.close()


def test_the_conversation_is_what_a_gomocup_manager_sends(tmp_path):
    log = tmp_path / "received.txt"
    client = GomocupClient(fake_brain("none", "--log", str(log)), **FAST)
    client.start(15, Rule.RENJU, turn_ms=300)
    board = Board(15, Rule.RENJU)
    board.push(client.move(board).point)  # BEGIN: a fresh brain on an empty board
    board.push((0, 0))
    board.push(client.move(board).point)  # TURN: it knew everything but our stone
    board.pop()
    board.pop()  # a take-back of two moves: the whole position again
    client.move(board)
    client.close()
    received = log.read_text().splitlines()
    assert received[:8] == [
        "START 15", "INFO timeout_turn 300", "INFO timeout_match 0", f"INFO max_memory {350 * 1024 * 1024}",
        "INFO game_type 1", "INFO rule 4", "ABOUT", "BEGIN",
    ]
    assert received[8:] == ["TURN 0,0", "BOARD", "7,7,2", "DONE", "END"]  # white to move: black's stone is 2
