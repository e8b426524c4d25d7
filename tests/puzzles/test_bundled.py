"""The bundled puzzle set: both rules and every goal, its proofs hold, and its defences hold.

Every proof was checked when the set was made (build_scripts/make_puzzles.py); a seeded
sample is checked again here, defences with every losing move, so a change to the rules
or the verifier that breaks them is caught; a few defences are judged again by the full
search (game/puzzles/judge.py), as the generator did.
"""

from __future__ import annotations

import random
from collections import Counter

from game.puzzles import Goal, verify
from game.puzzles.collection import bundled_puzzles
from game.rules import Rule


#: The set made for issue 55 (every defence judged by the full search, one reply deeper too):
#: 1005 puzzles, 496 defences (README, "Puzzles"; benchmarks/LOG.md).
AT_LEAST = 1000
DEFENCES_AT_LEAST = 300


def test_the_set_has_puzzles_of_both_rules_and_every_goal():
    puzzles = bundled_puzzles()
    assert len(puzzles) >= AT_LEAST
    assert sum(1 for p in puzzles if p.goal is Goal.DEFEND) >= DEFENCES_AT_LEAST
    kinds = Counter((p.rule, p.goal) for p in puzzles)
    for rule in (Rule.FREESTYLE, Rule.RENJU):
        for goal in Goal:
            assert kinds[rule, goal] > 0, (rule, goal)
    assert set(p.difficulty for p in puzzles) == {1, 2, 3, 4, 5}


def test_a_sample_of_the_set_verifies_on_the_rules_board():
    puzzles = random.Random(32).sample(bundled_puzzles(), 40)
    for puzzle in puzzles:
        verify(puzzle, every_losing_move=puzzle.goal is Goal.DEFEND)


def test_win_puzzles_have_one_accepted_first_move():
    assert all(len(p.accepted) == 1 for p in bundled_puzzles() if p.goal.is_win)


def test_following_the_proof_solves_every_sampled_puzzle_against_the_strongest_replies():
    from game.puzzles.attempt import Attempt, Phase

    for puzzle in random.Random(7).sample(bundled_puzzles(), 40):
        attempt = Attempt(puzzle)
        for _ in range(40):
            while attempt.pending:
                attempt.advance()
            if attempt.phase is not Phase.PLAYING:
                break
            attempt.play(attempt.expected())
        assert attempt.phase is Phase.SOLVED and attempt.result is True, puzzle.id


def test_sampled_defences_hold_against_the_full_search():
    from game.puzzles.judge import CLEARLY_LOST, judge_after
    from game.puzzles.verify import board_of

    defences = [p for p in bundled_puzzles() if p.goal is Goal.DEFEND]
    for puzzle in random.Random(55).sample(defences, 4):
        for move in puzzle.accepted:
            verdict = judge_after(board_of(puzzle), move, puzzle.to_move)
            assert not verdict.wins and verdict.score <= CLEARLY_LOST, (puzzle.id, move, verdict)
