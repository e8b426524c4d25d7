"""The shape-combination evaluation and move order (game/engine/eval/combo_eval.py and its C twin)."""

import ctypes
import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.eval import combo_eval as ce
from game.engine.eval import patterns as pt
from game.engine import backend
from game.engine.backend import EngineBoard
from game.match.openings import default_openings
from game.rules import Board, Rule

compiled_only = pytest.mark.skipif(backend.KERNEL is None, reason="compiled kernel not built (no C compiler)")


def _line(text: str) -> tuple[int, ...]:
    """A 9-cell line from a picture: X own, . empty, O blocked; the centre is own."""
    codes = {"X": 1, ".": 0, "O": 3}
    line = tuple(codes[c] for c in text)
    assert len(line) == 9 and line[4] == 1
    return line


@pytest.mark.parametrize("picture, exact, shape", [
    ("...XX.X..", False, pt.FLEX3),     # a split open three
    ("..X.X.X..", False, pt.BLOCK3),    # two gaps: one stone makes only a closed four
    ("...XXX...", False, pt.FLEX3),
    ("..OXXX...", False, pt.BLOCK3),    # blocked on one side
    ("..XXX.X..", False, pt.BLOCK4),    # one point makes five
    ("...XXXX..", False, pt.FLEX4),     # two points make five
    ("XXXXX....", False, pt.FIVE),
    ("XXXXXX...", False, pt.FIVE),      # freestyle: an overline wins
    ("XXXXXX...", True, pt.OVERLINE),   # exact five: it does not
    ("...OXO...", False, pt.NONE),      # no room for five
    ("....XX...", False, pt.FLEX2),
])
def test_line_shapes_on_hand_made_lines(picture, exact, shape):
    assert pt.classify_line(_line(picture), exact) == shape


def test_combination_index_is_order_independent():
    rng = random.Random(3)
    table = ce.combo_index_table()
    for _ in range(300):
        patterns = [rng.randrange(ce.PATTERN_COUNT) for _ in range(4)]
        indices = {ce.combo_of(p) for p in itertools.permutations(patterns)}
        packed = {table[sum(p << (4 * d) for d, p in enumerate(perm))] for perm in itertools.permutations(patterns)}
        assert indices == packed and len(indices) == 1


def test_every_multiset_has_its_own_index():
    assert ce.COMBO_COUNT == 1002  # 1001 multisets of four from 11 patterns, and forbidden
    assert sorted({ce.combo_of(c) for c in ce.COMBOS}) == list(range(len(ce.COMBOS)))
    assert ce.combo_of((pt.NONE,) * 4) == 0  # the all-none combination, worth 0 in every table


def test_a_cell_takes_the_combination_of_its_lines():
    board = EngineBoard(15, Rule.FREESTYLE, compiled=False)
    for x in (5, 6, 7):  # black's three on row 7, closed by white at (8, 7)
        board.make(board.index(x, 7), 1)
    board.make(board.index(8, 7), 2)
    cell = board.index(4, 7)  # black there: a closed four along the row, a lone stone the other ways
    assert sorted(board.pattern(1, cell, d) for d in range(4)) == [pt.FLEX1, pt.FLEX1, pt.FLEX1, pt.BLOCK4]
    assert ce.cell_combo(board, 1, cell) == ce.combo_of((pt.BLOCK4, pt.FLEX1, pt.FLEX1, pt.FLEX1))


def test_a_forbidden_point_has_its_own_combination_in_renju_only():
    stones = [(7, 5), (7, 6), (5, 7), (6, 7)]  # (7, 7) would make a double three for black
    for rule, forbidden in ((Rule.RENJU, True), (Rule.FREESTYLE, False)):
        board = EngineBoard(15, rule, compiled=False)
        for x, y in stones:
            board.make(board.index(x, y), 1)
            board.make(board.index(x + 6, y + 6), 2)
        combo = ce.cell_combo(board, 1, board.index(7, 7))
        assert (combo == ce.FORBIDDEN_COMBO) is forbidden
        assert ce.cell_combo(board, 2, board.index(7, 7)) != ce.FORBIDDEN_COMBO


def test_committed_tables_have_every_rule_and_size():
    for rule in ce.RULES:
        tables = ce.tables_for(rule)
        assert tables.eval_mine[0] == tables.eval_theirs[0] == tables.order_own[0] == tables.order_his[0] == 0
        assert any(tables.eval_mine) and any(tables.order_own)


def test_tables_of_the_wrong_size_are_refused():
    with pytest.raises(ValueError, match="sizes"):
        ce.ComboTables([0] * 10, [0] * ce.COMBO_COUNT, [0] * ce.THREAT_COUNT, [0] * ce.COMBO_COUNT,
                       [0] * ce.COMBO_COUNT)


