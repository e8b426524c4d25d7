"""Time at the root: deepen while the answer moves, stop early only when it is settled or forced,
and never start an iteration past the soft target or the hard limit. The depth-shaped search
(Master's) has no soft target: it deepens until the hard limit unless the move is forced.

The root is driven with a scripted iteration in place of the alpha-beta search and a fake
clock that each iteration advances, so nothing here depends on the machine's speed.
"""

import types

import pytest

from game.engine import Level, Limit, search
from game.engine.move_search import root as root_module
from game.engine.move_search import root_stages
from game.engine.move_search import timeplan
from game.engine.backend.pure.alphabeta import AlphaBeta  # the root loop every backend's search inherits
from game.engine.move_search.timeplan import TimePlan

from coach_positions import position_of
from markers import kernel_in_use

QUIET = [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 9)]  # no forced win for either side
BUDGET_MS = 60_000  # large, so the real-time tactical phases before the iterations never hit it


@pytest.fixture
def classic(monkeypatch):
    """Master with the classic search below the root, whose plan has the soft target."""
    monkeypatch.setenv("GOMOKU_SEARCH", "classic")


# ---------------------------------------------------------------- the plan alone
def test_plan_deepens_until_the_soft_target():
    plan = TimePlan(started=0.0, budget=1.0, hard=0.93)
    plan.record(10, 100, duration=0.5)  # the next first move would not fit after the target
    assert plan.keep_deepening(0.2)
    assert not plan.keep_deepening(timeplan.SOFT_SHARE + 0.01)


def test_plan_starts_a_quick_iteration_after_the_soft_target_if_its_first_move_fits():
    plan = TimePlan(started=0.0, budget=1.0, hard=0.93)
    plan.record(10, 100, duration=0.01)
    plan.record(10, 100, duration=0.02)
    assert plan.keep_deepening(0.8)  # 0.02 x 2 x FIRST_MOVE_SHARE more ends before 0.93
    assert not plan.keep_deepening(0.92)


def test_plan_thinks_longer_when_the_best_move_just_changed():
    plan = TimePlan(started=0.0, budget=1.0, hard=0.93)
    plan.record(10, 100, duration=0.2)
    plan.record(11, 120, duration=0.4)
    assert plan.unsettled()
    assert plan.keep_deepening(timeplan.SOFT_SHARE + 0.05)
    assert not plan.keep_deepening(timeplan.UNSETTLED_SOFT_SHARE + 0.01)


def test_plan_thinks_longer_when_the_score_falls():
    plan = TimePlan(started=0.0, budget=1.0, hard=0.93)
    plan.record(10, 300, duration=0.2)
    plan.record(10, 300 - timeplan.SCORE_DROP, duration=0.4)
    assert plan.keep_deepening(timeplan.SOFT_SHARE + 0.05)


def test_plan_stops_a_settled_answer_early_but_not_before_its_minimum_share():
    plan = TimePlan(started=0.0, budget=1.0, hard=0.93)
    for _ in range(timeplan.STABLE_ITERATIONS):
        plan.record(10, 100)
    assert plan.settled_for() == timeplan.STABLE_ITERATIONS
    assert plan.keep_deepening(timeplan.STABLE_MIN_SHARE - 0.05)
    assert not plan.keep_deepening(timeplan.STABLE_MIN_SHARE + 0.01)


def test_a_jumping_score_is_not_settled():
    plan = TimePlan(started=0.0, budget=1.0, hard=0.93)
    for number in range(timeplan.STABLE_ITERATIONS + 2):
        plan.record(10, 100 + (number % 2) * (timeplan.STABLE_SCORE + 50))  # odd/even swing
    assert plan.settled_for() == 1
    assert plan.keep_deepening(timeplan.STABLE_MIN_SHARE + 0.05)


def test_plan_never_starts_at_or_after_the_hard_limit():
    plan = TimePlan(started=0.0, budget=1.0, hard=0.4)  # a hard limit below the soft target
    plan.record(10, 100)
    plan.record(11, 100)
    assert plan.soft_target() == 0.4
    assert not plan.keep_deepening(0.4)


def test_plan_to_the_hard_limit_ignores_the_soft_target_and_a_settled_answer():
    plan = TimePlan(started=0.0, budget=1.0, hard=0.93, to_the_hard_limit=True)
    for _ in range(timeplan.STABLE_ITERATIONS + 1):
        plan.record(10, 100, duration=0.5)  # settled, and the next iteration would not fit
    assert plan.keep_deepening(0.92)
    assert not plan.keep_deepening(0.93)


