"""Glicko-2 against the worked example of Glickman's paper, and its limits."""

import pytest

from game.rating import Rating, expected_score, rate_game, update


def test_glickmans_worked_example():
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    rated = update(player, results)
    assert rated.rating == pytest.approx(1464.06, abs=0.05)
    assert rated.deviation == pytest.approx(151.52, abs=0.05)
    assert rated.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_win_raises_and_a_loss_lowers_by_the_surprise():
    player = Rating(1200, 120)
    strong, weak = Rating(1600, 50), Rating(800, 50)
    assert rate_game(player, strong, 1.0).rating - 1200 > rate_game(player, weak, 1.0).rating - 1200 > 0
    assert rate_game(player, weak, 0.0).rating < rate_game(player, strong, 0.0).rating < 1200


def test_a_game_makes_the_rating_surer_and_no_game_less_sure():
    player = Rating(1000, 200)
    assert rate_game(player, Rating(1000, 60), 0.5).deviation < 200
    assert update(player, []).deviation > 200
    assert update(Rating(1000, 349.9), []).deviation <= 350


def test_expected_score_is_symmetric_and_half_between_equals():
    a, b = Rating(1400, 80), Rating(1600, 80)
    assert expected_score(a, a) == pytest.approx(0.5)
    assert expected_score(a, b) + expected_score(b, a) == pytest.approx(1.0)
    assert expected_score(b, a) > 0.7


def test_a_score_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError, match="between 0 and 1"):
        rate_game(Rating(), Rating(), 2.0)
