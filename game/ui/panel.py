"""Pieces of the side panel: player cards, label/value lines and the thinking spinner."""

from __future__ import annotations

import math

import pygame

from game.rules import Stone

from . import layout_check, text, theme
from .stones import stone_surface


def draw_player_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    stone: Stone,
    name: str,
    details: list[str],
    active: bool,
    badge: str = "",
    glow: float | None = None,
) -> None:
    """One side: its stone, its name, a few detail lines; the side to move is outlined.

    `glow` (0..1, animated by the caller) makes the outline breathe while that side thinks.
    """
    with layout_check.inside(rect, "card"):
        _draw_player_card(surface, rect, stone, name, details, active, badge, glow)


def _draw_player_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    stone: Stone,
    name: str,
    details: list[str],
    active: bool,
    badge: str,
    glow: float | None,
) -> None:
    radius = 10
    pygame.draw.rect(surface, (58, 65, 76) if active else (52, 58, 68), rect, border_radius=radius)
    if active:
        colour = theme.ACCENT
        if glow is not None:
            fade = 0.55 + 0.45 * math.sin(glow * 2 * math.pi)
            colour = tuple(int(70 + (c - 70) * fade) for c in theme.ACCENT)  # type: ignore[assignment]
        pygame.draw.rect(surface, colour, rect, width=2, border_radius=radius)
    icon = int(min(rect.height * 0.62, 46))
    stone_image = stone_surface(stone, icon)
    pad = max(8, rect.height // 6)
    surface.blit(stone_image, stone_image.get_rect(midleft=(rect.x + pad, rect.centery)))
    text_x = rect.x + pad * 2 + icon
    room = rect.right - text_x - pad
    name_size = max(14, int(rect.height * 0.27))
    room_details = room
    if badge:
        badge_img = text.render(badge, max(11, int(name_size * 0.62)), theme.ACCENT, bold=True)
        surface.blit(badge_img, badge_img.get_rect(bottomright=(rect.right - pad, rect.bottom - pad // 2 - 2)))
        room_details = room - badge_img.get_width() - 8
    title = text.fitted(name, name_size, theme.TEXT, room, bold=True)
    lines = [text.fitted(line, max(12, int(name_size * 0.72)), theme.TEXT_DIM, room_details) for line in details]
    total = title.get_height() + sum(line.get_height() for line in lines)
    y = rect.centery - total // 2
    surface.blit(title, (text_x, y))
    y += title.get_height()
    for line in lines:
        surface.blit(line, (text_x, y))
        y += line.get_height()


#: The spinner steps from dot to dot this often (the screen is redrawn only for its steps).
SPINNER_STEPS_PER_SECOND = 4.0


def spinner_step_due(time: float) -> float:
    """Seconds from `time` until the spinner's next step."""
    period = 1.0 / SPINNER_STEPS_PER_SECOND
    return period - (time % period)


def spinner_phase(time: float) -> float:
    """0..1 over one turn of the spinner, in its steps: a thinking card's glow pulses with it."""
    return (int(time * SPINNER_STEPS_PER_SECOND) % 8) / 8


def draw_spinner(surface: pygame.Surface, centre: tuple[int, int], radius: int, time: float) -> None:
    """Eight dots chasing each other: the engine is thinking. They move a whole dot a step, so
    a window redrawn only at each step (spinner_step_due) shows the same as one at 60 FPS."""
    step = int(time * SPINNER_STEPS_PER_SECOND)
    for index in range(8):
        angle = (step + index) * math.pi / 4
        fade = (index + 1) / 8
        colour = tuple(int(c * fade + 40 * (1 - fade)) for c in theme.ACCENT)
        x = centre[0] + math.cos(angle) * radius
        y = centre[1] + math.sin(angle) * radius
        pygame.draw.circle(surface, colour, (x, y), max(2, radius // 4))


def format_duration(seconds: float) -> str:
    """m:ss, or h:mm:ss for long games."""
    seconds = int(max(0, seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def draw_move_list(
    surface: pygame.Surface,
    rect: pygame.Rect,
    moves: list[tuple[Stone, str]],
    size: int,
) -> None:
    """The latest moves as "12. h8" in columns, newest last, as many as fit in `rect`."""
    if not moves or rect.height < size * 2:
        return
    columns = 3 if rect.width >= 210 else 2
    row_h = int(size * 1.45)
    rows = max(1, rect.height // row_h)
    shown = moves[-rows * columns :]
    first_number = len(moves) - len(shown) + 1
    col_w = rect.width // columns
    dot = max(5, int(size * 0.42))
    for index, (stone, notation) in enumerate(shown):
        column, row = divmod(index, rows)
        x = rect.x + column * col_w
        y = rect.y + row * row_h
        number = text.render(f"{first_number + index}.", size, theme.TEXT_DIM)
        surface.blit(number, (x, y))
        dot_x = x + int(size * 2.3)
        colour = (16, 16, 18) if stone is Stone.BLACK else (236, 236, 230)
        centre = (dot_x + dot, y + number.get_height() // 2)
        pygame.draw.circle(surface, colour, centre, dot)
        pygame.draw.circle(surface, (120, 120, 120), centre, dot, width=1)
        label = text.render(notation, size, theme.TEXT, bold=index == len(shown) - 1)
        surface.blit(label, (dot_x + 2 * dot + 6, y))
