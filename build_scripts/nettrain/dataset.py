"""Labelled positions as arrays for training and measuring (numpy only).

Every labelled position of every game becomes: the board from the side to move's view,
the teacher's score and move, and the game's result for the side to move (1 won,
0.5 undecided, 0 lost). Games are split by index into training and held-out sets (one
in HOLD_OUT_EVERY, by a hash of the index, as combo/fit.py splits its games).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from netdata.records import GameRecord

from .features import boards_from

HOLD_OUT_EVERY = 10
MATE = 29000  # scores beyond this are mates (combo.teacher.MATE_SCORE - n)


def held_out(index: int) -> bool:
    return (index * 0x9E3779B1) % 2**32 % HOLD_OUT_EVERY == 0


@dataclass
class Positions:
    boards: np.ndarray   # (N, 15, 15) int8
    scores: np.ndarray   # (N,) the teacher's score for the side to move
    best: np.ndarray     # (N,) the teacher's move
    results: np.ndarray  # (N,) 1 / 0.5 / 0 for the side to move
    games: np.ndarray    # (N,) game index
    stones: list         # the cells played before each position

    def __len__(self) -> int:
        return len(self.scores)

    def subset(self, chosen: np.ndarray) -> "Positions":
        return Positions(self.boards[chosen], self.scores[chosen], self.best[chosen], self.results[chosen],
                         self.games[chosen], [self.stones[i] for i in np.flatnonzero(chosen)])


def positions(games: list[GameRecord]) -> Positions:
    stones, scores, best, results, index = [], [], [], [], []
    for game in games:
        for before, score, move in game.positions():
            stones.append(before)
            scores.append(score)
            best.append(move)
            mover = 1 + len(before) % 2
            results.append(0.5 if game.result == 0 else float(game.result == mover))
            index.append(game.index)
    return Positions(boards_from(stones), np.array(scores, dtype=np.int32), np.array(best, dtype=np.int64),
                     np.array(results), np.array(index), stones)


def split(data: Positions) -> tuple[Positions, Positions]:
    held = np.array([held_out(int(g)) for g in data.games], dtype=bool)
    return data.subset(~held), data.subset(held)


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(x, -40, 40)))


def log_loss(labels: np.ndarray, predicted: np.ndarray) -> float:
    predicted = np.clip(predicted, 1e-6, 1 - 1e-6)
    return float(-np.mean(labels * np.log(predicted) + (1 - labels) * np.log(1 - predicted)))


def teacher_scale(data: Positions) -> float:
    """The S for which sigmoid(score / S) best predicts the decided games' results (mates left out)."""
    keep = (data.results != 0.5) & (np.abs(data.scores) < MATE)
    if not keep.any():
        return 300.0
    return float(min(range(50, 2001, 10), key=lambda s: log_loss(data.results[keep], sigmoid(data.scores[keep] / s))))


def teacher_rate(scores: np.ndarray, scale: float) -> np.ndarray:
    """The teacher's score as a win rate (mates 1 or 0)."""
    return np.where(np.abs(scores) >= MATE, (scores > 0).astype(float), sigmoid(scores / scale))
