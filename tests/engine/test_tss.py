"""Threat-space search: finds wins by threes, stays sound, restores the board, guides the defence."""

from __future__ import annotations

import pytest

from game.engine import Level, Limit, Position, search
from game.engine.eval import patterns as pt
from game.engine.move_search.clock import Clock
from game.engine.backend import BLACK, WHITE, EngineBoard
from game.engine.backend import ThreatSpaceSearch
from game.rules import Board, Rule, Stone

from engine_positions import board_from_rows

# Black to move: (7,8) makes an open three across and a broken three down at once.
DOUBLE_THREE = [
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    ".......X.......",
    ".......X.......",
    "...............",
    ".....XX........",
    "...............",
    "...............",
    "..O..........O.",
    "...............",
    "..O...........O",
    "...............",
]

# The same, but white has a closed three on row 13, so white can answer a three with a four.
WITH_WHITE_FOUR = [row for row in DOUBLE_THREE[:13]] + [
    "XOOO...........",
    "...............",
]


def engine_board(rows, rule=Rule.FREESTYLE) -> EngineBoard:
    return EngineBoard.from_board(board_from_rows(rows, rule))


def test_finds_a_double_three_and_restores_the_board():
    board = engine_board(DOUBLE_THREE)
    before = board.snapshot()
    line = ThreatSpaceSearch(board, Clock(None, None)).find(BLACK, 4)
    assert line is not None
    assert board.point(line.threats[0]) == (7, 8)
    assert board.snapshot() == before


def test_no_plan_for_the_side_without_stones_to_build_on():
    board = engine_board(DOUBLE_THREE)
    assert ThreatSpaceSearch(board, Clock(None, None)).find(WHITE, 6) is None


def test_sound_mode_plays_no_three_against_a_four_but_the_plan_finder_does():
    board = engine_board(WITH_WHITE_FOUR)
    assert board.by_class[WHITE][pt.C_BLOCK4]  # white has a four to answer with
    assert ThreatSpaceSearch(board, Clock(None, None), sound=True).find(BLACK, 4) is None
    plan = ThreatSpaceSearch(board, Clock(None, None), sound=False).find(BLACK, 4)
    assert plan is not None and board.point(plan.threats[0]) == (7, 8)


def test_a_sound_line_wins_against_every_defence_in_play():
    """Play the found line out: whatever white answers to each threat, black still gets five."""
    board = engine_board(DOUBLE_THREE)
    line = ThreatSpaceSearch(board, Clock(None, None)).find(BLACK, 4)
    first = line.threats[0]
    board.make(first, BLACK)
    # after the double three, every white answer still leaves black an open-four point
    answers = [c for c in board.board_cells if board.cells[c] == 0 and board.near[c]]
    for answer in answers:
        board.make(answer, WHITE)
        assert board.by_class[BLACK][pt.C_FIVE] or board.by_class[BLACK][pt.C_FLEX4], board.point(answer)
        board.unmake()
    board.unmake()


# From Master's games against the threatspace peer: the opponent has a sound threat-space
# win if the side to move passes, and only a few moves stop it (found by trying them all).
PLANS_TO_REFUTE = [
    ("4,6 7,5 9,7 7,6 4,5 8,5 4,7 4,8 4,3 4,4", {(5, 7), (6, 7), (6, 8)}),
    ("5,5 10,8 7,9 8,10 4,6 9,10 7,10 9,9 7,11 7,12 7,8 7,7 6,4 3,7 7,3 8,2", {(3, 5), (5, 7), (6, 8), (8, 11)}),
]


@pytest.mark.parametrize("moves, refutations", PLANS_TO_REFUTE)
def test_master_refutes_the_opponents_threat_plan(moves, refutations):
    board = Board(15, Rule.FREESTYLE)
    for number, text in enumerate(moves.split()):
        board.push(tuple(int(v) for v in text.split(",")), Stone.BLACK if number % 2 == 0 else Stone.WHITE)
    mover = board.to_move
    before = EngineBoard.from_board(board)
    assert ThreatSpaceSearch(before, Clock(None, None)).find(int(mover.opponent), 10) is not None
    result = search(Position.from_board(board), Limit(time_ms=1500), Level.MASTER)
    assert result.move in refutations, result
    board.push(result.move, mover)
    after = EngineBoard.from_board(board)
    assert ThreatSpaceSearch(after, Clock(None, None)).find(int(mover.opponent), 10) is None


@pytest.mark.parametrize("rule", [Rule.RENJU])
def test_black_never_plans_through_a_forbidden_point(rule):
    """Under renju the double three is forbidden for black: no line may start there."""
    board = engine_board(DOUBLE_THREE, rule)
    line = ThreatSpaceSearch(board, Clock(None, None)).find(BLACK, 4)
    assert line is None or board.point(line.threats[0]) != (7, 8)
