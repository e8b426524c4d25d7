"""Training the network on teacher-labelled positions (PyTorch on the CPU, build time only).

The value head is fitted to a mix of the teacher's win rate (weight `teacher_weight`) and
the game's result, as a distribution over (win, draw, loss); the policy head to the
teacher's move, by cross-entropy over the empty cells. Deterministic for a seed on one
machine (one thread).
"""

from __future__ import annotations

import time

import numpy as np
import torch
from torch.nn import functional as F

from .dataset import MATE, Positions, teacher_rate
from .features import line_ids
from .model import LineNet, start_from


def value_targets(data: Positions, scale: float, teacher_weight: float) -> np.ndarray:
    rate = teacher_rate(data.scores, scale)
    teacher = np.stack([rate, np.zeros_like(rate), 1 - rate], axis=1)
    result = np.stack([data.results == 1, data.results == 0.5, data.results == 0], axis=1).astype(float)
    return teacher_weight * teacher + (1 - teacher_weight) * result


def inputs(boards: np.ndarray) -> tuple[torch.Tensor, torch.Tensor]:
    ids = torch.from_numpy(line_ids(boards).astype(np.int64))
    empty = torch.from_numpy((boards.reshape(len(boards), -1) == 0).astype(np.float32))
    return ids, empty


def predict(model: LineNet, boards: np.ndarray, batch: int = 1024) -> tuple[np.ndarray, np.ndarray]:
    """(N, 3) value logits and (N, 225) policy logits of the float model."""
    values, policies = [], []
    model.eval()
    with torch.no_grad():
        for start in range(0, len(boards), batch):
            value, policy = model(*inputs(boards[start:start + batch]))
            values.append(value.double().numpy())
            policies.append(policy.double().numpy())
    model.train()
    return np.concatenate(values), np.concatenate(policies)


def train(data: Positions, held: Positions, scale: float, sizes=(32, 32, 32, 16), epochs: int = 6,
          batch: int = 256, rate: float = 2e-3, teacher_weight: float = 0.7, policy_weight: float = 1.0,
          seed: int = 1, log=print, report=None, mate_weight: float = 1.0, design: type = LineNet,
          start=None) -> LineNet:
    """A LineNet (or `design`, one of nettrain/designs.py's) trained on `data`; after each
    epoch `report(model)` (if given) is logged. `start` (a FloatNet of the same sizes): the
    weights the training starts from (model.start_from), in place of random ones.
    `mate_weight` weighs the value loss of positions the teacher scored as a mate (the
    search proves those; the evaluation matters in the others)."""
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(seed)
    model = design(*sizes)
    if start is not None:
        sample = rng.permutation(len(data))[:4096]
        start_from(model, start, *inputs(data.boards[sample]))
        log("started from the given weights: " + (report(model) if report is not None else ""))
    optimiser = torch.optim.Adam(model.parameters(), lr=rate)
    targets = torch.from_numpy(value_targets(data, scale, teacher_weight).astype(np.float32))
    best = torch.from_numpy(data.best)
    weights = torch.from_numpy(np.where(np.abs(data.scores) >= MATE, mate_weight, 1.0).astype(np.float32))
    steps = epochs * ((len(data) + batch - 1) // batch)
    schedule = torch.optim.lr_scheduler.LambdaLR(optimiser, lambda step: 1 - step / max(1, steps))
    started = time.perf_counter()
    for epoch in range(epochs):
        order = rng.permutation(len(data))
        totals = np.zeros(2)
        for start in range(0, len(order), batch):
            chosen = order[start:start + batch]
            value, policy = model(*inputs(data.boards[chosen]))
            each = -(targets[chosen] * F.log_softmax(value, dim=1)).sum(dim=1)
            value_loss = (each * weights[chosen]).sum() / weights[chosen].sum()
            policy_loss = F.cross_entropy(policy, best[chosen])
            loss = value_loss + policy_weight * policy_loss
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            model.clip_weights()
            totals += [value_loss.item() * len(chosen), policy_loss.item() * len(chosen)]
        line = (f"epoch {epoch + 1}/{epochs}: training value loss {totals[0] / len(data):.4f}, "
                f"policy loss {totals[1] / len(data):.4f} ({time.perf_counter() - started:.0f} s)")
        if report is not None:
            line += "; held out: " + report(model)
        log(line)
    return model
