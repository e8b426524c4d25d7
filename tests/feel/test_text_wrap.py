"""Wrapped text breaks where a reader expects: at spaces, between Chinese characters, never
before closing punctuation, and never inside a key and its label ("N 下一个")."""

import pygame
import pytest

from game.ui import text
from game.ui.text import NO_BREAK

SIZE = 16


@pytest.fixture(autouse=True)
def fonts_ready():
    pygame.font.init()


def _all_widths(sentence: str) -> list[list[str]]:
    """The sentence wrapped at every width from one character to all of it."""
    full = text.width(sentence, SIZE)
    return [text.wrap(sentence, SIZE, limit) for limit in range(text.width("中", SIZE), full + 1, 3)]


def test_chinese_punctuation_never_starts_a_line():
    sentence = "对手有必胜的攻势。找出阻止它的一步。请看对手的取胜着法，再试一次！"
    for lines in _all_widths(sentence):
        assert "".join(lines) == sentence
        assert not any(line[0] in "。，！" for line in lines), lines


def test_a_move_then_chinese_breaks_inside_the_chinese_not_after_the_move():
    sentence = "a15 不能阻止。请看对手的取胜着法。"
    limit = text.width("a15 不能阻止。请看对手的", SIZE)
    lines = text.wrap(sentence, SIZE, limit)
    assert lines[0] == "a15 不能阻止。请看对手的" and lines[1] == "取胜着法。"


def test_a_key_and_its_label_stay_together_and_the_dot_ends_the_line():
    keys = f"方向键+回车落子 · H{NO_BREAK}提示 · N{NO_BREAK}下一个 · Esc{NO_BREAK}返回"
    for lines in _all_widths(keys):
        assert "".join(lines).replace(" ", "") == keys.replace(NO_BREAK, "").replace(" ", "")
        assert not any(line.endswith(("N", "H", "Esc")) or line.startswith("·") for line in lines), lines
        assert all(NO_BREAK not in line for line in lines)


def test_english_wraps_at_spaces_as_before():
    sentence = "Your opponent threatens a forced win. Find the move that stops it."
    for lines in _all_widths(sentence):
        assert " ".join(lines) == sentence
        words = sentence.split()
        assert all(word in words for line in lines for word in line.split())


ORPHAN_CASES = [
    "Your rating is now 1115",
    "Ladder 1300 suits you best at the moment (1161).",
    "黑方走了禁手，白方获胜（黑棋）。",
    "你的等级分现在是 1115",
    "The first blunder: Blunder 1",
]


@pytest.mark.parametrize("sentence", ORPHAN_CASES)
def test_no_wrapped_line_holds_only_a_number_a_bracket_or_one_chinese_character(sentence):
    """Issue 56 item 19: "1115" alone, a lone "(1161).", "（黑 / 棋）。"."""
    words = sentence.split()
    pairs = [" ".join(words[i:i + 2]) for i in range(len(words))]
    narrowest = max(text.width(pair, SIZE) for pair in pairs) if len(words) > 1 else text.width("中", SIZE) * 6
    for limit in range(narrowest, text.width(sentence, SIZE) + 1, 2):
        lines = text.wrap(sentence, SIZE, limit)
        assert "".join(lines).replace(" ", "") == sentence.replace(" ", "")
        assert not any(text.is_orphan(line) for line in lines[1:]), (limit, lines)
        assert all(text.width(line, SIZE) <= limit for line in lines), (limit, lines)


@pytest.mark.parametrize("line, orphan", [
    ("1115", True), ("(1161).", True), ("棋）。", True), ("）。", True), ("1", True),
    ("Blunder 1", False), ("黑棋）。", False), ("fours", False), ("a15", False),
])
def test_what_counts_as_an_orphan(line, orphan):
    assert text.is_orphan(line) is orphan


def test_a_lone_last_word_under_a_long_line_takes_a_word_with_it():
    sentence = "Five in a row wins: win by fours"
    limit = text.width("Five in a row wins: win by", SIZE)
    lines = text.wrap(sentence, SIZE, limit)
    assert len(lines) == 2 and len(lines[-1].split()) >= 2, lines


def test_a_line_with_separators_breaks_after_one_rather_than_inside_a_part():
    """'Win by / fours' (issue 56 item 19): the heading breaks after its "·"."""
    sentence = "Black to move · Win by fours"
    limit = text.width("Black to move · Win by", SIZE)
    assert text.wrap(sentence, SIZE, limit) == ["Black to move ·", "Win by fours"]
