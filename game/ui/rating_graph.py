"""The player's rating after each rated game, with its uncertainty as a band around the line.

The layout is pure arithmetic (`rating_range`, `graph_points`) so it tests without a
window; the drawing reads those points. The vertical scale covers the whole band with a
margin, rounded out to hundreds, and is labelled at its top and bottom.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from . import text, theme

Rect = tuple[int, int, int, int]
#: The band shows one deviation either side (about two chances in three).
BAND_DEVIATIONS = 1.0


def rating_range(ratings: Sequence[float], deviations: Sequence[float]) -> tuple[float, float]:
    """The (low, high) ratings the graph spans: every band, rounded out to hundreds, at least 200 apart."""
    if not ratings:
        return 800.0, 1200.0
    low = min(r - BAND_DEVIATIONS * d for r, d in zip(ratings, deviations))
    high = max(r + BAND_DEVIATIONS * d for r, d in zip(ratings, deviations))
    low, high = 100 * (low // 100), 100 * -(-high // 100)
    if high - low < 200:
        middle = (high + low) / 2
        low, high = middle - 100, middle + 100
    return low, high


def graph_points(values: Sequence[float], rect: Rect, span: tuple[float, float]) -> list[tuple[int, int]]:
    """Pixel positions of `values` (one per rated game, oldest first) in `rect`, on the scale `span`."""
    x, y, w, h = rect
    low, high = span
    count = len(values)
    if count == 0 or high <= low:
        return []
    step = w / (count - 1) if count > 1 else 0.0
    return [
        (round(x + (i * step if count > 1 else w / 2)), round(y + (1 - (min(high, max(low, v)) - low) / (high - low)) * h))
        for i, v in enumerate(values)
    ]


def draw_rating_graph(surface: pygame.Surface, rect: pygame.Rect, ratings: Sequence[float],
                      deviations: Sequence[float], label_size: int = 12) -> None:
    """Draw the history into `rect`: the band, the line, a dot on the latest game, the scale."""
    pygame.draw.rect(surface, theme.BACKGROUND_BOTTOM, rect, border_radius=6)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=6)
    span = rating_range(ratings, deviations)
    inner = (rect.x + 6, rect.y + 6, rect.width - 12, rect.height - 12)
    upper = graph_points([r + BAND_DEVIATIONS * d for r, d in zip(ratings, deviations)], inner, span)
    lower = graph_points([r - BAND_DEVIATIONS * d for r, d in zip(ratings, deviations)], inner, span)
    line = graph_points(ratings, inner, span)
    if len(line) >= 2:
        pygame.draw.polygon(surface, (86, 92, 110), upper + lower[::-1])
        pygame.draw.lines(surface, theme.ACCENT, False, line, 2)
    if line:
        pygame.draw.circle(surface, theme.ACCENT, line[-1], 4)
    for value, anchor in ((span[1], "topleft"), (span[0], "bottomleft")):
        label = text.render(f"{value:.0f}", label_size, theme.TEXT_DIM)
        position = (rect.x + 8, rect.y + 4) if anchor == "topleft" else (rect.x + 8, rect.bottom - 4)
        surface.blit(label, label.get_rect(**{anchor: position}))
