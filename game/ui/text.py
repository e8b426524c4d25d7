"""Rendered text with a cache, in the bundled CJK-capable font (`game.ui.fonts`), with a
system CJK font for characters the bundled subset lacks (`game.ui.font_fallback`).

All visible text goes through `render`, so a label drawn every frame is rendered once.

The text-fitting rule (issue 56), which tests/gui/test_gui_text_fits.py enforces in English
and Chinese at 760x540, 1120x800 and 1920x1080 on every screen:
- one type scale: every size asked for is drawn at a step of `theme.TYPE_SCALE`;
- a label too wide for its box is drawn in its shorter wording (catalogue key + ".short",
  `fitted`), never in a smaller font; when no wording fits, the layout check reports it;
- no wrapped line holds only a number, punctuation or one CJK character (`wrap`, `is_orphan`).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..i18n import shorter
from . import layout_check, theme
from .font_fallback import fallback_font, render_runs, runs
from .fonts import get_font


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at the type-scale step for `size` (fonts caches it)."""
    return get_font(theme.type_size(size), bold)


def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """`text` drawn anti-aliased at the type-scale step for `size` (theme.type_size); cached,
    so drawing the same label every frame is free."""
    return _render(latin_ellipsis(text), theme.type_size(size), tuple(colour), bool(bold))


@lru_cache(maxsize=1024)
def _render(text: str, size: int, colour: tuple[int, int, int], bold: bool) -> pygame.Surface:
    pieces = _runs(text, size, bold)
    if len(pieces) == 1:
        image = pieces[0][0].render(text, True, colour)
    else:
        image = render_runs(pieces, colour)
    return layout_check.tag_text(image, text, size)


def _runs(text: str, size: int, bold: bool) -> list[tuple[pygame.font.Font, str]]:
    primary = font(size, bold)
    if text.isascii():
        return [(primary, text)]
    # The fallback is never emboldened: the rare characters it draws are dense, and a
    # synthesised bold fills their strokes in.
    return runs(text, primary, fallback_font(theme.type_size(size)))


def width(text: str, size: int, bold: bool = False) -> int:
    """How wide `text` is drawn at `size`, fallback glyphs included."""
    return sum(face.size(piece)[0] for face, piece in _runs(latin_ellipsis(text), theme.type_size(size), bold))


def latin_ellipsis(text: str) -> str:
    """An ellipsis in Latin text as three baseline dots: the bundled (Chinese) font draws "…"
    as centred dots, right in Chinese ("请稍候……") but not in "Engines…". The character before
    it decides, or the one after it at the start of the text."""
    if "…" not in text:
        return text
    letters = []
    for index, char in enumerate(text):
        if char == "…":
            neighbour = text[index - 1] if index else text[index + 1:].lstrip(" ")[:1]
            if neighbour and neighbour != "…" and not _is_cjk(neighbour):
                char = "..."
        letters.append(char)
    return "".join(letters)


def wordings(text: str) -> list[str]:
    """`text`, then its shorter wordings from the catalogue, longest first."""
    found = [text]
    while (short := shorter(found[-1])) is not None and short not in found:
        found.append(short)
    return found


def fits(text: str, size: int, max_width: int, bold: bool = False) -> bool:
    """Whether `text`, or one of its shorter wordings, fits `max_width` at `size`."""
    return any(width(wording, size, bold) <= max_width for wording in wordings(text))


def fitted(text: str, size: int, colour: tuple[int, int, int], max_width: int, bold: bool = False) -> pygame.Surface:
    """`text` at `size`, or its catalogue's shorter wording when it is too wide (the type
    size stays). Only when no wording fits is it drawn a step smaller, and the layout check
    reports that: the catalogue then needs a shorter wording, or the layout more room."""
    for wording in wordings(text):
        surface = render(wording, size, colour, bold)
        if surface.get_width() <= max_width:
            return surface
    step = theme.type_size(size)
    while surface.get_width() > max_width and step > theme.type_step_below(step):
        step = theme.type_step_below(step)
        surface = render(wording, step, colour, bold)
    layout_check.note_shrunk(text, theme.type_size(size), step)
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
    (see _units); a unit wider than the line gets a line of its own. No line is left holding
    only a number, punctuation or one CJK character (`is_orphan`): a number stays with the word
    before it ("rating 1115"), and a lone character takes one from the line above. An orphan
    that cannot be avoided is reported to the layout check."""
    units: list[tuple[str, str]] = []
    for separator, unit in _units(text):
        unit = unit.replace(NO_BREAK, " ")
        if units and separator == " " and is_orphan(unit):
            glued = f"{units[-1][1]} {unit}"
            if width(glued, size, bold) <= max_width:
                units[-1] = (units[-1][0], glued)
                continue
        units.append((separator, unit))
    lines: list[list[tuple[str, str]]] = []
    for separator, unit in units:
        if lines and width(_join(lines[-1] + [(separator, unit)]), size, bold) <= max_width:
            lines[-1].append((separator, unit))
            continue
        # "Black to move · Win by fours" breaks after the "·", not inside "Win by fours"
        line = lines[-1] if lines else []
        cut = max((index for index, (_, piece) in enumerate(line) if piece.endswith(tuple(_ENDS_A_LINE))), default=None)
        if cut is not None and cut < len(line) - 1:
            carried = line[cut + 1:] + [(separator, unit)]
            if width(_join(carried), size, bold) <= max_width:
                lines[-1] = line[: cut + 1]
                lines.append(carried)
                continue
        lines.append([(separator, unit)])
    for index in range(1, len(lines)):
        above, line = lines[index - 1], lines[index]
        if len(above) > 1 and _needs_company(line, last=index == len(lines) - 1, above=above):
            moved = above[-1:] + line
            if width(_join(moved), size, bold) <= max_width:
                lines[index - 1], lines[index] = above[:-1], moved
    result = [_join(line) for line in lines]
    for line in result[1:]:
        if is_orphan(line):
            layout_check.note_orphan(text, line)
    return result


def _join(units: list[tuple[str, str]]) -> str:
    """One line's units with their separators (a line never starts with its first one's)."""
    return "".join(f"{separator}{unit}" if position else unit for position, (separator, unit) in enumerate(units))


def _needs_company(line: list[tuple[str, str]], last: bool, above: list[tuple[str, str]]) -> bool:
    """An orphan, or a lone last word under a line of three or more words."""
    if len(line) != 1:
        return False
    return is_orphan(line[0][1]) or (last and len(above) >= 3)


_ORPHAN_MARKS = frozenset(".,:;!?%+-−–—()（）[]【】「」『』《》〈〉。，、；：！？…·'\"“”‘’/ ")


def is_orphan(line: str) -> bool:
    """A wrapped line that must not stand alone: a number (with its brackets and punctuation),
    punctuation only, or one CJK character with its punctuation."""
    core = "".join(char for char in line if char not in _ORPHAN_MARKS)
    if not core or core.isdigit():
        return True  # a number, brackets and punctuation only: "1115", "(1161).", "）。"
    return len(core) == 1 and _is_cjk(core)


render.cache_clear = _render.cache_clear  # type: ignore[attr-defined]
