"""SWAP2BOARD in both forms managers send: Gomocup's ``x,y`` lines and the BOARD-style
``x,y,field`` lines Rapfi reads (issue 32, item 5). Whole conversations, as a manager sends them."""

import re

import pytest

from game.protocol import Session
from game.protocol.commands import PointLine, ProtocolError, parse_command, parse_swap2_line

from protocol_helpers import BrainProcess, answers, converse

MOVE = r"\d+,\d+"
THREE = ["7,7", "8,7", "9,9"]
FIVE = THREE + ["6,8", "10,4"]


def with_fields(lines: list[str], first: int) -> list[str]:
    """The same stones as BOARD-style lines, the fields alternating from `first`."""
    return [f"{line},{first if index % 2 == 0 else 3 - first}" for index, line in enumerate(lines)]


def test_swap2_lines_parse_in_both_forms():
    assert parse_command("7,8", in_swap2=True) == PointLine((7, 8))
    assert parse_command(" 7 , 8 , 2 \r", in_swap2=True) == PointLine((7, 8), 2)
    assert parse_swap2_line("0,14,1") == PointLine((0, 14), 1)


@pytest.mark.parametrize(
    "line, message",
    [
        ("7,7,3", "field must be 1 (own) or 2 (opponent), got 3"),
        ("7,7,0", "got 0"),
        ("7,7,1,1", "expected x,y or x,y,field"),
        ("7,7,black", "expected x,y or x,y,field"),
    ],
)
def test_a_bad_swap2_line_is_refused_quoting_it(line, message):
    with pytest.raises(ProtocolError) as problem:
        parse_swap2_line(line)
    assert message in str(problem.value) and line in str(problem.value)


@pytest.mark.parametrize("stones", [[], THREE, FIVE])
@pytest.mark.parametrize("first", [1, 2])
def test_the_field_form_gets_the_same_answer_as_the_gomocup_form(stones, first):
    plain = answers(converse(["START 15", "SWAP2BOARD", *stones, "DONE"]))
    fielded = answers(converse(["START 15", "SWAP2BOARD", *with_fields(stones, first), "DONE"]))
    assert fielded == plain
    assert fielded[0] == "OK" and not fielded[1].startswith(("ERROR", "UNKNOWN"))
    expected = {0: f"{MOVE} {MOVE} {MOVE}", 3: f"SWAP|{MOVE}|{MOVE} {MOVE}", 5: f"SWAP|{MOVE}"}[len(stones)]
    assert re.fullmatch(expected, fielded[1])


def test_after_a_field_form_opening_the_game_goes_on():
    out = answers(converse(["START 15", "SWAP2BOARD", *with_fields(FIVE, 2), "DONE", "TURN 5,5"]))
    assert re.fullmatch(f"SWAP|{MOVE}", out[1]) and re.fullmatch(MOVE, out[2])
    taken = {tuple(map(int, s.split(","))) for s in FIVE} | {(5, 5)}
    assert tuple(map(int, out[2].split(","))) not in taken


@pytest.mark.parametrize(
    "block, message",
    [
        (["7,7", "8,7,2", "9,9"], "stone 2 8,7,2 mixes the two forms: the block began with x,y lines"),
        (["7,7,1", "8,7,2", "9,9"], "stone 3 9,9 mixes the two forms: the block began with x,y,field lines"),
        (["7,7,1", "8,7,1", "9,9,2"], "stone 2 8,7,1 has the same field as the stone before it"),
        (["7,7,2", "8,7,1", "9,9,2", "6,8,2", "10,4,1"], "stone 4 6,8,2 has the same field"),
        (["7,7,1", "8,7,3", "9,9,1"], "field must be 1 (own) or 2 (opponent), got 3"),
        (["7,7,1", "8,7,2", "9,9,7"], "got 7"),
        (["7,7,1", "7,7,2", "9,9,1"], "already taken"),
        (["7,7,1", "8,7,2"], "needs 0, 3 or 5 stones, got 2"),
    ],
)
def test_a_bad_block_in_either_form_is_one_clear_error_and_the_game_is_kept(block, message):
    session = Session()
    for line in ["START 15", "BOARD", "7,7,1", "8,8,2", "DONE"]:
        session.handle_line(line)
    before = session.board.history
    for line in ["SWAP2BOARD", *block]:
        assert session.handle_line(line).lines == ()  # nothing until DONE: one answer per block
    reply = session.handle_line("DONE")
    assert len(reply.lines) == 1 and reply.lines[0].startswith("ERROR") and message in reply.lines[0]
    assert reply.swap2 is None and session.board.history == before


def test_after_a_refused_block_the_next_good_one_is_answered():
    out = answers(converse(["START 15", "SWAP2BOARD", "7,7,1", "8,7,1", "9,9,2", "DONE",
                            "SWAP2BOARD", *with_fields(THREE, 1), "DONE"]))
    assert out[1].startswith("ERROR") and "same field" in out[1]
    assert re.fullmatch(f"SWAP|{MOVE}|{MOVE} {MOVE}", out[2])


def test_the_real_brain_answers_the_field_form_over_its_pipes():
    brain = BrainProcess("--level", "beginner")
    assert brain.ask("START 15") == "OK"
    brain.send("INFO timeout_turn 500")
    reply = brain.ask("SWAP2BOARD", *with_fields(THREE, 2), "DONE")
    assert re.fullmatch(f"SWAP|{MOVE}|{MOVE} {MOVE}", reply)
    assert brain.ask("SWAP2BOARD", "7,7,2", "8,7", "DONE").startswith("ERROR SWAP2BOARD stone 2 8,7 mixes")
    assert brain.finish() == 0
