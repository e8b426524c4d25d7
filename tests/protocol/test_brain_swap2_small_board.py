"""Found by the protocol fuzz test: SWAP2BOARD on a board smaller than the opening proposer's
reach (START 5) answered "ERROR internal error" because candidate stones fell off the board."""

from protocol_helpers import converse

from game.engine import Level, Limit, propose_opening
from game.rules import Rule


def test_swap2_on_a_five_by_five_board_gets_a_protocol_answer():
    lines = converse(["START 15", "START 5", "SWAP2BOARD", "DONE"])
    assert not any("internal error" in line for line in lines), lines


def test_proposed_opening_stones_stay_on_a_small_board():
    decision = propose_opening(5, Rule.FREESTYLE, Level.BEGINNER, Limit(nodes=200), seed=3)
    assert len(set(decision.stones)) == 3
    assert all(0 <= coordinate < 5 for point in decision.stones for coordinate in point)
