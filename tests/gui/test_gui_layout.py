"""Pixel <-> intersection maths, checked at several window and board sizes without a window."""

import pytest

from game.ui.layout import (
    CLICK_TOLERANCE,
    MIN_WINDOW,
    column_label,
    row_label,
    screen_layout,
    star_points,
    step_cursor,
)

SIZES = [MIN_WINDOW, (1000, 720), (1120, 800), (1920, 1080), (900, 1200), (3000, 1000)]


@pytest.mark.parametrize("window", SIZES)
@pytest.mark.parametrize("board_size", [15, 19])
@pytest.mark.parametrize("coordinates", [True, False])
def test_every_intersection_maps_back_to_itself(window, board_size, coordinates):
    grid = screen_layout(*window, board_size, coordinates).grid
    for x in range(board_size):
        for y in range(board_size):
            assert grid.point_at(*grid.pixel_of((x, y))) == (x, y)


@pytest.mark.parametrize("window", SIZES)
def test_clicks_near_a_point_count_and_clicks_between_points_do_not(window):
    grid = screen_layout(*window, 15).grid
    cx, cy = grid.pixel_of((7, 7))
    near = grid.cell * (CLICK_TOLERANCE - 0.05)
    assert grid.point_at(cx + near, cy) == (7, 7)
    assert grid.point_at(cx, cy - near) == (7, 7)
    middle = grid.cell * 0.5
    assert grid.point_at(cx + middle, cy + middle) is None  # the centre of a cell is nobody's
    far = grid.cell * (CLICK_TOLERANCE + 0.04)
    assert grid.point_at(cx + far, cy) is None


@pytest.mark.parametrize("window", SIZES)
def test_clicks_off_the_board_find_nothing(window):
    layout = screen_layout(*window, 15)
    grid = layout.grid
    left, top = grid.pixel_of((0, 0))
    assert grid.point_at(left - grid.cell, top) is None
    assert grid.point_at(left, top - grid.cell) is None
    px, py, pw, ph = layout.panel_rect
    assert grid.point_at(px + pw // 2, py + ph // 2) is None


@pytest.mark.parametrize("window", SIZES)
@pytest.mark.parametrize("board_size", [15, 19])
def test_board_and_panel_fit_in_the_window_without_overlapping(window, board_size):
    layout = screen_layout(*window, board_size)
    bx, by, bw, bh = layout.board_rect
    px, py, pw, ph = layout.panel_rect
    width, height = window
    assert bw == bh and bw > 0
    assert 0 <= bx and bx + bw <= px and px + pw <= width
    assert 0 <= by and by + bh <= height and py + ph <= height
    last = layout.grid.pixel_of((board_size - 1, board_size - 1))
    assert bx < last[0] < bx + bw and by < last[1] < by + bh


def test_a_bigger_window_gives_bigger_cells():
    small = screen_layout(*MIN_WINDOW, 15).grid.cell
    large = screen_layout(1920, 1080, 15).grid.cell
    assert large > small * 1.5


def test_star_points_are_the_usual_ones():
    assert star_points(15) == sorted([(7, 7), (3, 3), (11, 3), (3, 11), (11, 11)])
    nineteen = star_points(19)
    assert len(nineteen) == 9 and (9, 9) in nineteen and (3, 3) in nineteen and (15, 9) in nineteen


def test_labels_include_i_and_count_rows_from_the_bottom():
    assert "".join(column_label(x) for x in range(15)) == "abcdefghijklmno"
    assert row_label(0, 15) == "15" and row_label(14, 15) == "1"


def test_cursor_stops_at_the_edge():
    assert step_cursor((0, 0), -1, -1, 15) == (0, 0)
    assert step_cursor((14, 7), 1, 0, 15) == (14, 7)
    assert step_cursor((7, 7), 1, -1, 15) == (8, 6)


def test_a_board_without_cells_is_refused():
    with pytest.raises(ValueError, match="at least 2"):
        screen_layout(800, 600, 1)
