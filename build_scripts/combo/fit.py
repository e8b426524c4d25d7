"""The fits: an evaluation on a win-rate scale and a move-ordering policy, both indexed by
shape combinations, by logistic regression (numpy); and the comparison with today's.

Evaluation. The label is the teacher's win rate for the side to move, sigmoid(score / S),
where S (the teacher's scale) is fitted first to the games' results. The model is

    logit = sum over empty cells of mine[combination] + theirs[his combination] + threat[state]

fitted by cross-entropy. Each combination's value is the sum of its four patterns' values
plus its own correction (a ridge penalty pulls the corrections to 0), so that the many
combinations seen rarely still get a sensible value from their patterns.

Move order. A softmax policy over a position's candidates, with the teacher's move as the
target: a candidate's logit is own[our combination] + his[his combination], factored the
same way.

Games are split four to one: the fifth (held out) is never fitted and gives the numbers
reported; of the four, one in four chooses the penalties.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from game.engine.eval import combo_eval as ce

from .features import Example, examples

HOLD_OUT_EVERY = 5
#: Penalties tried for the combinations' corrections.
PENALTIES = (0.003, 0.03, 0.3, 3.0)
#: The penalty on the patterns' values and the threat states.
LIGHT_PENALTY = 1e-3
STEPS = 1500


def fold(game: int) -> int:
    """Which fifth of the games `game` is in (0: held out, 1: chooses the penalties)."""
    return (game * 0x9E3779B1) % 2**32 % HOLD_OUT_EVERY


def pattern_matrix() -> np.ndarray:
    """combination x (pattern counts, forbidden): the factored part of each table. The
    all-none combination's row is 0 so that its value stays 0."""
    matrix = np.zeros((ce.COMBO_COUNT, ce.PATTERN_COUNT + 1))
    for index, combo in enumerate(ce.COMBOS):
        for pattern in combo:
            matrix[index, pattern] += 1
    matrix[0] = 0
    matrix[ce.FORBIDDEN_COMBO, ce.PATTERN_COUNT] = 1
    return matrix


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(x, -40, 40)))


def log_loss(labels: np.ndarray, predicted: np.ndarray) -> float:
    predicted = np.clip(predicted, 1e-9, 1 - 1e-9)
    return float(-np.mean(labels * np.log(predicted) + (1 - labels) * np.log(1 - predicted)))


def accuracy(labels: np.ndarray, predicted: np.ndarray) -> float:
    """How often the prediction is on the label's side of 1/2 (labels at 1/2 left out)."""
    decided = labels != 0.5
    return float(np.mean((predicted[decided] > 0.5) == (labels[decided] > 0.5))) if decided.any() else 0.0


def teacher_scale(examples_: list[Example]) -> float:
    """The S for which sigmoid(teacher score / S) best predicts the decided games' results."""
    decided = [e for e in examples_ if e.result != 0.5]
    scores = np.array([e.score for e in decided], dtype=float)
    results = np.array([e.result for e in decided])
    best = min(range(50, 2001, 10), key=lambda s: log_loss(results, sigmoid(scores / s)))
    return float(best)


class Adam:
    """The optimiser both fits use (plain gradient steps stall on counts of very different sizes)."""

    def __init__(self, size: int, rate: float = 0.02) -> None:
        self.first, self.second, self.rate, self.step = np.zeros(size), np.zeros(size), rate, 0

    def update(self, params: np.ndarray, gradient: np.ndarray, fraction: float = 0.0) -> np.ndarray:
        """One step; `fraction` (of the run done) shrinks it linearly, so the fit settles."""
        self.step += 1
        self.first = 0.9 * self.first + 0.1 * gradient
        self.second = 0.999 * self.second + 0.001 * gradient ** 2
        corrected = self.first / (1 - 0.9 ** self.step)
        return params - self.rate * (1 - fraction) * corrected / (np.sqrt(self.second / (1 - 0.999 ** self.step)) + 1e-9)


