"""Where things go on screen, as pure arithmetic: no pygame, so it tests without a window.

The window is split into a square board area on the left and a side panel on the right. The
board geometry turns intersections into pixels and pixels back into intersections, with a
click tolerance so a click between points does nothing instead of guessing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[int, int]
Rect = tuple[int, int, int, int]  # x, y, width, height

#: The smallest window the layout is designed for; the app enforces it.
MIN_WINDOW = (760, 540)
#: A click counts only within this fraction of a cell from the nearest intersection.
CLICK_TOLERANCE = 0.45
#: Free space around the board's outer lines, in cells, with and without coordinate labels.
MARGIN_WITH_COORDS = 1.15
MARGIN_PLAIN = 0.7


@dataclass(frozen=True)
class BoardGeometry:
    """The grid on screen: `size` lines each way, the top-left intersection at (left, top)."""

    size: int
    left: float
    top: float
    cell: float

    def pixel_of(self, point: Point) -> tuple[int, int]:
        """The pixel centre of intersection `point` = (x, y)."""
        x, y = point
        return round(self.left + x * self.cell), round(self.top + y * self.cell)

    def point_at(self, px: float, py: float, tolerance: float = CLICK_TOLERANCE) -> Point | None:
        """The intersection under pixel (px, py), or None if the pixel is not within
        `tolerance` cells of one (between points, or off the board)."""
        if self.cell <= 0:
            return None
        gx = (px - self.left) / self.cell
        gy = (py - self.top) / self.cell
        x, y = round(gx), round(gy)
        if not (0 <= x < self.size and 0 <= y < self.size):
            return None
        if math.hypot(gx - x, gy - y) > tolerance:
            return None
        return x, y

    @property
    def span(self) -> float:
        """Pixels from the first line to the last."""
        return self.cell * (self.size - 1)


@dataclass(frozen=True)
class ScreenLayout:
    """The whole window: the wooden board square, the grid on it, and the side panel."""

    width: int
    height: int
    board_rect: Rect
    grid: BoardGeometry
    panel_rect: Rect


def panel_width_for(width: int) -> int:
    """The side panel takes about a third of the window, within readable limits."""
    return int(min(420, max(270, width * 0.32)))


def screen_layout(width: int, height: int, board_size: int, show_coordinates: bool = True) -> ScreenLayout:
    """Lay out a window of `width` x `height` for a `board_size` board.

    Raises ValueError for a board size below 2 (there would be no cells to draw).
    """
    if board_size < 2:
        raise ValueError(f"board size must be at least 2, got {board_size!r}")
    width, height = max(width, 1), max(height, 1)
    gap = max(12, round(min(width, height) * 0.025))
    panel_w = panel_width_for(width)
    available_w = max(width - panel_w - 3 * gap, 50)
    available_h = max(height - 2 * gap, 50)
    side = int(min(available_w, available_h))
    margin_cells = MARGIN_WITH_COORDS if show_coordinates else MARGIN_PLAIN
    cell = side / (board_size - 1 + 2 * margin_cells)
    # board and panel stay together as one group, centred when the window is wider than needed
    spare = available_w - side
    board_x = gap + spare // 2
    board_y = (height - side) // 2
    grid = BoardGeometry(board_size, board_x + margin_cells * cell, board_y + margin_cells * cell, cell)
    panel_x = board_x + side + gap
    panel_rect = (panel_x, gap, panel_w, height - 2 * gap)
    return ScreenLayout(width, height, (board_x, board_y, side, side), grid, panel_rect)


def star_points(size: int) -> list[Point]:
    """The marked points: 15x15 has h8 and d4/l4/d12/l12; 19x19 the nine hoshi."""
    if size < 7:
        return []
    edge = 3 if size >= 13 else 2
    far = size - 1 - edge
    centre = size // 2
    corners = [(edge, edge), (far, edge), (edge, far), (far, far)]
    points = corners + ([(centre, centre)] if size % 2 == 1 else [])
    if size >= 19:
        points += [(centre, edge), (centre, far), (edge, centre), (far, centre)]
    return sorted(points)


def column_label(x: int) -> str:
    """Column letters a, b, c... including i, as Gomoku notation uses them."""
    return chr(ord("a") + x)


def row_label(y: int, size: int) -> str:
    """Row numbers count from 1 at the bottom, so the top row (y = 0) is `size`."""
    return str(size - y)


def step_cursor(cursor: Point, dx: int, dy: int, size: int) -> Point:
    """Move a keyboard cursor one step, stopping at the board's edge."""
    x, y = cursor
    return min(max(x + dx, 0), size - 1), min(max(y + dy, 0), size - 1)
