"""The Chinese table says everything the English one says, with the same placeholders."""

import string

import pytest

from game.i18n import en, zh


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_zh_has_exactly_the_keys_of_en():
    missing = sorted(set(en.STRINGS) - set(zh.STRINGS))
    extra = sorted(set(zh.STRINGS) - set(en.STRINGS))
    assert missing == [] and extra == [], f"missing in zh: {missing}; not in en: {extra}"


def test_no_chinese_text_is_empty():
    assert [key for key, text in zh.STRINGS.items() if not isinstance(text, str) or not text.strip()] == []


@pytest.mark.parametrize("key", sorted(en.STRINGS))
def test_placeholders_match(key):
    if key in zh.STRINGS:
        assert placeholders(zh.STRINGS[key]) == placeholders(en.STRINGS[key])


def test_chinese_text_is_chinese():
    # Untranslated copies of the English would pass the key test; most entries must hold CJK.
    cjk = [key for key, text in zh.STRINGS.items() if any("\u4e00" <= c <= "\u9fff" for c in text)]
    assert len(cjk) >= 0.8 * len(zh.STRINGS)


def test_key_terms_use_the_usual_chinese_words():
    text = "".join(zh.STRINGS.values())
    for term in ("五子棋", "悔棋", "黑", "白"):
        assert term in text, term
