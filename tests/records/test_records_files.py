"""GameRecord replay, atomic writes, and saving/loading by extension."""

from __future__ import annotations

import os

import pytest

from game.records import (
    GameRecord,
    RecordError,
    ReplayError,
    Result,
    atomic_write_text,
    load_record,
    save_record,
)
from game.records import atomic
from game.rules import Reason, Rule, Stone

FIVE_GAME = [(3, 7), (3, 1), (4, 7), (4, 1), (5, 7), (5, 1), (6, 7), (6, 1), (7, 7)]


# ----------------------------------------------------------------- GameRecord
def test_replay_builds_the_board_through_the_rules():
    record = GameRecord(size=15, rule=Rule.FREESTYLE, moves=FIVE_GAME)
    board = record.replay()
    assert board.moves == FIVE_GAME
    outcome = board.outcome()
    assert outcome.winner is Stone.BLACK and outcome.reason is Reason.FIVE
    assert Result.from_outcome(outcome) == Result(Stone.BLACK, Reason.FIVE)


@pytest.mark.parametrize(
    ("moves", "number", "text"),
    [
        ([(7, 7), (7, 7)], 2, "already taken"),
        ([(7, 7), (15, 0)], 2, "off"),
        (FIVE_GAME + [(0, 0)], 10, "already made five"),
    ],
)
def test_replay_refuses_illegal_records_naming_the_move(moves, number, text):
    with pytest.raises(ReplayError, match=f"move {number}.*{text}") as error:
        GameRecord(moves=moves).replay()
    assert error.value.move_number == number


def test_renju_forbidden_move_is_replayed_and_loses():
    moves = [(6, 7), (0, 0), (8, 7), (0, 2), (7, 6), (0, 4), (7, 5), (0, 6), (7, 7)]
    board = GameRecord(rule=Rule.RENJU, moves=moves).replay()
    assert board.outcome().reason is Reason.FORBIDDEN


def test_record_checks_size_and_times():
    with pytest.raises(RecordError, match="4"):
        GameRecord(size=4)
    with pytest.raises(RecordError, match="1 move times for 2 moves"):
        GameRecord(moves=[(7, 7), (8, 8)], times_ms=[5])


# ----------------------------------------------------------------- atomic writes
def test_atomic_write_creates_and_replaces(tmp_path):
    target = tmp_path / "save.txt"
    atomic_write_text(target, "first")
    atomic_write_text(target, "second ✓")
    assert target.read_text(encoding="utf-8") == "second ✓"
    assert os.listdir(tmp_path) == ["save.txt"]


def test_failed_replace_keeps_the_old_file_and_removes_the_temp(tmp_path, monkeypatch):
    target = tmp_path / "save.txt"
    target.write_text("old", encoding="utf-8")

    def broken_replace(source, destination):
        raise OSError("disk on fire")

    monkeypatch.setattr(atomic.os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk on fire"):
        atomic_write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["save.txt"]


def test_failure_midway_through_the_write_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "save.txt"
    target.write_text("old", encoding="utf-8")

    def broken_fsync(descriptor):
        raise OSError("no space left")

    monkeypatch.setattr(atomic.os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="no space left"):
        atomic_write_text(target, "new" * 10000)
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["save.txt"]


def test_unencodable_text_keeps_the_old_file(tmp_path):
    target = tmp_path / "save.txt"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        atomic_write_text(target, "ascii then ✗", encoding="ascii")
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["save.txt"]


def test_atomic_write_into_a_missing_folder_raises_and_creates_nothing(tmp_path):
    with pytest.raises(FileNotFoundError):
        atomic_write_text(tmp_path / "missing" / "save.txt", "x")
    assert os.listdir(tmp_path) == []


# ----------------------------------------------------------------- save / load
RECORD = GameRecord(
    size=19,
    rule=Rule.RENJU,
    moves=FIVE_GAME,
    black="Ann",
    white="Ben",
    result=Result(Stone.BLACK, Reason.FIVE),
    date="2026-11-22",
    times_ms=[10, 20, 30, 40, 50, 60, 70, 80, 90],
)


def test_save_and_load_sgf(tmp_path):
    path = tmp_path / "game.sgf"
    save_record(path, RECORD)
    assert path.read_text(encoding="utf-8").startswith("(;GM[4]")
    assert load_record(path) == GameRecord(**{**RECORD.__dict__, "times_ms": None})


def test_save_and_load_psq_with_upper_case_extension(tmp_path):
    path = tmp_path / "GAME.PSQ"
    save_record(path, RECORD)
    loaded = load_record(path, psq_rule=Rule.RENJU)
    assert (loaded.size, loaded.rule, loaded.moves, loaded.times_ms) == (19, Rule.RENJU, FIVE_GAME, RECORD.times_ms)
    assert (loaded.black, loaded.white) == ("Ann", "Ben")


def test_unknown_extension_is_refused_without_writing(tmp_path):
    with pytest.raises(RecordError, match=r"'\.txt'"):
        save_record(tmp_path / "game.txt", RECORD)
    assert os.listdir(tmp_path) == []
    with pytest.raises(RecordError, match=r"'\.gam'"):
        load_record(tmp_path / "game.gam")


def test_non_utf8_file_is_a_record_error(tmp_path):
    path = tmp_path / "game.sgf"
    path.write_bytes(b"(;GM[4]PB[\xff\xfe])")
    with pytest.raises(RecordError, match="UTF-8"):
        load_record(path)


def test_utf8_bom_is_tolerated(tmp_path):
    path = tmp_path / "game.psq"
    path.write_bytes("\ufeffPiskvorky 15x15, 11:11, 0\n8,8,0\n".encode("utf-8"))
    assert load_record(path).moves == [(7, 7)]


def test_a_failed_save_keeps_the_previous_save(tmp_path, monkeypatch):
    path = tmp_path / "game.sgf"
    save_record(path, RECORD)
    before = path.read_text(encoding="utf-8")
    monkeypatch.setattr(atomic.os, "replace", lambda *args: (_ for _ in ()).throw(OSError("crash")))
    with pytest.raises(OSError):
        save_record(path, GameRecord())
    assert path.read_text(encoding="utf-8") == before
