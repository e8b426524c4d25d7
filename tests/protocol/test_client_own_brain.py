"""The manager side driving our own brain through the path a player would give it."""

from __future__ import annotations

import pytest
from brain_processes import own_brain_path, wait_gone

from game.engine import Limit, MoveReply, Position
from game.protocol.client import GomocupClient
from game.protocol.external_worker import ExternalEngineWorker
from game.rules import Board, Rule


@pytest.fixture
def brain_path():
    try:
        return own_brain_path()
    except FileNotFoundError as error:
        pytest.skip(str(error))


def test_client_plays_a_few_moves_with_our_brain_and_leaves_no_process(brain_path):
    client = GomocupClient(str(brain_path))
    about = client.start(15, Rule.RENJU, turn_ms=200)
    assert about["name"] == "GomokuDesktop" and client.name == "GomokuDesktop"
    pid = client.pid
    board = Board(15, Rule.RENJU)
    for reply in ((0, 0), (14, 0), (0, 14)):
        answer = client.move(board)
        assert board.is_empty(answer.point)
        board.push(answer.point)
        board.push(reply)  # a TURN: the brain knew everything but this stone
    board.pop()  # a take-back: the next request must send the whole BOARD
    answer = client.move(board)
    assert board.is_empty(answer.point)
    analysis = client.analyse(board, 2)
    assert analysis.nbest_supported and board.is_empty(analysis.best)
    assert client.close() is True  # it obeyed END
    assert wait_gone([pid]) == []


def test_external_worker_answers_like_the_builtin_worker(brain_path):
    board = Board(15)
    board.push((7, 7))
    with ExternalEngineWorker(str(brain_path), turn_ms=200) as worker:
        job = worker.request(Position.from_board(board), None, Limit(time_ms=200))
        assert worker.busy
        reply = worker.wait(30)
        assert reply is not None and reply.job_id == job and isinstance(reply, MoveReply)
        assert board.is_empty(reply.result.move) and reply.result.pv[0] == reply.result.move
        pid = worker.pid
    assert wait_gone([pid]) == []
