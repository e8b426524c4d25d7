"""benchmarks/move_regret.py: the position key, Rapfi's win-rate scale and the paired comparison."""

import json
import sys
from pathlib import Path

import pytest

from game.rules import Board, Rule

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import move_regret  # noqa: E402


def test_a_position_key_ignores_the_order_the_stones_came_in():
    one = [(7, 7), (8, 8), (6, 6), (9, 9)]
    other = [(6, 6), (9, 9), (7, 7), (8, 8)]
    assert move_regret.key_of(one) == move_regret.key_of(other)
    # the same points with the colours exchanged are another position
    assert move_regret.key_of(one) != move_regret.key_of([(8, 8), (7, 7), (9, 9), (6, 6)])
    # and the side to move is part of the key
    assert move_regret.key_of(one) != move_regret.key_of(one + [(1, 1)])


def test_win_rate_is_rapfis_scale_and_a_mate_is_certain():
    assert move_regret.win_rate(0) == pytest.approx(0.5)
    assert move_regret.win_rate(move_regret.SCALE) == pytest.approx(0.7311, abs=1e-4)
    assert move_regret.win_rate(29_970) == 1.0
    assert move_regret.win_rate(-29_970) == 0.0
    assert move_regret.win_rate(-400) < move_regret.win_rate(-100) < move_regret.win_rate(300)


def test_the_committed_positions_are_legal_games_still_in_progress():
    positions = move_regret.load()
    assert len(positions) > 1000
    for moves in positions[:200]:
        assert len(moves) >= 3
        board = Board(15, Rule.FREESTYLE)
        for move in moves:
            board.push(move)  # raises on an occupied or off-board point
        assert board.outcome() is None  # nobody has five yet


def test_compare_pairs_the_runs_position_by_position(tmp_path, capsys):
    base = {"label": "base", "regrets": [0.1, 0.0, 0.2, 0.05], "moves": [[1, 1], [2, 2], [3, 3], [4, 4]]}
    new = {"label": "new", "regrets": [0.0, 0.0, 0.1, 0.05], "moves": [[5, 5], [2, 2], [6, 6], [4, 4]]}
    (tmp_path / "a.json").write_text(json.dumps(base))
    (tmp_path / "b.json").write_text(json.dumps(new))
    move_regret.compare(tmp_path / "a.json", tmp_path / "b.json")
    out = capsys.readouterr().out
    assert "difference -0.0500" in out
    assert "same move in 2 of 4" in out


def test_each_judging_budget_keeps_its_own_cache():
    # Rapfi's answer depends on its node budget, so a deeper judge must not read the usual one's.
    usual = move_regret.Judge()
    deeper = move_regret.Judge(500_000)
    assert usual.cache_path == move_regret.CACHE
    assert deeper.cache_path != usual.cache_path
    assert "500000" in deeper.cache_path.name
    assert deeper.nodes == 500_000 and usual.nodes == move_regret.NODES


def test_select_keeps_the_early_positions_before_taking_the_first_few():
    positions = [[(7, 7)] * n for n in (3, 5, 4, 6, 3, 4)]
    assert [len(m) for m in move_regret.select(positions, stones_at_most=4)] == [3, 4, 3, 4]
    assert [len(m) for m in move_regret.select(positions, stones_at_most=4, first=3)] == [3, 4, 3]
    assert move_regret.select(positions) == positions
    assert len(move_regret.select(positions, first=2)) == 2
