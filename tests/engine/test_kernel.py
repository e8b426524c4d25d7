"""The compiled engine core (game/engine/native/) against the Python reference in state.py.

The two must be indistinguishable: the same arrays, class sets, totals and hashes after
every make and unmake (a compiled board reads them from C through read-only views), and so the same moves from the search. On a machine where the extension
could not be built these tests skip, unless GOMOKU_REQUIRE_KERNEL is set (CI sets it, so a
broken build cannot hide behind the fallback).
"""

import os
import random
from pathlib import Path

import pytest

from game.engine import Level, Limit, Position, search
from game.engine import backend
from game.engine.backend.native import alphabeta
from game.engine.eval import patterns as pt
from game.engine.backend import EngineBoard, kernel_available
from game.rules import Board, Rule

from engine_positions import python_and_compiled

MIDDLEGAMES = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "middlegames.txt"

compiled_only = pytest.mark.skipif(backend.KERNEL is None, reason="compiled kernel not built (no C compiler)")


def test_kernel_is_built_where_required():
    if os.environ.get("GOMOKU_REQUIRE_KERNEL"):
        assert backend.KERNEL is not None, "game.engine._kernel did not build or is stale"
        assert kernel_available() or os.environ.get("GOMOKU_PURE_PYTHON")
    else:
        pytest.skip("GOMOKU_REQUIRE_KERNEL not set")


def _walk(rule: Rule, size: int, seed: int, steps: int):
    """Random makes and unmakes on a Python and a compiled board side by side."""
    rng = random.Random(seed)
    python = EngineBoard(size, rule, compiled=False)
    compiled = EngineBoard(size, rule, compiled=True)
    assert backend.backend_of(compiled) is backend.NATIVE and backend.backend_of(python) is backend.PURE
    yield python, compiled
    for _ in range(steps):
        empty = [i for i in python.board_cells if not python.cells[i]]
        if python.stone_count() and (rng.random() < 0.35 or not empty):
            assert python.unmake() == compiled.unmake()
        else:
            cell, colour = rng.choice(empty), rng.choice((1, 2))
            python.make(cell, colour)
            compiled.make(cell, colour)
        yield python, compiled


@compiled_only
@pytest.mark.parametrize("rule", list(Rule))
@pytest.mark.parametrize("size", [9, 15, 19])
@pytest.mark.parametrize("seed", range(4))
def test_compiled_board_matches_python_after_every_make_and_unmake(rule, size, seed):
    for python, compiled in _walk(rule, size, seed, 250):
        assert compiled.snapshot() == python.snapshot()
        assert compiled.stone_count() == python.stone_count()


def _on_lines(board, cell: int, other: int) -> bool:
    """Whether `other` is one of the 32 cells a stone on `cell` changes (four either way on its four lines)."""
    (y, x), (y2, x2) = divmod(cell, board.width), divmod(other, board.width)
    dx, dy = abs(x2 - x), abs(y2 - y)
    return 0 < max(dx, dy) <= 4 and (dx == 0 or dy == 0 or dx == dy)


@compiled_only
@pytest.mark.parametrize("rule", list(Rule))
def test_open_four_points_left_after_a_move_are_read_without_making_it(rule):
    """Kernel.flex4_left (the compiled defence test) against making the move on the Python board,
    for every empty cell and colour along the first middlegames: both its glance (one of his
    open-four points off the move's lines) and its reading of the lines are met."""
    games = [line.split("#", 1)[0].split() for line in MIDDLEGAMES.read_text().splitlines()]
    met = set()
    for moves in [game for game in games if game][:5]:
        python = EngineBoard(15, rule, compiled=False)
        compiled = EngineBoard(15, rule, compiled=True)
        for ply, token in enumerate(moves):
            x, y = (int(n) for n in token.split(","))
            for board in (python, compiled):
                board.make(board.index(x, y), 1 + ply % 2)
            if ply < 7 or ply % 3:
                continue
            for cell in [i for i in python.board_cells if not python.cells[i]]:
                for colour in (1, 2):
                    other = 3 - colour
                    before = set(python.by_class[other][pt.C_FLEX4])
                    python.make(cell, colour)
                    after = set(python.by_class[other][pt.C_FLEX4])
                    python.unmake()
                    assert compiled.kernel.flex4_left(cell, colour) is bool(after), (moves[: ply + 1], cell, colour)
                    if before:
                        glance = any(not _on_lines(python, cell, point) for point in before - {cell})
                        met.add(("glance" if glance else "read", bool(after)))
    assert met == {("glance", True), ("read", True), ("read", False)}
    with pytest.raises(IndexError):
        compiled.kernel.flex4_left(compiled.index(x, y), 1)  # a stone
    with pytest.raises(ValueError, match="colour"):
        compiled.kernel.flex4_left(next(i for i in compiled.board_cells if not compiled.cells[i]), 3)


