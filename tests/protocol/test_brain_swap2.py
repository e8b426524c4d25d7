"""SWAP2BOARD conversations and Yixin Board's swap rule codes, scripted like a manager would send them."""

import re

import pytest

from game.engine import search
from game.protocol import Session
from game.rules import Board, Rule
from game.rules.opening import OpeningRule

from protocol_helpers import FakeSearch, answers, converse

MOVE = r"\d+,\d+"


def moves_of(line: str) -> list[tuple[int, int]]:
    return [tuple(map(int, part.split(","))) for part in line.split()]


def legal_after(stones: list[tuple[int, int]], placed: list[tuple[int, int]], size: int = 15) -> bool:
    board = Board(size, Rule.FREESTYLE)
    try:
        for point in stones + placed:
            board.push(point)
    except ValueError:
        return False
    return board.outcome() is None


def test_empty_swap2board_answers_three_legal_stones():
    out = answers(converse(["START 15", "SWAP2BOARD", "DONE"]))
    assert out[0] == "OK" and re.fullmatch(f"{MOVE} {MOVE} {MOVE}", out[1])
    assert legal_after([], moves_of(out[1]))


def test_the_real_engine_proposes_a_legal_opening_within_the_turn():
    out = answers(converse(["INFO timeout_turn 1000", "START 15", "SWAP2BOARD", "DONE"], search=search))
    assert re.fullmatch(f"{MOVE} {MOVE} {MOVE}", out[1]) and legal_after([], moves_of(out[1]))


THREE = ["7,7", "8,7", "9,9"]


@pytest.mark.parametrize("score", [-3000, 0, 3000])
def test_three_stones_get_swap_one_move_or_two_moves(score):
    class Scored(FakeSearch):  # the search's judgement for white to move decides the answer
        def __call__(self, position, **kwargs):
            result = super().__call__(position, **kwargs)
            return result.__class__(result.move, score, 1, 1, result.pv, 0)

    out = answers(converse(["START 15", "SWAP2BOARD", *THREE, "DONE"], search=Scored()))
    reply = out[1]
    stones = [tuple(map(int, s.split(","))) for s in THREE]
    if score < 0:  # white is worse: take black
        assert reply == "SWAP"
    elif score > 0:  # white is better: stay white and play the fourth stone
        assert re.fullmatch(MOVE, reply) and legal_after(stones, moves_of(reply))
    else:  # even: place two more and let the opponent choose
        assert re.fullmatch(f"{MOVE} {MOVE}", reply) and legal_after(stones, moves_of(reply))


def test_under_swap1_three_stones_never_get_two_moves():
    out = answers(converse(["INFO rule 5", "START 15", "SWAP2BOARD", *THREE, "DONE"]))
    assert out[1] == "SWAP" or re.fullmatch(MOVE, out[1])


def test_five_stones_get_swap_or_one_legal_move():
    five = THREE + ["6,8", "10,4"]
    out = answers(converse(["START 15", "SWAP2BOARD", *five, "DONE"]))
    stones = [tuple(map(int, s.split(","))) for s in five]
    assert out[1] == "SWAP" or (re.fullmatch(MOVE, out[1]) and legal_after(stones, moves_of(out[1])))


@pytest.mark.parametrize(
    "block, message",
    [
        (["7,7", "8,8"], "needs 0, 3 or 5 stones, got 2"),
        (["7,7", "7,7", "8,8"], "already taken"),
        (["7,7", "8,8", "99,1"], "off a 15x15 board"),
        (["7,7", "8,8", "nine,nine"], "malformed coordinate"),
    ],
)
def test_malformed_swap2board_is_one_clear_error_and_the_game_is_kept(block, message):
    session = Session()
    for line in ["START 15", "BOARD", "7,7,1", "8,8,2", "DONE"]:
        session.handle_line(line)
    before = session.board.history
    for line in ["SWAP2BOARD", *block]:
        assert session.handle_line(line).lines == ()  # nothing until DONE
    reply = session.handle_line("DONE")
    assert len(reply.lines) == 1 and reply.lines[0].startswith("ERROR") and message in reply.lines[0]
    assert reply.swap2 is None and session.board.history == before and not session.in_board


def test_swap2board_before_start_is_an_error():
    out = answers(converse(["SWAP2BOARD", "DONE"]))
    assert out == ["ERROR SWAP2BOARD before START: send START first"]


@pytest.mark.parametrize("code, rule, opening", [(5, Rule.FREESTYLE, OpeningRule.SWAP1), (6, Rule.FREESTYLE, OpeningRule.SWAP2), (4, Rule.RENJU, OpeningRule.FREE), (1, Rule.STANDARD, OpeningRule.FREE)])
def test_info_rule_codes_follow_yixin_board(code, rule, opening):
    session = Session()
    session.handle_line(f"INFO rule {code}")
    assert (session.rule, session.opening) == (rule, opening)


def test_after_swap_the_game_goes_on_with_the_brain_as_black():
    out = answers(converse(["START 15", "SWAP2BOARD", *THREE, "DONE", "TURN 6,6"], search=FakeSearch()))
    assert re.fullmatch(f"{MOVE} {MOVE}|{MOVE}|SWAP", out[1])
    assert re.fullmatch(MOVE, out[2])  # and it keeps answering moves afterwards
