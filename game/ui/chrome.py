"""The frame around the scenes: background, panels, titles and the toast line."""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import layout_check, text, theme


@lru_cache(maxsize=4)
def _gradient(size: tuple[int, int]) -> pygame.Surface:
    width, height = size
    surface = pygame.Surface((max(1, width), max(1, height))).convert()
    top, bottom = theme.BACKGROUND_TOP, theme.BACKGROUND_BOTTOM
    for y in range(height):
        t = y / max(1, height - 1)
        colour = tuple(round(top[i] + (bottom[i] - top[i]) * t) for i in range(3))
        pygame.draw.line(surface, colour, (0, y), (width, y))
    return surface


def draw_background(surface: pygame.Surface) -> None:
    surface.blit(_gradient(surface.get_size()), (0, 0))


@lru_cache(maxsize=16)
def _card(size: tuple[int, int], alpha: int) -> pygame.Surface:
    card = pygame.Surface(size, pygame.SRCALPHA)
    radius = 12
    pygame.draw.rect(card, (*theme.PANEL, alpha), card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, (*theme.PANEL_EDGE, 255), card.get_rect(), width=1, border_radius=radius)
    return card


def draw_panel(surface: pygame.Surface, rect: pygame.Rect | tuple[int, int, int, int], alpha: int = 235) -> None:
    """A rounded, slightly translucent card that panels and overlays sit on."""
    rect = pygame.Rect(rect)
    layout_check.note_panel(rect)
    surface.blit(_card(rect.size, alpha), rect.topleft)


Rect = tuple[int, int, int, int]


def backdrop(size: tuple[int, int], board_rect: Rect, panel_rect: Rect | None) -> pygame.Surface:
    """Everything that only changes with the window size, composed once: the background,
    the board's drop shadow and the side panel's card. Scenes blit it first each frame."""
    if panel_rect is not None:
        layout_check.note_panel(panel_rect)
    return _backdrop(size, board_rect, panel_rect)


@lru_cache(maxsize=4)
def _backdrop(size: tuple[int, int], board_rect: Rect, panel_rect: Rect | None) -> pygame.Surface:
    surface = _gradient(size).copy()
    x, y, w, h = board_rect
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 90))
    surface.blit(shadow, (x + 6, y + 8))
    if panel_rect is not None:
        draw_panel(surface, panel_rect)
    return surface.convert()


def draw_toast(surface: pygame.Surface, message: str, fade: float, area: pygame.Rect | None = None) -> None:
    """A short notice; `fade` 0..1 is its opacity. At the foot of `area` when the scene gives
    one (the play screen gives the panel above its buttons, so the notice covers neither a
    button nor the board's coordinates), else at the bottom centre of the window."""
    if not message or fade <= 0:
        return
    width, height = surface.get_size()
    size = max(14, height // 40)
    room = int(width * 0.7) if area is None else area.width - 16 - 36
    lines = text.wrap(message, size, room)
    rendered = [text.render(line, size, theme.TEXT) for line in lines]
    box_w = max(s.get_width() for s in rendered) + 36
    box_h = sum(s.get_height() for s in rendered) + 20
    box = pygame.Rect(0, 0, box_w, box_h)
    box.midbottom = (width // 2, height - 18) if area is None else (area.centerx, area.bottom - 8)
    layout_check.note_text(message, box)
    card = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(card, (16, 18, 22, int(225 * fade)), card.get_rect(), border_radius=10)
    pygame.draw.rect(card, (*theme.ACCENT, int(255 * fade)), card.get_rect(), width=1, border_radius=10)
    y = 10
    for line in rendered:
        line = line.copy()
        line.set_alpha(int(255 * fade))
        card.blit(line, line.get_rect(midtop=(box_w // 2, y)))
        y += line.get_height()
    surface.blit(card, box.topleft)
