"""Scripted conversations with the loop in-process: a fake engine, a list or live input, a string output."""

import io
import re
import threading
import time

import pytest

from game.engine import Level, Limit, default_limit
from game.protocol import Brain
from game.protocol.session import Session
from game.rules import Rule

from protocol_helpers import FakeSearch, LiveInput, LiveOutput, answers, converse

MOVE = re.compile(r"^\d+,\d+$")


def test_a_short_game_is_answered_line_by_line():
    out = converse(["START 15", "INFO timeout_turn 1000", "ABOUT", "BEGIN", "TURN 6,6", "TURN 8,8"])
    got = answers(out)
    assert got[0] == "OK" and got[1].startswith('name="')
    assert got[2:] == ["7,7", "7,6", "6,7"]  # nearest the centre, each recorded before the next


def test_the_brain_remembers_its_own_moves():
    got = answers(converse(["START 15", "BEGIN", "TURN 7,7"]))
    assert got[1] == "7,7" and got[2].startswith("ERROR") and "(7, 7)" in got[2]


def test_progress_is_reported_as_message_lines_before_the_move():
    out = converse(["START 15", "BEGIN"])
    assert out[1].startswith("MESSAGE depth 1-1 ev 0 n 1") and out[1].endswith("pv 7,7")
    assert out[2] == "7,7"


def test_progress_lines_can_be_switched_off():
    assert converse(["START 15", "BEGIN"], report_progress=False) == ["OK", "7,7"]


def test_bad_input_gets_errors_and_the_game_goes_on():
    out = converse(["TURN 7,7", "START 15", "TURN 7;7", "TURN 20,20", "FROB", "TURN 1,1"])
    got = answers(out)
    assert [line.split()[0] for line in got[:5]] == ["ERROR", "OK", "ERROR", "ERROR", "UNKNOWN"]
    assert MOVE.match(got[5])


def test_every_printed_line_is_a_single_line_even_for_hostile_input():
    out = converse(["START 15", "HELLO\x0bTHERE\x1c\x85again", "TURN 1,\u20282"])
    assert all(line.isprintable() for line in out)
    got = answers(out)
    assert len(got) == 3 and got[1].startswith("UNKNOWN") and got[2].startswith("ERROR malformed coordinate")


def test_time_budget_and_level_reach_the_engine():
    fake = FakeSearch()
    converse(["START 15", "INFO timeout_turn 1000", "BEGIN", "TURN 1,1"], search=fake, level=Level.CASUAL, seed=7)
    first, second = fake.calls
    own = default_limit(Level.CASUAL)
    assert first["limit"] == Limit(time_ms=first["limit"].time_ms, depth=own.depth, nodes=own.nodes)
    assert 0 < first["limit"].time_ms < 950
    assert first["level"] is Level.CASUAL and (first["seed"], second["seed"]) == (7, 8)


def test_without_time_info_the_engine_uses_its_level_budget():
    fake = FakeSearch()
    converse(["START 15", "BEGIN"], search=fake)
    assert fake.calls[0]["limit"] is None


def test_rule_reaches_the_engine_position():
    fake = FakeSearch()
    converse(["START 15", "INFO rule 4", "TURN 7,7"], search=fake)
    position = fake.calls[0]["position"]
    assert position.rule is Rule.RENJU and position.stones == ((7, 7, 1),) and position.to_move.name == "WHITE"


def test_board_position_reaches_the_engine_with_our_colour_to_move():
    fake = FakeSearch()
    converse(["START 15", "BOARD", "7,7,2", "8,8,1", "9,9,2", "DONE"], search=fake)
    position = fake.calls[0]["position"]
    assert position.to_move.name == "WHITE"
    assert position.stones == ((7, 7, 1), (8, 8, 2), (9, 9, 1))


def test_yxnbest_reports_without_playing():
    out = converse(["START 15", "TURN 7,7", "YXNBEST 2", "YXNBEST 2", "TURN 6,7"])
    got = answers(out)
    assert got[1] == "7,6"  # our move; now black is to move and is analysed
    assert got[2] == got[3] == "6,7"
    assert MOVE.match(got[4]) and got[4] != "6,7"  # the analysis did not put a stone on 6,7
    assert any("multipv 1" in line for line in out)


def test_a_failing_engine_costs_a_fallback_move_not_the_game():
    got = answers(converse(["START 15", "TURN 7,7", "TURN 0,0"], search=FakeSearch(fail=True)))
    assert MOVE.match(got[1]) and MOVE.match(got[2]) and got[1] != "7,7" and got[1] != got[2]


@pytest.mark.parametrize("bad_answer", [(7, 7), (15, 0), (-1, 3)])
def test_an_illegal_engine_answer_is_replaced_by_a_legal_move(bad_answer):
    got = answers(converse(["START 15", "TURN 7,7"], search=FakeSearch(answer=bad_answer)))
    x, y = map(int, got[1].split(","))
    assert (x, y) != (7, 7) and 0 <= x < 15 and 0 <= y < 15


