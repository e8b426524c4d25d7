"""Every visible string comes from the English table, so a translation can cover all of them."""

import re
from pathlib import Path

import pytest

from game.i18n import UnknownTextKeyError, en, set_language, tr
from game.rules import Rule
from game.storage.settings import COLOURS, LANGUAGES, LEVELS

GAME = Path(__file__).resolve().parents[2] / "game"
SOURCES = [GAME / "app.py", *sorted((GAME / "scenes").rglob("*.py")), *sorted((GAME / "ui").glob("*.py"))]
LITERAL_KEY = re.compile(r"""\btr\(\s*["']([a-z_]+\.[a-z_]+)["']""")


def test_every_literal_key_used_in_the_gui_is_in_the_english_table():
    used = {key for path in SOURCES for key in LITERAL_KEY.findall(path.read_text(encoding="utf-8"))}
    assert len(used) > 40  # the scan really found the keys
    assert sorted(used - set(en.STRINGS)) == []


def test_keys_built_from_values_exist_for_every_value():
    keys = [f"level.{level}" for level in LEVELS]
    keys += [f"rule.{rule.value}" for rule in Rule]
    keys += [f"colour.{colour}" for colour in COLOURS]
    keys += [f"language.{code or 'system'}" for code in LANGUAGES]
    keys += [f"notice.{problem}_{kind}" for problem in ("corrupt", "not_saved") for kind in ("settings", "stats", "autosave")]
    assert [key for key in keys if key not in en.STRINGS] == []


def test_an_unknown_key_is_a_clear_error():
    with pytest.raises(UnknownTextKeyError, match="menu.nope"):
        tr("menu.nope")


def test_fields_are_filled_in():
    set_language("en")
    assert tr("play.undos_left", count=2) == "Take-backs left: 2"


def test_switching_language_changes_the_text_and_english_is_the_fallback():
    try:
        assert set_language("en") == "en"
        english = tr("menu.settings")
        used = set_language("zh")
        if used == "zh":
            assert tr("menu.settings") != english
        assert set_language("xx") == "en"
        assert tr("menu.settings") == english
    finally:
        set_language("en")