def _sample_boards(rule: Rule, count: int, compiled: bool):
    """Boards from the openings plus seeded random legal moves near the stones."""
    rng = random.Random(f"combo:{rule.value}")
    for opening in default_openings()[:count]:
        rules_board = Board(15, rule)
        for point in opening.points(15):
            rules_board.push(point)
        for _ in range(rng.randrange(4, 24)):
            near = sorted({(x + dx, y + dy) for (x, y), _ in rules_board.stones() for dx in (-1, 0, 1, 2)
                           for dy in (-2, -1, 0, 1) if rules_board.in_bounds((x + dx, y + dy))
                           and rules_board.is_empty((x + dx, y + dy))})
            near = [p for p in near if not rules_board.is_winning_move(p) and not rules_board.is_forbidden(p)]
            rules_board.push(rng.choice(near))
        board = EngineBoard(15, rule, compiled=compiled)
        for ply, (x, y) in enumerate(rules_board.moves):
            board.make(board.index(x, y), 1 + ply % 2)
        yield board


def _native():
    library = ctypes.CDLL(backend.KERNEL.__file__)
    library.combo_cells_sum.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_ssize_t,
                                        ctypes.c_ssize_t, ctypes.c_int, ctypes.c_int]
    library.combo_cell_order.argtypes = [ctypes.c_uint32, ctypes.c_int32, ctypes.c_int, ctypes.c_int]
    return library


def _array(values, ctype):
    return (ctype * len(values))(*values)


@compiled_only
def test_native_index_matches_the_python_one():
    library = _native()
    table = ce.combo_index_table()
    assert all(library.combo_index(key) == table[key] for key in range(0, 65536, 7))


@compiled_only
@pytest.mark.parametrize("rule", list(Rule))
def test_native_and_python_give_the_same_values(rule):
    library = _native()
    code = ce.RULES.index(rule.value)
    tables = ce.tables_for(rule.value)
    checked = 0
    for board in _sample_boards(rule, 12, compiled=False):
        cells = _array([c for c in board.cells], ctypes.c_int8)
        comb = _array(board.comb, ctypes.c_uint32)
        packed_black = _array(board.packed[1], ctypes.c_int32)
        first, last = board.board_cells[0], board.board_cells[-1]
        for side in (1, 2):
            threat = library.combo_threat(code, ce.best_class(board, side), ce.best_class(board, 3 - side))
            native = library.combo_cells_sum(cells, comb, packed_black, first, last, side, code) + threat
            assert native == tables.evaluate(board, side)
            for cell in board.board_cells:
                if not board.cells[cell] and board.near[cell]:
                    assert library.combo_cell_order(board.comb[cell], board.packed[1][cell], side, code) == \
                        tables.order_score(board, side, cell)
                    checked += 1
    assert checked > 100


_SWITCH_SCRIPT = """
import json, sys
from game.engine import Level, Limit, Position, search
from game.rules import Board, Rule
out = {}
for rule in Rule:
    board = Board(15, rule)
    for point in [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 9)]:
        board.push(point)
    result = search(Position.from_board(board), Limit(nodes=3000), Level.MASTER, seed=1)
    out[rule.value] = [list(result.move), result.score]
print(json.dumps(out))
"""


def test_the_switch_is_read_exactly(monkeypatch):
    for value, switches in (("combo", (True, True)), ("combo-eval", (True, False)), ("combo-order", (False, True)),
                            ("", (False, False)), ("Combo", (False, False)), ("combo ", (False, False))):
        monkeypatch.setenv(ce.EVAL_ENV, value)
        assert ce.combo_switches() == switches


@compiled_only
def test_the_switch_changes_the_compiled_search_and_it_still_plays_legal_moves():
    runs = {}
    for value in ("", "combo", "combo-eval", "combo-order"):
        env = {**os.environ, ce.EVAL_ENV: value}
        done = subprocess.run([sys.executable, "-c", _SWITCH_SCRIPT], env=env, capture_output=True, text=True,
                              timeout=120, check=True)
        runs[value] = json.loads(done.stdout)
    for value in ("combo", "combo-eval", "combo-order"):
        for rule in Rule:
            move = tuple(runs[value][rule.value][0])
            assert move not in {(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 9)} and all(0 <= v < 15 for v in move)
        assert runs[""] != runs[value]


def test_the_line_key_the_native_code_tells_the_rules_apart_by():
    """combo_eval.c's combo_rule reads black's pattern for key 0x155 (four black stones on the
    left, one on the right): a five where overlines win, an overline under exact five."""
    assert pt.line_table(pt.BLACK_CODE, False)[0x155] == pt.FIVE
    assert pt.line_table(pt.BLACK_CODE, True)[0x155] == pt.OVERLINE


@compiled_only
@pytest.mark.parametrize("switch", ["combo", "combo-eval", "combo-order"])
def test_with_the_switch_the_python_search_still_visits_the_compiled_search_tree(switch):
    """The Python fallback (alphabeta.py) reads the same tables through combo_eval.py, so
    test_native_search's node-for-node check holds with GOMOKU_EVAL=combo (or one half) too."""
    env = {**os.environ, ce.EVAL_ENV: switch}
    test = str(Path(__file__).with_name("test_native_search.py"))
    done = subprocess.run([sys.executable, "-m", "pytest", "-rA", "-p", "no:cacheprovider", test, "-k", "same_tree"],
                          env=env, capture_output=True, text=True, timeout=600, cwd=Path(__file__).parents[2])
    assert done.returncode == 0, done.stdout[-2000:]
    assert done.stdout.count("PASSED ") == 3, done.stdout[-2000:]
