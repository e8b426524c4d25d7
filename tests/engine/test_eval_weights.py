"""The evaluation's weights tables: reading them, refusing bad ones, and both engines using them."""

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.engine import Level
from game.engine import backend
from game.engine.backend.native import alphabeta
from game.engine.backend.native import board as native_board
from game.engine.eval import eval_weights
from game.engine.eval import patterns as pt
from game.engine.backend import AlphaBeta
from game.engine.move_search.clock import Clock
from game.engine.eval.eval_weights import WEIGHTS_ENV, WeightsError, load_weights, parse_weights, weights_to_json
from game.engine.levels.config import level_config
from game.engine.backend import EngineBoard
from game.engine.backend import ThreatSearch

from test_kernel import _middlegames

ROOT = Path(__file__).resolve().parents[2]
compiled_only = pytest.mark.skipif(backend.KERNEL is None, reason="compiled kernel not built (no C compiler)")


def _clear_table_caches() -> None:
    eval_weights.active_weights.cache_clear()
    pt._cell_table.cache_clear()
    eval_weights._named_table.cache_clear()
    native_board._kernel_tables.cache_clear()
    alphabeta._shared_table.cache_clear()


@pytest.fixture
def other_table(tmp_path, monkeypatch):
    """A table unlike the hand-set one in every kind of entry, in use for the test."""
    handset = load_weights("handset")
    weights = replace(
        handset,
        pattern=tuple(value * 3 // 2 + index for index, value in enumerate(handset.pattern)),
        class_bonus=tuple(value // 2 for value in handset.class_bonus),
        building_pair=170,
        double_three=5000,
        mover_scale=(3, 2),
        tempo=-250,
        about="a test table",
    )
    path = tmp_path / "other.json"
    path.write_text(weights_to_json(weights), encoding="utf-8")
    monkeypatch.setenv(WEIGHTS_ENV, str(path))
    _clear_table_caches()
    yield weights
    monkeypatch.delenv(WEIGHTS_ENV)
    _clear_table_caches()


def test_handset_table_holds_the_first_engines_values():
    weights = load_weights("handset")
    table = pt.cell_table(False, weights)
    flex4 = pt.FLEX4 | pt.FLEX3 << 4  # an open four and an open three through one cell
    assert table[flex4] == (1500 + 200 + 3000) << 4 | pt.C_FLEX4
    building = pt.BLOCK3 | pt.FLEX2 << 4 | pt.BLOCK1 << 8  # two building threes, no threat yet
    assert table[building] == (45 + 40 + 2 + 60) << 4 | pt.C_NONE
    assert weights.search_constants() == (5, 4, 8000, -400)


@pytest.mark.parametrize("name", ["handset", "tuned"])
def test_tables_round_trip_through_json(name, tmp_path):
    weights = load_weights(name)
    path = tmp_path / "table.json"
    path.write_text(weights_to_json(weights), encoding="utf-8")
    assert load_weights(str(path)) == weights
    assert parse_weights(weights.to_mapping()) == weights


def test_tuned_table_keeps_the_pattern_order_and_no_negative_values():
    weights = load_weights("tuned")
    chain = weights.pattern[pt.BLOCK1:pt.FIVE + 1]
    assert list(chain) == sorted(chain)
    assert min(weights.pattern + weights.class_bonus) >= 0 and weights.double_three >= 0


def test_a_missing_table_file_is_an_error_naming_it(tmp_path):
    missing = tmp_path / "nowhere.json"
    with pytest.raises(WeightsError, match="nowhere.json"):
        load_weights(str(missing))


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("{not json", "is not JSON"),
        ("[1, 2]", "must be a JSON object"),
        (json.dumps({**load_weights("handset").to_mapping(), "tempo": "fast"}), "tempo must be a whole number"),
        (json.dumps({**load_weights("handset").to_mapping(), "pattern": {"five": 12000}}), "pattern is missing"),
        (json.dumps({k: v for k, v in load_weights("handset").to_mapping().items() if k != "double_three"}), "double_three"),
        (json.dumps({**load_weights("handset").to_mapping(), "building_pair": -5}), "outside"),
        (json.dumps({**load_weights("handset").to_mapping(), "mover_scale": [5, 0]}), "mover_scale"),
    ],
)
def test_a_malformed_table_is_an_error_naming_the_file_and_the_fault(tmp_path, text, complaint):
    path = tmp_path / "broken.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(WeightsError, match=complaint) as raised:
        load_weights(str(path))
    assert "broken.json" in str(raised.value)


