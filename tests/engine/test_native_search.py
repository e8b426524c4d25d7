"""The compiled alpha-beta search (native/search/search.c) against the Python one in alphabeta.py.

Both run over the same compiled board (so the move ordering and the VCF are the same code)
and must visit the same tree: the same score, move, principal variation and node count at
every fixed depth, and the same stopping point under a node budget.
"""

import pytest

from game.engine import Level
from game.engine import backend
from game.engine.backend import AlphaBeta
from game.engine.move_search.clock import Clock, SearchStopped
from game.engine.levels.config import level_config
from game.engine.backend import EngineBoard
from game.engine.backend import ThreatSearch

from test_kernel import _middlegames


@pytest.fixture(autouse=True)
def _classic_search(monkeypatch):
    """These tests guard the classic search (native/search/search.c and alphabeta.py), which Master
    no longer runs by default (levels.SEARCHES)."""
    monkeypatch.setenv("GOMOKU_SEARCH", "classic")


compiled_only = pytest.mark.skipif(backend.KERNEL is None, reason="compiled kernel not built (no C compiler)")


def _searcher(position, level: Level, native: bool, max_nodes=None, reference=True) -> AlphaBeta:
    board = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=True)
    clock = Clock(None, max_nodes)
    return AlphaBeta(board, level_config(level), clock, ThreatSearch(board, clock), seed=3, native=native, reference=reference)


def _iterate(searcher: AlphaBeta, side: int, depths) -> list:
    """Iterative deepening as root.py runs it: root order once, best move first after each iteration."""
    moves = searcher.ordered_moves(side, 0, -1, 20)
    seen = []
    for depth in depths:
        score, move = searcher.search_root(list(moves), depth, side)
        moves.remove(move)
        moves.insert(0, move)
        seen.append((depth, score, move, searcher.principal_variation(move, side), searcher.clock.nodes))
    return seen


@compiled_only
@pytest.mark.parametrize("level", [Level.CASUAL, Level.STRONG, Level.MASTER])
def test_compiled_search_visits_the_same_tree_as_python(level):
    for position in _middlegames()[:6]:
        side = int(position.to_move)
        python = _searcher(position, level, native=False)
        native = _searcher(position, level, native=True)
        before = native.board.snapshot()
        assert _iterate(native, side, range(1, 4)) == _iterate(python, side, range(1, 4))
        assert native.board.snapshot() == before


@compiled_only
def test_compiled_search_stops_at_the_same_node_as_python_and_leaves_the_board_as_it_was():
    for position in _middlegames()[6:10]:
        side = int(position.to_move)
        results = []
        for native in (False, True):
            searcher = _searcher(position, Level.MASTER, native, max_nodes=2500)
            before = searcher.board.snapshot()
            with pytest.raises(SearchStopped, match="node budget"):
                _iterate(searcher, side, range(1, 12))
            assert searcher.board.snapshot() == before
            results.append(searcher.clock.nodes)
        assert results[0] == results[1]


@compiled_only
def test_compiled_search_is_stopped_by_the_stop_flag():
    class Flag:
        asked = 0

        def is_set(self):
            self.asked += 1
            return self.asked >= 3

    position = _middlegames()[0]
    board = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=True)
    clock = Clock(None, None, Flag())
    searcher = AlphaBeta(board, level_config(Level.MASTER), clock, ThreatSearch(board, clock), seed=0)
    before = board.snapshot()
    with pytest.raises(SearchStopped, match="stop flag"):
        _iterate(searcher, int(position.to_move), range(1, 30))
    assert board.snapshot() == before
    assert clock.stop.asked == 3


@compiled_only
def test_time_limited_searches_keep_their_table_across_moves():
    """A second search of a position (under a deadline) starts from what the first one stored."""
    import time

    from game.engine.backend.native import alphabeta

    alphabeta._shared_table.cache_clear()
    position = _middlegames()[2]
    side = int(position.to_move)
    runs = []
    for _ in range(2):
        board = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=True)
        clock = Clock(time.perf_counter() + 3600, None)
        searcher = AlphaBeta(board, level_config(Level.MASTER), clock, ThreatSearch(board, clock), seed=0)
        runs.append(_iterate(searcher, side, range(1, 4))[-1])
    (_, first_score, first_move, _, first_nodes), (_, second_score, second_move, _, second_nodes) = runs
    assert second_nodes < first_nodes / 2
    assert (second_score, second_move) == (first_score, first_move)


@compiled_only
def test_engine_features_are_chosen_by_name_and_a_wrong_name_is_refused(monkeypatch):
    position = _middlegames()[4]
    side = int(position.to_move)
    scores = {}
    for names in ("none", "tempo"):
        monkeypatch.setenv("GOMOKU_ENGINE_FEATURES", names)
        board = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=True)
        clock = Clock(None, None)
        searcher = AlphaBeta(board, level_config(Level.MASTER), clock, ThreatSearch(board, clock), seed=0)
        scores[names] = searcher.negamax(0, -10**7, 10**7, 1, side)
    assert scores["tempo"] != scores["none"]
    monkeypatch.setenv("GOMOKU_ENGINE_FEATURES", "tempo,warp_drive")
    with pytest.raises(ValueError, match="warp_drive"):
        _searcher(position, Level.MASTER, native=True, reference=False)


@compiled_only
def test_the_vcf_cap_cuts_only_long_threat_searches_inside_the_tree(monkeypatch):
    """vcf_cap: a VCF inside the tree gives up after CAPPED_VCF_NODES (50) nodes.

    Where every VCF in the tree is short the two trees are the same; where some run long
    the capped tree differs. Both happen among the middlegames at depth 3. A config
    without capped_vcf (every level's own; root.py sets it on short turns) drops the bit.
    """
    import dataclasses

    master = level_config(Level.MASTER)
    same = differ = 0
    for position in _middlegames()[:10]:
        side = int(position.to_move)
        runs = []
        for names, config in (("node_vcf", master), ("node_vcf,vcf_cap", dataclasses.replace(master, capped_vcf=True)),
                              ("node_vcf,vcf_cap", master)):
            monkeypatch.setenv("GOMOKU_ENGINE_FEATURES", names)
            board = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=True)
            clock = Clock(None, None)
            searcher = AlphaBeta(board, config, clock, ThreatSearch(board, clock), seed=0)
            runs.append(_iterate(searcher, side, range(1, 4)))
        assert runs[2] == runs[0]
        if runs[0] == runs[1]:
            same += 1
        else:
            differ += 1
    assert same and differ
