"""PSQ and SGF: round-trips, what Piskvork and Go editors write, and errors that name the line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from game.records import (
    GameRecord,
    PsqError,
    RecordError,
    Result,
    SgfError,
    read_psq,
    read_sgf,
    write_psq,
    write_sgf,
)
from game.rules import Reason, Rule, Stone
from records_strategies import records

GAME = GameRecord(
    size=15,
    rule=Rule.RENJU,
    moves=[(7, 7), (8, 6), (6, 8), (8, 8)],
    black="Alice",
    white="Bob",
    result=Result(Stone.WHITE, Reason.RESIGNATION),
    date="2026-11-21",
    times_ms=[1200, 30, 4500, 0],
)


# ----------------------------------------------------------------- PSQ
def test_psq_writes_the_piskvork_layout():
    lines = write_psq(GAME).splitlines()
    assert lines[0] == "Piskvorky 15x15, 11:11, 0"
    assert lines[1:5] == ["8,8,1200", "9,7,30", "7,9,4500", "9,9,0"]
    assert lines[5:] == ["Alice", "Bob", "-1"]


def test_psq_reads_a_piskvork_file():
    text = "Piskvorky 20x20, 11:11, 0\n10,10,1078\n11,11,15\n10,11,0\npbrain-embryo.exe\npbrain-yixin.exe\n-1\n"
    record = read_psq(text)
    assert record.size == 20 and record.moves == [(9, 9), (10, 10), (9, 10)]
    assert record.times_ms == [1078, 15, 0]
    assert (record.black, record.white) == ("pbrain-embryo.exe", "pbrain-yixin.exe")


def test_psq_without_trailer_or_times_is_accepted():
    record = read_psq("Piskvorky 15x15, 0:0, 0\r\n8,8\r\n9,9\r\n")
    assert record.moves == [(7, 7), (8, 8)] and record.times_ms is None and record.black == ""


def test_psq_takes_the_rule_from_the_caller():
    assert read_psq(write_psq(GAME), Rule.RENJU).rule is Rule.RENJU


@pytest.mark.parametrize(
    ("text", "line", "quoted"),
    [
        ("", 1, "empty"),
        ("Gomoku 15x15\n8,8,0\n", 1, "'Gomoku 15x15'"),
        ("Piskvorky 15x20, 0:0, 0\n", 1, "15x20"),
        ("Piskvorky 30x30, 0:0, 0\n", 1, "30"),
        ("Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n", 3, "16,1"),
        ("Piskvorky 15x15, 0:0, 0\n8,8,0\n0,3,0\n", 3, "0,3"),
        ("Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n8,8,0\n", 4, "already taken"),
    ],
)
def test_bad_psq_names_the_line(text, line, quoted):
    with pytest.raises(PsqError) as error:
        read_psq(text)
    assert error.value.line == line
    assert f"line {line}" in str(error.value) and quoted in str(error.value)


def test_psq_moves_after_a_five_are_refused():
    moves = "".join(f"{x},8,0\n{x},1,0\n" for x in range(1, 6))  # black makes five on row 8 at move 9
    with pytest.raises(PsqError, match="line 11.*already made five"):
        read_psq("Piskvorky 15x15, 0:0, 0\n" + moves)


@pytest.mark.parametrize("name", ["", "7", "-1", "3,4", "?", "?7", "? 1,2", "x y"])
def test_psq_names_that_look_like_numbers_or_moves_survive(name):
    record = GameRecord(moves=[(7, 7)], black=name, white="w")
    back = read_psq(write_psq(record))
    assert (back.black, back.white) == (name, "w")


@settings(max_examples=100)
@given(records())
def test_psq_round_trip(record):
    back = read_psq(write_psq(record), record.rule)
    assert (back.size, back.rule, back.moves) == (record.size, record.rule, record.moves)
    flat = [" ".join(name.split()) for name in (record.black, record.white)]
    assert [back.black, back.white] == flat
    expected_times = record.times_ms if record.times_ms and any(record.times_ms) else None
    assert back.times_ms == expected_times


# ----------------------------------------------------------------- SGF
def test_sgf_writes_gomoku_properties_and_moves():
    text = write_sgf(GAME)
    assert text.startswith("(;GM[4]FF[4]")
    for prop in ("SZ[15]", "RU[renju]", "PB[Alice]", "PW[Bob]", "DT[2026-11-21]", "RE[W+Resign]"):
        assert prop in text
    assert ";B[hh]\n;W[ig]\n;B[gi]\n;W[ii])" in text


def test_sgf_round_trip_of_the_example():
    back = read_sgf(write_sgf(GAME))
    assert back == GameRecord(**{**GAME.__dict__, "times_ms": None})


@pytest.mark.parametrize(
    ("re_value", "result"),
    [
        ("B+", Result(Stone.BLACK)),
        ("W+R", Result(Stone.WHITE, Reason.RESIGNATION)),
        ("B+Time", Result(Stone.BLACK, Reason.TIMEOUT)),
        ("W+Forbidden", Result(Stone.WHITE, Reason.FORBIDDEN)),
        ("b+five", Result(Stone.BLACK, Reason.FIVE)),
        ("0", Result(None)),
        ("Draw", Result(None, Reason.BOARD_FULL)),
        ("?", None),
        ("", None),
    ],
)
def test_sgf_results(re_value, result):
    assert read_sgf(f"(;GM[4]RE[{re_value}])").result == result


def test_sgf_from_a_go_editor_is_accepted():
    text = """(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]ST[2]
    RU[Japanese]SZ[19]KM[6.50]
    PW[white \\] player]PB[black\\\\one]C[comment with
    two lines]
    ;B[pd]C[first]
    (;W[dp];B[pp])
    (;W[dd]))"""
    with pytest.raises(SgfError, match="RU\\[Japanese\\]"):
        read_sgf(text)
    record = read_sgf(text.replace("RU[Japanese]", ""))
    assert record.size == 19 and record.rule is Rule.FREESTYLE
    assert record.moves == [(15, 3), (3, 15), (15, 15)]  # main line only
    assert (record.black, record.white) == ("black\\one", "white ] player")


def test_sgf_accepts_gomocup_rule_codes_and_square_sizes():
    record = read_sgf("(;GM[4]SZ[20:20]RU[4];B[aa])")
    assert record.size == 20 and record.rule is Rule.RENJU


@pytest.mark.parametrize(
    ("text", "line", "column", "quoted"),
    [
        ("", 1, 1, "expected '('"),
        ("hello", 1, 1, "'hello'"),
        ("(;GM[4]\n;B[hh]\n;W[hh])", 3, 2, "already taken"),
        ("(;GM[4]\n;B[hh]\n;B[ii])", 3, 2, "should be W"),
        ("(;GM[2];B[aa])", 1, 3, "GM[2]"),
        ("(;SZ[15:19])", 1, 3, "'15:19'"),
        ("(;SZ[99])", 1, 3, "'99'"),
        ("(;\n  B[zz])", 2, 3, "B[zz]"),
        ("(;B[h])", 1, 3, "B[h]"),
        ("(;B[])", 1, 3, "pass"),
        ("(;B[tt])", 1, 3, "pass"),
        ("(;AB[aa][bb])", 1, 3, "AB"),
        ("(;B[aa]", 1, 8, "closed"),
        ("(;B[aa)", 1, 4, "not closed"),
        ("(;C)", 1, 3, "'C' has no [value]"),
        ("(;GM[4]RE[X+1])", 1, 8, "RE[X+1]"),
        ("(()", 1, 2, "start with a node"),
        ("(;B[aa]);junk", 1, 9, "';junk'"),
        ("(;B[aa](;W[bb]);B[cc])", 1, 16, "cannot follow a variation"),
        ("(;B[aa]!)", 1, 8, "'!)'"),
    ],
)
def test_bad_sgf_names_line_and_column(text, line, column, quoted):
    with pytest.raises(SgfError) as error:
        read_sgf(text)
    assert (error.value.line, error.value.column) == (line, column), str(error.value)
    assert quoted in str(error.value)


def test_deeply_nested_variations_do_not_overflow_the_stack():
    text = "(;GM[4];B[hh]" + "(;C[deeper]" * 5000 + ")" * 5000 + ")"
    assert read_sgf(text).moves == [(7, 7)]


@settings(max_examples=100)
@given(records())
def test_sgf_round_trip(record):
    back = read_sgf(write_sgf(record))
    assert back == GameRecord(**{**record.__dict__, "times_ms": None})


def test_every_error_is_a_record_error():
    assert issubclass(PsqError, RecordError) and issubclass(SgfError, RecordError)


def test_psq_blank_lines_are_ignored():
    record = read_psq("Piskvorky 15x15, 11:11, 0\n\n8,8,0\n\n9,9,0\n\nA\n\nB\n-1\n")
    assert record.moves == [(7, 7), (8, 8)] and (record.black, record.white) == ("A", "B")


@pytest.mark.parametrize(("trailer", "line"), [("name\n9,9,0\n", 4), ("-1\n9,9,0\n", 4), ("-1\n\n9,9,0\n", 5)])
def test_psq_move_after_the_trailer_is_refused(trailer, line):
    with pytest.raises(PsqError, match=f"line {line}.*'9,9,0'.*after the end"):
        read_psq("Piskvorky 15x15, 11:11, 0\n8,8,0\n" + trailer)


# ----------------------------------------------------------------- opening rules in SGF (openings feature)
def test_sgf_keeps_the_opening_rule_the_named_opening_and_the_swap_choices():
    from game.records.record import GameRecord
    from game.records.sgf import read_sgf, write_sgf

    record = GameRecord(
        moves=[(7, 7), (8, 6), (9, 9), (6, 9), (10, 5), (3, 3)],
        black="Computer",
        white="Ann",
        opening="swap2",
        opening_choices=["second:place_two", "first:white"],
    )
    text = write_sgf(record)
    assert "OP[swap2]" in text and "OC[second:place_two,first:white]" in text and "GC[Opening:" in text
    again = read_sgf(text)
    assert (again.opening, again.opening_choices, again.moves) == ("swap2", record.opening_choices, record.moves)
    named = GameRecord(moves=[(7, 7), (7, 6), (8, 6)], rule=Rule.RENJU, opening="named", opening_name="kagetsu")
    assert read_sgf(write_sgf(named)).opening_name == "kagetsu"


@pytest.mark.parametrize(
    "props, message",
    [("OP[swap9]", "unknown opening rule"), ("OP[swap1]OC[second:place_two]", "do not fit"), ("OP[swap2]OC[second:maybe]", "malformed opening choice")],
)
def test_sgf_with_a_bad_opening_is_refused_with_a_clear_message(props, message):
    from game.records.errors import SgfError
    from game.records.sgf import read_sgf

    with pytest.raises(SgfError, match=message):
        read_sgf(f"(;GM[4]SZ[15]{props};B[hh];W[ig];B[jj])")