def test_a_forbidden_engine_answer_for_black_is_replaced():
    board = ["8,7,1", "9,7,1", "7,8,1", "7,9,1", "0,0,2", "14,0,2", "0,14,2", "14,14,2"]
    got = answers(converse(["START 15", "INFO rule 4", "BOARD", *board, "DONE"], search=FakeSearch(answer=(7, 7))))
    assert MOVE.match(got[1]) and got[1] != "7,7"
    got = answers(converse(["START 15", "INFO rule 0", "BOARD", *board, "DONE"], search=FakeSearch(answer=(7, 7))))
    assert got[1] == "7,7"  # not forbidden in freestyle


def test_a_bug_in_the_session_is_reported_and_the_brain_carries_on(monkeypatch):
    original = Session.handle

    def flaky(self, command):
        if type(command).__name__ == "About":
            raise KeyError("boom")
        return original(self, command)

    monkeypatch.setattr(Session, "handle", flaky)
    got = answers(converse(["START 15", "ABOUT", "BEGIN"]))
    assert got[0] == "OK" and got[1].startswith("ERROR internal error") and got[2] == "7,7"


def test_a_closed_output_does_not_crash_the_brain():
    class ClosedPipe(io.StringIO):
        def write(self, text):
            raise BrokenPipeError("gone")

    brain = Brain(ClosedPipe(), search_function=FakeSearch())
    brain.run(["START 15", "BEGIN", "TURN 1,1"])
    assert brain.writer.closed and brain.moves_played == 2


def run_live(fake, **options):
    """Start a brain on live input in a thread; returns (input, output, thread)."""
    feed, out = LiveInput(), LiveOutput()
    brain = Brain(out, search_function=fake, **options)
    thread = threading.Thread(target=brain.run, args=(feed,), daemon=True)
    thread.start()
    return feed, out, thread


def test_yxstop_makes_a_running_search_answer_at_once():
    fake = FakeSearch(wait_for_stop=True)
    feed, out, thread = run_live(fake)
    feed.send("START 15", "BEGIN")
    assert out.next_answer() == "OK"
    assert fake.started.wait(5)
    time.sleep(0.1)
    assert out.lines.empty()  # still thinking: no limit was given
    sent = time.monotonic()
    feed.send("YXSTOP")
    assert out.next_answer(timeout=2) == "7,7"
    assert time.monotonic() - sent < 0.5
    feed.send("TURN 0,0")
    fake.wait_for_stop = False
    assert MOVE.match(out.next_answer())  # the next search was not stopped by the old YXSTOP
    feed.close()
    thread.join(5)
    assert not thread.is_alive()


def test_end_while_thinking_stops_without_answering():
    fake = FakeSearch(wait_for_stop=True)
    ended = threading.Event()
    feed, out, thread = run_live(fake, on_end=ended.set)
    feed.send("START 15", "BEGIN")
    assert out.next_answer() == "OK" and fake.started.wait(5)
    feed.send("END")
    thread.join(2)
    assert not thread.is_alive() and ended.is_set()
    remaining = []
    while not out.lines.empty():
        remaining.append(out.lines.get_nowait())
    assert not any(MOVE.match(line) for line in remaining)


def test_the_deadline_stops_a_search_that_ignores_the_clock():
    fake = FakeSearch(wait_for_stop=True)
    feed, out, thread = run_live(fake)
    feed.send("START 15", "INFO timeout_turn 400")
    assert out.next_answer() == "OK"
    sent = time.monotonic()
    feed.send("BEGIN")
    assert out.next_answer(timeout=2) == "7,7"
    assert time.monotonic() - sent < 0.4
    feed.close()
    thread.join(5)


def test_a_yxstop_already_waiting_behind_begin_stops_that_search():
    fake = FakeSearch(wait_for_stop=True)
    got = answers(converse(["START 15", "BEGIN", "YXSTOP"], search=fake))
    assert got == ["OK", "7,7"]


def test_a_yxstop_before_begin_does_not_stop_the_later_search():
    fake = FakeSearch(wait_for_stop=True)
    feed, out, thread = run_live(fake)
    feed.send("START 15", "YXSTOP", "BEGIN")
    assert out.next_answer() == "OK"
    assert fake.started.wait(5)
    time.sleep(0.1)
    assert out.lines.empty()
    feed.send("YXSTOP")
    assert out.next_answer() == "7,7"
    feed.close()
    thread.join(5)


def test_a_huge_line_is_answered_with_one_short_line():
    got = converse(["START 15", "X" * 100_000, "TURN " + "9" * 50_000 + ",1"])
    assert len(got) == 3 and all(len(line) <= 400 for line in got)
    assert got[1].startswith("UNKNOWN") and got[2].startswith("ERROR")


@pytest.mark.parametrize("level", [Level.BEGINNER, Level.MASTER])
def test_with_the_real_engine_white_from_a_board_block_blocks_a_four(level):
    from game.engine import search

    # Black (the opponent, field 2) has four in a row on y=7 with 7,7 open; white must block there.
    stones = ["3,7,2", "3,3,1", "4,7,2", "10,10,1", "5,7,2", "10,3,1", "6,7,2", "2,7,1", "12,12,2"]
    got = answers(converse(["START 15", "INFO timeout_turn 2000", "BOARD", *stones, "DONE"], search=search, level=level))
    assert got == ["OK", "7,7"]
