"""The incremental board: make/unmake restore everything, and evaluation ignores symmetry."""

import random

import pytest

from game.engine.eval import patterns as pt
from game.engine.backend import EngineBoard
from game.rules import Rule


def _random_stones(size: int, count: int, seed: int) -> list[tuple[int, int, int]]:
    rng = random.Random(seed)
    centre = size // 2
    points = [(x, y) for x in range(size) for y in range(size) if abs(x - centre) <= 4 and abs(y - centre) <= 4]
    rng.shuffle(points)
    return [(x, y, 1 + k % 2) for k, (x, y) in enumerate(points[:count])]


@pytest.mark.parametrize("rule", list(Rule))
@pytest.mark.parametrize("seed", range(3))
def test_make_then_unmake_restores_hash_evaluation_and_threats(rule, seed):
    stones = _random_stones(15, 30, seed)
    board = EngineBoard.from_stones(15, rule, stones[:10])
    before = board.snapshot()
    for x, y, colour in stones[10:]:
        board.make(board.index(x, y), colour)
    assert board.snapshot() != before
    for _ in stones[10:]:
        board.unmake()
    assert board.snapshot() == before


@pytest.mark.parametrize("rule", list(Rule))
def test_incremental_state_equals_a_fresh_setup(rule):
    stones = _random_stones(15, 40, 7)
    grown = EngineBoard.from_stones(15, rule, stones[:25])
    for x, y, colour in stones[25:]:
        grown.make(grown.index(x, y), colour)
    for _ in range(5):
        grown.unmake()
    fresh = EngineBoard.from_stones(15, rule, stones[:35])
    assert grown.total == fresh.total
    assert grown.hash == fresh.hash
    assert grown.by_class == fresh.by_class


_SYMMETRIES = [
    lambda x, y, n: (x, y),
    lambda x, y, n: (n - 1 - x, y),
    lambda x, y, n: (x, n - 1 - y),
    lambda x, y, n: (y, x),
    lambda x, y, n: (n - 1 - y, x),
    lambda x, y, n: (n - 1 - x, n - 1 - y),
    lambda x, y, n: (y, n - 1 - x),
    lambda x, y, n: (n - 1 - y, n - 1 - x),
]


@pytest.mark.parametrize("rule", list(Rule))
@pytest.mark.parametrize("size", [9, 15, 19])
def test_evaluation_is_the_same_after_mirroring_or_rotating(rule, size):
    stones = _random_stones(size, 24, size)
    expected = EngineBoard.from_stones(size, rule, stones)
    counts = [sorted(len(s) for s in expected.by_class[c]) for c in (1, 2)]
    for transform in _SYMMETRIES[1:]:
        moved = [(*transform(x, y, size), colour) for x, y, colour in stones]
        board = EngineBoard.from_stones(size, rule, moved)
        assert board.total == expected.total
        assert [sorted(len(s) for s in board.by_class[c]) for c in (1, 2)] == counts


def test_open_three_makes_two_open_four_points():
    board = EngineBoard.from_stones(15, Rule.FREESTYLE, [(6, 7, 1), (7, 7, 1), (8, 7, 1), (0, 0, 2), (0, 14, 2), (14, 0, 2)])
    flex4 = {board.point(i) for i in board.by_class[1][pt.C_FLEX4]}
    assert flex4 == {(5, 7), (9, 7)}


def test_overline_is_not_a_five_under_standard_rules():
    stones = [(3, 7, 1), (4, 7, 1), (5, 7, 1), (7, 7, 1), (8, 7, 1)]
    free = EngineBoard.from_stones(15, Rule.FREESTYLE, stones)
    exact = EngineBoard.from_stones(15, Rule.STANDARD, stones)
    assert free.index(6, 7) in free.by_class[1][pt.C_FIVE]
    assert exact.index(6, 7) not in exact.by_class[1][pt.C_FIVE]


def test_renju_double_three_is_forbidden_for_black_only():
    stones = [(7, 6, 1), (7, 5, 1), (6, 7, 1), (5, 7, 1)]
    renju = EngineBoard.from_stones(15, Rule.RENJU, stones)
    cross = renju.index(7, 7)
    assert renju.cell_class(1, cross) == pt.C_FORBIDDEN
    free = EngineBoard.from_stones(15, Rule.FREESTYLE, stones)
    assert free.cell_class(1, cross) == pt.C_FLEX3_2X
