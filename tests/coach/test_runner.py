"""The review in a background process: progress, the finished review, and a prompt cancel."""

import time

import pytest

from game.coach import ReviewRunner
from game.rules import Rule

from coach_games import GAME_MISSED_VCF


def wait_for(condition, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_a_review_runs_in_the_background_and_arrives_once():
    with ReviewRunner() as runner:
        runner.start(15, Rule.FREESTYLE, GAME_MISSED_VCF[:8], time_ms=50)
        assert runner.running and runner.progress()[1] == 9
        found = []
        wait_for(lambda: found.append(runner.poll()) or found[-1] is not None)
        review = found[-1]
        assert [move.point for move in review.moves] == GAME_MISSED_VCF[:8]
        assert runner.progress() == (9, 9) and runner.poll() is None and runner.error == ""
        assert not runner.running


def test_cancel_stops_the_review_at_once():
    with ReviewRunner() as runner:
        runner.start(15, Rule.FREESTYLE, GAME_MISSED_VCF, time_ms=2000)
        wait_for(lambda: runner.progress()[0] >= 1)
        started = time.perf_counter()
        runner.cancel()
        assert runner.wait_stopped(5.0)
        stopped_in = time.perf_counter() - started
        assert runner.poll() is None and runner.error == ""
        assert runner.progress()[0] < 25
        assert stopped_in < 1.0, f"the review took {stopped_in:.3f} s to stop"  # ~0.05 s measured; lenient
