"""Texel tuning: logistic regression of game results on the evaluation's weights.

The static score is linear in the weights for a fixed mover scale a:

    score = a * mine . w - theirs . w + double_three * [a double three to play] + tempo

and the expected result of the side to move is sigmoid(score / K). As in Texel tuning, K
is fitted first (with the starting weights), then the weights with K fixed, minimising
the mean squared error between sigmoid(score / K) and the result (1 won, 0.5 drawn, 0
lost) plus a ridge penalty pulling each weight towards its starting (hand-set) value, in
units of that value's size. Weights quiet positions never exercise (a five, an open four)
get no pull from the data and so stay where they started.

Constraints: pattern values never decrease from block1 up to five (one more stone, one
shape better, never worth less), and every value and bonus is non-negative. The fit works
on the increments between consecutive pattern values (each >= 0) and the bonuses (>= 0),
so the constraints are boxes and projected Adam on the full batch suffices: deterministic,
about a second for tens of thousands of positions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from game.engine.eval import patterns as pt
from game.engine.eval.eval_weights import EvalWeights

from .features import BUILDING, CELL_FEATURES, PositionCounts, class_index

#: Pattern indices whose values form the non-decreasing chain (none and overline stay 0).
CHAIN = tuple(range(pt.BLOCK1, pt.FIVE + 1))
#: Class bonuses the fit may change (forbidden and none stay 0).
BONUSES = tuple(class_index(c) for c in range(len(pt.CLASS_NAMES)) if c not in (pt.C_NONE, pt.C_FORBIDDEN))


@dataclass(frozen=True)
class Data:
    """Positions as arrays: the side to move's counts, the opponent's, the double-three flag, the labels."""

    mine: np.ndarray
    theirs: np.ndarray
    double_three: np.ndarray
    labels: np.ndarray

    @classmethod
    def from_positions(cls, positions: list[PositionCounts], search_share: float = 0.0, k: float = 1.0) -> "Data":
        """With `search_share` > 0 each label is that share of sigmoid(search score / k)
        and the rest the game's result: a deeper look than the static score, less noisy
        than one game's result (a proven win or loss counts as 1 or 0)."""
        results = np.array([p.label for p in positions], dtype=float)
        searched = np.array([p.search_score for p in positions], dtype=float)
        expected = 1.0 / (1.0 + np.exp(-np.clip(searched / k, -60, 60)))
        return cls(
            np.array([p.mine for p in positions], dtype=float).reshape(-1, len(CELL_FEATURES)),
            np.array([p.theirs for p in positions], dtype=float).reshape(-1, len(CELL_FEATURES)),
            np.array([p.double_three() for p in positions], dtype=float),
            (1.0 - search_share) * results + search_share * expected,
        )

    def __len__(self) -> int:
        return len(self.labels)


@dataclass(frozen=True)
class Params:
    """What a score needs: the cell weights (one per CELL_FEATURES), the bonuses, the scale."""

    cell: np.ndarray
    double_three: float
    tempo: float
    scale: float

    @classmethod
    def from_weights(cls, weights: EvalWeights, use_tempo: bool) -> "Params":
        cell = np.array([*weights.pattern, *weights.class_bonus, weights.building_pair], dtype=float)
        numerator, denominator = weights.mover_scale
        return cls(cell, float(weights.double_three), float(weights.tempo if use_tempo else 0), numerator / denominator)


def scores(data: Data, params: Params) -> np.ndarray:
    """The static score of every position for the side to move (no rounding, no noise)."""
    combined = params.scale * data.mine - data.theirs
    return combined @ params.cell + params.double_three * data.double_three + params.tempo


def loss(data: Data, params: Params, k: float) -> float:
    """Mean squared error of sigmoid(score / K) against the results."""
    predicted = 1.0 / (1.0 + np.exp(-np.clip(scores(data, params) / k, -60, 60)))
    return float(np.mean((predicted - data.labels) ** 2))


def fit_k(data: Data, params: Params, low: float = 10.0, high: float = 1e6) -> float:
    """The K that minimises the loss for `params` (golden-section search on log K)."""
    a, b = np.log(low), np.log(high)
    ratio = (np.sqrt(5) - 1) / 2
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    for _ in range(80):
        if loss(data, params, np.exp(c)) < loss(data, params, np.exp(d)):
            b, d = d, c
            c = b - ratio * (b - a)
        else:
            a, c = c, d
            d = a + ratio * (b - a)
    return float(np.exp((a + b) / 2))


@dataclass(frozen=True)
class FitSettings:
    regularisation: float = 1e-3  # weight of the pull towards the start, per parameter
    steps: int = 3000
    learning_rate: float = 0.02
    fit_tempo: bool = False


