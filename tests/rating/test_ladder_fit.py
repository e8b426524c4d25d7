"""The ladder's rating fit: known strengths come back out of simulated results."""

import random

import pytest

from game.rating.ladder_fit import Pairing, fit, win_probability


def _simulated(true: dict[str, float], pairs, games: int, seed: int = 1) -> list[Pairing]:
    rng = random.Random(seed)
    out = []
    for a, b in pairs:
        p = win_probability(true[a], true[b])
        wins = sum(rng.random() < p for _ in range(games))
        out.append(Pairing(a, b, wins, games - wins))
    return out


def test_fit_recovers_a_chain_of_known_strengths_with_the_anchor_pinned():
    true = {"seed": 1000, "a": 850, "b": 1150, "c": 1300, "d": 1450}
    pairs = [("a", "seed"), ("b", "seed"), ("c", "seed"), ("b", "a"), ("c", "b"), ("d", "c")]
    fitted = fit(_simulated(true, pairs, 400), "seed")
    assert fitted["seed"].rating == 1000
    for name, rating in true.items():
        assert abs(fitted[name].rating - rating) < 40, (name, fitted[name])
        assert fitted[name].low <= fitted[name].rating <= fitted[name].high


def test_fewer_games_give_a_wider_interval():
    few = fit([Pairing("a", "seed", 12, 8)], "seed")["a"]
    many = fit([Pairing("a", "seed", 120, 80)], "seed")["a"]
    assert (few.high - few.low) > 2 * (many.high - many.low)


def test_a_perfect_score_is_a_large_finite_gap():
    fitted = fit([Pairing("a", "seed", 40, 0)], "seed")["a"]
    assert 400 < fitted.rating - 1000 < 1000


def test_a_draw_is_half_a_win_each():
    assert abs(fit([Pairing("a", "seed", 0, 0, 30)], "seed")["a"].rating - 1000) < 1e-6


def test_a_player_with_no_games_linking_it_to_the_anchor_is_refused():
    with pytest.raises(ValueError, match="no games link"):
        fit([Pairing("a", "seed", 5, 5), Pairing("x", "y", 3, 2)], "seed")