# ---------------------------------------------------------------- evaluation
@dataclass
class EvalData:
    mine: np.ndarray     # positions x combinations
    theirs: np.ndarray
    threat: np.ndarray   # positions x threat states (one-hot)
    labels: np.ndarray   # the teacher's win rate
    today: np.ndarray    # today's evaluation

    @classmethod
    def of(cls, chosen: list[Example], scale: float) -> "EvalData":
        mine = np.zeros((len(chosen), ce.COMBO_COUNT))
        theirs = np.zeros_like(mine)
        threat = np.zeros((len(chosen), ce.THREAT_COUNT))
        for row, example in enumerate(chosen):
            for combo, count in example.mine.items():
                mine[row, combo] = count
            for combo, count in example.theirs.items():
                theirs[row, combo] = count
            threat[row, example.threat] = 1
        labels = sigmoid(np.array([e.score for e in chosen], dtype=float) / scale)
        return cls(mine, theirs, threat, labels, np.array([e.today for e in chosen], dtype=float))


def eval_tables(params: np.ndarray, patterns: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(mine, theirs, threat) in logits from the parameter vector."""
    width, count = patterns.shape[1], ce.COMBO_COUNT
    parts = np.split(params, np.cumsum([width, count, width, count]))
    mine = patterns @ parts[0] + parts[1]
    theirs = patterns @ parts[2] + parts[3]
    mine[0] = theirs[0] = 0
    return mine, theirs, parts[4]


def eval_logits(data: EvalData, tables) -> np.ndarray:
    mine, theirs, threat = tables
    return data.mine @ mine + data.theirs @ theirs + data.threat @ threat


def fit_eval(data: EvalData, penalty: float, steps: int = STEPS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    patterns = pattern_matrix()
    width, count = patterns.shape[1], ce.COMBO_COUNT
    params = np.zeros(2 * (width + count) + ce.THREAT_COUNT)
    # Corrections get `penalty`; the patterns' values and the threat states a light fixed one.
    weights = np.concatenate([np.full(width, LIGHT_PENALTY), np.full(count, penalty),
                              np.full(width, LIGHT_PENALTY), np.full(count, penalty),
                              np.full(ce.THREAT_COUNT, LIGHT_PENALTY)])
    # Only the combinations that occur need their columns (the rest keep their patterns' value).
    used_mine = np.flatnonzero(data.mine.any(axis=0))
    used_theirs = np.flatnonzero(data.theirs.any(axis=0))
    mine_x, theirs_x = data.mine[:, used_mine], data.theirs[:, used_theirs]
    # The optimiser's units: each parameter's step moves the logits by about the same amount
    # (a pattern is counted on some 200 cells a position, a rare combination on one).
    size = [np.abs(data.mine).mean(axis=0), np.abs(data.theirs).mean(axis=0)]
    units = np.concatenate([1 / np.maximum(size[0] @ patterns, 0.01), 1 / np.maximum(size[0], 0.01),
                            1 / np.maximum(size[1] @ patterns, 0.01), 1 / np.maximum(size[1], 0.01),
                            1 / np.maximum(data.threat.mean(axis=0), 0.01)])
    optimiser = Adam(len(params))
    n = len(data.labels)
    for step in range(steps):
        mine, theirs, threat = eval_tables(params, patterns)
        logits = mine_x @ mine[used_mine] + theirs_x @ theirs[used_theirs] + data.threat @ threat
        slope = (sigmoid(logits) - data.labels) / n
        d_mine, d_theirs = np.zeros(count), np.zeros(count)
        d_mine[used_mine], d_theirs[used_theirs] = mine_x.T @ slope, theirs_x.T @ slope
        d_mine[0] = d_theirs[0] = 0
        gradient = np.concatenate([patterns.T @ d_mine, d_mine, patterns.T @ d_theirs, d_theirs,
                                   data.threat.T @ slope]) + 2 * weights * params
        params = optimiser.update(params / units, gradient * units, step / steps) * units
    return eval_tables(params, patterns)


def scale_note(today_slope: float) -> str:
    """How the two scales compare: the table times the factor is in today's units, where the
    search's margins were set (today's logit = today_slope * score + b)."""
    if today_slope <= 0:
        return f"    today's best fit: {today_slope:.3g} logit a unit, no positive slope to compare the table with"
    return (f"    today's best fit: {today_slope:.3g} logit a unit (the table: 1/{ce.EVAL_SCALE}); "
            f"the table in today's units: x{1 / (ce.EVAL_SCALE * today_slope):.3f}")


def fit_today(data: EvalData) -> tuple[float, float]:
    """Today's evaluation made as good a predictor as it can be: logit = a * score + b."""
    spread = max(1.0, float(np.std(data.today)))
    x = data.today / spread
    params = np.zeros(2)
    optimiser = Adam(2, 0.05)
    for _ in range(2000):
        slope = (sigmoid(params[0] * x + params[1]) - data.labels) / len(x)
        params = optimiser.update(params, np.array([slope @ x, slope.sum()]))
    return params[0] / spread, params[1]


