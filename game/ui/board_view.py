"""Drawing the board: wood, grid, star points, coordinates, stones and every marker.

The static part (wood, lines, stars, labels) is rendered once per window size into a cached
surface; each frame blits it and the stones. Drawing never changes state: the scene builds a
`BoardMarks` value from the model and hands it over.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from game.resources import AssetNotFoundError, asset_path
from game.rules import Board, Point, Stone

from . import text, theme
from .layout import ScreenLayout, column_label, row_label, screen_layout, star_points
from .stones import blit_stone, ghost_surface


@dataclass(frozen=True)
class BoardMarks:
    """What to show on top of the stones this frame (all optional)."""

    last_move: Point | None = None
    winning_line: tuple[Point, ...] = ()
    forbidden: tuple[Point, ...] = ()
    hint: Point | None = None
    hover: Point | None = None
    hover_stone: Stone | None = None
    cursor: Point | None = None
    show_numbers: bool = False
    pulse: float = 0.0  # 0..1, animates the hint and the winning line
    settle: float = 1.0  # 0..1, how far the newest stone has settled onto the board
    dim: bool = False  # grey the board out a little (e.g. behind a result panel)


_wood_cache: dict[str, pygame.Surface] = {}
# wood + grid + labels for the current window size, shared by every scene that shows a board
_background_cache: dict[tuple[Any, ...], pygame.Surface] = {}


def _wood() -> pygame.Surface | None:
    if "wood" not in _wood_cache:
        try:
            _wood_cache["wood"] = pygame.image.load(str(asset_path("images", "wood.png"))).convert()
        except (AssetNotFoundError, pygame.error):
            return None
    return _wood_cache["wood"]


class BoardView:
    """Draws one board for one layout; call `relayout` when the window or the board changes."""

    def __init__(self, layout: ScreenLayout, show_coordinates: bool) -> None:
        self.layout = layout
        self.show_coordinates = show_coordinates
        self._background: pygame.Surface | None = None
        self._position: pygame.Surface | None = None
        self._position_key: tuple | None = None

    def relayout(self, layout: ScreenLayout, show_coordinates: bool) -> None:
        if layout != self.layout or show_coordinates != self.show_coordinates:
            self.layout = layout
            self.show_coordinates = show_coordinates
            self._background = None
            self._position = None

    @property
    def stone_diameter(self) -> int:
        return max(6, int(self.layout.grid.cell * theme.STONE_SCALE))

    # ----------------------------------------------------------------- static part
    def _render_background(self) -> pygame.Surface:
        x, y, w, h = self.layout.board_rect
        grid = self.layout.grid
        surface = pygame.Surface((w, h)).convert()
        wood = _wood()
        if wood is not None:
            surface.blit(pygame.transform.smoothscale(wood, (w, h)), (0, 0))
        else:
            surface.fill((220, 178, 110))
        # a bevel: light top-left edge, dark bottom-right edge
        pygame.draw.rect(surface, (246, 214, 160), (0, 0, w, h), width=2)
        pygame.draw.line(surface, theme.BOARD_EDGE, (0, h - 2), (w, h - 2), 3)
        pygame.draw.line(surface, theme.BOARD_EDGE, (w - 2, 0), (w - 2, h), 3)

        def local(point: Point) -> tuple[int, int]:
            px, py = grid.pixel_of(point)
            return px - x, py - y

        last = grid.size - 1
        thin = 1 if grid.cell < 40 else 2
        for i in range(grid.size):
            width = thin + 1 if i in (0, last) else thin
            pygame.draw.line(surface, theme.GRID_LINE, local((i, 0)), local((i, last)), width)
            pygame.draw.line(surface, theme.GRID_LINE, local((0, i)), local((last, i)), width)
        star_radius = max(2.5, grid.cell * 0.11)
        for point in star_points(grid.size):
            pygame.draw.circle(surface, theme.GRID_LINE, local(point), star_radius)
        if self.show_coordinates:
            size = max(10, int(grid.cell * 0.42))
            offset = grid.cell * 0.78
            for i in range(grid.size):
                label = text.render(column_label(i), size, theme.COORDINATE, bold=True)
                cx, cy = local((i, 0))
                surface.blit(label, label.get_rect(center=(cx, cy - offset)))
                cx, cy = local((i, last))
                surface.blit(label, label.get_rect(center=(cx, cy + offset)))
                number = text.render(row_label(i, grid.size), size, theme.COORDINATE, bold=True)
                cx, cy = local((0, i))
                surface.blit(number, number.get_rect(center=(cx - offset, cy)))
                cx, cy = local((last, i))
                surface.blit(number, number.get_rect(center=(cx + offset, cy)))
        return surface

    # ----------------------------------------------------------------- per frame
    def _position_layer(self, board: Board, marks: BoardMarks, skip_last: bool) -> pygame.Surface:
        """The board with its stones (and forbidden marks, numbers), redrawn only after a move.

        `skip_last` leaves the newest stone out while it is still settling (drawn live)."""
        key = (board.history, marks.forbidden, marks.show_numbers, skip_last)
        if self._position is not None and self._position_key == key:
            return self._position
        if self._background is None:
            cache_key = (self.layout.board_rect, self.layout.grid, self.show_coordinates)
            if cache_key not in _background_cache:
                _background_cache.clear()  # only the current window size is worth keeping
                _background_cache[cache_key] = self._render_background()
            self._background = _background_cache[cache_key]
        x, y, _, _ = self.layout.board_rect
        layer = self._background.copy()
        grid = self.layout.grid

        def local(point: Point) -> tuple[int, int]:
            px, py = grid.pixel_of(point)
            return px - x, py - y

        for point in marks.forbidden:
            self._draw_forbidden(layer, local(point))
        diameter = self.stone_diameter
        skipped = board.last_move.point if skip_last and board.last_move else None
        for point, stone in board.stones():
            if point != skipped:
                blit_stone(layer, stone, local(point), diameter)
        if marks.show_numbers:
            self._draw_numbers(layer, board, local, skip_last)
        self._position, self._position_key = layer, key
        return layer

    def draw(self, target: pygame.Surface, board: Board, marks: BoardMarks) -> None:
        x, y, w, h = self.layout.board_rect
        settling = marks.settle < 1.0 and board.last_move is not None
        target.blit(self._position_layer(board, marks, settling), (x, y))
        grid = self.layout.grid
        diameter = self.stone_diameter
        if settling:
            self._draw_settling(target, board, marks.settle)
        if not marks.show_numbers and marks.last_move is not None and not marks.winning_line:
            self._draw_last_move(target, board, marks.last_move)
        if marks.winning_line:
            self._draw_winning_line(target, marks.winning_line, marks.pulse)
        if marks.hint is not None:
            self._draw_hint(target, marks.hint, marks.pulse)
        if marks.hover is not None and marks.hover_stone is not None and board.is_empty(marks.hover):
            ghost = ghost_surface(marks.hover_stone, diameter)
            target.blit(ghost, ghost.get_rect(center=grid.pixel_of(marks.hover)))
        if marks.cursor is not None:
            self._draw_cursor(target, marks.cursor)
        if marks.dim:
            veil = pygame.Surface((w, h), pygame.SRCALPHA)
            veil.fill((20, 16, 10, 70))
            target.blit(veil, (x, y))

    def _draw_numbers(self, target: pygame.Surface, board: Board, local: Any, skip_last: bool) -> None:
        size = max(9, int(self.layout.grid.cell * (0.42)))
        last = len(board.history)
        for number, move in enumerate(board.history, start=1):
            if skip_last and number == last:
                break
            colour = (240, 240, 236) if move.stone is Stone.BLACK else (24, 24, 24)
            if number == last:
                colour = theme.LAST_MOVE if move.stone is Stone.WHITE else (255, 120, 100)
            digits = str(number)
            label = text.render(digits, size if number < 100 else int(size * 0.82), colour, bold=True)
            target.blit(label, label.get_rect(center=local(move.point)))

    def _draw_settling(self, target: pygame.Surface, board: Board, settle: float) -> None:
        """The newest stone drops onto the board: a little larger at first, easing to its size."""
        move = board.last_move
        assert move is not None
        ease = 1 - (1 - settle) ** 3
        diameter = max(4, round(self.stone_diameter * (1.22 - 0.22 * ease)))
        blit_stone(target, move.stone, self.layout.grid.pixel_of(move.point), diameter)

    def _draw_last_move(self, target: pygame.Surface, board: Board, point: Point) -> None:
        cx, cy = self.layout.grid.pixel_of(point)
        radius = max(3, int(self.layout.grid.cell * 0.13))
        pygame.draw.circle(target, theme.LAST_MOVE, (cx, cy), radius)
        pygame.draw.circle(target, (255, 235, 230), (cx, cy), radius, width=1)

    def _draw_forbidden(self, target: pygame.Surface, centre: tuple[int, int]) -> None:
        arm = max(3, int(self.layout.grid.cell * 0.2))
        width = max(2, int(self.layout.grid.cell * 0.07))
        cx, cy = centre
        pygame.draw.line(target, theme.FORBIDDEN, (cx - arm, cy - arm), (cx + arm, cy + arm), width)
        pygame.draw.line(target, theme.FORBIDDEN, (cx - arm, cy + arm), (cx + arm, cy - arm), width)

    def _draw_winning_line(self, target: pygame.Surface, line: tuple[Point, ...], pulse: float) -> None:
        grid = self.layout.grid
        ends = sorted(line)
        start, end = grid.pixel_of(ends[0]), grid.pixel_of(ends[-1])
        width = max(3, int(grid.cell * 0.12))
        bx, by, bw, bh = self.layout.board_rect
        glow = pygame.Surface((bw, bh), pygame.SRCALPHA)
        alpha = int(150 + 80 * math.sin(pulse * 2 * math.pi))
        local_start, local_end = (start[0] - bx, start[1] - by), (end[0] - bx, end[1] - by)
        pygame.draw.line(glow, (*theme.WIN_GLOW, alpha), local_start, local_end, width)
        target.blit(glow, (bx, by))
        ring = max(4, int(self.stone_diameter / 2) + 1)
        for point in line:
            pygame.draw.circle(target, theme.WIN_GLOW, grid.pixel_of(point), ring, width=max(2, int(grid.cell * 0.07)))

    def _draw_hint(self, target: pygame.Surface, point: Point, pulse: float) -> None:
        """A pulsing green disc the size of a stone: clearly a suggestion, not a stone."""
        centre = self.layout.grid.pixel_of(point)
        diameter = self.stone_diameter
        glow = _hint_disc(diameter)
        glow.set_alpha(int(200 + 55 * math.sin(pulse * 2 * math.pi)))
        target.blit(glow, glow.get_rect(center=centre))

    def _draw_cursor(self, target: pygame.Surface, point: Point) -> None:
        cx, cy = self.layout.grid.pixel_of(point)
        half = int(self.layout.grid.cell * 0.48)
        arm = max(4, int(half * 0.45))
        width = max(2, int(self.layout.grid.cell * 0.07))
        for sx in (-1, 1):
            for sy in (-1, 1):
                corner = (cx + sx * half, cy + sy * half)
                pygame.draw.line(target, theme.CURSOR, corner, (corner[0] - sx * arm, corner[1]), width)
                pygame.draw.line(target, theme.CURSOR, corner, (corner[0], corner[1] - sy * arm), width)



_hint_cache: dict[int, pygame.Surface] = {}


def _hint_disc(diameter: int) -> pygame.Surface:
    if diameter not in _hint_cache:
        scale = theme.SUPERSAMPLE
        big = diameter * scale
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        radius = big / 2
        pygame.draw.circle(canvas, (*theme.HINT, 150), (radius, radius), radius)
        pygame.draw.circle(canvas, (*theme.HINT, 255), (radius, radius), radius, width=int(big * 0.12))
        pygame.draw.circle(canvas, (235, 255, 240, 255), (radius, radius), big * 0.12)
        _hint_cache.clear()
        _hint_cache[diameter] = pygame.transform.smoothscale(canvas, (diameter, diameter))
    return _hint_cache[diameter]


def fit_board_view(
    view: BoardView | None, size: tuple[int, int], board_size: int, show_coordinates: bool
) -> tuple[ScreenLayout, BoardView]:
    """Lay out a board screen (board beside its panel) for a window of `size`.

    Reuses `view` when there is one, so its cached wood and stones are only re-rendered for
    the new cell size; the play, result and review scenes all lay out their board this way.
    """
    layout = screen_layout(size[0], size[1], board_size, show_coordinates)
    if view is None:
        view = BoardView(layout, show_coordinates)
    else:
        view.relayout(layout, show_coordinates)
    return layout, view
