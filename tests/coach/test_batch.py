"""`python -m game analyse` over many records: folders, a summary per game and a total, JSON and
CSV files, progress, and broken records reported by name while the others go on."""

import csv
import io
import json

import pytest

import game.coach.batch as batch
from game.coach.batch import find_records, result_code, totals_of
from game.coach.classify import MoveClass
from game.coach.cli import main
from game.records import GameRecord, Result, save_record
from game.rules import Reason, Rule, Stone

from coach_games import GAME_MISSED_VCF

TIME = "20"
#: Black makes five on the ninth move; white plays along the edge.
FIVE_GAME = [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (11, 7)]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def games(tmp_path):
    """A folder of records: two good ones (one in a subfolder, one PSQ), a broken SGF, and a stray text file."""
    folder = tmp_path / "games"
    (folder / "club").mkdir(parents=True)
    save_record(folder / "a_missed.sgf", GameRecord(15, Rule.FREESTYLE, list(GAME_MISSED_VCF[:10]), black="Alice", white="Bob"))
    save_record(folder / "club" / "b_five.psq", GameRecord(15, Rule.FREESTYLE, list(FIVE_GAME)))
    (folder / "club" / "c_broken.sgf").write_text("(;GM[4]SZ[15]\n;B[hh]\n;W[hh])", encoding="utf-8")
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")
    return folder


@pytest.fixture
def reviews(monkeypatch):
    """Every GameReview the batch gets from the coach, by the number of moves reviewed."""
    seen = {}
    real = batch.review_game

    def recording(size, rule, points, *args, **kwargs):
        review = real(size, rule, points, *args, **kwargs)
        seen[len(points)] = review
        return review

    monkeypatch.setattr(batch, "review_game", recording)
    return seen


def test_a_folder_is_searched_recursively_and_a_broken_record_does_not_stop_the_others(games):
    status, out, err = run(str(games), "--time-ms", TIME, "--lang", "en")
    assert status == 2  # some record was refused
    broken = games / "club" / "c_broken.sgf"
    assert f"{broken}: not reviewed: line 3" in out
    assert f"{games / 'a_missed.sgf'}: Alice (Black) vs Bob (White) · unfinished · 10 moves" in out
    assert f"{games / 'club' / 'b_five.psq'}: ? (Black) vs ? (White) · Black won (five) · 9 moves" in out
    assert "notes.txt" not in out + err
    assert err.splitlines() == [
        f"[1/3] {games / 'a_missed.sgf'}", f"[2/3] {games / 'club' / 'b_five.psq'}", f"[3/3] {broken}",
    ]
    assert "Total: 2 games reviewed, 1 not reviewed, 19 moves · Black won 1, White won 0, draws 0, unfinished 1" in out


def test_the_summary_numbers_are_the_coachs_own(games, tmp_path, reviews):
    target, table = tmp_path / "summary.json", tmp_path / "summary.csv"
    status, out, _ = run(str(games), "--time-ms", TIME, "--lang", "en", "--json", str(target), "--csv", str(table))
    assert status == 2
    document = json.loads(target.read_text(encoding="utf-8"))
    assert [g["moves"] for g in document["games"]] == [10, 9]
    assert document["failed"][0]["path"].endswith("c_broken.sgf") and "line 3" in document["failed"][0]["reason"]
    for game in document["games"]:
        review = reviews[game["moves"]]
        for stone, colour in ((Stone.BLACK, "black"), (Stone.WHITE, "white")):
            own = review.summaries[stone]
            assert game["sides"][colour]["accuracy"] == own.accuracy
            assert game["sides"][colour]["counts"] == {cls.value: own.counts[cls] for cls in MoveClass}
            assert f"{colour.title()}: accuracy {own.accuracy:.1f}%" in out
        moments = review.key_moments
        if moments:
            worst = moments[0]
            assert game["worst"]["move"] == worst.number and game["worst"]["class"] == worst.move_class.value
            assert game["worst"]["drop"] == round(worst.drop, 3)
        else:
            assert game["worst"] is None
    total = document["total"]
    for colour, stone in (("black", Stone.BLACK), ("white", Stone.WHITE)):
        moves = sum(r.summaries[stone].moves for r in reviews.values())
        weighted = sum(r.summaries[stone].accuracy * r.summaries[stone].moves for r in reviews.values())
        assert total["sides"][colour]["accuracy"] == round(weighted / moves, 1)
        for cls in MoveClass:
            assert total["sides"][colour]["counts"][cls.value] == sum(r.summaries[stone].counts[cls] for r in reviews.values())
    assert (total["games"], total["failed"], total["moves"]) == (2, 1, 19)
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    assert [row["path"].rsplit("/", 1)[-1] for row in rows] == ["a_missed.sgf", "b_five.psq", "c_broken.sgf"]
    for row, game in zip(rows, document["games"]):
        assert float(row["black_accuracy"]) == game["sides"]["black"]["accuracy"]
        assert int(row["white_blunder"]) == game["sides"]["white"]["counts"]["blunder"]
        assert row["result"] == game["result"] and row["error"] == ""
    assert "line 3" in rows[2]["error"] and rows[2]["moves"] == ""