@compiled_only
@pytest.mark.parametrize("rule", list(Rule))
def test_compiled_board_fills_the_whole_board_and_empties_it_again(rule):
    """Every corner and edge cell, where the padded layout wraps (see `board_wrap` in native/game/board.h)."""
    python = EngineBoard(15, rule, compiled=False)
    compiled = EngineBoard(15, rule, compiled=True)
    empty = compiled.snapshot()
    order = list(python.board_cells)
    random.Random(3).shuffle(order)
    for number, cell in enumerate(order):
        python.make(cell, 1 + number % 2)
        compiled.make(cell, 1 + number % 2)
    assert compiled.snapshot() == python.snapshot()
    for _ in order:
        compiled.unmake()
        python.unmake()
    assert compiled.snapshot() == python.snapshot() == empty


@compiled_only
def test_compiled_make_refuses_bad_input_and_changes_nothing():
    board = EngineBoard(15, Rule.FREESTYLE, compiled=True)
    centre = board.index(7, 7)
    board.make(centre, 1)
    before = board.snapshot()
    with pytest.raises(ValueError, match="not empty"):
        board.kernel.make(centre, 2)
    with pytest.raises(ValueError, match="colour"):
        board.kernel.make(board.index(3, 3), 3)
    with pytest.raises(IndexError, match="not on the board"):
        board.kernel.make(board.length + 5, 1)
    assert board.snapshot() == before
    board.unmake()
    with pytest.raises(IndexError, match="no move"):
        board.kernel.unmake()


@compiled_only
def test_compiled_board_is_read_through_views_python_cannot_write():
    board = EngineBoard.from_stones(15, Rule.FREESTYLE, [(7, 7, 1), (8, 8, 2)], compiled=True)
    centre = board.index(7, 7)
    assert board.cells[centre] == 1 and board.cells[board.index(8, 8)] == 2
    with pytest.raises(TypeError):
        board.cells[centre] = 0
    with pytest.raises(TypeError):
        board.total[1] = 0
    assert board.cells[centre] == 1
    board.make(board.index(6, 7), 1)
    assert board.cells[board.index(6, 7)] == 1  # the same memory, not a copy taken before


@compiled_only
def test_board_views_keep_the_c_board_alive_after_the_engine_board_is_gone():
    import gc

    board = EngineBoard.from_stones(15, Rule.FREESTYLE, [(7, 7, 1)], compiled=True)
    cells, by_class, centre = board.cells, board.by_class[1], board.index(7, 7)
    del board
    gc.collect()
    assert cells[centre] == 1  # would read freed memory if the view did not hold the kernel
    assert by_class[pt.C_FIVE] == frozenset()


@compiled_only
def test_class_sets_come_from_c_and_refuse_bad_input():
    stones = [(5, 7, 1), (6, 7, 1), (7, 7, 1), (8, 7, 1), (0, 0, 2), (14, 14, 2)]
    python = EngineBoard.from_stones(15, Rule.STANDARD, stones, compiled=False)
    compiled = EngineBoard.from_stones(15, Rule.STANDARD, stones, compiled=True)
    fives = compiled.by_class[1][pt.C_FIVE]
    assert isinstance(fives, frozenset) and fives == {compiled.index(4, 7), compiled.index(9, 7)}
    assert compiled.by_class == python.by_class
    assert compiled.by_class[1][pt.C_NONE] == frozenset()  # as in Python, no set below C_FLEX3
    with pytest.raises(IndexError):
        compiled.by_class[1][pt.C_FIVE + 1]
    with pytest.raises(ValueError, match="colour"):
        compiled.kernel.cells_of(3, pt.C_FIVE)


