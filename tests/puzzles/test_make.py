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
    # the full search's multi-PV list (first) or the judge of each four names it
    assert sum(rejected.values()) == 1 and set(rejected) <= {"(b) the full search wins with another first move",
                                                             "(b) another first move wins by the full search"}


def _played(rule: Rule, moves: str) -> Board:
    from game.records.notation import parse_moves

    board = Board(15, rule)
    for point in parse_moves(moves, 15):
        board.push(point)
    return board


#: Win puzzles of the earlier sets with a second win by a quiet first move, which Rapfi found
#: (benchmarks/puzzle_soundness.py): f0124-39w (j12 as well as h13) and r0440-31w (f12).
QUIET_RIVALS = {
    "f0124-39w": (Rule.FREESTYLE, "e9g10i10f10h9e10d10f8h8f9f7e6g8j11h11h10e7d7i8e8c6g12k8j8j9l7f12i9k7f11d9g13g11f5c8g4"
                                  "h3k10l9"),
    "r0440-31w": (Rule.RENJU, "g6e10f9e8f6f8h6e6j6i6e9d9c8c10b11d10f10b10a10d8d7d11d12g9h8e12f13a8b9h10i11"),
}


def test_a_win_with_a_second_win_by_a_quiet_first_move_is_rejected():
    # The fours and threes alone were judged as rivals before; the full search's own best first
    # moves (quiet ones too) are judged now. Fast: the first multi-PV search proves the rival.
    for ident, (rule, moves) in QUIET_RIVALS.items():
        rejected = Counter()
        assert win_puzzle(_played(rule, moves), ident, rejected) is None, ident
        assert rejected == Counter({"(b) the full search wins with another first move": 1}), ident


def test_a_quiet_rival_the_search_sees_winning_rejects_the_win():
    # r0440-31w's f12 (Rapfi's second win): the search sees the defender lost after it (an
    # unproven loss is enough for a quiet rival), while the fours and threes had no say.
    from game.engine import UNPROVEN_THRESHOLD
    from game.puzzles.make import QUIET_RIVAL_NODES

    board = _played(*QUIET_RIVALS["r0440-31w"])
    verdict = judge_after(board, (5, 3), board.to_move, QUIET_RIVAL_NODES)  # f12
    assert verdict.score < -UNPROVEN_THRESHOLD


def test_a_defence_lost_one_attacker_reply_deeper_is_rejected():
    # rg0121-17d (renju, from the games stage, seed 55): its only saving move i9 held against the
    # root judge at 2M nodes (scored 3114), and Rapfi wins after it. The attacker's replies
    # judged one ply deeper show it: after l11 the defender is proven lost. About 4 s.
    board = _played(Rule.RENJU, "g8g7j11h9k10i12j9j10i8h7h8j8i7i11j6g9i6")
    rejected = Counter()
    assert defence_puzzle(board, "rg0121-17d", rejected) is None
    assert rejected == Counter({"(d) a saving move loses one reply deeper (full search)": 1})
