"""The learned network evaluates Master's long timed turns (root.py: _NET_TURN_S) and nothing
else: not a short turn, not a node-capped search (the ladder's rungs, the puzzles' judge, the
coach's proofs), not another level, not a rule without weights of its own (backend/native:
NETS, eval/weights/<rule>.gnet); GOMOKU_ENGINE_FEATURES without
`net_eval_long` keeps the hand evaluation everywhere."""

from __future__ import annotations

import pytest

from game.engine import Level, Limit, Position, search
import logging

from game.engine.backend import native
from game.engine.backend.native import NET, NET_PATH, load_nets
from game.engine.backend.native import alphabeta as native_alphabeta
from game.engine.backend.native.alphabeta import DEFAULT_FEATURES, FEATURE_BITS, NativeAlphaBeta
from game.engine.move_search import root as root_module
from game.rules import Board, Rule

from markers import kernel_in_use
from test_kernel import _middlegames

pytestmark = [kernel_in_use, pytest.mark.skipif(NET is None, reason="the network's weights are not loaded")]

NET_EVAL = FEATURE_BITS["net_eval"]
_LONG_MS = int(root_module._NET_TURN_S * 1000) + 100
_SHORT_MS = int(root_module._NET_TURN_S * 1000) - 150
#: A middlegame with no tactical shortcut, so the root runs the search (test_short_turn's).
_QUIET = 7


@pytest.fixture
def searched(monkeypatch):
    """The compiled search bits of every NativeAlphaBeta made during a search."""
    seen: list[int] = []
    real_init = NativeAlphaBeta.__init__

    def init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        seen.append(self.features)

    monkeypatch.setattr(NativeAlphaBeta, "__init__", init)
    return seen


def _bits(searched, position, limit: Limit, level: Level = Level.MASTER) -> set[bool]:
    searched.clear()
    result = search(position, limit, level, seed=3)
    assert result.forced == "" and searched, "the root did not search this position"
    return {bool(bits & NET_EVAL) for bits in searched}


def test_a_long_timed_master_turn_evaluates_with_the_network(searched):
    assert "net_eval_long" in DEFAULT_FEATURES
    assert _bits(searched, _middlegames()[_QUIET], Limit(time_ms=_LONG_MS)) == {True}


def test_a_short_turn_and_a_node_cap_keep_the_hand_evaluation(searched):
    position = _middlegames()[_QUIET]
    assert _bits(searched, position, Limit(time_ms=_SHORT_MS)) == {False}
    assert _bits(searched, position, Limit(time_ms=_LONG_MS, nodes=20_000)) == {False}
    assert _bits(searched, position, Limit(depth=3)) == {False}


def test_the_ladders_node_capped_rungs_keep_the_hand_evaluation(searched):
    assert _bits(searched, _middlegames()[_QUIET], Limit(time_ms=_LONG_MS), Level.R2500) == {False}


def test_another_rule_keeps_the_hand_evaluation(searched):
    board = Board(15, Rule.RENJU)
    for point in ((7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 9)):
        board.push(point)
    assert _bits(searched, Position.from_board(board), Limit(time_ms=_LONG_MS)) == {False}


def _standard_middlegame() -> Position:
    board = Board(15, Rule.STANDARD)
    for point in ((7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 9), (6, 6), (9, 9)):
        board.push(point)
    return Position.from_board(board)


def test_a_rule_with_weights_of_its_own_evaluates_with_them(searched, monkeypatch):
    """Standard ships no weights today: its long turns keep the hand evaluation; with a
    standard.gnet loaded (freestyle's weights stand in for one here) they take the network."""
    assert Rule.STANDARD not in native.NETS or native.NETS[Rule.STANDARD] is not NET
    monkeypatch.setattr(native_alphabeta, "NETS", {Rule.FREESTYLE: NET})
    assert _bits(searched, _standard_middlegame(), Limit(time_ms=_LONG_MS)) == {False}
    monkeypatch.setattr(native_alphabeta, "NETS", {Rule.FREESTYLE: NET, Rule.STANDARD: NET})
    assert _bits(searched, _standard_middlegame(), Limit(time_ms=_LONG_MS)) == {True}
    assert _bits(searched, _standard_middlegame(), Limit(time_ms=_SHORT_MS)) == {False}


def test_each_rules_weights_file_is_read_from_the_folder(tmp_path, caplog):
    """<rule>.gnet for each rule that has one; a damaged file is refused with a warning and
    its rule keeps the hand evaluation; only a missing freestyle file is warned about."""
    weights = NET_PATH.read_bytes()
    (tmp_path / "freestyle.gnet").write_bytes(weights)
    with caplog.at_level(logging.WARNING):
        assert set(load_nets(tmp_path)) == {Rule.FREESTYLE}
    assert not caplog.records
    (tmp_path / "standard.gnet").write_bytes(weights)
    (tmp_path / "renju.gnet").write_bytes(weights[: len(weights) // 2])
    with caplog.at_level(logging.WARNING):
        nets = load_nets(tmp_path)
    assert set(nets) == {Rule.FREESTYLE, Rule.STANDARD}
    assert any("renju.gnet" in record.getMessage() for record in caplog.records)
    (tmp_path / "freestyle.gnet").unlink()
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        assert set(load_nets(tmp_path)) == {Rule.STANDARD}
    assert any("freestyle.gnet" in record.getMessage() for record in caplog.records)


def test_features_without_the_switch_keep_the_hand_evaluation(searched, monkeypatch):
    monkeypatch.setenv("GOMOKU_ENGINE_FEATURES", ",".join(f for f in DEFAULT_FEATURES if f != "net_eval_long"))
    assert _bits(searched, _middlegames()[_QUIET], Limit(time_ms=_LONG_MS)) == {False}
    monkeypatch.setenv("GOMOKU_ENGINE_FEATURES", "node_vcf,net_eval")  # the screens' switch: every turn
    assert _bits(searched, _middlegames()[_QUIET], Limit(time_ms=_SHORT_MS)) == {True}


def test_an_unknown_switch_is_named_in_the_message(monkeypatch):
    monkeypatch.setenv("GOMOKU_ENGINE_FEATURES", "net_eval_longer")
    with pytest.raises(ValueError, match="net_eval_longer.*net_eval_long"):
        search(_middlegames()[_QUIET], Limit(depth=2), Level.MASTER)
