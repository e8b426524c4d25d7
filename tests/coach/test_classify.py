"""Move classes by the documented thresholds on the drop in winning chance, and accuracy."""

import pytest

from game.coach.classify import MoveClass, classify, move_accuracy


@pytest.mark.parametrize(
    "drop, expected",
    [(0.0, MoveClass.BEST), (0.02, MoveClass.BEST), (0.05, MoveClass.GOOD), (0.08, MoveClass.INACCURACY),
     (0.2, MoveClass.MISTAKE), (0.25, MoveClass.BLUNDER), (0.9, MoveClass.BLUNDER)],
)
def test_classes_follow_the_thresholds(drop, expected):
    assert classify(drop) is expected


def test_proofs_override_the_numbers():
    assert classify(0.0, allowed_win=True) is MoveClass.BLUNDER
    assert classify(0.03, missed_win=True) is MoveClass.MISTAKE
    assert classify(0.5, missed_win=True) is MoveClass.BLUNDER
    assert classify(0.9, in_forced_win=True) is MoveClass.GOOD
    assert classify(0.9, in_forced_win=True, engine_choice=True) is MoveClass.BEST
    assert classify(0.3, engine_choice=True) is MoveClass.BEST


def test_accuracy_is_100_for_no_drop_and_falls_with_it():
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    values = [move_accuracy(drop / 100) for drop in range(0, 101, 5)]
    assert values == sorted(values, reverse=True) and values[-1] == 0.0
    assert 60 < move_accuracy(0.10) < 68
