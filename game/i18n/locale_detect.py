"""Which of our languages the operating system speaks: "zh" for any Chinese locale, else "en".

Pure and standard library only, so it is tested by passing an environment dict.
"""

from __future__ import annotations

import locale
import os
import re
import subprocess
import sys
from typing import Mapping

SUPPORTED = ("en", "zh")
DEFAULT = "en"

# gettext's order: LANGUAGE (a colon-separated preference list) wins, then LC_ALL, LC_MESSAGES, LANG.
_ENV_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def language_from_tag(tag: str) -> str | None:
    """The supported language a locale tag names, or None.

    "zh_CN.UTF-8", "zh-Hans", "Chinese (Simplified)_China.936" -> "zh"; "en_GB", "English" -> "en";
    "fr_FR", "C", "" -> None (not a language we have, or no language at all).
    """
    cleaned = tag.strip().split(".")[0].split("@")[0].lower()
    if cleaned.startswith("zh") or cleaned.startswith("chinese"):
        return "zh"
    if cleaned[:2] == "en" and (len(cleaned) == 2 or not cleaned[2].isalpha()) or cleaned.startswith("english"):
        return "en"
    return None


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """"zh" or "en": the first of the user's preferences we support, English when none is.

    Looks at the environment (LANGUAGE's list, LC_ALL, LC_MESSAGES, LANG), then the C library
    locale, then the desktop's UI language (Windows API; macOS AppleLanguages, since apps
    started from Finder get no LANG). Passing `environ` checks only that mapping.
    """
    env = os.environ if environ is None else environ
    for name in _ENV_VARS:
        for tag in env.get(name, "").split(":"):
            found = language_from_tag(tag)
            if found:
                return found
    if environ is not None:  # a test supplied the environment: do not consult the real system
        return DEFAULT
    return _from_locale() or _from_windows() or _from_macos() or DEFAULT


def _from_locale() -> str | None:
    try:
        tag = locale.getlocale()[0] or ""
    except ValueError:
        return None
    return language_from_tag(tag)


def _from_windows() -> str | None:
    if sys.platform != "win32":
        return None
    try:
        import ctypes

        lang_id = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return None
    return "zh" if lang_id & 0x3FF == 0x04 else None  # LANG_CHINESE is primary language 0x04


def first_apple_language(defaults_output: str) -> str | None:
    """The first entry of `defaults read -g AppleLanguages` output, e.g. "zh-Hans-CN"."""
    match = re.search(r'"?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*)"?', defaults_output.strip().lstrip("("))
    return match.group(1) if match else None


def _from_macos() -> str | None:
    if sys.platform != "darwin":
        return None
    try:
        completed = subprocess.run(
            ["/usr/bin/defaults", "read", "-g", "AppleLanguages"], capture_output=True, text=True, timeout=2
        )
    except (OSError, subprocess.SubprocessError):
        return None
    tag = first_apple_language(completed.stdout) if completed.returncode == 0 else None
    return language_from_tag(tag) if tag else None
