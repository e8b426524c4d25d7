"""The evaluation graph of a reviewed game: Black's winning chance after every move.

The layout is pure arithmetic (`graph_points`, `move_at`) so it tests without a window; the
drawing reads those points. Up is good for Black, down good for White, the middle line is
an even game; coloured dots mark the inaccuracies, mistakes and blunders, and a vertical
line shows the move on the board. A click maps back to the nearest move.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from . import theme

Rect = tuple[int, int, int, int]

#: Colours of the move classes, shared by the graph, the board marks and the move list.
CLASS_COLOURS: dict[str, tuple[int, int, int]] = {
    "best": (92, 190, 120),
    "good": (150, 196, 150),
    "inaccuracy": (232, 196, 80),
    "mistake": (236, 140, 56),
    "blunder": (222, 64, 56),
}
#: Classes worth a dot on the graph (best and good moves would only be noise).
MARKED_CLASSES = ("inaccuracy", "mistake", "blunder")


def graph_points(chances: Sequence[float], rect: Rect) -> list[tuple[int, int]]:
    """Pixel positions of `chances` (index 0 = the start, one per move after it) in `rect`.

    Index i sits at x = left + i * width / (n - 1); a chance of 1.0 is the top edge, 0.0 the
    bottom. A single value sits at the left edge.
    """
    x, y, w, h = rect
    count = len(chances)
    if count == 0:
        return []
    step = w / (count - 1) if count > 1 else 0.0
    return [(round(x + i * step), round(y + (1.0 - min(1.0, max(0.0, c))) * h)) for i, c in enumerate(chances)]


def move_at(px: float, rect: Rect, count: int) -> int | None:
    """The index (0..count-1) whose column is nearest to pixel column `px`, or None when `px`
    is outside `rect` horizontally or there is nothing to choose from."""
    x, _, w, _ = rect
    if count <= 0 or px < x - 1 or px > x + w + 1:
        return None
    if count == 1 or w <= 0:
        return 0
    return int(min(count - 1, max(0, round((px - x) * (count - 1) / w))))


def draw_eval_graph(
    surface: pygame.Surface,
    rect: pygame.Rect,
    chances: Sequence[float],
    classes: Sequence[str],
    current: int,
    label_size: int = 12,
) -> None:
    """Draw the graph into `rect`: Black's share filled dark from the bottom, White's light.

    `classes[i]` is the class name of move i + 1 (chances has one more entry than classes);
    `current` is the index shown on the board.
    """
    pygame.draw.rect(surface, (226, 224, 216), rect, border_radius=6)
    points = graph_points(chances, (rect.x, rect.y, rect.width, rect.height))
    if len(points) >= 2:
        area = [(rect.x, rect.bottom)] + points + [(rect.right, rect.bottom)]
        pygame.draw.polygon(surface, (40, 40, 46), area)
        pygame.draw.lines(surface, theme.ACCENT, False, points, 2)
    middle = rect.y + rect.height // 2
    pygame.draw.line(surface, (128, 128, 128), (rect.x, middle), (rect.right - 1, middle), 1)
    for index, name in enumerate(classes, start=1):
        if name in MARKED_CLASSES and index < len(points):
            radius = 3 if name == "inaccuracy" else 4
            pygame.draw.circle(surface, CLASS_COLOURS[name], points[index], radius)
            pygame.draw.circle(surface, (20, 20, 20), points[index], radius, width=1)
    if 0 <= current < len(points):
        cx = points[current][0]
        pygame.draw.line(surface, theme.CURSOR, (cx, rect.y), (cx, rect.bottom - 1), 2)
        pygame.draw.circle(surface, theme.CURSOR, points[current], 4)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=6)
    dot = max(3, label_size // 3)  # which side is which: a black stone on top, a white one below
    pygame.draw.circle(surface, (16, 16, 18), (rect.x + dot + 4, rect.y + dot + 4), dot)
    pygame.draw.circle(surface, (240, 240, 236), (rect.x + dot + 4, rect.bottom - dot - 4), dot)
    pygame.draw.circle(surface, (90, 90, 90), (rect.x + dot + 4, rect.bottom - dot - 4), dot, width=1)
