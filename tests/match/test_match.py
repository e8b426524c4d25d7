"""Engine matches: openings, scoring, the runner with misbehaving brains, and the command line."""

from __future__ import annotations

import io
import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "protocol"))
from brain_processes import fake_brain, own_brain_path, wait_gone  # noqa: E402

from game.engine import Level  # noqa: E402
from game.match import MatchRunner, MatchScore, parse_openings, parse_player  # noqa: E402
from game.match.cli import main as match_main, parse_args, run_match  # noqa: E402
from game.match.openings import OpeningsError, default_openings  # noqa: E402
from game.match.players import PlayerSpecError, command_label  # noqa: E402
from game.protocol.brain_output import parse_about, parse_move, parse_search_message  # noqa: E402
from game.records import load_record  # noqa: E402
from game.rules import Stone  # noqa: E402


def _command(argv: list[str]) -> str:
    return " ".join(f'"{word}"' for word in argv)


# ----------------------------------------------------------------- pure parts
def test_message_lines_in_rapfi_form_are_read_with_mate_scores_and_notation():
    info = parse_search_message("MESSAGE depth 8-12 multipv 2 ev -M5 n 120k n/ms 900 tm 1500 pv h8 7,6 i9", 15)
    assert info.depth == 8 and info.multipv == 2 and info.nodes == 120_000 and info.time_ms == 1500
    assert info.score < -900_000 and info.pv == ((7, 7), (7, 6), (8, 6))
    assert parse_search_message("MESSAGE hello, I am a brain", 15) is None


def test_moves_and_about_answers_are_recognised():
    assert parse_move(" 7 , 8\r") == (7, 8) and parse_move("7,8,1") is None and parse_move("OK") is None
    assert parse_about('name="Rapfi", version="0.43", author="X"') == {"name": "Rapfi", "version": "0.43", "author": "X"}


def test_the_elo_estimate_and_its_interval_follow_the_score():
    even = MatchScore(5, 5, 0)
    assert even.elo == 0 and even.elo_interval[0] < 0 < even.elo_interval[1]
    strong = MatchScore(9, 1, 0)
    assert 300 < strong.elo < 400 and strong.elo_interval[0] > 0
    assert math.isinf(MatchScore(4, 0, 0).elo) and not math.isinf(MatchScore(4, 0, 0).elo_interval[0])


def test_openings_are_read_and_bad_lines_are_named():
    openings = parse_openings("# comment\n0,0  1,1 -1,2  # black, white, black\n\n2,-1 0,1 1,1\n")
    assert [opening.points(15) for opening in openings] == [[(7, 7), (8, 8), (6, 9)], [(9, 6), (7, 8), (8, 8)]]
    with pytest.raises(OpeningsError, match="line 2"):
        parse_openings("0,0 1,1\n0,0 1\n")
    assert len(default_openings()) >= 10


def test_players_are_builtin_levels_or_commands():
    assert parse_player("builtin:strong").level is Level.STRONG
    assert parse_player("BUILTIN").level is Level.MASTER
    assert parse_player("/engines/pbrain-rapfi").command == "/engines/pbrain-rapfi"
    with pytest.raises(PlayerSpecError, match="unknown built-in level"):
        parse_player("builtin:grandmaster")
    assert command_label("python3 /x/my_brain.py --fast") == "my_brain"


# ----------------------------------------------------------------- runner
def _run(runner: MatchRunner) -> None:
    import time

    while runner.step():
        time.sleep(0.002)
    runner.close()


def test_a_crashing_brain_loses_with_its_reason_and_the_colours_swap(tmp_path):
    good = parse_player(_command(fake_brain("none")))
    bad = parse_player(_command(fake_brain("crash")))
    runner = MatchRunner(good, bad, games=2, turn_ms=200, openings=parse_openings("0,0 1,1 2,2\n"), grace_ms=300,
                         wait_for_close=True)
    _run(runner)
    first, second = runner.results
    assert (first.black, second.white) == ("FakeBrain", "FakeBrain")  # ABOUT names
    assert first.winner is Stone.BLACK and second.winner is Stone.WHITE  # A won both, once per colour
    assert {first.reason, second.reason} == {"crash"} and "exited (code 3)" in first.detail
    assert first.moves[:3] == [(7, 7), (8, 8), (9, 9)]  # from the opening
    assert runner.score == MatchScore(2, 0, 0)


def test_the_command_line_plays_our_brain_against_a_builtin_level_and_saves_records(tmp_path):
    try:
        brain = own_brain_path()
    except FileNotFoundError as error:
        pytest.skip(str(error))
    out = io.StringIO()
    args = parse_args([str(brain), "builtin:beginner", "--games", "2", "--time-ms", "100", "--records", str(tmp_path)])
    assert run_match(args, out) == 0
    text = out.getvalue()
    assert "[1/2] black=GomokuDesktop white=Built-in Beginner" in text
    assert "[2/2] black=Built-in Beginner white=GomokuDesktop" in text
    assert "Elo difference (A - B):" in text and "95% interval" in text
    record = load_record(tmp_path / "game001.sgf")
    assert record.black == "GomokuDesktop" and record.result is not None and len(record.moves) >= 9


def test_the_command_line_refuses_a_bad_openings_file(tmp_path, capsys):
    bad = tmp_path / "openings.txt"
    bad.write_text("0,0 1\n")
    assert match_main(["builtin:beginner", "builtin:casual", "--openings", str(bad)]) == 2
    assert "odd number of coordinates" in capsys.readouterr().err


def test_stopping_a_match_leaves_no_brain_running(tmp_path):
    runner = MatchRunner(parse_player(_command(fake_brain("silent"))), parse_player(_command(fake_brain("silent"))),
                         games=2, turn_ms=5000, wait_for_close=True)
    import time

    deadline = time.monotonic() + 10
    while runner.current is None or runner.current.seats[Stone.BLACK].worker.pid is None:
        runner.step()
        time.sleep(0.01)
        assert time.monotonic() < deadline
    pid = runner.current.seats[Stone.BLACK].worker.pid
    runner.stop()
    assert runner.finished and runner.results == []
    assert wait_gone([pid]) == []


def test_command_lines_split_like_a_shell_on_both_systems():
    from game.protocol.brain_process import split_words

    assert split_words(r'"C:\Program Files\Rapfi\pbrain-rapfi.exe" --threads 2', windows=True) == [
        r"C:\Program Files\Rapfi\pbrain-rapfi.exe", "--threads", "2"]
    assert split_words("'/opt/my brains/pbrain-x' -q", windows=False) == ["/opt/my brains/pbrain-x", "-q"]
