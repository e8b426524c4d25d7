"""Mate scores are proofs (issue 31, item 0): a win or loss is reported only when every
defence was searched at every node; where a beam cut them, the score stays below the mate range.

benchmarks/false_mates.py measures the same on longer searches; these are the short,
deterministic checks.
"""

import pytest

from game.engine import Level, Limit, Position, search
from game.engine import backend
from game.engine.backend import AlphaBeta
from game.engine.move_search.clock import Clock
from game.engine.levels.config import level_config
from game.engine.move_search.scores import UNPROVEN_THRESHOLD, WIN, WIN_THRESHOLD, unproven
from game.engine.backend import EngineBoard
from game.engine.backend import ThreatSearch
from game.rules import Stone

from engine_positions import defended_positions, load_tactics, position_from_rows

compiled_only = pytest.mark.skipif(backend.KERNEL is None, reason="compiled kernel not built (no C compiler)")

# White to move is lost, though nothing forces its hand now: black threatens a four-three at
# f6 and, after it, more (a white stone on f6 only delays). White's node is not one where the
# defences are few and known (a four or an open three to answer), so its beam of moves is not
# every defence: a search that looks only at the beam must not call the loss proven.
QUIETLY_LOST = [
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". O X X X . . . . . . . . . .",
    ". . . . . X . . . . . . . . .",
    ". . . . . X . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . . O X X X .",
    ". . . . . . . . . . . . . . .",
    ". . . . . . . . . X . . . . .",
    ". . . . . . . . . X . . . . .",
    ". . . . . . . . . . . . . . .",
]

# (compiled board, search in C): the C search, the Python search on the compiled board, and
# the pure-Python fallback.
ENGINES = [
    pytest.param(True, True, marks=compiled_only, id="native"),
    pytest.param(True, False, marks=compiled_only, id="python-on-kernel"),
    pytest.param(False, False, id="pure-python"),
]


def _negamax(compiled: bool, native: bool, prove: bool, depth: int) -> tuple[int, int]:
    position = position_from_rows(QUIETLY_LOST, Stone.WHITE)
    board = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=compiled)
    clock = Clock(None, None)
    searcher = AlphaBeta(board, level_config(Level.MASTER), clock, ThreatSearch(board, clock), seed=0,
                         native=native, reference=True, prove=prove)
    return searcher.negamax(depth, -WIN - 1, WIN + 1, 1, int(Stone.WHITE)), clock.nodes


@pytest.mark.parametrize("compiled, native", ENGINES)
def test_a_loss_seen_through_a_beam_is_not_reported_as_proven(compiled, native):
    score, _ = _negamax(compiled, native, prove=False, depth=3)
    assert -WIN_THRESHOLD <= score < -UNPROVEN_THRESHOLD  # lost as far as it looked, not proven


@pytest.mark.parametrize("compiled, native", ENGINES)
def test_searching_every_legal_reply_proves_the_loss(compiled, native):
    score, nodes = _negamax(compiled, native, prove=True, depth=3)
    assert score < -WIN_THRESHOLD
    assert nodes > _negamax(compiled, native, prove=False, depth=3)[1]  # the proof searched more


@compiled_only
def test_the_proof_search_visits_the_same_tree_in_c_and_in_python():
    assert _negamax(True, True, prove=True, depth=3) == _negamax(True, False, prove=True, depth=3)


def test_unproven_keeps_the_distance_to_mate_below_the_mate_range():
    assert unproven(WIN - 7) == unproven(WIN - 5) - 2
    assert UNPROVEN_THRESHOLD < unproven(WIN - 60) < WIN_THRESHOLD
    assert unproven(-(WIN - 7)) == -unproven(WIN - 7)
    assert unproven(1234) == 1234


@compiled_only
def test_the_false_mate_of_defend_vct_47_is_not_claimed():
    """Found by benchmarks/false_mates.py: after an accepted defence (which Rapfi holds, and
    after which a search of every defence finds no win), the search of 1c160e3 reported a
    forced win (999979 at depth 6, proven only through its beam)."""
    tactic = next(t for t in load_tactics() if t.name == "defend-vct-47")
    board = tactic.position.to_board()
    board.push((12, 7), tactic.position.to_move)
    result = search(Position.from_board(board), Limit(depth=6, nodes=400_000), Level.MASTER)
    assert result.score <= WIN_THRESHOLD


@compiled_only
@pytest.mark.parametrize("limit, prove", [(Limit(depth=5, nodes=60_000), False), (Limit(time_ms=250), True)],
                         ids=["depth5", "250ms-proving"])
def test_no_win_is_claimed_after_a_verified_defence(limit, prove):
    claimed = []
    for defended in defended_positions():
        result = search(defended.position, limit, Level.MASTER, prove=prove)
        if result.score > WIN_THRESHOLD:
            claimed.append((defended.name, result.score, result.pv))
    assert claimed == []


def test_no_win_is_claimed_after_a_verified_defence_in_pure_python(monkeypatch):
    monkeypatch.setenv("GOMOKU_PURE_PYTHON", "1")
    claimed = []
    for defended in defended_positions()[::4]:
        result = search(defended.position, Limit(depth=3, nodes=4000), Level.MASTER)
        if result.score > WIN_THRESHOLD:
            claimed.append((defended.name, result.score))
    assert claimed == []


@compiled_only
def test_renju_defences_are_the_same_in_c_and_in_python():
    """Against black's open three white may also take black's forbidden points (one can stop
    the three): both searches add them, and visit the same tree."""
    from game.rules import Rule
    from test_kernel import _crowded_stones

    for seed in (4, 5, 9, 11):  # positions with forbidden points for black
        stones = _crowded_stones(Rule.RENJU, 1000 + seed)[:18 + seed % 10]
        results = []
        for native in (False, True):
            board = EngineBoard.from_stones(15, Rule.RENJU, stones, compiled=True)
            clock = Clock(None, None)
            searcher = AlphaBeta(board, level_config(Level.MASTER), clock, ThreatSearch(board, clock), seed=0,
                                 native=native, reference=True, prove=True)
            results.append((searcher.negamax(3, -WIN - 1, WIN + 1, 1, int(Stone.WHITE)), clock.nodes))
        assert results[0] == results[1]
