"""The marks of an annotated record's moves (SGF BM/DO/TE/IT) on the board and in the panel.

Each mark is a word ("blunder", "tesuji", ... see coach.annotated_sgf.mark_name) shown in the
colour of the matching move class, and on the stone as a small badge with the chess-style
symbol (?? ? ?! ! !?), which reads the same in every language.
"""

from __future__ import annotations

import pygame

from game.coach.annotated_sgf import MARK_SYMBOLS
from game.i18n import tr
from game.rules import Point

from . import text
from .eval_graph import CLASS_COLOURS
from .layout import BoardGeometry

MARK_COLOURS: dict[str, tuple[int, int, int]] = {
    "blunder": CLASS_COLOURS["blunder"],
    "mistake": CLASS_COLOURS["mistake"],
    "inaccuracy": CLASS_COLOURS["inaccuracy"],
    "tesuji": CLASS_COLOURS["best"],
    "interesting": (110, 170, 235),
}


def mark_label(mark: str) -> str:
    """"?? blunder" in the player's language."""
    return f"{MARK_SYMBOLS[mark]} {tr('review.mark.' + mark)}"


def badge_place(stone_centre: tuple[int, int], diameter: int) -> tuple[tuple[int, int], int]:
    """The centre and radius of a stone's badge: over its upper right edge, a third of its size."""
    radius = max(7, round(diameter * 0.3))
    x, y = stone_centre
    return (x + diameter // 2 - radius // 3, y - diameter // 2 + radius // 3), radius


def draw_mark_badges(surface: pygame.Surface, grid: BoardGeometry, diameter: int, marks: dict[Point, str]) -> None:
    """A small badge with the mark's symbol at the upper right of each marked stone."""
    for point, mark in marks.items():
        centre, radius = badge_place(grid.pixel_of(point), diameter)
        size = max(10, int(radius * 1.45))
        pygame.draw.circle(surface, MARK_COLOURS[mark], centre, radius)
        pygame.draw.circle(surface, (30, 26, 20), centre, radius, width=1)
        symbol = text.render(MARK_SYMBOLS[mark], size, (20, 18, 14), bold=True)
        if symbol.get_width() > 2 * radius - 2:
            symbol = pygame.transform.smoothscale(symbol, (2 * radius - 2, symbol.get_height()))
        surface.blit(symbol, symbol.get_rect(center=centre))