def test_the_brain_refuses_to_start_on_a_bad_table_and_says_which(tmp_path):
    """Through the environment, as a match sets it: the error names the variable and the file."""
    path = tmp_path / "typo.json"
    path.write_text("{}", encoding="utf-8")
    code = "from game.engine.backend import EngineBoard; from game.rules import Rule; EngineBoard(15, Rule.FREESTYLE)"
    env = {"PATH": "", WEIGHTS_ENV: str(path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "WeightsError" in done.stderr and f"{WEIGHTS_ENV}={path}" in done.stderr and "missing" in done.stderr


def test_the_environment_chooses_the_table(other_table):
    assert eval_weights.active_weights() == other_table
    position = _middlegames()[0]
    board = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=False)
    handset = pt.cell_table(False, load_weights("handset"))
    handset_total = sum(handset[board.comb[i] & 0xFFFF] >> 4 for i in board.board_cells if not board.cells[i])
    assert board.total[1] != handset_total


def test_each_level_evaluates_with_its_own_table(monkeypatch):
    """Strong and Master use the tuned table, Casual and Beginner the hand-set one (their
    noise was set on its scale); the root's board carries the level's table."""
    monkeypatch.delenv(WEIGHTS_ENV, raising=False)
    _clear_table_caches()
    assert load_weights("tuned") != load_weights("handset")
    expected = {Level.BEGINNER: "handset", Level.CASUAL: "handset", Level.STRONG: "tuned", Level.MASTER: "tuned"}
    for level, name in expected.items():
        assert eval_weights.weights_for(level_config(level).weights) == load_weights(name)
    position = _middlegames()[0]
    board = EngineBoard.from_stones(position.size, position.rule, position.stones, weights=load_weights("tuned"))
    default = EngineBoard.from_stones(position.size, position.rule, position.stones)
    assert board.weights == load_weights("tuned") and default.weights == load_weights("handset")
    assert board.total[1] != default.total[1]


def test_the_environment_overrides_every_levels_table(other_table):
    for level in Level:
        assert eval_weights.weights_for(level_config(level).weights) == other_table


@compiled_only
def test_python_and_compiled_boards_agree_with_another_table(other_table):
    for position in _middlegames()[:4]:
        python = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=False)
        native = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=True)
        assert tuple(python.total) == tuple(native.total)
        assert [tuple(python.packed[c]) for c in (1, 2)] == [tuple(native.packed[c]) for c in (1, 2)]


@compiled_only
def test_python_and_compiled_searches_agree_with_another_table(other_table):
    """Node for node, as test_native_search checks with the default table: the compiled
    search gets the table's mover scale and double-three bonus through the binding."""
    config = level_config(Level.MASTER)
    for position in _middlegames()[:3]:
        side = int(position.to_move)
        runs = []
        for native in (False, True):
            board = EngineBoard.from_stones(position.size, position.rule, position.stones, compiled=True)
            clock = Clock(None, None)
            searcher = AlphaBeta(board, config, clock, ThreatSearch(board, clock), seed=3, native=native, reference=True)
            moves = searcher.ordered_moves(side, 0, -1, 20)
            runs.append([searcher.search_root(list(moves), depth, side) + (clock.nodes,) for depth in (1, 2, 3)])
        assert runs[0] == runs[1]
