"""The engine's public values: picklable, round-trip through a Board, sensible defaults."""

import pickle

import pytest

from game.engine import Level, Limit, Position, PositionError, SearchResult, default_limit
from game.rules import Board, Rule, Stone


def test_position_round_trips_through_board():
    board = Board(15, Rule.RENJU)
    for point in [(7, 7), (8, 8), (6, 6)]:
        board.push(point)
    position = Position.from_board(board)
    again = Position.from_board(position.to_board())
    assert again == position
    assert position.to_move is Stone.WHITE


def test_position_and_result_are_picklable():
    position = Position(15, Rule.STANDARD, ((7, 7, 1), (8, 7, 2)), Stone.BLACK)
    result = SearchResult((3, 4), 12, 5, 100, ((3, 4), (5, 5)), 20, "vcf")
    assert pickle.loads(pickle.dumps(position)) == position
    assert pickle.loads(pickle.dumps(result)) == result


def test_position_with_two_stones_on_one_point_is_refused():
    position = Position(15, Rule.FREESTYLE, ((7, 7, 1), (7, 7, 2)), Stone.BLACK)
    with pytest.raises(PositionError, match=r"\(7, 7, 2\)"):
        position.to_board()


@pytest.mark.parametrize("level", list(Level))
def test_every_level_has_a_time_budget_and_label(level):
    assert default_limit(level).time_ms is not None
    assert level.label == level.value.capitalize()
    assert Level(level.value) is level


def test_limit_defaults_do_not_limit():
    assert Limit() == Limit(None, None, None)
