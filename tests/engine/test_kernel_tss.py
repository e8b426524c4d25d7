"""The compiled threat-space search (native/search/tss.c) against tss.py: the same lines, memo and node counts.

Like the VCF and VCT in test_kernel.py, the C search must be the Python one move for move,
so a found line can be replayed and a bug in either shows up as a difference here.
"""

import random

import pytest

from game.engine import backend
from game.engine.move_search.clock import Clock, SearchStopped
from game.engine.backend import EngineBoard
from game.engine.backend import ThreatSpaceSearch
from game.rules import Rule

from engine_positions import python_and_compiled

compiled_only = pytest.mark.skipif(backend.KERNEL is None, reason="compiled kernel not built (no C compiler)")


def _stones(rule: Rule, seed: int) -> list[tuple[int, int, int]]:
    """A random centre of 10 to 25 stones: room for threes, some fours."""
    rng = random.Random(2000 + seed)
    points = [(x, y) for x in range(3, 12) for y in range(3, 12)]
    rng.shuffle(points)
    count = rng.randint(14, 40)
    return [(x, y, 1 + k % 2) for k, (x, y) in enumerate(points[:count])][: 10 + seed % 16]


def _boards(rule: Rule, seed: int) -> tuple[EngineBoard, EngineBoard]:
    return python_and_compiled(rule, _stones(rule, seed))


@compiled_only
@pytest.mark.parametrize("rule", list(Rule))
def test_compiled_threat_space_search_finds_the_same_lines_as_python(rule):
    found = 0
    for seed in range(8):
        python_board, compiled = _boards(rule, seed)
        before = compiled.snapshot()
        for attacker in (1, 2):
            for sound in (True, False):
                for depth in (2, 10):
                    slow = ThreatSpaceSearch(python_board, Clock(None, None), sound=sound)
                    fast = ThreatSpaceSearch(compiled, Clock(None, None), sound=sound)
                    line, expected = fast.find(attacker, depth), slow.find(attacker, depth)
                    where = (seed, attacker, sound, depth)
                    assert (line is None) == (expected is None), where
                    if line is not None:
                        assert (line.threats, line.costs) == (expected.threats, expected.costs), where
                    assert fast._failed.to_dict() == slow._failed, where
                    assert fast.clock.nodes == slow.clock.nodes, where
                    found += line is not None
        assert compiled.snapshot() == before
        assert compiled.kernel.views()[-1][0] == compiled.hash  # the C board took its moves back
    assert found >= 20  # the positions do hold wins by threes and fours


@compiled_only
def test_compiled_threat_space_search_is_stopped_by_its_poll_and_leaves_the_board_as_it_was():
    _, board = _boards(Rule.FREESTYLE, 13)
    before = board.snapshot()
    calls = []

    def poll():
        calls.append(1)
        raise SearchStopped("deadline passed")

    with pytest.raises(SearchStopped):
        board.kernel.tss(2, 10, True, backend.KERNEL.Memo(), 10**7, poll)
    assert calls == [1]
    assert board.snapshot() == before


@compiled_only
def test_compiled_threat_space_search_gives_up_at_its_node_budget():
    _, board = _boards(Rule.FREESTYLE, 13)
    before = board.snapshot()
    line, nodes = board.kernel.tss(2, 10, True, backend.KERNEL.Memo(), 10**7, None)
    assert nodes > 300  # a search big enough for a budget to cut
    assert board.kernel.tss(2, 10, True, backend.KERNEL.Memo(), 300, None) == (None, 301)
    assert board.snapshot() == before


@compiled_only
def test_compiled_threat_space_search_refuses_bad_input():
    _, board = _boards(Rule.FREESTYLE, 0)
    memo = backend.KERNEL.Memo()
    with pytest.raises(ValueError):
        board.kernel.tss(3, 4, True, memo, 1000, None)
    with pytest.raises(ValueError):
        board.kernel.tss(1, 41, True, memo, 1000, None)
    with pytest.raises(TypeError):
        board.kernel.tss(1, 4, True, {}, 1000, None)
