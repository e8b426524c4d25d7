"""The verifier replays proofs on the rules board: sound trees pass, each kind of hole is caught."""

from __future__ import annotations

import dataclasses

import pytest

from game.puzzles import Goal, ProofError, ProofNode, verify
from game.puzzles.puzzle_file import parse_puzzle, parse_tree

def test_a_sample_of_each_kind_verifies(sample):
    kinds = set()
    for puzzle in sample.values():
        facts = verify(puzzle, every_losing_move=True)
        kinds.add((puzzle.rule.value, puzzle.goal))
        assert facts.attacker_moves >= 1
        if puzzle.goal is Goal.WIN_BY_FOURS:
            assert facts.all_fours
    assert {goal for _, goal in kinds} == set(Goal)
    assert {rule for rule, _ in kinds} == {"freestyle", "renju"}


def test_an_open_four_after_a_four_needs_no_listed_reply():
    # k8 is a four (five at g8? no: h8-k8 is four stones, g8 and l8 are both fives: an open four)
    puzzle = parse_puzzle("v0|freestyle|black|win|h8a1i8o1j8a15|k8|k8|-|vct|1000|1")
    assert verify(puzzle).attacker_moves == 1


def test_a_five_ends_the_line():
    puzzle = parse_puzzle("v2|freestyle|black|win-by-fours|h8a1i8o1j8a15k8o15|l8|l8|-|vcf|1000|1")
    assert verify(puzzle).attacker_moves == 1


def test_a_block_left_unanswered_is_caught(sample):
    puzzle = sample["f0004-14w"]  # l6 is a four-three: the block k6 must be answered
    broken = dataclasses.replace(puzzle, solution=ProofNode(puzzle.solution.move))
    with pytest.raises(ProofError, match="block at k6 is not answered"):
        verify(broken)


def test_a_wrong_finishing_move_is_caught(sample):
    puzzle = sample["f0004-14w"]
    broken = dataclasses.replace(puzzle, solution=parse_tree("l6{k6 a1}"))
    with pytest.raises(ProofError, match="a1"):
        verify(broken)


def test_a_three_with_a_defence_left_out_is_caught(sample):
    puzzle = sample["f0003-12w"]  # f5 makes a three: e5 and i5 stop it (d5 and j5 lose to an open four)
    without = [branch for branch in puzzle.solution.replies if branch[0] != (4, 10)]
    broken = dataclasses.replace(puzzle, solution=ProofNode(puzzle.solution.move, tuple(without)))
    with pytest.raises(ProofError, match="reply e5 is not answered"):
        verify(broken)
    without_far_blocks = [branch for branch in puzzle.solution.replies if branch[0] not in ((3, 10), (9, 10))]
    assert verify(dataclasses.replace(puzzle, solution=ProofNode(puzzle.solution.move, tuple(without_far_blocks))))


def test_a_three_cannot_pass_as_a_win_by_fours(sample):
    puzzle = dataclasses.replace(sample["f0003-12w"], goal=Goal.WIN_BY_FOURS)
    with pytest.raises(ProofError, match="uses a three"):
        verify(puzzle)


def test_a_move_leaving_the_defender_a_five_is_caught():
    # white has four in a row on row 1; black's four on row 8 ignores it
    puzzle = parse_puzzle("v3|freestyle|black|win-by-fours|h8a1i8b1j8c1k8d1|g8|g8|-|vcf|1000|1")
    assert verify(puzzle).attacker_moves == 1  # g8 makes five first
    with pytest.raises(ProofError, match="after o1 the defender makes five"):
        verify(dataclasses.replace(puzzle, solution=parse_tree("o1{l8 n1}"), accepted=((14, 14),)))


def test_a_forbidden_move_for_black_in_renju_is_caught():
    # black's double three at h8 (g8 i8 open across, h7 h9 open down) is forbidden in renju
    puzzle = parse_puzzle("v4|renju|black|win|g8a1i8o1h7a15h9o15|h8|h8|-|vct|1000|1")
    with pytest.raises(ProofError, match="forbidden"):
        verify(puzzle)
    assert verify(dataclasses.replace(puzzle, rule=puzzle.rule.FREESTYLE)).attacker_moves == 1


def test_a_saving_move_left_out_of_a_defence_is_caught(sample):
    puzzle = sample["f0004-9d"]  # both ends of the open three save: k9 and g5
    assert verify(puzzle, every_losing_move=True)
    only_one = dataclasses.replace(puzzle, accepted=puzzle.accepted[:1])
    with pytest.raises(ProofError, match="after g5"):
        verify(only_one, every_losing_move=True)


def test_the_solution_move_must_be_accepted(sample):
    puzzle = sample["f0004-14w"]
    with pytest.raises(ProofError, match="not accepted"):
        verify(dataclasses.replace(puzzle, accepted=((0, 0),)))
