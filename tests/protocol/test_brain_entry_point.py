"""The real entry point in a subprocess: rules, TAKEBACK, RESTART, time limits and a clean stdout.

Kept quick: low levels and short time limits (CI has two cores for everything).
"""

import re
import shutil
import time
from pathlib import Path

import pytest
from protocol_helpers import PROTOCOL_LINE, PYTHON, BrainProcess

MOVE = re.compile(r"^(\d+),(\d+)$")


def move_of(line: str) -> tuple[int, int]:
    match = MOVE.match(line)
    assert match, f"expected a move, got {line!r}"
    return int(match.group(1)), int(match.group(2))


def test_about_and_start_answer_and_stdout_holds_protocol_lines_only():
    brain = BrainProcess("--level", "beginner")
    assert brain.ask("START 15") == "OK"
    about = brain.ask("ABOUT")
    assert about.startswith('name="') and 'version="' in about
    assert brain.ask("NONSENSE").startswith("UNKNOWN")
    assert brain.ask("TURN 1;1").startswith("ERROR")
    move_of(brain.ask("BEGIN"))
    assert brain.finish() == 0
    assert all(PROTOCOL_LINE.match(line) for line in brain.seen), brain.seen


@pytest.mark.parametrize("rule", [0, 1, 4])
def test_a_game_under_each_rule_gets_legal_moves(rule):
    brain = BrainProcess("--level", "beginner")
    assert brain.ask("START 15") == "OK"
    brain.send("INFO timeout_turn 500", f"INFO rule {rule}")
    taken = {move_of(brain.ask("BEGIN"))}
    opponent = [(0, 0), (14, 0), (0, 14), (14, 14), (1, 0), (13, 0)]
    for point in opponent:
        taken.add(point)
        reply = move_of(brain.ask(f"TURN {point[0]},{point[1]}"))
        assert reply not in taken
        taken.add(reply)
    if rule == 4:
        forbid = brain.ask("YXSHOWFORBID")
        assert re.fullmatch(r"FORBID (\d{4})*\.", forbid)
    assert brain.finish() == 0


def test_board_then_takeback_then_restart():
    brain = BrainProcess("--level", "beginner")
    assert brain.ask("START 15") == "OK"
    brain.send("INFO timeout_turn 500")
    first = move_of(brain.ask("BOARD", "7,7,2", "8,8,1", "6,6,2", "DONE"))
    assert first not in {(7, 7), (8, 8), (6, 6)}
    assert brain.ask(f"TAKEBACK {first[0]},{first[1]}") == "OK"
    assert brain.ask("TAKEBACK 6,6") == "OK"
    assert brain.ask("TAKEBACK 6,6").startswith("ERROR")
    assert move_of(brain.ask("TURN 6,6")) not in {(7, 7), (8, 8), (6, 6)}  # 6,6 is free again
    assert brain.ask("RESTART") == "OK"
    move_of(brain.ask("TURN 7,7"))  # the old stones are gone: 7,7 is free again
    assert brain.finish() == 0


def test_a_one_second_turn_limit_is_answered_well_inside_it():
    brain = BrainProcess("--level", "master")
    assert brain.ask("START 15") == "OK"
    brain.send("INFO timeout_turn 1000", "INFO timeout_match 0", "INFO rule 0")
    stones = ["7,7,2", "8,7,1", "7,8,2", "8,8,1", "6,9,2", "9,6,1", "7,6,2", "6,7,1", "5,8,2"]
    sent = brain.send("BOARD", *stones, "DONE")
    arrived, line = brain.answer(timeout=5)
    move_of(line)
    elapsed = arrived - sent
    assert elapsed < 1.0, f"answered after {elapsed:.3f} s"
    sent = brain.send("TURN 10,10")
    arrived, line = brain.answer(timeout=5)
    move_of(line)
    assert arrived - sent < 1.0, f"answered after {arrived - sent:.3f} s"
    assert brain.finish() == 0


def test_yxstop_answers_at_once_even_without_a_time_limit():
    brain = BrainProcess("--level", "master")
    assert brain.ask("START 15") == "OK"
    brain.send("INFO timeout_turn 60000")
    brain.send("BOARD", "7,7,2", "8,8,1", "7,8,2", "DONE")
    time.sleep(0.3)
    sent = brain.send("YXSTOP")
    arrived, line = brain.answer(timeout=5)
    move_of(line)
    assert arrived - sent < 1.0
    assert brain.finish() == 0


def test_end_while_thinking_exits_promptly():
    brain = BrainProcess("--level", "master")
    assert brain.ask("START 15") == "OK"
    brain.send("INFO timeout_turn 60000", "BOARD", "7,7,2", "8,8,1", "7,8,2", "DONE")
    time.sleep(0.3)
    began = time.monotonic()
    assert brain.finish(timeout=5) == 0
    assert time.monotonic() - began < 3.0


def test_log_file_gets_the_conversation_and_stdout_stays_clean(tmp_path):
    log = tmp_path / "brain.log"
    brain = BrainProcess("--level", "beginner", "--log", str(log))
    assert brain.ask("START 15") == "OK"
    move_of(brain.ask("BEGIN"))
    assert brain.finish() == 0
    text = log.read_text()
    assert ">> START 15" in text and "<< OK" in text
    assert all(PROTOCOL_LINE.match(line) for line in brain.seen)


def test_bad_command_line_options_are_refused():
    brain = BrainProcess("--level", "grandmaster")
    code = brain.process.wait(timeout=10)
    assert code != 0 and "grandmaster" in brain.process.stderr.read()


def test_the_console_script_runs_the_brain():
    beside_python = str(Path(PYTHON).parent)  # the venv running the tests, wherever it lives
    script = shutil.which("pbrain-gomoku", path=beside_python) or shutil.which("pbrain-gomoku")
    if script is None:
        pytest.skip("pbrain-gomoku is not installed (pip install -e . creates it)")
    brain = BrainProcess(command=[script, "--level", "beginner"])
    assert brain.ask("START 15") == "OK"
    move_of(brain.ask("BEGIN"))
    assert brain.finish() == 0


def test_an_unwritable_log_path_is_reported_and_the_brain_still_plays(tmp_path):
    missing = tmp_path / "no" / "such" / "dir" / "brain.log"
    brain = BrainProcess("--level", "beginner", "--log", str(missing))
    assert brain.ask("START 15") == "OK"
    move_of(brain.ask("BEGIN"))
    assert brain.finish() == 0
    assert "cannot write the log" in brain.stderr and str(missing) in brain.stderr