def _to_vector(params: Params) -> np.ndarray:
    """Free parameters: chain increments, bonuses, building pair, double three, tempo."""
    chain = params.cell[list(CHAIN)]
    increments = np.diff(np.concatenate(([0.0], chain)))
    return np.concatenate((increments, params.cell[list(BONUSES)], [params.cell[BUILDING], params.double_three, params.tempo]))


def _from_vector(vector: np.ndarray, start: Params) -> Params:
    cell = start.cell.copy()
    n = len(CHAIN)
    cell[list(CHAIN)] = np.cumsum(vector[:n])
    cell[list(BONUSES)] = vector[n:n + len(BONUSES)]
    cell[BUILDING] = vector[n + len(BONUSES)]
    return replace(start, cell=cell, double_three=float(vector[-2]), tempo=float(vector[-1]))


def _values(vector: np.ndarray) -> np.ndarray:
    """The free parameters as values: chain increments summed up to pattern values."""
    n = len(CHAIN)
    return np.concatenate((np.cumsum(vector[:n]), vector[n:]))


def _to_increments(gradient: np.ndarray) -> np.ndarray:
    """A gradient over `_values` as one over the free parameters: an increment moves every
    pattern value above it."""
    n = len(CHAIN)
    return np.concatenate((np.cumsum(gradient[:n][::-1])[::-1], gradient[n:]))


def fit_weights(data: Data, start: Params, k: float, settings: FitSettings) -> Params:
    """The weights minimising loss + regularisation, from `start`, with K fixed.

    The pull towards the start is on the values, each in units of its own starting size
    (at least 2; tempo in units of 100), so one value the data cannot see stays put even
    when the ones below it in the chain move."""
    start_vector = _to_vector(start)
    start_values = _values(start_vector)
    value_units = np.maximum(np.abs(start_values), 2.0)
    value_units[-1] = 100.0
    # The optimiser's units: each free parameter in its own starting size, so one step
    # size suits a block1 of 2 and a five of 12000.
    units = np.maximum(np.abs(start_vector), 2.0)
    units[-1] = 100.0
    free = np.ones_like(start_vector)
    if not settings.fit_tempo:
        free[-1] = 0.0
    lower = np.zeros_like(start_vector)
    lower[-1] = -np.inf  # tempo may have either sign

    def gradient_at(vector: np.ndarray) -> np.ndarray:
        params = _from_vector(vector, start)
        combined = params.scale * data.mine - data.theirs
        score = combined @ params.cell + params.double_three * data.double_three + params.tempo
        predicted = 1.0 / (1.0 + np.exp(-np.clip(score / k, -60, 60)))
        # d loss / d score, per position
        slope = 2.0 * (predicted - data.labels) * predicted * (1.0 - predicted) / (k * len(data))
        cell_gradient = combined.T @ slope
        values_gradient = np.concatenate((
            cell_gradient[list(CHAIN)], cell_gradient[list(BONUSES)],
            [cell_gradient[BUILDING], slope @ data.double_three, slope.sum()],
        ))
        pull = (_values(vector) - start_values) / value_units
        values_gradient += 2.0 * settings.regularisation * pull / value_units
        return _to_increments(values_gradient) * free

    u = start_vector / units
    low = lower / units
    first, second = np.zeros_like(u), np.zeros_like(u)
    beta1, beta2 = 0.9, 0.999
    for step in range(1, settings.steps + 1):
        gradient = gradient_at(u * units) * units
        first = beta1 * first + (1 - beta1) * gradient
        second = beta2 * second + (1 - beta2) * gradient ** 2
        corrected = first / (1 - beta1 ** step) / (np.sqrt(second / (1 - beta2 ** step)) + 1e-12)
        u = np.maximum(u - settings.learning_rate * corrected, low)
    return _from_vector(u * units, start)


def to_weights(params: Params, template: EvalWeights, mover_scale: tuple[int, int], fitted_tempo: bool,
               about: str) -> EvalWeights:
    """Rounded to whole numbers, in the table's form (the template gives the tempo unless
    it was fitted)."""
    cell = np.rint(params.cell).astype(int).tolist()
    patterns = len(template.pattern)
    bonus = cell[patterns:patterns + len(template.class_bonus)]
    bonus[pt.C_FORBIDDEN] = 0
    return replace(
        template,
        pattern=tuple(cell[:patterns]),
        class_bonus=tuple(bonus),
        building_pair=cell[-1],
        double_three=int(round(params.double_three)),
        tempo=int(round(params.tempo)) if fitted_tempo else template.tempo,
        mover_scale=mover_scale,
        about=about,
    )
