"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012).

A rating carries its own uncertainty (the deviation) and how erratic the player is (the
volatility), so a new player's rating moves fast and a settled one slowly. Both the game
rating (against the ladder) and the puzzle rating use it; a puzzle is rated like a player.

Ratings are on the usual Glicko scale (1500 is the system's default, but every caller
passes its own starting point, since our ladder pins the seed bot at 1000).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

#: Glicko-2's internal scale: rating units per internal unit.
SCALE = 173.7178
#: The system constant: how much the volatility may change per period (Glickman: 0.3-1.2).
DEFAULT_TAU = 0.5
#: The deviation of a rating nobody knows anything about.
UNKNOWN_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
#: No rating ever gets surer than this: even a settled player can change.
MIN_DEVIATION = 30.0
_CONVERGENCE = 1e-6


@dataclass(frozen=True)
class Rating:
    """A rating, its deviation (about one standard deviation) and volatility."""

    rating: float = 1500.0
    deviation: float = UNKNOWN_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The 95% interval of the rating."""
        return self.rating - z * self.deviation, self.rating + z * self.deviation


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, opponent_mu: float, opponent_phi: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(opponent_phi) * (mu - opponent_mu)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The score `player` expects against `opponent`, counting the opponent's uncertainty."""
    mu = (player.rating - 1500.0) / SCALE
    opponent_mu = (opponent.rating - 1500.0) / SCALE
    return _expected(mu, opponent_mu, opponent.deviation / SCALE)


def _new_volatility(sigma: float, phi: float, variance: float, delta: float, tau: float) -> float:
    """Step 5 of Glickman's paper: the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - variance - ex)
        bottom = 2.0 * (phi * phi + variance + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    upper = a
    if delta * delta > phi * phi + variance:
        lower = math.log(delta * delta - phi * phi - variance)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        lower = a - k * tau
    f_upper, f_lower = f(upper), f(lower)
    for _ in range(100):
        if abs(lower - upper) <= _CONVERGENCE:
            break
        candidate = upper + (upper - lower) * f_upper / (f_lower - f_upper)
        f_candidate = f(candidate)
        if f_candidate * f_lower <= 0:
            upper, f_upper = lower, f_lower
        else:
            f_upper /= 2.0
        lower, f_lower = candidate, f_candidate
    return math.exp(upper / 2.0)


def update(player: Rating, results: Iterable[tuple[Rating, float]], tau: float = DEFAULT_TAU) -> Rating:
    """The rating after one rating period with `results`: (opponent, score 0 / 0.5 / 1) pairs.

    With no results the deviation grows as for a period without play. Raises ValueError for a
    score outside [0, 1].
    """
    results = list(results)
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return _widened(player, phi, sigma)
    inverse_variance = 0.0
    improvement = 0.0
    for opponent, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score must be between 0 and 1, not {score!r}")
        opponent_mu = (opponent.rating - 1500.0) / SCALE
        opponent_phi = opponent.deviation / SCALE
        g = _g(opponent_phi)
        expected = _expected(mu, opponent_mu, opponent_phi)
        inverse_variance += g * g * expected * (1.0 - expected)
        improvement += g * (score - expected)
    variance = 1.0 / inverse_variance
    delta = variance * improvement
    new_sigma = _new_volatility(sigma, phi, variance, delta, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / variance)
    new_mu = mu + new_phi * new_phi * improvement
    deviation = min(UNKNOWN_DEVIATION, max(MIN_DEVIATION, new_phi * SCALE))
    return Rating(new_mu * SCALE + 1500.0, deviation, new_sigma)


def _widened(player: Rating, phi: float, sigma: float) -> Rating:
    widened = math.sqrt(phi * phi + sigma * sigma) * SCALE
    return Rating(player.rating, min(UNKNOWN_DEVIATION, widened), sigma)


def rate_game(player: Rating, opponent: Rating, score: float, tau: float = DEFAULT_TAU) -> Rating:
    """The player's rating after one game: a rating period of one result, as online sites do."""
    return update(player, [(opponent, score)], tau)
