"""One type scale: every label is drawn at a step of theme.TYPE_SCALE, and a label too wide for
its box gets the catalogue's shorter wording rather than a smaller font (issue 56, item 18)."""

import pygame
import pytest

from game.i18n import en, set_language, shorter, tr
from game.ui import layout_check, text, theme


@pytest.fixture(autouse=True)
def fonts_ready():
    pygame.font.init()
    set_language("en")
    yield
    set_language("en")


def test_any_size_asked_for_is_drawn_at_a_step_of_the_scale():
    steps = set(theme.TYPE_SCALE.values())
    for asked in range(6, 90):
        assert theme.type_size(asked) in steps
        assert theme.type_size(asked) <= max(asked, min(steps))
        assert text.render("Gomoku", asked, theme.TEXT).get_height() <= text.font(theme.type_size(asked)).get_linesize() + 2


def test_a_label_too_wide_gets_its_short_wording_at_the_same_size():
    label = tr("menu.online")
    size = 16
    room = text.width(tr("menu.online.short"), size, bold=True) + 2
    image = text.fitted(label, size, theme.TEXT, room, bold=True)
    assert image.get_height() == text.render(label, size, theme.TEXT, True).get_height()
    assert layout_check._texts[image] == tr("menu.online.short")


def test_a_label_no_wording_fits_is_reported_not_silently_shrunk():
    with layout_check.recording((800, 600)) as recorder:
        text.fitted("A label far too long for its box", 16, theme.TEXT, 30)
    assert len(recorder.shrunk) == 1


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_short_wording_is_shorter_than_its_label(language):
    set_language(language)
    for key in en.STRINGS:
        if key.endswith(".short"):
            base = key[: -len(".short")]
            short = shorter(tr(base))
            assert short is not None, f"{key} gives no shorter wording in {language}"
            assert text.width(short, 16) < text.width(tr(base), 16), key
