"""Aspiration windows at the root (feature "aspiration", on by default; AlphaBeta.search_iteration).

A window only changes how much of the tree is searched, not what the iteration answers:
whatever the guess (close, far too high, far too low), the last pass is exact. Through the
transposition table the passes can steer the search elsewhere in some positions (as in
every engine); the positions here are ones where they do not, so a wrong bound, a missed
re-search or a fail-low move taken as best shows up as a different move or score.
"""

import pytest

from game.engine import Level
from game.engine import backend
from game.engine.backend.native import alphabeta
from game.engine.backend.pure import alphabeta as pure_alphabeta
from game.engine.backend.pure.alphabeta import AlphaBeta as PythonAlphaBeta  # the root loop both backends run
from game.engine.backend import AlphaBeta
from game.engine.move_search.clock import Clock
from game.engine.levels.config import level_config
from game.engine.move_search.scores import WIN, WIN_THRESHOLD
from game.engine.backend import EngineBoard
from game.engine.backend import ThreatSearch

from test_kernel import _middlegames


@pytest.fixture(autouse=True)
def _classic_search(monkeypatch):
    """These tests guard the classic search (native/search/search.c and alphabeta.py), which Master
    no longer runs by default (levels.SEARCHES)."""
    monkeypatch.setenv("GOMOKU_SEARCH", "classic")


compiled_only = pytest.mark.skipif(backend.KERNEL is None, reason="compiled kernel not built (no C compiler)")

#: Middlegames (benchmarks/data/middlegames.txt) where the windowed iterations agree with
#: full ones at depth 4, even from a guess 3000 off.
_AGREEING = (2, 13, 16)
_DEPTH = 4


class _Passes:
    """Records (depth, window) of every search_root call (window None: the full window)."""

    def __init__(self, monkeypatch) -> None:
        self.windows: list = []
        real = PythonAlphaBeta.search_root

        def spy(searcher, moves, depth, side, on_move_done=None, window=None):
            self.windows.append((depth, window))
            return real(searcher, moves, depth, side, on_move_done, window)

        monkeypatch.setattr(PythonAlphaBeta, "search_root", spy)


def _iterate(monkeypatch, position, features: str, last_guess: int | None = None) -> tuple[int, int]:
    """Iterative deepening to _DEPTH as the root runs it; `last_guess` replaces the previous
    score given to the last iteration."""
    monkeypatch.setenv("GOMOKU_ENGINE_FEATURES", features)
    board = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=True)
    clock = Clock(None, None)
    config = level_config(Level.MASTER)
    searcher = AlphaBeta(board, config, clock, ThreatSearch(board, clock), seed=0)
    side = int(position.to_move)
    moves = searcher.ordered_moves(side, 0, -1, 10_000)[: config.width + 8]
    score = None
    for depth in range(1, _DEPTH + 1):
        guess = last_guess if depth == _DEPTH and last_guess is not None else score
        score, move = searcher.search_iteration(list(moves), depth, side, guess)
        moves.remove(move)
        moves.insert(0, move)
    return score, move


@compiled_only
@pytest.mark.parametrize("index", _AGREEING)
def test_aspiration_gives_the_full_window_move_and_score_at_fixed_depth(monkeypatch, index):
    position = _middlegames()[index]
    full = _iterate(monkeypatch, position, "node_vcf,counter")
    passes = _Passes(monkeypatch)
    assert _iterate(monkeypatch, position, "node_vcf,counter,aspiration") == full
    assert any(window is not None for _, window in passes.windows)  # the window was used


@compiled_only
@pytest.mark.parametrize("offset", [3000, -3000])
def test_a_guess_far_off_fails_widens_and_still_ends_exact(monkeypatch, offset):
    position = _middlegames()[_AGREEING[0]]
    full_score, full_move = _iterate(monkeypatch, position, "node_vcf,counter")
    passes = _Passes(monkeypatch)
    found = _iterate(monkeypatch, position, "node_vcf,counter,aspiration", last_guess=full_score + offset)
    assert found == (full_score, full_move)
    last = [window for depth, window in passes.windows if depth == _DEPTH]
    assert len(last) >= 2  # the first window failed (low for a guess too high, high for one too low)
    first_alpha, first_beta = last[0]
    assert first_alpha < full_score + offset < first_beta and not first_alpha < full_score < first_beta


@compiled_only
def test_no_window_around_a_win_score_or_below_the_first_depths(monkeypatch):
    monkeypatch.setenv("GOMOKU_ENGINE_FEATURES", "node_vcf,counter,aspiration")
    position = _middlegames()[_AGREEING[0]]
    board = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=True)
    clock = Clock(None, None)
    searcher = AlphaBeta(board, level_config(Level.MASTER), clock, ThreatSearch(board, clock), seed=0)
    side = int(position.to_move)
    moves = searcher.ordered_moves(side, 0, -1, 12)
    passes = _Passes(monkeypatch)
    searcher.search_iteration(list(moves), pure_alphabeta.ASPIRATION_FROM - 1, side, 100)
    searcher.search_iteration(list(moves), pure_alphabeta.ASPIRATION_FROM, side, WIN - 7)
    searcher.search_iteration(list(moves), pure_alphabeta.ASPIRATION_FROM, side, -(WIN_THRESHOLD + 1))
    assert [window for _, window in passes.windows] == [None, None, None]


@compiled_only
def test_aspiration_is_a_default_that_can_be_switched_off_and_is_native_only(monkeypatch):
    position = _middlegames()[_AGREEING[0]]
    board = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=True)
    clock = Clock(None, None)

    def searcher(**kw):
        return AlphaBeta(board, level_config(Level.MASTER), clock, ThreatSearch(board, clock), seed=0, **kw)

    monkeypatch.delenv("GOMOKU_ENGINE_FEATURES", raising=False)
    assert "aspiration" in alphabeta.DEFAULT_FEATURES and searcher().aspiration
    assert not searcher(native=False).aspiration  # the pure-Python search stays as it was
    assert not searcher(reference=True).aspiration  # nor does the reference the tests compare with
    monkeypatch.setenv("GOMOKU_ENGINE_FEATURES", "keep_table,node_vcf,counter")
    assert not searcher().aspiration


@compiled_only
@pytest.mark.parametrize("index", _AGREEING)
def test_when_every_move_fails_low_the_first_stays_best(monkeypatch, index):
    """Below alpha a score is only a bound: a later move's higher bound must not displace
    the first move, which is what a stopped iteration would then play."""
    monkeypatch.setenv("GOMOKU_ENGINE_FEATURES", "node_vcf,counter,aspiration")
    position = _middlegames()[index]
    board = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=True)
    clock = Clock(None, None)
    searcher = AlphaBeta(board, level_config(Level.MASTER), clock, ThreatSearch(board, clock), seed=0)
    side = int(position.to_move)
    moves = searcher.ordered_moves(side, 0, -1, 12)
    full, _ = searcher.search_root(list(moves), 3, side)
    reported = []
    score, move = searcher.search_root(
        list(moves), 3, side, lambda *done: reported.append(done), window=(full + 3000, full + 3800))
    assert score <= full + 3000 and move == moves[0]
    assert all(best == moves[0] for _, _, best, _ in reported)
