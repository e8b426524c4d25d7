"""When iterative deepening starts another iteration: a soft target and a hard limit.

The hard limit is the search clock's deadline: nothing runs past it, so no move goes over
budget. The soft target is the time after which no new iteration starts; an iteration
started before it may run on to the hard limit (the root keeps its partial result once
the first root move is searched). The soft target moves with how settled the answer is,
as strong engines scale their optimum time by best-move stability:
- the best move changed in the last iteration, or its score fell: think longer;
- the same move for several iterations with a steady score: stop early, once a minimum
  share of the budget is spent (the saved time is the match clock's);
- otherwise deepen until the soft target, which is most of the budget, and after it
  while the next iteration's first root move is still expected to finish before the
  hard limit (iterations the table kept from the last move already knows are quick).
A forced move (one root move) or a proven result ends the search at the root.

The depth-shaped search (Master's) has no soft target: it deepens until the hard limit,
and the root keeps the best move of the iteration the limit cuts (its first root move is
the last best move, so the cut iteration can only confirm it or find a better one). Its
iterations grow unevenly (on the middlegames at 1 s the next one took 0.5 to 8 times the
last, 10th to 90th percentile; median 3.1, above GROWTH_RANGE's floor), so a prediction of
whether the next fits often gave up with a fifth to half of the budget left, where Rapfi
plans about 0.9 of it (issue 31; benchmarks/README.md).
"""

from __future__ import annotations

#: Share of the budget before which a new iteration may start.
SOFT_SHARE = 0.55
#: The same, when the best move just changed or its score fell by SCORE_DROP or more.
UNSETTLED_SOFT_SHARE = 0.75
SCORE_DROP = 200
#: A best move kept for this many completed iterations, each score within STABLE_SCORE
#: of the one before, is settled: the search stops once STABLE_MIN_SHARE is spent.
STABLE_ITERATIONS = 4
STABLE_SCORE = 150
STABLE_MIN_SHARE = 0.3
#: An iteration costs the last one times the last growth factor (clamped to this range),
#: and its first root move about FIRST_MOVE_SHARE of it.
GROWTH_RANGE = (1.5, 6.0)
FIRST_MOVE_SHARE = 0.5


class TimePlan:
    """The iterations of one root search so far, and whether to start another.

    Times are seconds on any monotonic clock (the root passes time.perf_counter());
    `budget` None means no time limit: only the depth and node limits end the search.
    `to_the_hard_limit` (the depth-shaped search) deepens until the hard limit, whatever
    the soft target and the settled answer say.
    """

    def __init__(self, started: float, budget: float | None, hard: float | None, to_the_hard_limit: bool = False) -> None:
        self.started = started
        self.budget = budget
        self.hard = hard
        self.to_the_hard_limit = to_the_hard_limit
        self.history: list[tuple[int, int]] = []  # (best move, score) per completed iteration
        self.durations: list[float] = []

    def record(self, move: int, score: int, duration: float = 0.0) -> None:
        """One completed iteration's answer and how long it took."""
        self.history.append((move, score))
        self.durations.append(duration)

    def next_first_move_fits(self, now: float) -> bool:
        """Whether the next iteration's first root move is expected to finish before the hard limit."""
        if self.hard is None or not self.durations:
            return True
        growth = GROWTH_RANGE[0]
        if len(self.durations) >= 2 and self.durations[-2] > 0:
            growth = min(max(self.durations[-1] / self.durations[-2], GROWTH_RANGE[0]), GROWTH_RANGE[1])
        return now + self.durations[-1] * growth * FIRST_MOVE_SHARE < self.hard

    def settled_for(self) -> int:
        """How many iterations in a row, up to the last, kept its best move with a steady score."""
        if not self.history:
            return 0
        move, score = self.history[-1]
        count = 1
        for earlier_move, earlier_score in reversed(self.history[:-1]):
            if earlier_move != move or abs(earlier_score - score) > STABLE_SCORE:
                break
            count += 1
            score = earlier_score
        return count

    def unsettled(self) -> bool:
        """Whether the last iteration changed the best move or lowered its score markedly."""
        if len(self.history) < 2:
            return False
        (before, before_score), (move, score) = self.history[-2:]
        return move != before or score <= before_score - SCORE_DROP

    def soft_target(self) -> float | None:
        """The time after which no new iteration starts (None without a budget)."""
        if self.budget is None:
            return None
        share = UNSETTLED_SOFT_SHARE if self.unsettled() else SOFT_SHARE
        target = self.started + self.budget * share
        return target if self.hard is None else min(target, self.hard)

    def keep_deepening(self, now: float) -> bool:
        """Whether to start the next iteration at time `now`."""
        if self.budget is None:
            return True
        if self.hard is not None and now >= self.hard:
            return False
        if self.to_the_hard_limit:
            return True
        if self.settled_for() >= STABLE_ITERATIONS and now - self.started >= self.budget * STABLE_MIN_SHARE:
            return False
        return now < self.soft_target() or self.next_first_move_fits(now)