# ---------------------------------------------------------------- move order
@dataclass
class OrderData:
    own: np.ndarray       # per candidate: our combination
    his: np.ndarray       # per candidate: his combination
    position: np.ndarray  # per candidate: which position
    target: np.ndarray    # per candidate: 1 for the teacher's move
    cell: np.ndarray
    today: np.ndarray     # per candidate: today's order score
    starts: np.ndarray    # where each position's candidates start

    @classmethod
    def of(cls, chosen: list[Example]) -> "OrderData":
        chosen = [e for e in chosen if e.best >= 0]
        rows = [(number, c, e.best) for number, e in enumerate(chosen) for c in e.candidates]
        position = np.array([r[0] for r in rows])
        return cls(
            np.array([r[1][1] for r in rows]), np.array([r[1][2] for r in rows]), position,
            np.array([r[1][0] == r[2] for r in rows], dtype=float), np.array([r[1][0] for r in rows]),
            np.array([r[1][3] for r in rows], dtype=float), np.r_[0, np.flatnonzero(np.diff(position)) + 1],
        )


def order_tables(params: np.ndarray, patterns: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    width, count = patterns.shape[1], ce.COMBO_COUNT
    parts = np.split(params, np.cumsum([width, count, width]))
    own, his = patterns @ parts[0] + parts[1], patterns @ parts[2] + parts[3]
    own[0] = his[0] = 0
    return own, his


def fit_order(data: OrderData, penalty: float, steps: int = STEPS) -> tuple[np.ndarray, np.ndarray]:
    patterns = pattern_matrix()
    width, count = patterns.shape[1], ce.COMBO_COUNT
    params = np.zeros(2 * (width + count))
    weights = np.concatenate([np.full(width, LIGHT_PENALTY), np.full(count, penalty)] * 2)
    optimiser = Adam(len(params), 0.05)
    positions = len(data.starts)
    for step in range(steps):
        own, his = order_tables(params, patterns)
        score = own[data.own] + his[data.his]
        exp = np.exp(score - np.maximum.reduceat(score, data.starts)[data.position])
        slope = (exp / np.add.reduceat(exp, data.starts)[data.position] - data.target) / positions
        d_own = np.bincount(data.own, slope, count)
        d_his = np.bincount(data.his, slope, count)
        d_own[0] = d_his[0] = 0
        gradient = np.concatenate([patterns.T @ d_own, d_own, patterns.T @ d_his, d_his]) + 2 * weights * params
        params = optimiser.update(params, gradient, step / steps)
    return order_tables(params, patterns)


def ranks(data: OrderData, score: np.ndarray) -> np.ndarray:
    """The teacher's move's place among its position's candidates (ties: the lower cell first,
    as the searches order them)."""
    chosen = data.target == 1
    best_score = np.zeros(len(data.starts))
    best_cell = np.zeros(len(data.starts))
    best_score[data.position[chosen]] = score[chosen]
    best_cell[data.position[chosen]] = data.cell[chosen]
    ahead = (score > best_score[data.position]) | (
        (score == best_score[data.position]) & (data.cell < best_cell[data.position]))
    return np.bincount(data.position, ahead.astype(float), len(data.starts))


def recall_text(rank: np.ndarray) -> str:
    return "  ".join(f"top {k}: {100 * np.mean(rank < k):5.1f}%" for k in (1, 3, 6))


# ---------------------------------------------------------------- one rule
def fit_rule(rule: str, rows, report: list[str]) -> dict[str, list[int]]:
    """The tables of one rule, as the ints the engine reads; the numbers go to `report`."""
    started = time.perf_counter()
    first_line = len(report)
    found = examples(rows)
    train = [e for e in found if fold(e.game) != 0]
    held = [e for e in found if fold(e.game) == 0]
    scale = teacher_scale(train)
    fitting = [e for e in train if fold(e.game) != 1]
    choosing = [e for e in train if fold(e.game) == 1]
    report.append(f"{rule}: {len(rows)} positions, {len(found)} quiet ({len(train)} training, {len(held)} held out); "
                  f"teacher scale S = {scale:g}")

    # The evaluation: the penalty chosen on the choosing fold, then refitted on all training games.
    fit_data, choose_data = EvalData.of(fitting, scale), EvalData.of(choosing, scale)
    penalty = min(PENALTIES, key=lambda p: log_loss(
        choose_data.labels, sigmoid(eval_logits(choose_data, fit_eval(fit_data, p)))))
    train_data, held_data = EvalData.of(train, scale), EvalData.of(held, scale)
    mine, theirs, threat = fit_eval(train_data, penalty)
    ints = {
        "eval_mine": np.rint(mine * ce.EVAL_SCALE).astype(int), "eval_theirs": np.rint(theirs * ce.EVAL_SCALE).astype(int),
        "threat": np.rint(threat * ce.EVAL_SCALE).astype(int),
    }
    new = sigmoid(eval_logits(held_data, (ints["eval_mine"], ints["eval_theirs"], ints["threat"])) / ce.EVAL_SCALE)
    a, b = fit_today(train_data)
    today = sigmoid(a * held_data.today + b)
    constant = np.full_like(held_data.labels, train_data.labels.mean())
    report.append(f"  evaluation, held out (log-loss / accuracy vs the teacher's win rate; penalty {penalty:g}):")
    report.append(f"    constant {log_loss(held_data.labels, constant):.4f}   "
                  f"today's (best-fit scale) {log_loss(held_data.labels, today):.4f} / {accuracy(held_data.labels, today):.3f}   "
                  f"combination table {log_loss(held_data.labels, new):.4f} / {accuracy(held_data.labels, new):.3f}")
    report.append(scale_note(a))

    # The move order, the same way.
    fit_order_data, choose_order = OrderData.of(fitting), OrderData.of(choosing)

    def choosing_loss(p: float) -> float:
        own, his = fit_order(fit_order_data, p)
        return -float(np.mean(ranks(choose_order, own[choose_order.own] + his[choose_order.his]) < 3))

    order_penalty = min(PENALTIES, key=choosing_loss)
    own, his = fit_order(OrderData.of(train), order_penalty)
    ints["order_own"] = np.rint(own * ce.ORDER_SCALE).astype(int)
    ints["order_his"] = np.rint(his * ce.ORDER_SCALE).astype(int)
    held_order = OrderData.of(held)
    report.append(f"  move order, held out ({len(held_order.starts)} positions; the teacher's move in our top k; "
                  f"penalty {order_penalty:g}):")
    report.append(f"    today's (own x2 + his)  {recall_text(ranks(held_order, held_order.today))}")
    report.append(f"    combination table      "
                  f"{recall_text(ranks(held_order, ints['order_own'][held_order.own] + ints['order_his'][held_order.his]))}")
    report.append(f"  fitted in {time.perf_counter() - started:.0f} s")
    print("\n".join(report[first_line:]), flush=True)
    return {name: values.tolist() for name, values in ints.items()}


def fit_rules(data: dict, args) -> None:
    """Fit every rule's tables, print the report and (with args.write) write the tables."""
    from .write import write_tables

    report: list[str] = []
    tables = {rule: fit_rule(rule, rows, report) for rule, rows in data.items()}
    if args.write:
        command = (f"python build_scripts/make_combo_tables.py --seed {args.seed} --positions {args.positions} "
                   f"--nodes {args.nodes} --rules {args.rules} --write")
        write_tables(tables, command, report)
