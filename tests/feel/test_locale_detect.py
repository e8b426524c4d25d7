"""system_language(): any Chinese locale means "zh", anything else "en"."""

import pytest

from game.i18n.locale_detect import first_apple_language, language_from_tag, system_language


@pytest.mark.parametrize(
    "environ, expected",
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_TW.Big5"}, "zh"),
        ({"LC_ALL": "zh-Hans"}, "zh"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
        ({"LANGUAGE": "fr:zh_CN", "LANG": "fr_FR.UTF-8"}, "zh"),  # first preference we have
        ({"LANGUAGE": "en_GB:zh", "LANG": "zh_CN.UTF-8"}, "en"),  # LANGUAGE outranks LANG
        ({"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh"),  # LC_ALL outranks LANG
        ({"LC_ALL": "", "LANG": "zh_SG"}, "zh"),
    ],
)
def test_system_language_from_the_environment(environ, expected):
    assert system_language(environ) == expected


@pytest.mark.parametrize(
    "tag, expected",
    [
        ("Chinese (Simplified)_China.936", "zh"),
        ("English_United States.1252", "en"),
        ("en", "en"),
        ("POSIX", None),
        ("", None),
        ("es_ES@euro", None),
    ],
)
def test_language_from_tag(tag, expected):
    assert language_from_tag(tag) == expected


@pytest.mark.parametrize(
    "output, expected",
    [('(\n    "zh-Hans-CN",\n    "en-US"\n)\n', "zh-Hans-CN"), ("(\n    en,\n    fr\n)\n", "en"), ("", None)],
)
def test_the_first_macos_ui_language_is_read_from_defaults_output(output, expected):
    assert first_apple_language(output) == expected
