"""`python -m game analyse`: JSON per move, text, an annotated SGF, and exit 2 for a bad record."""

import io
import json

import pytest

from game.coach.annotated_sgf import read_annotations
from game.coach.cli import main
from game.records import GameRecord, read_sgf, save_record
from game.rules import Rule

from coach_games import GAME_MISSED_VCF

SHORT = GAME_MISSED_VCF[:6]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def short_sgf(tmp_path):
    path = tmp_path / "short.sgf"
    save_record(path, GameRecord(15, Rule.FREESTYLE, list(SHORT)))
    return path


def test_json_prints_one_object_per_move(short_sgf):
    status, out, _ = run(str(short_sgf), "--json", "--time-ms", "30", "--lang", "en")
    assert status == 0
    moves = [json.loads(line) for line in out.splitlines()]
    assert [m["move"] for m in moves] == [1, 2, 3, 4, 5, 6]
    assert [m["point"] for m in moves[:2]] == ["h8", "i7"] and moves[0]["colour"] == "black"
    for m in moves:
        assert m["class"] in {"best", "good", "inaccuracy", "mistake", "blunder"}
        assert {"score_before", "score_after", "best_move", "proof"} <= m.keys()


def test_json_carries_the_proof_line_of_a_missed_win(tmp_path):
    path = tmp_path / "vcf.psq"
    save_record(path, GameRecord(15, Rule.FREESTYLE, list(GAME_MISSED_VCF)))
    status, out, _ = run(str(path), "--json", "--time-ms", "30", "--lang", "en")
    moves = [json.loads(line) for line in out.splitlines()]
    missed = moves[19]  # white's 20th move misses a VCT
    assert status == 0 and missed["move"] == 20 and missed["missed_win"] and not missed["allowed_win"]
    assert missed["proof"]["kind"] == "vct" and missed["proof"]["line"][0] == "j9" and missed["proof"]["attacker"] == "white"
    # Move 22 misses white's VCF (l10) and lets black win (Rapfi sees mate in 21). Where the
    # 30 ms search proves black's win, the proof shown is that one, else the missed VCF.
    both = moves[21]
    assert both["move"] == 22 and both["missed_win"]
    if both["allowed_win"]:
        assert both["proof"]["kind"] == "search" and both["proof"]["attacker"] == "black"
    else:
        assert both["proof"]["kind"] == "vcf" and both["proof"]["line"][0] == "l10" and both["proof"]["attacker"] == "white"


def test_text_output_and_the_annotated_record(short_sgf, tmp_path):
    target = tmp_path / "reviewed.sgf"
    status, out, _ = run(str(short_sgf), "--time-ms", "30", "--lang", "zh", "--out", str(target))
    lines = out.splitlines()
    assert status == 0 and len(lines) == 8 and lines[0].startswith("第1手 黑棋 h8：")
    assert "准确率" in lines[-1]
    text = target.read_text(encoding="utf-8")
    assert read_sgf(text).moves == SHORT and len(read_annotations(text)) == 6


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("broken.sgf", "(;GM[4]SZ[15]\n;B[hh]\n;W[hh])", "line 3"),
        ("broken.sgf", "(;GM[4]SZ[15]\n;B[hh\n", "line 2"),
        ("broken.psq", "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n-1\n", "line 3"),
        ("broken.psq", "not a record\n", "line 1"),
        ("game.txt", "h8 i9", "unknown record format"),
    ],
)
def test_a_bad_record_is_refused_with_status_2_naming_the_line(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    status, out, err = run(str(path), "--json")
    assert status == 2 and out == ""
    assert message in err and str(path) in err


def test_a_missing_file_is_status_2(tmp_path):
    status, _, err = run(str(tmp_path / "nowhere.sgf"))
    assert status == 2 and "nowhere.sgf" in err


def test_bad_options_are_usage_errors(short_sgf):
    with pytest.raises(SystemExit) as exit_info:
        run(str(short_sgf), "--out", "reviewed.txt")
    assert exit_info.value.code == 2
