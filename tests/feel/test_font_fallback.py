"""A name of rare characters is drawn with a system CJK font, not as boxes.

The bundled font is a subset holding only the interface's characters; anything else falls
back to a CJK font found on the system (CI installs fonts-wqy-microhei for this test).
"""

import pygame
import pytest

from game.ui import font_fallback, fonts, text
from game.ui.font_fallback import OVERRIDE_ENV, fallback_font, has_glyph, system_cjk_font

RARE_NAME = "龘靐齉爩"  # real characters, far outside the interface's vocabulary
WHITE = (255, 255, 255)


@pytest.fixture(autouse=True)
def fresh_fonts():
    pygame.font.init()
    fonts.clear_cache()
    text.render.cache_clear()
    yield
    fonts.clear_cache()
    text.render.cache_clear()


@pytest.fixture
def cjk_font():
    if system_cjk_font() is None:
        pytest.skip("no CJK font installed on this system (apt-get install fonts-wqy-microhei)")
    face = fallback_font(25)
    if not all(has_glyph(face, char) for char in RARE_NAME):
        pytest.skip(f"the system CJK font {system_cjk_font()} lacks some of {RARE_NAME!r}")
    return face


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_the_bundled_subset_lacks_the_rare_characters():
    bundled = fonts.get_font(25)
    assert [char for char in RARE_NAME if has_glyph(bundled, char)] == []
    assert has_glyph(bundled, "中") and has_glyph(bundled, "A")  # the interface's own glyphs are there


def test_a_rare_name_is_drawn_with_the_system_cjk_font(cjk_font):
    drawn = text.render(RARE_NAME, 25, WHITE)
    assert _pixels(drawn) == _pixels(cjk_font.render(RARE_NAME, True, WHITE))
    boxes = fonts.get_font(25).render(RARE_NAME, True, WHITE)
    assert _pixels(drawn) != _pixels(boxes)


def test_mixed_text_keeps_the_bundled_font_for_what_it_has(cjk_font):
    bundled = fonts.get_font(25)
    pieces = font_fallback.runs("Player 龘 中", bundled, cjk_font)
    assert [(face is cjk_font, piece) for face, piece in pieces] == [(False, "Player "), (True, "龘"), (False, " 中")]
    drawn = text.render("Player 龘 中", 25, WHITE)
    assert drawn.get_width() == text.width("Player 龘 中", 25) == sum(face.size(piece)[0] for face, piece in pieces)
    assert drawn.get_height() >= bundled.get_height()


def test_wrapping_measures_fallback_glyphs(cjk_font):
    one_glyph = text.width("龘", 25)
    lines = text.wrap(RARE_NAME * 3, 25, one_glyph * 4)
    assert "".join(lines) == RARE_NAME * 3 and all(text.width(line, 25) <= one_glyph * 4 for line in lines)


def test_without_a_system_font_missing_characters_still_draw(monkeypatch):
    monkeypatch.setenv(OVERRIDE_ENV, "")  # as on a machine with no CJK font at all
    fonts.clear_cache()
    assert system_cjk_font() is None
    drawn = text.render("Ann " + RARE_NAME, 25, WHITE)
    assert _pixels(drawn) == _pixels(fonts.get_font(25).render("Ann " + RARE_NAME, True, WHITE))
