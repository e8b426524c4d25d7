"""Making a puzzle from a position: the engine's tree, the checks, and the rejections counted."""

from __future__ import annotations

import dataclasses
from collections import Counter

from game.puzzles import Goal, verify
from game.puzzles.judge import CLEARLY_LOST, judge_after
from game.puzzles.make import defence_puzzle, rerate, win_puzzle
from game.puzzles.verify import board_of
from game.rules import Board, Rule


def test_a_four_three_position_gives_the_same_checked_puzzle_again(sample):
    known = sample["f0004-14w"]
    rejected = Counter()
    made = win_puzzle(board_of(known), "again", rejected)
    assert made is not None, rejected
    assert (made.goal, made.theme, made.accepted, made.solution) == (Goal.WIN_BY_FOURS, "four-three", known.accepted,
                                                                     known.solution)
    verify(made)


def test_a_plain_three_blocked_two_ways_is_only_a_puzzle_from_ones_own_game(sample):
    known = sample["f0004-9d"]
    rejected = Counter()
    assert defence_puzzle(board_of(known), "plain", rejected) is None
    assert rejected == Counter({"(c) blocks a plain three two ways": 1})


def test_a_defence_the_full_search_proves_lost_whatever_is_played_is_left_out(sample):
    # The old set's f0004-9d: both blocks (k9, g5) stop the three, but the attacker still
    # wins after each (issue 55): the threat searches alone called them saving.
    rejected = Counter()
    assert defence_puzzle(board_of(sample["f0004-9d"]), "lost", rejected, plain_blocks=True) is None
    assert rejected == Counter({"(d) lost whatever the defender plays (full search)": 1})


def test_a_defence_that_holds_accepts_its_saving_move_and_refutes_the_rest(sample):
    known = sample["f0006-14d"]
    made = defence_puzzle(board_of(known), known.id, Counter())
    assert made == known
    for move in made.accepted:
        verdict = judge_after(board_of(known), move, known.to_move)
        assert not verdict.wins and verdict.score <= CLEARLY_LOST
    verify(made, every_losing_move=True)


FOUR_THREE = [(3, 3), (4, 3), (5, 3), (6, 4), (6, 5)]  # f12 makes a four (row) and an open three (column)
SCATTERED_WHITE = [(2, 3), (2, 10), (14, 0), (14, 2), (14, 4), (14, 6), (14, 8), (14, 10), (14, 12), (0, 14)]


def _position(black: list) -> Board:
    board = Board(15, Rule.FREESTYLE)
    for black_point, white_point in zip(black, SCATTERED_WHITE):
        board.push(black_point)
        board.push(white_point)
    return board


def test_one_four_three_is_a_puzzle_and_two_are_rejected_as_not_unique():
    harmless = [(10, 13), (12, 13), (10, 11), (12, 11), (8, 13)]
    rejected = Counter()
    single = win_puzzle(_position(FOUR_THREE + harmless), "one", rejected)
    assert single is not None and single.accepted == ((6, 3),) and single.theme == "four-three"
    second_four_three = [(x, y + 7) for x, y in FOUR_THREE]
    assert win_puzzle(_position(FOUR_THREE + second_four_three), "two", rejected) is None
    assert rejected == Counter({"(b) another first move wins": 1})


def test_rerating_gives_what_the_generator_gives(sample):
    known = sample["f0004-14w"]
    made = win_puzzle(board_of(known), known.id, Counter())
    stale = dataclasses.replace(made, rating=2500, difficulty=5)
    assert rerate(stale) == made


def test_longer_and_bushier_proofs_start_higher(sample):
    four_three = rerate(sample["f0004-14w"])
    deep_vct = rerate(sample["f0008-20w"])
    assert four_three.rating < deep_vct.rating and four_three.difficulty < deep_vct.difficulty


def test_a_win_with_a_second_winning_first_move_is_rejected_however_long_the_second(sample):
    # The old set allowed a rival win "much longer" than the solution; a strong player finds it.
    rejected = Counter()
    assert win_puzzle(board_of(sample["r0386-48w"]), "rival", rejected) is None
    assert rejected == Counter({"(b) another first move wins": 1})


def test_a_rival_four_is_judged_after_its_block_not_scored_unsearched(sample):
    # The search only blocks a single four (score 0, no search): the judge plays the block
    # and judges on. Here the four c5 wins as well as the solution (Rapfi agrees).
    known = sample["f0155-17w"]
    assert judge_after(board_of(known), (2, 10), known.to_move, 1_000_000).loses  # c5
    rejected = Counter()
    assert win_puzzle(board_of(known), "rival-four", rejected) is None
    assert rejected == Counter({"(b) another first move wins by the full search": 1})
