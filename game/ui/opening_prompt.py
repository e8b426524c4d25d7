"""The opening-decision card on the play screen: a framed question above the colour buttons.

Only layout and drawing live here; the play scene owns the buttons (they are ordinary
widgets in its focus group, so mouse, Tab and Enter work as everywhere else).
"""

from __future__ import annotations

import pygame

from . import text, theme


def prompt_layout(
    panel: pygame.Rect, bottom: int, row_h: int, gap: int, place_two: bool, text_size: int
) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The card's rect and the button rects: "Play black" | "Play white" side by side on the bottom
    row, "Place two more" (swap2's first question only) full width above them. Above the buttons
    there is room for the title and three lines of `text_size` text."""
    title_room = _line_height(text_size) * 4 + gap
    rows = 2 if place_two else 1
    height = title_room + rows * row_h + rows * gap
    card = pygame.Rect(panel.x, bottom - height, panel.width, height)
    half = (card.width - 3 * gap) // 2
    colour_y = card.bottom - gap - row_h
    black = pygame.Rect(card.x + gap, colour_y, half, row_h)
    white = pygame.Rect(card.x + 2 * gap + half, colour_y, half, row_h)
    two = pygame.Rect(card.x + gap, colour_y - gap - row_h, card.width - 2 * gap, row_h)
    return card, [black, white, two]


def _line_height(size: int) -> int:
    return int(size * 1.3) + 1


def draw_prompt(surface: pygame.Surface, card: pygame.Rect, title: str, question: str, size: int, pulse: float) -> None:
    """The framed card with its title and the question (wrapped to three lines) at `size`; `pulse` (0..1) breathes the frame."""
    pygame.draw.rect(surface, (62, 56, 44), card, border_radius=10)
    glow = 0.7 + 0.3 * abs(1 - 2 * pulse)
    edge = tuple(int(c * glow) for c in theme.ACCENT)
    pygame.draw.rect(surface, edge, card, width=2, border_radius=10)
    pad = max(6, card.width // 30)
    y = card.y + pad // 2
    heading = text.fitted(title, size, theme.ACCENT, card.width - 2 * pad, bold=True)
    surface.blit(heading, (card.x + pad, y))
    y += _line_height(size)
    for line in text.wrap(question, size, card.width - 2 * pad)[:3]:
        surface.blit(text.render(line, size, theme.TEXT), (card.x + pad, y))
        y += _line_height(size)
