"""The analysis section of a side panel: evaluation bar, forced win, top moves, search depth.

Drawn in place of the move list while the panel is open (key A), in play and in review.
"""

from __future__ import annotations

import pygame

from game.engine import Analysis
from game.i18n import tr

from . import text, theme
from .analysis_view import draw_candidate_list, draw_eval_bar, forced_text
from .panel import draw_spinner


def draw_analysis_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    analysis: Analysis | None,
    board_size: int,
    size: int,
    time: float,
    note: str = "",
) -> None:
    """Everything the analysis says about the position, inside `rect`.

    `note` replaces the waiting line when there is no analysis to show (e.g. "the computer
    is thinking"), and the depth line below one (e.g. "analysis paused"); with a note the
    spinner stops. `time` animates the spinner while the engine works.
    """
    if rect.height < size * 3:
        return
    pygame.draw.rect(surface, (40, 45, 53), rect, border_radius=8)
    pad = max(6, size // 2)
    inner = rect.inflate(-2 * pad, -2 * pad)
    y = inner.y
    title = text.fitted(tr("analysis.title"), size, theme.ACCENT, inner.width - size * 2, bold=True)
    surface.blit(title, (inner.x, y))
    running = analysis is None or not analysis.final
    if running and not note:
        radius = max(5, size // 2 - 1)
        draw_spinner(surface, (inner.right - radius - 2, y + title.get_height() // 2), radius, time)
    y += title.get_height() + pad // 2
    if analysis is None:
        message = note or tr("analysis.waiting")
        for line in text.wrap(message, size, inner.width)[:3]:
            image = text.render(line, size, theme.TEXT_DIM)
            surface.blit(image, (inner.x, y))
            y += image.get_height()
        return
    bar = pygame.Rect(inner.x, y, inner.width, max(14, int(size * 1.3)))
    y += draw_eval_bar(surface, bar, analysis.black_chance, forced_text(analysis), size) + pad // 2
    small = max(10, size - 3)
    # a note (e.g. why the analysis is paused) may take two lines; the depth line takes one
    if note:
        details = text.wrap(note, small, inner.width)[:2]
    else:
        details = [tr("analysis.depth", depth=analysis.depth, nodes=_short_count(analysis.nodes))]
    images = [text.fitted(line, small, theme.TEXT_DIM, inner.width) for line in details]
    details_height = sum(image.get_height() for image in images)
    wanted = min(3, len(analysis.candidates)) * int(size * 1.5)
    if not note and inner.bottom - y - details_height - 2 < wanted:
        images, details_height = [], 0  # a short panel keeps the best moves, not the depth line
    list_rect = pygame.Rect(inner.x, y, inner.width, inner.bottom - y - max(size, details_height) - 2)
    y += draw_candidate_list(surface, list_rect, analysis, board_size, size)
    y = min(y + 2, inner.bottom - details_height)
    for image in images:
        surface.blit(image, (inner.x, y))
        y += image.get_height()


def _short_count(nodes: int) -> str:
    """12345678 -> "12.3M": node counts only need their size."""
    if nodes >= 1_000_000:
        return f"{nodes / 1_000_000:.1f}M"
    if nodes >= 1_000:
        return f"{nodes / 1_000:.0f}k"
    return str(nodes)