@compiled_only
def test_compiled_board_can_be_forced_off(monkeypatch):
    monkeypatch.setenv("GOMOKU_PURE_PYTHON", "1")
    assert not kernel_available()
    assert backend.current() is backend.PURE and backend.backend_of(EngineBoard(15, Rule.FREESTYLE)) is backend.PURE
    monkeypatch.delenv("GOMOKU_PURE_PYTHON")
    assert backend.current() is backend.NATIVE and backend.backend_of(EngineBoard(15, Rule.FREESTYLE)) is backend.NATIVE


def _middlegames() -> list[Position]:
    positions = []
    for line in MIDDLEGAMES.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            board = Board(15, Rule.FREESTYLE)
            for token in line.split():
                board.push(tuple(int(n) for n in token.split(",")))
            positions.append(Position.from_board(board))
    return positions


@compiled_only
@pytest.mark.parametrize("level", [Level.STRONG, Level.MASTER])
def test_search_plays_the_same_with_and_without_the_kernel(monkeypatch, level):
    """Node-limited searches are deterministic, so both kernels must give the same answer
    (the compiled search as the reference for the Python one, without its own additions)."""
    monkeypatch.setattr(alphabeta, "REFERENCE_SEARCH", True)
    for position in _middlegames()[:4]:
        compiled = search(position, Limit(nodes=4000), level, seed=1)
        monkeypatch.setenv("GOMOKU_PURE_PYTHON", "1")
        python = search(position, Limit(nodes=4000), level, seed=1)
        monkeypatch.delenv("GOMOKU_PURE_PYTHON")
        assert (compiled.move, compiled.score, compiled.depth, compiled.nodes) == (
            python.move, python.score, python.depth, python.nodes)


def _crowded_stones(rule: Rule, seed: int) -> list[tuple[int, int, int]]:
    """A random crowded centre: many fours and fives-to-be for both sides."""
    rng = random.Random(seed)
    points = [(x, y) for x in range(3, 12) for y in range(3, 12)]
    rng.shuffle(points)
    return [(x, y, 1 + k % 2) for k, (x, y) in enumerate(points[: rng.randint(14, 40)])]


@compiled_only
@pytest.mark.parametrize("rule", list(Rule))
def test_compiled_vcf_finds_the_same_lines_as_python(rule):
    from game.engine.move_search.clock import Clock
    from game.engine.backend import ThreatSearch

    found = 0
    for seed in range(60):
        python_board, compiled = python_and_compiled(rule, _crowded_stones(rule, seed))
        before = compiled.snapshot()
        for attacker in (1, 2):
            for depth in (1, 3, 8):
                slow = ThreatSearch(python_board, Clock(None, None))
                fast = ThreatSearch(compiled, Clock(None, None))
                line = fast.vcf(attacker, depth)
                assert line == slow.vcf(attacker, depth), (seed, attacker, depth)
                assert fast.failures()[0] == slow.failures()[0]
                assert fast.clock.nodes == slow.clock.nodes
                found += line is not None
        assert compiled.snapshot() == before
        assert compiled.kernel.views()[-1][0] == compiled.hash  # the C board took its moves back
    assert found >= 20  # the positions do hold wins by fours


@compiled_only
def test_compiled_vcf_stops_at_its_node_budget_and_leaves_the_board_as_it_was():
    board = EngineBoard.from_stones(15, Rule.FREESTYLE, _crowded_stones(Rule.FREESTYLE, 5), compiled=True)
    before = board.snapshot()
    for attacker in (1, 2):
        line, nodes = board.kernel.threat(attacker, 20, 0, -1, -1, backend.KERNEL.Memo(), None, 3, None)
        assert nodes <= 4
        assert board.snapshot() == before
    with pytest.raises(ValueError, match="two cells or none"):
        board.kernel.threat(1, 4, 0, board.index(7, 7), -1, backend.KERNEL.Memo(), None, 100, None)
    with pytest.raises(ValueError, match="depth"):
        board.kernel.threat(1, 500, 0, -1, -1, backend.KERNEL.Memo(), None, 100, None)