def test_without_a_budget_only_depth_and_nodes_end_the_search():
    plan = TimePlan(started=0.0, budget=None, hard=None)
    for _ in range(10):
        plan.record(10, 100)
    assert plan.keep_deepening(1e9)


# ---------------------------------------------------------------- the root, scripted
class _ScriptedIterations:
    """Stands in for AlphaBeta.search_root: each iteration costs `cost` seconds of fake time
    and answers `pick(depth, moves)`; records when each iteration started."""

    def __init__(self, cost: float, pick) -> None:
        self.now = 0.0
        self.cost = cost
        self.pick = pick
        self.starts: list[tuple[int, float]] = []

    def perf_counter(self) -> float:
        return self.now

    def search_root(self, searcher, moves, depth, side, on_move_done=None, window=None):
        self.starts.append((depth, self.now))
        self.now += self.cost
        move, score = self.pick(depth, moves)
        if on_move_done is not None:
            on_move_done(move, score, move, score)
        return score, move


@pytest.fixture
def scripted(monkeypatch):
    def install(cost: float, pick) -> _ScriptedIterations:
        script = _ScriptedIterations(cost, pick)
        # The real clock runs for the tactics; the iterations run on the fake one, which
        # starts where the real one stands when the root is built.
        real = root_module.time.perf_counter
        offset = {}

        def now():
            if not offset:
                offset["at"] = real()
            return offset["at"] + script.now

        monkeypatch.setattr(root_module, "time", types.SimpleNamespace(perf_counter=now))
        # The Python loop's iterations are the ones scripted here; the compiled root runs the
        # same plan on the real clock (tests/engine/test_native_root.py).
        monkeypatch.setattr(root_module, "NATIVE_ROOT", False)
        monkeypatch.setattr(AlphaBeta, "search_root", lambda self, *args, **kw: script.search_root(self, *args, **kw))
        return script

    return install


def _run(level=Level.MASTER):
    return search(position_of(QUIET), Limit(time_ms=BUDGET_MS), level)


def test_root_keeps_deepening_while_the_best_move_changes(scripted):
    budget = BUDGET_MS / 1000
    # The root puts the last best move first, so moves[1] is a new best move every time.
    script = scripted(budget * 0.06, lambda depth, moves: (moves[1], 100))
    result = _run()
    started = [at for _, at in script.starts]
    assert started[-1] >= budget * timeplan.SOFT_SHARE  # past the ordinary target
    assert all(at < budget - root_module._BOOKKEEPING_S for at in started)
    assert result.depth == len(script.starts)


def test_root_stops_early_when_the_best_move_is_settled(scripted, classic):
    budget = BUDGET_MS / 1000
    script = scripted(budget * 0.04, lambda depth, moves: (moves[0], 100))
    _run()
    used = script.now
    assert len(script.starts) >= timeplan.STABLE_ITERATIONS
    assert budget * timeplan.STABLE_MIN_SHARE <= used < budget * timeplan.SOFT_SHARE


def test_root_stops_at_the_first_iteration_for_a_forced_move(scripted, monkeypatch):
    monkeypatch.setattr(root_stages.ThreatStages, "refute", lambda self, ordered, width, keep_unproven=False: ordered[:1])
    script = scripted(0.01, lambda depth, moves: (moves[0], 100))
    result = _run()
    assert [depth for depth, _ in script.starts] == [1]
    assert result.depth == 1


def test_root_starts_no_iteration_past_the_soft_target_that_cannot_finish_its_first_move(scripted, classic):
    budget = BUDGET_MS / 1000
    # Slow iterations: the one started before the soft target runs on; the next would
    # start at 0.8 of the budget and need 0.4 x 1.5 x FIRST_MOVE_SHARE more: too late.
    script = scripted(budget * 0.4, lambda depth, moves: (moves[0], 100 + 400 * depth))
    _run()
    started = [at for _, at in script.starts]
    assert all(at < budget * timeplan.SOFT_SHARE for at in started)
    assert len(started) == 2


@kernel_in_use
def test_depth_shaped_root_deepens_a_settled_answer_until_the_hard_limit(scripted, monkeypatch):
    monkeypatch.setenv("GOMOKU_SEARCH", "pvs")
    budget = BUDGET_MS / 1000
    script = scripted(budget * 0.04, lambda depth, moves: (moves[0], 100))
    _run()
    started = [at for _, at in script.starts]
    hard = budget - root_module._BOOKKEEPING_S
    assert len(started) > timeplan.STABLE_ITERATIONS
    assert all(at < hard for at in started)
    assert started[-1] >= hard - budget * 0.04  # the last one started within one iteration of the limit
