"""benchmarks/order_recall.py ranks a played move as the search's own move order does."""

import json
import sys
from pathlib import Path

from game.engine import Level
from game.engine.backend import AlphaBeta
from game.engine.move_search.clock import Clock
from game.engine.levels.config import level_config
from game.engine.backend import EngineBoard
from game.engine.backend import ThreatSearch
from game.rules import Rule

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import order_recall  # noqa: E402

MOVES = ["7,7", "8,8", "6,8", "9,7", "7,9", "5,9", "8,6", "9,9", "6,6", "10,8", "4,10", "7,10", "9,10", "6,10"]


def _log(tmp_path: Path) -> Path:
    path = tmp_path / "games.jsonl"
    game = {"game": 1, "n_opening": 3, "rule": "freestyle", "moves": MOVES}
    path.write_text(json.dumps(game) + "\n" + json.dumps({**game, "rule": "renju"}) + "\n", encoding="utf-8")
    return path


def test_the_static_rank_is_the_place_in_the_searchs_order(tmp_path):
    rows = list(order_recall.positions([str(_log(tmp_path))]))
    assert len(rows) >= 5  # the quiet positions of the freestyle game; the renju one is skipped
    config = level_config(Level.MASTER)
    points = [tuple(map(int, m.split(","))) for m in MOVES]
    for _, played, candidates in rows:
        board = EngineBoard(15, Rule.FREESTYLE)
        for ply, (x, y) in enumerate(points):
            index = board.index(x, y)
            if index == played:
                break
            board.make(index, 1 + ply % 2)
        side = 1 + ply % 2
        clock = Clock(None, None)
        order = AlphaBeta(board, config, clock, ThreatSearch(board, clock), seed=0).ordered_moves(side, 0, -1, 10_000)
        assert order_recall.static_rank(played, candidates) == order.index(played)
        assert sorted(c[0] for c in candidates) == sorted(order)


def test_the_combination_rank_is_the_place_in_the_switched_search_order(tmp_path, monkeypatch):
    monkeypatch.setenv("GOMOKU_EVAL", "combo")  # AlphaBeta reads it when it is made
    rows = list(order_recall.positions([str(_log(tmp_path))]))
    config = level_config(Level.MASTER)
    points = [tuple(map(int, m.split(","))) for m in MOVES]
    differs = 0
    for _, played, candidates in rows:
        board = EngineBoard(15, Rule.FREESTYLE)
        for ply, (x, y) in enumerate(points):
            index = board.index(x, y)
            if index == played:
                break
            board.make(index, 1 + ply % 2)
        clock = Clock(None, None)
        searcher = AlphaBeta(board, config, clock, ThreatSearch(board, clock), seed=0)
        order = searcher.ordered_moves(1 + ply % 2, 0, -1, 10_000)
        assert order_recall.combo_rank(played, candidates) == order.index(played)
        differs += order_recall.combo_rank(played, candidates) != order_recall.static_rank(played, candidates)
    assert differs  # the two orders are not the same


def test_recall_counts_the_ranks_below_each_cut():
    line = order_recall.recall_line([0, 2, 5, 7, 11, 40])
    assert "top 1:  16.7%" in line and "top 6:  50.0%" in line and "top 12:  83.3%" in line
