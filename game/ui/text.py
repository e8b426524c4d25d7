"""Rendered text with a cache, always in the bundled CJK-capable font (`game.ui.fonts`).

All visible text goes through `render`, so a label drawn every frame is rendered once.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import layout_check
from .fonts import get_font


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font about `size` pixels tall (fonts caches it)."""
    return get_font(max(6, int(size)), bold)


@lru_cache(maxsize=1024)
def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """`text` drawn anti-aliased; cached, so drawing the same label every frame is free."""
    return layout_check.tag_text(font(size, bold).render(text, True, colour), text)


def fitted(text: str, size: int, colour: tuple[int, int, int], max_width: int, bold: bool = False) -> pygame.Surface:
    """`text` at `size`, shrunk step by step until it fits in `max_width` (labels never overflow)."""
    surface = render(text, size, colour, bold)
    while surface.get_width() > max_width and size > 9:
        size -= 1
        surface = render(text, size, colour, bold)
    return surface


def wrap(text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines that fit `max_width` (words, or characters for CJK text)."""
    face = font(size, bold)
    words = text.split(" ") if " " in text else list(text)
    joiner = " " if " " in text else ""
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line}{joiner}{word}" if line else word
        if face.size(candidate)[0] <= max_width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
