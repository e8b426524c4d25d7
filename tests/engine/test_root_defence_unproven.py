"""The root defence under the depth-shaped search keeps the moves it could not prove.

From a game Master lost to Rapfi (benchmarks/data/regret_positions.txt): black to move, with
white holding a win by threes and fours if black passed. Black's best move, the open three (11, 8)
(Rapfi: +426; the move Master played instead, -103), is not proven safe within a proof's node
budget, because the open three makes his threat search branch. The defence used to keep only
the six moves it proved, so the search never saw (11, 8).
"""

import time

import pytest

from game.engine import backend
from game.engine.backend import AlphaBeta
from game.engine.api import Level
from game.engine.move_search.clock import Clock
from game.engine.move_search.defence import RootDefence
from game.engine.eval.eval_weights import weights_for
from game.engine.levels.config import level_config
from game.engine.backend import EngineBoard
from game.engine.backend import ThreatSearch
from game.rules import Board, Rule

pytestmark = pytest.mark.skipif(backend.KERNEL is None, reason="compiled kernel not built (no C compiler)")

MOVES = [(8, 5), (7, 7), (10, 9), (7, 8), (9, 10), (9, 8)]
BLACK = 1
PROOF_NODES = 30_000  # root_stages.DEFENCE_NODES_COMPILED


def _setup():
    board = Board(15, Rule.FREESTYLE)
    for move in MOVES:
        board.push(move)
    config = level_config(Level.MASTER)
    engine = EngineBoard.from_board(board, weights_for(config.weights))
    clock = Clock(None, None, None)
    ordered = AlphaBeta(engine, config, clock, ThreatSearch(engine, clock), 0).ordered_moves(BLACK, 0, -1, 10_000)
    return engine, config, ordered


def _refute(engine, config, ordered, keep_unproven):
    defence = RootDefence(engine, BLACK, config, time.perf_counter() + 60, None, PROOF_NODES, 10, thorough=False)
    return defence.refute(ordered, ordered, keep_unproven)


def test_the_unproven_open_three_stays_a_root_move_and_refuted_moves_stay_out():
    engine, config, ordered = _setup()
    three = engine.index(11, 8)
    proven_only = _refute(engine, config, ordered, keep_unproven=False)
    kept = _refute(engine, config, ordered, keep_unproven=True)
    assert three not in proven_only
    assert three in kept
    assert set(proven_only) <= set(kept)
    assert kept == [m for m in ordered if m in set(kept)]  # still in search order
    left_out = [m for m in ordered if m not in set(kept)]
    assert left_out, "some moves lose to his plan"
    threats = ThreatSearch(engine, Clock(None, None, None))
    for move in left_out:  # each one loses to a threat sequence of at most four threes
        engine.make(move, BLACK)
        try:
            assert any(threats.vct(3 - BLACK, depth, 10) is not None for depth in range(1, 5)), engine.point(move)
        finally:
            engine.unmake()