@compiled_only
@pytest.mark.parametrize("rule", list(Rule))
def test_move_ordering_on_the_compiled_board_matches_python(rule):
    """The root's ordering reads the C board through its views (the C ordering inside the
    compiled search is held to the same code by the node-for-node search tests)."""
    from game.engine.backend import AlphaBeta
    from game.engine.move_search.clock import Clock
    from game.engine.levels.config import level_config
    from game.engine.backend import ThreatSearch

    config = level_config(Level.MASTER)
    forced_seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        stones = _crowded_stones(rule, seed)[: rng.randint(3, 30)]
        searchers = []
        for compiled in (False, True):
            board = EngineBoard(15, rule, compiled=compiled)
            for x, y, colour in stones:
                board.make(board.index(x, y), colour)
            searcher = AlphaBeta(board, config, Clock(None, None), ThreatSearch(board, Clock(None, None)), seed)
            searchers.append(searcher)
        cells = [c for c in searchers[0].board.board_cells if not searchers[0].board.cells[c]]
        for searcher in searchers:  # the same history and killers for both
            history_rng = random.Random(seed)
            for cell in history_rng.sample(cells, 10):
                searcher.history[cell] = history_rng.randint(1, 400)
            searcher.killers[2] = history_rng.sample(cells, 2)
        for side in (1, 2):
            forced_seen += bool(searchers[0].board.by_class[3 - side][5 + 3])
            for tt_move in (-1, cells[seed % len(cells)]):
                for limit in (6, 12, 10_000):
                    expected = searchers[0].ordered_moves(side, 2, tt_move, limit)
                    assert searchers[1].ordered_moves(side, 2, tt_move, limit) == expected, (seed, side, limit)
    assert forced_seen >= 5  # positions with an open three to answer were covered


@compiled_only
@pytest.mark.parametrize("rule", list(Rule))
def test_compiled_vct_finds_the_same_wins_as_python(rule):
    from game.engine.move_search.clock import Clock
    from game.engine.backend import ThreatSearch

    found = 0
    for seed in (0, 1, 3, 4, 5, 8, 9, 11):  # positions where the Python VCT takes well under a second
        python_board, compiled = python_and_compiled(rule, _crowded_stones(rule, 1000 + seed)[:18 + seed % 10])
        before = compiled.snapshot()
        for attacker in (1, 2):
            for depth in (1, 2, 3):
                slow = ThreatSearch(python_board, Clock(None, None))
                fast = ThreatSearch(compiled, Clock(None, None))
                line = fast.vct(attacker, depth, 8)
                assert line == slow.vct(attacker, depth, 8), (seed, attacker, depth)
                assert fast.failures() == slow.failures()
                assert fast.clock.nodes == slow.clock.nodes
                found += line is not None
        assert compiled.snapshot() == before
    assert found >= 8  # the positions do hold wins by threes and fours


@compiled_only
def test_compiled_threat_search_is_stopped_by_its_poll_and_leaves_the_board_as_it_was():
    from game.engine.move_search.clock import SearchStopped

    board = EngineBoard.from_stones(15, Rule.FREESTYLE, _crowded_stones(Rule.FREESTYLE, 1006)[:24], compiled=True)
    before = board.snapshot()
    calls = []

    def poll():
        calls.append(1)
        if len(calls) == 3:
            raise SearchStopped("deadline passed")

    with pytest.raises(SearchStopped):
        board.kernel.threat(1, 3, 8, -1, -1, backend.KERNEL.Memo(), backend.KERNEL.Memo(), 10**7, poll)
    assert len(calls) == 3
    assert board.snapshot() == before
    assert board.kernel.views()[-1][0] == board.hash