def test_all_records_good_is_status_0_and_chinese_works(tmp_path):
    save_record(tmp_path / "five.sgf", GameRecord(15, Rule.FREESTYLE, list(FIVE_GAME), black="甲", white="乙"))
    save_record(tmp_path / "five.psq", GameRecord(15, Rule.FREESTYLE, list(FIVE_GAME)))
    status, out, err = run(str(tmp_path / "five.sgf"), str(tmp_path / "five.psq"), "--time-ms", TIME, "--lang", "zh")
    assert status == 0 and err.count("\n") == 2
    assert "黑方 甲 对 白方 乙 · 黑棋胜（成五） · 共 9 手" in out
    assert "统计：分析 2 局，0 局未能分析，共 18 手 · 黑胜 2" in out and "最大失误" in out


def test_result_comes_from_the_record_else_from_the_final_board():
    assert result_code(GameRecord(15, Rule.FREESTYLE, list(FIVE_GAME))) == "B+five"
    assert result_code(GameRecord(15, Rule.FREESTYLE, list(FIVE_GAME[:4]))) == "unfinished"
    resigned = GameRecord(15, Rule.FREESTYLE, list(FIVE_GAME[:4]), result=Result(Stone.WHITE, Reason.RESIGNATION))
    assert result_code(resigned) == "W+resignation"
    assert result_code(GameRecord(15, Rule.FREESTYLE, [], result=Result(None))) == "draw"


def test_find_records_sorts_folders_and_names_what_is_missing(games, tmp_path):
    (tmp_path / "empty").mkdir()
    found, missing = find_records([games, tmp_path / "nowhere.sgf", tmp_path / "empty"])
    assert [p.name for p in found] == ["a_missed.sgf", "b_five.psq", "c_broken.sgf"]
    assert [(f.path.name, f.reason) for f in missing] == [
        ("nowhere.sgf", "no such file or folder"), ("empty", "no .sgf or .psq records in this folder"),
    ]


def test_a_record_named_twice_is_found_once_and_a_link_cycle_ends(games):
    (games / "club" / "loop").symlink_to(games, target_is_directory=True)
    found, missing = find_records([games, games / "a_missed.sgf", games / "club"])
    assert [p.name for p in found] == ["a_missed.sgf", "b_five.psq", "c_broken.sgf"] and missing == []


def test_a_missing_path_is_reported_and_the_rest_reviewed(tmp_path):
    save_record(tmp_path / "five.sgf", GameRecord(15, Rule.FREESTYLE, list(FIVE_GAME)))
    status, out, _ = run(str(tmp_path / "gone.psq"), str(tmp_path / "five.sgf"), "--time-ms", TIME, "--lang", "en")
    assert status == 2 and f"{tmp_path / 'gone.psq'}: not reviewed: no such file or folder" in out
    assert "Total: 1 games reviewed, 1 not reviewed" in out


def test_an_interrupted_batch_still_prints_and_writes_what_it_finished(games, tmp_path, monkeypatch):
    real, calls = batch.review_game, []

    def interrupted_second(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(batch, "review_game", interrupted_second)
    target = tmp_path / "partial.json"
    status, out, err = run(str(games), "--time-ms", TIME, "--lang", "en", "--json", str(target))
    assert status == 130 and "Interrupted after 1 of 3 records" in err
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["interrupted"] and [g["moves"] for g in document["games"]] == [10]
    assert "Total: 1 games reviewed" in out


def test_an_unwritable_output_is_status_1_and_leaves_nothing_behind(tmp_path):
    save_record(tmp_path / "five.sgf", GameRecord(15, Rule.FREESTYLE, list(FIVE_GAME)))
    target = tmp_path / "no_such_folder" / "summary.csv"
    status, out, err = run(str(tmp_path / "five.sgf"), "--csv", str(target), "--time-ms", TIME)
    assert status == 1 and f"cannot write {target}" in err and "Total: 1 games reviewed" in out
    assert not target.parent.exists()


def test_json_before_a_record_keeps_its_old_meaning_and_never_overwrites_the_record(tmp_path):
    path = tmp_path / "five.sgf"
    save_record(path, GameRecord(15, Rule.FREESTYLE, list(FIVE_GAME)))
    before = path.read_text(encoding="utf-8")
    status, out, _ = run("--json", str(path), "--time-ms", TIME)
    assert status == 0 and [json.loads(line)["move"] for line in out.splitlines()] == list(range(1, 10))
    assert path.read_text(encoding="utf-8") == before


@pytest.mark.parametrize(
    "argv",
    [
        ["a.sgf", "b.sgf", "--out", "reviewed.sgf"],  # --out is for one record
        ["a.sgf", "b.sgf", "--json"],                 # JSON Lines of moves is for one record
        ["a.sgf", "--csv", "b.psq"],                  # an output file must not be a record
        [],
    ],
)
def test_batch_usage_errors(argv):
    with pytest.raises(SystemExit) as exit_info:
        run(*argv)
    assert exit_info.value.code == 2


def test_totals_weigh_accuracy_by_moves():
    from game.coach.review import PlayerSummary

    def game(black_accuracy, black_moves, result):
        counts = {cls: 0 for cls in MoveClass}
        counts[MoveClass.BEST] = black_moves
        side = PlayerSummary(black_accuracy, counts)
        return batch.GameSummary(None, "", "", result, 2 * black_moves, Rule.FREESTYLE, 15,
                                 {Stone.BLACK: side, Stone.WHITE: side}, None)

    totals = totals_of([game(100.0, 30, "B+five"), game(40.0, 10, "draw")], failed=3)
    assert totals.accuracy[Stone.BLACK] == 85.0  # (100*30 + 40*10) / 40
    assert totals.counts[Stone.BLACK][MoveClass.BEST] == 40 and totals.moves == 80
    assert totals.wins == {"black": 1, "white": 0, "draw": 1, "unfinished": 0} and totals.failed == 3
