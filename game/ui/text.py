"""Rendered text with a cache, in the bundled CJK-capable font (`game.ui.fonts`), with a
system CJK font for characters the bundled subset lacks (`game.ui.font_fallback`).

All visible text goes through `render`, so a label drawn every frame is rendered once.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import layout_check
from .font_fallback import fallback_font, render_runs, runs
from .fonts import get_font


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font about `size` pixels tall (fonts caches it)."""
    return get_font(max(6, int(size)), bold)


@lru_cache(maxsize=1024)
def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """`text` drawn anti-aliased; cached, so drawing the same label every frame is free."""
    pieces = _runs(text, size, bold)
    if len(pieces) == 1:
        image = pieces[0][0].render(text, True, colour)
    else:
        image = render_runs(pieces, colour)
    return layout_check.tag_text(image, text)


def _runs(text: str, size: int, bold: bool) -> list[tuple[pygame.font.Font, str]]:
    primary = font(size, bold)
    if text.isascii():
        return [(primary, text)]
    # The fallback is never emboldened: the rare characters it draws are dense, and a
    # synthesised bold fills their strokes in.
    return runs(text, primary, fallback_font(max(6, int(size))))


def width(text: str, size: int, bold: bool = False) -> int:
    """How wide `text` is drawn at `size`, fallback glyphs included."""
    return sum(face.size(piece)[0] for face, piece in _runs(text, size, bold))


def fitted(text: str, size: int, colour: tuple[int, int, int], max_width: int, bold: bool = False) -> pygame.Surface:
    """`text` at `size`, shrunk step by step until it fits in `max_width` (labels never overflow)."""
    surface = render(text, size, colour, bold)
    while surface.get_width() > max_width and size > 9:
        size -= 1
        surface = render(text, size, colour, bold)
    return surface


def wrap(text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines that fit `max_width` (words, or characters for CJK text)."""
    words = text.split(" ") if " " in text else list(text)
    joiner = " " if " " in text else ""
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line}{joiner}{word}" if line else word
        if width(candidate, size, bold) <= max_width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
