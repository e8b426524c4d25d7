"""Ratings from match results: a Bradley-Terry (Elo) maximum-likelihood fit with one player pinned.

Every pairing's wins, losses and draws (a draw is half a win each) are fitted at once,
so a rung that only met its neighbours is still placed on the scale through them. A
perfect score has no finite maximum; as is usual for Elo fits of engine ladders, each
pairing gets one virtual draw (`prior_draws`), which pulls a 40-0 result to a large but
finite gap. The intervals come from the curvature of the likelihood at its peak (the
inverse of the observed information), so a rung met in fewer games has a wider one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Elo's logistic scale: a gap of 400 points is odds of 10 to 1.
_ELO = 400 / math.log(10)


@dataclass(frozen=True)
class Pairing:
    """Results of `first` against `second`, from `first`'s side."""

    first: str
    second: str
    wins: int
    losses: int
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass(frozen=True)
class Fitted:
    """A player's fitted rating and its 95% interval."""

    name: str
    rating: float
    low: float
    high: float
    games: int


def win_probability(rating: float, opponent: float) -> float:
    """The expected score of `rating` against `opponent` on the Elo scale."""
    return 1.0 / (1.0 + 10 ** ((opponent - rating) / 400))


def fit(pairings: list[Pairing], pinned: str, pinned_rating: float = 1000.0, prior_draws: float = 1.0,
        iterations: int = 200) -> dict[str, Fitted]:
    """Fit every player's rating so that the results are most likely; `pinned` stays at `pinned_rating`.

    Raises ValueError when `pinned` never played or a player is not connected to it by games.
    """
    names = sorted({p.first for p in pairings} | {p.second for p in pairings})
    if pinned not in names:
        raise ValueError(f"the pinned player {pinned!r} played no games")
    _check_connected(pairings, names, pinned)
    free = [n for n in names if n != pinned]
    index = {n: i for i, n in enumerate(free)}
    strength = {n: 0.0 for n in names}  # natural-log units, pinned at 0
    # (score of first, games) per pairing, with the virtual draws.
    data = [(p.first, p.second, p.wins + 0.5 * p.draws + 0.5 * prior_draws, p.games + prior_draws) for p in pairings]
    hessian = [[0.0] * len(free) for _ in free]
    for _ in range(iterations):
        gradient = [0.0] * len(free)
        hessian = [[0.0] * len(free) for _ in free]
        for a, b, score, games in data:
            expected = 1.0 / (1.0 + math.exp(strength[b] - strength[a]))
            residual = score - games * expected
            weight = games * expected * (1 - expected)
            for name, sign in ((a, 1.0), (b, -1.0)):
                if name in index:
                    gradient[index[name]] += sign * residual
            for x in (a, b):
                for y in (a, b):
                    if x in index and y in index:
                        hessian[index[x]][index[y]] += weight if x == y else -weight
        step = _solve(hessian, gradient)
        biggest = max((abs(s) for s in step), default=0.0)
        scale = 1.0 if biggest <= 1.0 else 1.0 / biggest  # damped Newton: no wild first steps
        for name, i in index.items():
            strength[name] += scale * step[i]
        if biggest < 1e-9:
            break
    covariance = _inverse(hessian)
    played = {n: 0 for n in names}
    for p in pairings:
        played[p.first] += p.games
        played[p.second] += p.games
    fitted = {}
    for name in names:
        rating = pinned_rating + strength[name] * _ELO
        spread = 0.0 if name == pinned else 1.96 * math.sqrt(max(covariance[index[name]][index[name]], 0.0)) * _ELO
        fitted[name] = Fitted(name, rating, rating - spread, rating + spread, played[name])
    return fitted


def _check_connected(pairings: list[Pairing], names: list[str], pinned: str) -> None:
    linked = {n: set() for n in names}
    for p in pairings:
        linked[p.first].add(p.second)
        linked[p.second].add(p.first)
    seen, todo = {pinned}, [pinned]
    while todo:
        for other in linked[todo.pop()] - seen:
            seen.add(other)
            todo.append(other)
    missing = sorted(set(names) - seen)
    if missing:
        raise ValueError(f"no games link {missing!r} to {pinned!r}; their ratings cannot be fitted")


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix·x = vector (Gaussian elimination with partial pivoting)."""
    size = len(vector)
    rows = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-12:
            continue
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                if factor:
                    rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [rows[i][size] / rows[i][i] if abs(rows[i][i]) >= 1e-12 else 0.0 for i in range(size)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    size = len(matrix)
    columns = [_solve(matrix, [1.0 if r == c else 0.0 for r in range(size)]) for c in range(size)]
    return [[columns[c][r] for c in range(size)] for r in range(size)]
