"""A try at a puzzle: right moves get the proof's answers, wrong ones the refutation."""

from __future__ import annotations

from game.i18n import set_language, tr
from game.puzzles.attempt import Attempt, Phase, proof_line
from game.puzzles.verify import board_of
from game.rules import Stone


def _finish(attempt: Attempt) -> list:
    played = []
    while attempt.pending:
        played.append(attempt.advance())
    return played


def test_following_the_proof_solves_a_four_three(sample):
    attempt = Attempt(sample["f0004-14w"])  # l6, the block k6, then k7 makes an open four
    assert attempt.play((11, 9))
    assert attempt.phase is Phase.ANSWERING
    assert _finish(attempt) == [((10, 9), Stone.WHITE)]
    assert attempt.phase is Phase.PLAYING and attempt.expected() == (10, 8)
    attempt.play((10, 8))
    _finish(attempt)  # white blocks one end of the open four
    five = attempt.expected()
    attempt.play(five)
    assert attempt.phase is Phase.SOLVED and attempt.result is True
    assert attempt.board.outcome().winner is Stone.BLACK


def test_the_computer_defends_a_three_with_its_longest_branch(sample):
    puzzle = sample["f0003-12w"]
    attempt = Attempt(puzzle)
    attempt.play(puzzle.solution.move)
    [(reply, stone)] = _finish(attempt)
    longest = max(puzzle.solution.replies, key=lambda branch: branch[1].depth())[0]
    assert reply == longest and stone is Stone.WHITE


def test_a_wrong_move_fails_and_the_refutation_is_played_out(sample):
    attempt = Attempt(sample["f0004-14w"])
    attempt.play((0, 0))
    assert attempt.phase is Phase.FAILED and attempt.result is False
    assert attempt.note == "puzzles.wrong_key"
    for language in ("en", "zh"):
        set_language(language)
        assert "l6" in tr(attempt.note, **attempt.note_values)  # the key point is named
    set_language("en")
    played = _finish(attempt)
    assert played and all(stone is Stone.WHITE for _, stone in played[::2])
    attempt.reset()
    assert attempt.phase is Phase.PLAYING and len(attempt.board.history) == len(sample["f0004-14w"].moves)
    attempt.play((11, 9))
    assert attempt.result is False  # the first verdict is the one that counts


def test_a_wrong_defence_shows_the_attackers_win_to_the_five(sample):
    puzzle = sample["f0004-9d"]
    attempt = Attempt(puzzle)
    attempt.play((11, 5))  # l10: the far side, refuted by g5
    assert attempt.phase is Phase.FAILED and attempt.note == "puzzles.wrong_defence"
    _finish(attempt)
    outcome = attempt.board.outcome()
    assert outcome is not None and outcome.winner is Stone.BLACK


def test_every_accepted_defence_solves(sample):
    puzzle = sample["f0004-9d"]
    for move in puzzle.accepted:
        attempt = Attempt(puzzle)
        attempt.play(move)
        assert attempt.phase is Phase.SOLVED and attempt.result is True


def test_a_hint_shows_the_area_then_the_move_and_counts_as_failed(sample):
    puzzle = sample["f0003-12w"]
    attempt = Attempt(puzzle)
    assert attempt.hint() == 1
    (left, top), (right, bottom) = attempt.hint_area()
    x, y = puzzle.solution.move
    assert left <= x <= right and top <= y <= bottom and right - left == 3
    assert attempt.hint() == 2 and attempt.expected() == puzzle.solution.move
    _finish_solution(attempt, puzzle)
    assert attempt.phase is Phase.SOLVED and attempt.result is False


def _finish_solution(attempt, puzzle):
    _finish(attempt)
    while attempt.phase is Phase.PLAYING:
        attempt.play(attempt.expected())
        _finish(attempt)


def test_show_solution_plays_the_proof_to_the_five(sample):
    for ident in ("f0003-12w", "r0009-13w", "f0008-20w"):
        puzzle = sample[ident]
        attempt = Attempt(puzzle)
        attempt.show_solution()
        assert attempt.phase is Phase.SHOWN and attempt.result is False
        _finish(attempt)
        outcome = attempt.board.outcome()
        forbidden_block = puzzle.theme == "forbidden-point"
        assert (outcome is not None and outcome.winner is puzzle.to_move) or forbidden_block, ident


def test_a_proof_line_alternates_and_ends_in_five(sample):
    puzzle = sample["f0008-20w"]
    line = proof_line(board_of(puzzle), puzzle.to_move, puzzle.solution)
    assert [stone for _, stone in line] == [puzzle.to_move, puzzle.to_move.opponent] * (len(line) // 2) + [puzzle.to_move]


def test_another_forced_win_later_in_the_line_is_followed_not_called_wrong(sample):
    puzzle = sample["f0003-12w"]  # after f5 and white's reply, i5 wins too (Master plays it)
    attempt = Attempt(puzzle)
    attempt.play(puzzle.solution.move)
    _finish(attempt)
    assert attempt.expected() != (8, 10)
    attempt.play((8, 10))
    assert attempt.phase is not Phase.FAILED
    _finish_solution(attempt, puzzle)
    assert attempt.phase is Phase.SOLVED and attempt.result is True
