"""A centred column of rows (option rows, text fields, buttons) that fits any window, for the host and join screens."""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.ui import chrome, text, theme
from game.ui.text_field import TextField


def column_rows(widgets: Sequence[Any], size: tuple[int, int], top: int, extra_rows: int = 0) -> tuple[int, int]:
    """Place the visible `widgets` one under another from `top`; returns (row height, bottom).

    Rows get thinner in a small window rather than leaving it; `extra_rows` keeps room below
    for rows the scene draws itself (the discovered games).
    """
    width, height = size
    column_w = int(min(560, max(320, width * 0.5)))
    visible = [w for w in widgets if w.visible]
    rows = len(visible) + extra_rows
    row_h = int(min(50, max(30, height * 0.06)))
    while row_h > 24 and rows * row_h + (rows - 1) * max(4, row_h // 5) > height - top - 24:
        row_h -= 1
    gap = max(4, row_h // 5)
    x, y = (width - column_w) // 2, top
    for widget in visible:
        widget.rect = pygame.Rect(x, y, column_w, row_h)
        y += row_h + gap
    return row_h, y


def draw_title(surface: pygame.Surface, title: str, top: int) -> int:
    """The screen's title centred at `top`; returns where the rows may start."""
    width, height = surface.get_size()
    size = int(min(40, max(22, height * 0.05)))
    image = text.fitted(title, size, theme.ACCENT, width - 40, bold=True)
    surface.blit(image, image.get_rect(midtop=(width // 2, top)))
    return top + image.get_height() + max(8, height // 60)


def title_bottom(size: tuple[int, int]) -> int:
    height = size[1]
    return max(12, height // 40) + int(min(40, max(22, height * 0.05))) + 8 + max(8, height // 60)


def draw_backdrop(surface: pygame.Surface) -> None:
    chrome.draw_background(surface)


def draw_widgets(surface: pygame.Surface, focus: Any, caret_on: bool) -> None:
    """The FocusGroup's widgets; a text field shows its caret while it has the focus."""
    for index, widget in enumerate(focus.widgets):
        focused = index == focus.focus
        hovered = index == focus.hover and widget.enabled
        if isinstance(widget, TextField):
            widget.draw(surface, focused, hovered, caret_on)
        else:
            widget.draw(surface, focused and focus.keyboard_used, hovered)


def draw_message(surface: pygame.Surface, message: str, colour: tuple[int, int, int], top: int) -> None:
    """A message (an error, a hint) wrapped under the rows, at most two lines."""
    if not message:
        return
    width, height = surface.get_size()
    size = max(13, int(min(20, height * 0.026)))
    room = int(min(560, max(320, width * 0.5)))
    for number, line in enumerate(text.wrap(message, size, room)[:2]):
        image = text.render(line, size, colour)
        surface.blit(image, image.get_rect(midtop=(width // 2, top + number * int(size * 1.3))))
