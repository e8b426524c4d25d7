"""A match score as a value, and what it says about the Elo difference.

The Elo difference is the logistic inverse of the score fraction; its 95% interval maps the
Wilson score interval of that fraction (draws as half points, each game a trial, which is
conservative when there are draws or paired openings). Unlike the plain normal approximation
the interval stays meaningful at 0% and 100%.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


def elo_from_score(fraction: float) -> float:
    """Elo difference for a score fraction in [0, 1]; +-inf at the ends."""
    if fraction <= 1e-9:
        return -math.inf
    if fraction >= 1 - 1e-9:
        return math.inf
    return -400.0 * math.log10(1.0 / fraction - 1.0)


def wilson_interval(fraction: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of `fraction` over `games` games."""
    if games <= 0:
        return 0.0, 1.0
    denominator = 1 + z * z / games
    centre = (fraction + z * z / (2 * games)) / denominator
    half = z * math.sqrt(fraction * (1 - fraction) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def paired_interval(pair_fractions: list[float], z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of the mean score when the trials are pairs of games.

    A pair plays one opening with colours swapped, so its two games share the opening's
    lean; each pair's fraction (0, 1/4, 1/2, 3/4 or 1) is then one trial, and the normal
    interval of their mean uses the spread the pairs really show (pentanomial), where
    wilson_interval counts every game as an independent trial.
    """
    count = len(pair_fractions)
    if count < 2:
        return 0.0, 1.0
    mean = sum(pair_fractions) / count
    variance = sum((value - mean) ** 2 for value in pair_fractions) / (count - 1)
    half = z * math.sqrt(variance / count)
    return max(0.0, mean - half), min(1.0, mean + half)


def format_elo(value: float) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{round(value):+d}"  # never "-0"


@dataclass(frozen=True)
class MatchScore:
    """Player A's wins, losses and draws against player B."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws

    @property
    def fraction(self) -> float:
        return self.points / self.games if self.games else 0.5

    @property
    def elo(self) -> float:
        return elo_from_score(self.fraction)

    @property
    def elo_interval(self) -> tuple[float, float]:
        low, high = wilson_interval(self.fraction, self.games)
        return elo_from_score(low), elo_from_score(high)

    def describe(self) -> str:
        """"+6 -3 =1  score 65.0%  Elo +108 [95% -93, +330]"."""
        low, high = self.elo_interval
        return (
            f"+{self.wins} -{self.losses} ={self.draws}  score {100 * self.fraction:.1f}%  "
            f"Elo {format_elo(self.elo)} [95% {format_elo(low)}, {format_elo(high)}]"
        )
