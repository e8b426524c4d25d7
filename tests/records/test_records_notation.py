"""Standard notation: a.. from the left (i included), rows from the bottom."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.records import NotationError, RecordError, format_moves, notation_to_point, parse_moves, point_to_notation


def test_centre_of_15x15_is_h8():
    assert point_to_notation((7, 7), 15) == "h8"
    assert notation_to_point("h8", 15) == (7, 7)


def test_centre_of_19x19_is_j10():
    assert point_to_notation((9, 9), 19) == "j10"
    assert notation_to_point("j10", 19) == (9, 9)


@pytest.mark.parametrize(
    ("point", "size", "text"),
    [((0, 0), 15, "a15"), ((0, 14), 15, "a1"), ((14, 0), 15, "o15"), ((14, 14), 15, "o1"), ((8, 0), 15, "i15"),
     ((18, 18), 19, "s1"), ((0, 0), 19, "a19"), ((24, 24), 25, "y1"), ((4, 0), 5, "e5")],
)
def test_corners_and_the_letter_i(point, size, text):
    assert point_to_notation(point, size) == text
    assert notation_to_point(text, size) == point


def test_notation_is_case_insensitive_and_trims_spaces():
    assert notation_to_point("  H8 ", 15) == (7, 7)


@pytest.mark.parametrize("text", ["", "8h", "h", "hh", "h0", "h16", "p8", "h 8", "h8x", "é8", "h٣"])
def test_bad_notation_is_refused_with_the_text_quoted(text):
    with pytest.raises(NotationError) as error:
        notation_to_point(text, 15)
    assert repr(text.strip()) in str(error.value) or repr(text) in str(error.value)


def test_off_board_point_cannot_be_written():
    with pytest.raises(NotationError, match=r"\(15, 0\)"):
        point_to_notation((15, 0), 15)


def test_notation_error_is_a_record_error_and_a_value_error():
    assert issubclass(NotationError, RecordError) and issubclass(RecordError, ValueError)


def test_format_and_parse_a_game():
    moves = [(7, 7), (8, 6), (6, 8)]
    assert format_moves(moves, 15) == "h8i9g7"
    assert parse_moves("h8i9g7", 15) == moves
    assert parse_moves("H8 i9, G7", 15) == moves


def test_two_digit_rows_parse_greedily():
    assert parse_moves("a1a15o10", 15) == [(0, 14), (0, 0), (14, 5)]


def test_parse_moves_names_the_bad_piece():
    with pytest.raises(NotationError, match=r"character 4.*'\?\?i9'"):
        parse_moves("h8 ??i9", 15)


@pytest.mark.parametrize("size", [15, 19, 5, 25])
@given(data=st.data())
def test_notation_round_trips_every_point(size, data):
    points = data.draw(st.lists(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1))))
    assert parse_moves(format_moves(points, size), size) == points
    for point in points:
        assert notation_to_point(point_to_notation(point, size), size) == point


@given(st.text(max_size=30), st.sampled_from([5, 9, 15, 19, 25]))
def test_parse_moves_on_garbage_returns_points_or_raises_notation_error(text, size):
    try:
        points = parse_moves(text, size)
    except NotationError:
        return
    assert all(0 <= x < size and 0 <= y < size for x, y in points)
