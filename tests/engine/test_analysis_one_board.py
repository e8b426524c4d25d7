"""An analysis sets its position up on one engine board: its proof and its search share it (issue 52)."""

from __future__ import annotations

from game.engine import EngineBoard, Level, Limit, StopAt, analyse, search
from game.engine.eval.eval_weights import weights_for
from game.engine.levels.config import level_config
from tests.engine.fixed_nodes import middlegames


def _count_boards(monkeypatch) -> list[int]:
    made: list[int] = []
    real = EngineBoard.from_board

    def counting(board, weights=None):
        made.append(board.move_count)
        return real(board, weights)

    monkeypatch.setattr(EngineBoard, "from_board", staticmethod(counting))
    return made


def test_analysis_builds_one_engine_board(monkeypatch):
    made = _count_boards(monkeypatch)
    position = middlegames()[3]
    result = analyse(position, Limit(nodes=3000), n_best=2)
    assert result.win is None and result.candidates  # it searched: no proof ended it early
    assert made == [len(position.stones)]


def test_an_endless_analysis_deepens_on_the_one_board(monkeypatch):
    made = _count_boards(monkeypatch)
    position = middlegames()[3]
    result = analyse(position, None, n_best=2, stop=StopAt(600, None))
    assert result.win is None and result.candidates
    assert made == [len(position.stones)]


def test_a_shared_board_searches_as_a_fresh_one_and_is_left_as_found():
    weights = weights_for(level_config(Level.MASTER).weights)
    for position in middlegames()[:4]:
        engine = EngineBoard.from_board(position.to_board(), weights)
        before = engine.snapshot()
        shared = search(position, Limit(nodes=4000), Level.MASTER, multipv=2, prove=True, engine=engine)
        fresh = search(position, Limit(nodes=4000), Level.MASTER, multipv=2, prove=True)
        assert engine.snapshot() == before
        assert (shared.candidates, shared.nodes, shared.depth) == (fresh.candidates, fresh.nodes, fresh.depth)
