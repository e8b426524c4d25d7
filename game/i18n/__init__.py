"""Every visible string, looked up by a stable key in the table of the chosen language.

Scenes never hold visible text: they call `tr("menu.play_ai")`. English is the reference
table; another language (`zh`) lives in its own module with the same keys, and a key it lacks
falls back to English, so a half-finished translation never shows a raw key.
"""

from __future__ import annotations

import importlib
import locale
import os
from typing import Any

from . import en

SUPPORTED = ("en", "zh")

_tables: dict[str, dict[str, str]] = {"en": en.STRINGS}
_current = "en"


class UnknownTextKeyError(KeyError):
    """A key that is not in the English table (a programming error, caught by the tests)."""


def _fallback_system_language() -> str:
    """The supported language closest to the operating system's, English when unsure."""
    candidates = [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for candidate in candidates:
        code = candidate.lower().replace("-", "_").split("_")[0].split(".")[0]
        if code in SUPPORTED:
            return code
    return "en"


try:
    from .locale_detect import system_language
except ImportError:  # the detailed detector (Windows UI language, LANGUAGE lists) is optional
    system_language = _fallback_system_language


def _table(code: str) -> dict[str, str]:
    if code not in _tables:
        try:
            module = importlib.import_module(f"{__name__}.{code}")
            _tables[code] = dict(getattr(module, "STRINGS"))
        except (ImportError, AttributeError):
            _tables[code] = {}
    return _tables[code]


def set_language(code: str) -> str:
    """Switch to `code` ("" follows the system). Returns the language actually used."""
    global _current
    _short_wordings.clear()
    wanted = code or system_language()
    _current = wanted if wanted in SUPPORTED and (wanted == "en" or _table(wanted)) else "en"
    return _current


def current_language() -> str:
    return _current


def tr_in(code: str, key: str, **values: Any) -> str:
    """Like `tr`, in language `code` whatever the current one is (for texts written to files)."""
    if key not in en.STRINGS:
        raise UnknownTextKeyError(f"no UI text for key {key!r}")
    text = (_table(code).get(key) if code in SUPPORTED else None) or en.STRINGS[key]
    return text.format(**values) if values else text


def tr(key: str, **values: Any) -> str:
    """The text for `key` in the current language, with `{name}` fields filled from `values`.

    Raises UnknownTextKeyError for a key the English table does not have.
    """
    if key not in en.STRINGS:
        raise UnknownTextKeyError(f"no UI text for key {key!r}")
    text = _table(_current).get(key) or en.STRINGS[key]
    return text.format(**values) if values else text


#: Suffix of a key holding the shorter wording of the label under the key without it
#: ("menu.play_online.short" for "menu.play_online"). A label too wide for its box is drawn
#: in its shorter wording rather than in a smaller font (game.ui.text.fitted).
SHORT_SUFFIX = ".short"
_short_wordings: dict[str, dict[str, str]] = {}


def shorter(text: str) -> str | None:
    """The catalogue's shorter wording of the label `text` in the current language, or None."""
    table = _short_wordings.get(_current)
    if table is None:
        table = {}
        for key in en.STRINGS:
            if key.endswith(SHORT_SUFFIX):
                base = key[: -len(SHORT_SUFFIX)]
                if base in en.STRINGS:
                    long_text = tr(base)
                    short_text = en.STRINGS[key] if _current == "en" else _table(_current).get(key)
                    if short_text and "{" not in long_text and short_text != long_text:
                        table[long_text] = short_text
        _short_wordings[_current] = table
    return table.get(text)
