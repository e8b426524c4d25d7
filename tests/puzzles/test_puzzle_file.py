"""The puzzle file: lines round-trip, and every kind of bad line is refused naming line and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.puzzles import Goal, PuzzleFormatError, format_puzzle, parse_puzzle, parse_puzzles
from game.puzzles.puzzle_file import format_tree, parse_tree
from game.rules import Rule, Stone

SAMPLE = Path(__file__).resolve().parent.parent / "data" / "puzzles" / "sample.txt"


GOOD = "p1|freestyle|black|win-by-fours|h8h9i8i9|j8{g8 f8{e8 d8}}|j8|-|vcf|1000|1"


def test_every_sample_line_formats_back_to_itself():
    lines = [line for line in SAMPLE.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    for line in lines:
        assert format_puzzle(parse_puzzle(line)) == line


def test_a_line_gives_its_fields():
    puzzle = parse_puzzle(GOOD)
    assert (puzzle.id, puzzle.rule, puzzle.to_move, puzzle.goal) == ("p1", Rule.FREESTYLE, Stone.BLACK, Goal.WIN_BY_FOURS)
    assert puzzle.moves == ((7, 7), (7, 6), (8, 7), (8, 6))
    assert puzzle.solution.main_line() == [(9, 7), (6, 7), (5, 7), (4, 7), (3, 7)]
    assert puzzle.accepted == ((9, 7),)
    assert (puzzle.rating, puzzle.difficulty, puzzle.refutations) == (1000, 1, ())


def test_a_tree_with_branches_round_trips():
    text = "f5{d5 i5; e5 f6{f8 e5{d5 h8}}; j5 e5}"
    tree = parse_tree(text)
    assert [reply for reply, _ in tree.replies] == [(3, 10), (4, 10), (9, 10)]
    assert format_tree(tree) == text
    assert tree.depth() == 4


@pytest.mark.parametrize("line, field", [
    (GOOD.replace("freestyle", "gomoku"), "field rule"),
    (GOOD.replace("|black|", "|white|"), "field to_move"),
    (GOOD.replace("win-by-fours", "mate"), "field goal"),
    (GOOD.replace("h8h9i8i9", "h8h9h8i9"), "field position"),
    (GOOD.replace("h8h9i8i9", "h8z9"), "field position"),
    (GOOD.replace("j8{g8 f8{e8 d8}}", "j8{g8 f8{e8 d8}"), "field solution"),
    (GOOD.replace("j8{g8 f8{e8 d8}}", "j8{g8; f8}"), "field solution"),
    (GOOD.replace("|j8|-|", "||-|"), "field accepted"),
    (GOOD.replace("|j8|-|", "|j8|g8=f8|"), "field refutations"),
    (GOOD.replace("|vcf|", "|tactics|"), "field theme"),
    (GOOD.replace("|1000|", "|lots|"), "field rating"),
    (GOOD.replace("|1000|1", "|1000|9"), "field difficulty"),
    (GOOD.replace("p1|", "p 1|"), "field id"),
    (GOOD + "|extra", "12 fields"),
])
def test_a_bad_line_is_refused_naming_the_line_and_field(line, field):
    with pytest.raises(PuzzleFormatError) as caught:
        parse_puzzles("# a comment\n\n" + line + "\n")
    assert "line 3" in str(caught.value)
    assert field in str(caught.value)


def test_a_repeated_id_is_refused():
    with pytest.raises(PuzzleFormatError, match="line 2: id 'p1' is used twice"):
        parse_puzzles(GOOD + "\n" + GOOD + "\n")
