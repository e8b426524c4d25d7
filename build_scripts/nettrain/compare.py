"""Today's evaluation and the combination table on the same positions as the net, the way
combo/fit.py measured them: on the quiet positions (neither side has a five or an open
four to play), today's static evaluation made a win rate by a logistic fit on training
positions, the combination table on its own scale (logit = score / EVAL_SCALE); and
today's and the table's move order over the search's candidates.
"""

from __future__ import annotations

import numpy as np

from combo.features import examples
from combo.games import Labelled
from game.engine.eval import combo_eval as ce

from .dataset import Positions, sigmoid
from .features import SIZE


def quiet_examples(data: Positions, rule: str, limit: int | None = None) -> tuple[np.ndarray, list]:
    """The indices of `data`'s quiet positions (the first `limit` of them) and their Examples."""
    chosen, found = [], []
    for row, stones in enumerate(data.stones if limit is None or limit > 0 else ()):
        best = int(data.best[row])
        score = int(data.scores[row])
        side = 1 + len(stones) % 2
        result = data.results[row]
        winner = 0 if result == 0.5 else (side if result == 1 else 3 - side)
        labelled = Labelled(rule, tuple((c % SIZE, c // SIZE) for c in stones), (best % SIZE, best // SIZE), score,
                            abs(score) >= 29000, 0, int(data.games[row]), winner)
        example = examples([labelled])
        if example:
            chosen.append(row)
            found.append(example[0])
            if limit is not None and len(found) >= limit:
                break
    return np.array(chosen, dtype=np.int64), found


def fit_scale(x: np.ndarray, labels: np.ndarray) -> tuple[float, float]:
    """logit = a * x + b fitted to `labels` (win rates), by Newton's method on the log-loss."""
    x = np.asarray(x, dtype=float)
    spread = max(1.0, float(np.std(x)))
    design = np.stack([x / spread, np.ones_like(x)], axis=1)
    params = np.zeros(2)
    for _ in range(50):
        p = sigmoid(design @ params)
        gradient = design.T @ (p - labels)
        hessian = design.T @ (design * (p * (1 - p))[:, None]) + 1e-6 * np.eye(2)
        params -= np.linalg.solve(hessian, gradient)
    return params[0] / spread, params[1]


def today_scores(found: list) -> np.ndarray:
    return np.array([e.today for e in found], dtype=float)


def table_rates(found: list, rule: str) -> np.ndarray:
    tables = ce.tables_for(rule)
    scores = []
    for e in found:
        score = tables.threat[e.threat]
        score += sum(tables.eval_mine[c] * n for c, n in e.mine.items())
        score += sum(tables.eval_theirs[c] * n for c, n in e.theirs.items())
        scores.append(score)
    return sigmoid(np.array(scores, dtype=float) / ce.EVAL_SCALE)


def order_ranks(found: list, rule: str, which: str) -> np.ndarray:
    """The teacher's move's place in today's ("today") or the table's ("table") order over
    the candidates (ties: the lower cell first, as the searches order them); a move that
    is not a candidate counts as last."""
    tables = ce.tables_for(rule)
    ranks = []
    for e in found:
        if e.best < 0:
            ranks.append(10 ** 6)
            continue
        keyed = {c[0]: (c[3] if which == "today" else tables.order_own[c[1]] + tables.order_his[c[2]])
                 for c in e.candidates}
        mine = keyed[e.best]
        ranks.append(sum(1 for cell, s in keyed.items() if s > mine or (s == mine and cell < e.best)))
    return np.array(ranks)
