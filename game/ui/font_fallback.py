"""Characters the bundled font lacks are drawn with a CJK font found on the system.

The bundled subset (assets/fonts/) holds only the interface's own characters, so the
packaged game needs nothing installed. A player's name, a file name or an SGF comment can
hold any character: for those, text is split into runs, each drawn with the first font that
has its glyphs: the bundled one, else a system CJK font found through pygame's font lookup
(`pygame.font.match_font`), else the bundled one again (a box, as before).

pygame cannot ask a font whether it has a glyph, so a character counts as missing when it
measures and draws exactly like the font's "missing glyph" box (that of U+10FFFD, a
private-use code point no font maps). The answer is cached per font file and character.
"""

from __future__ import annotations

import logging
import os
from functools import lru_cache
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

#: Tried in order (pygame's names: lower case, no spaces). Windows, macOS, then Linux favourites.
CJK_FONT_NAMES = (
    "microsoftyahei", "microsoftyaheiui", "dengxian", "simhei", "simsun", "nsimsun",
    "pingfangsc", "hiraginosansgb", "stheitimedium", "stheitilight", "heitisc", "songtisc", "arialunicodems",
    "notosanscjksc", "notosanssc", "notosanscjk", "sourcehansanssc", "sourcehansanscn", "notoserifcjksc",
    "wenquanyimicrohei", "wenquanyizenhei", "arplumingcn", "arphicuming", "droidsansfallback",
    "notosanscjkjp", "notosanscjktc", "msgothic", "mingliu",
)  # fmt: skip
#: Parts of font names that mark a CJK font when none of the names above is installed.
CJK_NAME_HINTS = ("cjk", "yahei", "hei", "song", "ming", "gothic", "kai", "fallback")
#: Set to a font file to use it instead of searching (or to "" to turn the fallback off).
OVERRIDE_ENV = "GOMOKU_FALLBACK_FONT"
_NEVER_MAPPED = "\U0010fffd"


@lru_cache(maxsize=1)
def system_cjk_font() -> Path | None:
    """A CJK font file installed on this system, or None. Searched once, on first need."""
    override = os.environ.get(OVERRIDE_ENV)
    if override is not None:
        return Path(override) if override and Path(override).is_file() else None
    try:
        found = pygame.font.match_font(list(CJK_FONT_NAMES))
        if not found:
            hinted = [name for name in pygame.font.get_fonts() if any(hint in name for hint in CJK_NAME_HINTS)]
            found = pygame.font.match_font(hinted) if hinted else None
    except Exception as error:  # noqa: BLE001 - the system's font listing can fail in many ways; text still draws
        log.warning("looking for a system CJK font failed: %s", error)
        return None
    if found:
        log.info("characters missing from the bundled font are drawn with %s", found)
    return Path(found) if found else None


@lru_cache(maxsize=64)
def _fallback_font(path: Path, size: int, bold: bool) -> pygame.font.Font | None:
    try:
        font = pygame.font.Font(str(path), size)
    except (pygame.error, OSError) as error:
        log.warning("cannot load the fallback font %s: %s", path, error)
        return None
    font.set_bold(bold)
    return font


def fallback_font(size: int, bold: bool = False) -> pygame.font.Font | None:
    """The system CJK font at `size`, or None when the system has none."""
    path = system_cjk_font()
    return _fallback_font(path, size, bold) if path is not None else None


_missing_box: dict[int, tuple[object, bytes]] = {}
_has_glyph: dict[tuple[int, str], bool] = {}


def _drawn(font: pygame.font.Font, char: str) -> bytes:
    return pygame.image.tobytes(font.render(char, False, (255, 255, 255)), "RGBA")


def has_glyph(font: pygame.font.Font, char: str) -> bool:
    """Whether `font` draws `char` as itself rather than as its missing-glyph box."""
    key = (id(font), char)
    known = _has_glyph.get(key)
    if known is None:
        box = _missing_box.get(id(font))
        if box is None:
            box = _missing_box[id(font)] = (font.metrics(_NEVER_MAPPED)[0], _drawn(font, _NEVER_MAPPED))
        metrics = font.metrics(char)[0]
        known = metrics != box[0] or _drawn(font, char) != box[1]
        _has_glyph[key] = known
    return known


def runs(text: str, primary: pygame.font.Font, fallback: pygame.font.Font | None) -> list[tuple[pygame.font.Font, str]]:
    """`text` split into (font, piece) runs: the primary font wherever it has the glyph (and
    for whitespace), the fallback where only it has the glyph."""
    if text.isascii() or fallback is None:
        return [(primary, text)]
    pieces: list[tuple[pygame.font.Font, str]] = []
    for char in text:
        use_fallback = not char.isspace() and not has_glyph(primary, char) and has_glyph(fallback, char)
        font = fallback if use_fallback else primary
        if pieces and pieces[-1][0] is font:
            pieces[-1] = (font, pieces[-1][1] + char)
        else:
            pieces.append((font, char))
    return pieces


def render_runs(pieces: list[tuple[pygame.font.Font, str]], colour: tuple[int, int, int]) -> pygame.Surface:
    """Draw runs side by side on one transparent surface, their baselines lined up."""
    images = [(font, font.render(piece, True, colour)) for font, piece in pieces]
    ascent = max(font.get_ascent() for font, _ in images)
    height = max(ascent - font.get_ascent() + image.get_height() for font, image in images)
    surface = pygame.Surface((sum(image.get_width() for _, image in images), height), pygame.SRCALPHA)
    x = 0
    for font, image in images:
        surface.blit(image, (x, ascent - font.get_ascent()))
        x += image.get_width()
    return surface


def clear_cache() -> None:
    """Forget loaded fonts and glyph answers (after pygame.quit(), or to search again)."""
    _fallback_font.cache_clear()
    system_cjk_font.cache_clear()
    _missing_box.clear()
    _has_glyph.clear()
