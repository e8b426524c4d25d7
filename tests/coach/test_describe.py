"""A move's verdict in words, in English and Chinese."""

from game.coach.describe import describe, move_line, summary_lines


def test_a_missed_win_says_how_many_moves_and_how(vcf_review):
    text = describe(vcf_review.moves[21], "en")
    assert text.startswith("blunder — missed a win: five in ")
    assert "with fours (l10 " in text and "better: l10" in text


def test_an_allowed_win_names_the_attacker(vct_review):
    text = describe(vct_review.moves[39], "en")
    assert "after this move black forces five in 5 with fours and threes (h10 " in text


def test_chinese_texts_come_from_the_chinese_table(vcf_review, vct_review):
    assert "错过了胜机" in describe(vcf_review.moves[21], "zh")
    assert "黑棋" in describe(vct_review.moves[39], "zh")
    assert move_line(vcf_review.moves[13], "zh").startswith("第14手 白棋")
    assert all("准确率" in line for line in summary_lines(vcf_review, "zh"))


def test_forced_moves_say_so(vcf_review):
    assert describe(vcf_review.moves[13], "en") == "best — keeps the forced win"
    assert "already lost" in describe(vcf_review.moves[14], "en")
