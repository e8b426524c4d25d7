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


#: Punctuation that may not begin a line (it stays with the character before it), and
#: punctuation that may not end one (it goes with the character after it): the usual
#: Chinese line-breaking rules, which also keep "word," and "(word" whole.
_NO_LINE_START = frozenset("。，、；：！？）」』》〉】…,.;:!?)%")
_NO_LINE_END = frozenset("（「『《〈【(")
#: A separator between items ("H hint · S solution") ends a line rather than starting one.
_ENDS_A_LINE = frozenset("·")
#: A no-break space: text may ask to keep "N 下一个" on one line; it is drawn as a space.
NO_BREAK = "\u00a0"


def _is_cjk(char: str) -> bool:
    return "\u2e80" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" or "\uff00" <= char <= "\uffef"


def _units(text: str) -> list[tuple[str, str]]:
    """(separator, unit) pairs a line may break between: words at spaces, and single CJK
    characters, with _NO_LINE_START/_NO_LINE_END punctuation kept on the right side and a
    word joined by NO_BREAK kept whole."""
    units: list[tuple[str, str]] = []
    separator, current, glued = "", "", False
    for char in text:
        if char == " ":
            if current:
                units.append((separator, current))
            separator, current, glued = " ", "", False
        elif char in _ENDS_A_LINE and not current and units:
            separator, current = units.pop()  # "a · b" breaks after the dot, not before it
            current += " " + char
        elif current and (char in _NO_LINE_START or glued or current[-1] in _NO_LINE_END or char == NO_BREAK
                          or not (_is_cjk(char) or _is_cjk(current[-1]))):
            current += char
            glued = glued or char == NO_BREAK
        else:
            if current:
                units.append((separator, current))
                separator = ""
            current = char
            glued = char == NO_BREAK
    if current:
        units.append((separator, current))
    return units


def wrap(text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines that fit `max_width`: at spaces, and between CJK characters
    (see _units); a unit wider than the line gets a line of its own."""
    lines: list[str] = []
    line = ""
    for separator, unit in _units(text):
        unit = unit.replace(NO_BREAK, " ")
        candidate = f"{line}{separator}{unit}" if line else unit
        if width(candidate, size, bold) <= max_width or not line:
            line = candidate
        else:
            lines.append(line)
            line = unit
    if line:
        lines.append(line)
    return lines
