"""Move classes and accuracy, from the drop in the mover's winning chances.

A move is judged by how much of his winning chance the mover gave away: the chance
before it (with the engine's best move) minus the chance after it, both from 0 to 1.
The thresholds, on that drop:

    best        the engine's own choice, or a drop of at most 0.02
    good        below 0.06
    inaccuracy  below 0.12
    mistake     below 0.25
    blunder     0.25 or more

Proofs override the numbers: a move that lets the opponent force a win he did not have
is a blunder, a move that misses a proven win is at least a mistake, and a move inside a
correct forced sequence (the attacker's threats or the defender's forced replies) is
never flagged.

Accuracy is Lichess's formula on the same drop, in percentage points, averaged over a
player's moves: 103.1668 * exp(-0.04354 * drop) - 3.1669, clamped to 0..100. A perfect
game scores 100; a game of 10-point drops about 64.
"""

from __future__ import annotations

import math
from enum import Enum


class MoveClass(Enum):
    """How good a move was; the values are the names used in JSON and SGF comments."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def is_flagged(self) -> bool:
        """Whether a review points the move out (an inaccuracy or worse)."""
        return self in (MoveClass.INACCURACY, MoveClass.MISTAKE, MoveClass.BLUNDER)


#: Upper bounds on the drop in winning chance, in the order the classes are tried.
BEST_DROP = 0.02
GOOD_DROP = 0.06
INACCURACY_DROP = 0.12
MISTAKE_DROP = 0.25

_ORDER = (MoveClass.BEST, MoveClass.GOOD, MoveClass.INACCURACY, MoveClass.MISTAKE, MoveClass.BLUNDER)


def classify(
    drop: float,
    *,
    engine_choice: bool = False,
    missed_win: bool = False,
    allowed_win: bool = False,
    in_forced_win: bool = False,
) -> MoveClass:
    """The class of a move that lost `drop` (0..1) of the mover's winning chance."""
    if in_forced_win:
        return MoveClass.BEST if engine_choice or drop <= BEST_DROP else MoveClass.GOOD
    if allowed_win:
        return MoveClass.BLUNDER
    if engine_choice or drop <= BEST_DROP:
        found = MoveClass.BEST
    elif drop < GOOD_DROP:
        found = MoveClass.GOOD
    elif drop < INACCURACY_DROP:
        found = MoveClass.INACCURACY
    elif drop < MISTAKE_DROP:
        found = MoveClass.MISTAKE
    else:
        found = MoveClass.BLUNDER
    if missed_win and _ORDER.index(found) < _ORDER.index(MoveClass.MISTAKE):
        found = MoveClass.MISTAKE
    return found


def move_accuracy(drop: float) -> float:
    """Accuracy of one move, 0..100, from its drop in winning chance (Lichess's curve)."""
    points = max(0.0, drop) * 100
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * points) - 3.1669))
