"""Annotated SGF: comments, marks and variations that other editors show, and that load back."""

import re

from game.coach import MoveClass
from game.coach.annotated_sgf import game_comment, read_annotations, write_annotated
from game.coach.describe import describe
from game.records import GameRecord, read_sgf
from game.records.sgf import main_line_nodes
from game.rules import Rule

from coach_games import GAME_MISSED_VCF

MARKS = {MoveClass.BLUNDER: {"BM": "2"}, MoveClass.MISTAKE: {"BM": "1"}, MoveClass.INACCURACY: {"DO": ""}}


def record() -> GameRecord:
    return GameRecord(15, Rule.FREESTYLE, list(GAME_MISSED_VCF), black="Ann", white="Bo")


def test_the_annotated_record_still_loads_as_the_same_game(vcf_review):
    text = write_annotated(record(), vcf_review)
    loaded = read_sgf(text)
    assert loaded.moves == GAME_MISSED_VCF and loaded.black == "Ann" and loaded.white == "Bo"


def test_a_round_trip_keeps_every_comment_and_mark(vcf_review):
    notes = read_annotations(write_annotated(record(), vcf_review))
    assert [note.point for note in notes] == GAME_MISSED_VCF
    for note, move in zip(notes, vcf_review.moves):
        assert note.comment.splitlines()[0] == describe(move)
        expected = dict(MARKS.get(move.move_class, {}))
        before = vcf_review.moves[move.number - 2] if move.number > 1 else None
        if move.in_forced_win and move.forced_role == "attack" and before is not None and before.allowed_win:
            # the first move of a forced win: white's from move 14 and, when the search
            # proves black's deeper win after move 22 in time, black's from move 23
            expected = {"TE": "1"}
        if move.allowed_win is not None and move.best_move == move.point:
            expected = {"IT": ""}
        assert note.marks == expected, move.number


def test_the_summary_is_the_game_comment_in_either_language(vcf_review):
    english = game_comment(write_annotated(record(), vcf_review, "en"))
    chinese = game_comment(write_annotated(record(), vcf_review, "zh"))
    assert english.startswith("Black: accuracy") and "White: accuracy" in english
    assert "准确率" in chinese


def test_better_lines_and_proofs_are_variations_beside_the_moves(vcf_review):
    text = write_annotated(record(), vcf_review)
    assert len(main_line_nodes(text)) == len(GAME_MISSED_VCF) + 1  # variations stay off the main line
    # the missed VCF at move 22 (white) is a variation starting with white's l10 (11,5 = "lf")
    assert re.search(r"\(;W\[lf\]C\[", text)
    assert text.count("(;") > 1


def test_comments_with_brackets_and_backslashes_survive(vcf_review):
    text = write_annotated(GameRecord(15, Rule.FREESTYLE, list(GAME_MISSED_VCF), black="A]\\B"), vcf_review)
    assert read_sgf(text).black == "A]\\B"
