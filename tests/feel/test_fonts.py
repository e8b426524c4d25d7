"""The bundled font: loads once per size, falls back without it, and has the glyphs we show."""

import importlib.util
import string
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from game.resources import AssetNotFoundError
from game.ui import fonts
from game.ui.fonts import font_path, get_font

ROOT = Path(__file__).resolve().parents[2]
TABLES = {"en": ROOT / "game" / "i18n" / "en.py", "zh": ROOT / "game" / "i18n" / "zh.py"}


@pytest.fixture(autouse=True)
def font_system():
    pygame.font.init()
    pygame.freetype.init()
    fonts.clear_cache()
    yield
    fonts.clear_cache()


def table_text(code: str) -> str:
    path = TABLES[code]
    if not path.exists():
        pytest.skip(f"{path.name} not written yet")
    spec = importlib.util.spec_from_file_location(f"table_{code}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return "".join(module.STRINGS.values())


def missing_glyphs(text: str) -> list[str]:
    face = pygame.freetype.Font(str(font_path()), 20)
    chars = sorted({c for c in text if not c.isspace()})
    return [c for c, metrics in zip(chars, face.get_metrics("".join(chars))) if metrics is None]


def test_the_font_is_cached_per_size_and_weight():
    assert get_font(20) is get_font(20)
    assert get_font(20) is not get_font(21)
    assert get_font(20, bold=True) is not get_font(20)
    assert get_font(20, bold=True).get_bold() and not get_font(20).get_bold()


def test_the_bundled_font_is_small():
    assert font_path().stat().st_size < 600_000


def test_a_missing_font_file_falls_back_to_the_default_font(monkeypatch):
    def not_there():
        raise AssetNotFoundError("fonts/GomokuUI.ttf not found")

    monkeypatch.setattr(fonts, "font_path", not_there)
    assert get_font(18).size("Gomoku")[0] > 0


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError, match="0"):
        get_font(0)


def test_cjk_text_renders_with_real_glyphs_not_the_missing_glyph_box():
    font = get_font(32)
    tofu = pygame.image.tobytes(font.render("\ue000", True, (0, 0, 0), (255, 255, 255)), "RGB")
    for char in "五子棋黑白悔棋":
        drawn = pygame.image.tobytes(font.render(char, True, (0, 0, 0), (255, 255, 255)), "RGB")
        assert drawn != tofu, char
    assert missing_glyphs("五子棋") == []


def test_the_missing_glyph_check_can_fail():
    assert missing_glyphs("\ue000") == ["\ue000"]


def test_printable_ascii_and_ui_symbols_are_in_the_font():
    assert missing_glyphs(string.printable + "∞·×✓←→，。！？：（）") == []


@pytest.mark.parametrize("code", ["en", "zh"])
def test_every_character_of_the_string_tables_is_in_the_font(code):
    missing = missing_glyphs(table_text(code))
    assert missing == [], f"run build_scripts/make_font.py; missing {''.join(missing)!r}"
