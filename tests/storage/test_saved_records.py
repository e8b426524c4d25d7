"""Saving games as PSQ + SGF in the records folder, listing them, and reading them back."""

import os
from datetime import datetime

import pytest

from game.model import Game, GameConfig, Player
from game.records import RecordError, write_psq
from game.rules import Reason, Rule, Stone
from game.storage import game_from_record, list_records, open_record, record_from_game, save_game_records

WHEN = datetime(2026, 11, 22, 1, 30, 5)


def finished_renju_game() -> Game:
    game = Game(GameConfig(rule=Rule.RENJU, black=Player.human("Ann"), white=Player.ai("master")))
    for x in range(4):
        game.play((x + 3, 7))
        game.play((x + 3, 9))
    game.play((7, 7))
    assert game.is_over
    return game


def test_save_writes_sgf_and_psq_named_by_date_and_time(tmp_path):
    paths = save_game_records(finished_renju_game(), tmp_path, WHEN)
    assert [p.name for p in paths] == ["gomoku-2026-11-22-013005.sgf", "gomoku-2026-11-22-013005.psq"]
    assert all(p.is_file() for p in paths)


def test_saving_twice_in_the_same_second_never_overwrites(tmp_path):
    first = save_game_records(finished_renju_game(), tmp_path, WHEN)
    second = save_game_records(finished_renju_game(), tmp_path, WHEN)
    assert second[0].name == "gomoku-2026-11-22-013005-2.sgf"
    assert set(first).isdisjoint(second)


def test_a_saved_game_reads_back_with_moves_rule_names_and_result(tmp_path):
    game = finished_renju_game()
    sgf, psq = save_game_records(game, tmp_path, WHEN)
    for path in (sgf, psq):
        record = open_record(path)
        assert record.moves == game.moves
        assert record.rule is Rule.RENJU  # the PSQ borrows it from its SGF twin
        assert (record.black, record.white) == ("Ann", game.config.white.name)
    assert open_record(sgf).result.winner is Stone.BLACK
    assert open_record(sgf).result.reason is Reason.FIVE


def test_a_lone_psq_uses_the_rule_it_is_given(tmp_path):
    path = tmp_path / "lone.psq"
    path.write_text(write_psq(record_from_game(finished_renju_game())))
    assert open_record(path).rule is Rule.FREESTYLE
    assert open_record(path, Rule.STANDARD).rule is Rule.STANDARD


def test_list_records_shows_only_record_files_newest_first(tmp_path):
    (tmp_path / "old.sgf").write_text("(;FF[4]GM[4])")
    (tmp_path / "new.PSQ").write_text("Piskvorky 15x15, 11:11, 0\n")
    (tmp_path / "notes.txt").write_text("not a record")
    (tmp_path / "folder.sgf").mkdir()
    os.utime(tmp_path / "old.sgf", (1_000_000, 1_000_000))
    assert [entry.name for entry in list_records(tmp_path)] == ["new.PSQ", "old.sgf"]


def test_list_records_of_a_missing_folder_is_empty(tmp_path):
    assert list_records(tmp_path / "nowhere") == []


@pytest.mark.parametrize(
    "name, content",
    [("broken.sgf", "(;FF[4]GM[4]SZ[15];B[hh];W[hh])"), ("broken.psq", "Piskvorky 15x15\n99,99,0\n"), ("x.sgf", "")],
)
def test_malformed_records_raise_a_record_error_with_a_message(tmp_path, name, content):
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(RecordError) as caught:
        open_record(path)
    assert str(caught.value)


def test_continuing_a_record_gives_a_live_game_at_its_last_position():
    game = Game()
    for point in [(7, 7), (8, 8), (7, 8)]:
        game.play(point)
    record = record_from_game(game)
    live = game_from_record(record, Player.human("Me"), Player.ai("casual"), undo_limit=None)
    assert live.moves == game.moves
    assert live.to_move is Stone.WHITE
    assert live.is_ai_turn
    assert live.undos_left[Stone.BLACK] is None


def test_continuing_a_finished_record_gives_a_finished_game():
    record = record_from_game(finished_renju_game())
    assert game_from_record(record, Player.human(), Player.human()).is_over
