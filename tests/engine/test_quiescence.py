"""The horizon: an open three of the side not to move is answered before the position is judged."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.backend import AlphaBeta
from game.engine.api import Level
from game.engine.move_search.clock import Clock
from game.engine.levels.config import level_config
from game.engine.backend import BLACK, WHITE, EngineBoard
from game.engine.backend import ThreatSearch

from engine_positions import board_from_rows


@pytest.fixture(autouse=True)
def _classic_search(monkeypatch):
    """These tests guard the classic search (native/search/search.c and alphabeta.py), which Master
    no longer runs by default (levels.SEARCHES)."""
    monkeypatch.setenv("GOMOKU_SEARCH", "classic")


# Black has just made an open three on row 6; white is to move and can block either end.
ROWS = ["." * 15] * 5 + [
    "...............",
    "......XXX......",
    ".......O.......",
    "........O......",
    "...............",
] + ["." * 15] * 5

WIDE = 10**7


def _searcher(quiet: bool) -> tuple[EngineBoard, AlphaBeta]:
    board = EngineBoard.from_board(board_from_rows(ROWS))
    config = replace(level_config(Level.MASTER), quiet_threes=quiet, node_vcf=0)
    clock = Clock(None, None)
    return board, AlphaBeta(board, config, clock, ThreatSearch(board, clock), 0)


def test_the_horizon_answers_an_open_three_and_agrees_with_one_ply_more():
    board, searcher = _searcher(quiet=True)
    at_horizon = searcher.negamax(0, -WIDE, WIDE, 1, WHITE)
    one_more = searcher.negamax(1, -WIDE, WIDE, 1, WHITE)
    assert abs(at_horizon - one_more) < 1000, (at_horizon, one_more)


def test_without_it_the_three_counts_as_unstoppable_at_the_horizon():
    _, quiet = _searcher(quiet=True)
    _, plain = _searcher(quiet=False)
    judged_now = plain.negamax(0, -WIDE, WIDE, 1, WHITE)
    answered = quiet.negamax(0, -WIDE, WIDE, 1, WHITE)
    assert answered > judged_now + 2000, (answered, judged_now)


def test_the_board_is_restored_after_the_quiescence_search():
    board, searcher = _searcher(quiet=True)
    before = board.snapshot()
    searcher.negamax(0, -WIDE, WIDE, 1, WHITE)
    assert board.snapshot() == before
    assert board.by_class[BLACK]
