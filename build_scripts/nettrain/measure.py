"""The held-out numbers: value log-loss against the teacher's win rate and against the
game's result, and how often the teacher's move is the policy's first choice or in its
first six (numpy only)."""

from __future__ import annotations

import numpy as np

from .dataset import Positions, log_loss, teacher_rate


def accuracy(labels: np.ndarray, predicted: np.ndarray) -> float:
    decided = labels != 0.5
    return float(np.mean((predicted[decided] > 0.5) == (labels[decided] > 0.5))) if decided.any() else 0.0


def value_numbers(data: Positions, predicted: np.ndarray, scale: float) -> dict[str, float]:
    """Log-loss and accuracy of a win-rate prediction for the side to move."""
    teacher = teacher_rate(data.scores, scale)
    decided = data.results != 0.5
    return {
        "teacher_loss": log_loss(teacher, predicted),
        "teacher_acc": accuracy(teacher, predicted),
        "result_loss": log_loss(data.results[decided], predicted[decided]) if decided.any() else float("nan"),
        "result_acc": accuracy(data.results, predicted),
    }


def policy_ranks(policy: np.ndarray, best: np.ndarray) -> np.ndarray:
    """The teacher's move's place in each position's policy (0 first; ties put it behind)."""
    chosen = policy[np.arange(len(best)), best]
    return (policy >= chosen[:, None]).sum(axis=1) - 1


def topk_text(ranks: np.ndarray) -> str:
    return f"top-1 {100 * np.mean(ranks < 1):.1f}%  top-6 {100 * np.mean(ranks < 6):.1f}%"


def value_text(numbers: dict[str, float]) -> str:
    return (f"vs teacher {numbers['teacher_loss']:.4f} (acc {numbers['teacher_acc']:.3f}), "
            f"vs result {numbers['result_loss']:.4f} (acc {numbers['result_acc']:.3f})")
