"""An external engine as the game review's analyst: our own brain through the path a player
gives, a brain that dies mid-review (the built-in engine takes over, the review is not lost),
and a cancel that leaves no brain behind."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import pytest
from brain_processes import fake_brain, own_brain_path, pids_from, wait_gone

from game.coach import review_game
from game.coach.external_analyst import AnalystSpec, ExternalAnalyst
from game.coach.runner import ReviewRunner
from game.rules import Rule

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "coach"))
from coach_games import GAME_MISSED_VCF, PROOF_MS  # noqa: E402

SHORT_GAME = [(7, 7), (8, 8), (7, 8), (9, 9), (6, 6), (10, 10)]


def finish(runner: ReviewRunner, seconds: float = 90.0):
    """The runner's review, polled as the window would (None if it ended without one)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        review = runner.poll()
        if review is not None or runner.error or not runner.running:
            return review
        time.sleep(0.05)
    raise AssertionError("the review did not finish")


def test_our_brain_as_analyst_scores_the_game_and_our_proofs_still_flag_the_missed_win():
    try:
        brain = own_brain_path()
    except FileNotFoundError as error:
        pytest.skip(str(error))
    with ExternalAnalyst(AnalystSpec(str(brain), "pbrain-gomoku"), time_ms=100, proof_ms=PROOF_MS) as analyst:
        review = review_game(15, Rule.FREESTYLE, GAME_MISSED_VCF, time_ms=100, analyst=analyst)
        pid = analyst.client.pid
        assert analyst.name == "GomokuDesktop"  # ABOUT's name, shown in the review's header
    assert wait_gone([pid]) == []
    assert len(review.moves) == len(GAME_MISSED_VCF)
    # The threat searches' proofs, which do not depend on the time given (the alpha-beta search may
    # also prove black's deep win of moves 6-7 in time, or not: tests/coach/test_review.py DEEP_WINS).
    missed = {move.number for move in review.moves if move.missed_win is not None and move.missed_win.kind != "search"}
    assert missed == {20, 22}  # the same proofs as a built-in review (tests/coach/test_review.py)
    assert review.moves[21].missed_win.kind == "vcf" and review.moves[21].best_move == (11, 5)
    scored = [move for move in review.moves[:15] if move.best_move is not None]
    assert scored, "the brain's best moves are in the review"


def test_a_brain_that_dies_mid_review_hands_over_to_the_built_in_engine(tmp_path):
    pid_file = tmp_path / "pid"
    command = shlex.join(fake_brain("crash-nbest", "--name", "Fragile", "--pid-file", str(pid_file)))
    runner = ReviewRunner()
    try:
        runner.start(15, Rule.FREESTYLE, SHORT_GAME, time_ms=50, analyst=AnalystSpec(command, "Fragile"))
        review = finish(runner)
    finally:
        runner.close()
    assert runner.error == "" and review is not None
    assert len(review.moves) == len(SHORT_GAME)  # the review is not lost
    assert review.analyst == "" and "Fragile" in review.analyst_note and "exited" in review.analyst_note
    assert wait_gone(pids_from(pid_file)) == []


def test_cancelling_a_review_with_an_external_analyst_leaves_no_brain(tmp_path):
    pid_file = tmp_path / "pid"
    command = shlex.join(fake_brain("slow-deaf", "--pid-file", str(pid_file)))
    runner = ReviewRunner()
    try:
        runner.start(15, Rule.FREESTYLE, SHORT_GAME, time_ms=30_000, analyst=AnalystSpec(command, "Deaf"))
        pids = pids_from(pid_file)  # the brain is thinking (for 60 s) about the first position
        runner.cancel()
        assert runner.wait_stopped(10)  # the cancel killed the brain, so the review ended at once
        assert finish(runner) is None and runner.error == ""
    finally:
        runner.close()
    assert wait_gone(pids) == []
