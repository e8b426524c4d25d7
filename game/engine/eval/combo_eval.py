"""The learned evaluation and move order indexed by shape combinations (issue 31, item 3).

A cell's *combination* is the unordered multiset of the four line patterns (patterns.py:
none, block1 ... five, overline) that a side would make by playing it; 11 patterns give
1001 combinations, plus one for a renju-forbidden point of black's (FORBIDDEN_COMBO).
Tables learned from a teacher's play (build_scripts/make_combo_tables.py, the numbers in
combo_tables.py) give, per rule:

- the evaluation: for every empty cell, the value of the side to move's combination
  there (`eval_mine`) plus the value of the opponent's (`eval_theirs`), plus a threat-state
  term indexed by the best cell class of each side (`threat`). The sum is on a win-rate
  scale: the side to move wins with probability sigmoid(score / EVAL_SCALE).
- the move order: a candidate's score is `order_own` of our combination there plus
  `order_his` of the opponent's (a softmax policy's logits, times ORDER_SCALE).

The all-none combination is worth 0 in both, so cells away from every line are skipped.
This module is the pure-Python mirror of native/eval/combo_eval.c (the compiled search uses
that one when GOMOKU_EVAL=combo); both read the same numbers and give the same values.
"""

from __future__ import annotations

import os
from functools import lru_cache
from itertools import combinations_with_replacement

from . import patterns as pt

PATTERN_COUNT = pt.OVERLINE + 1
#: Every unordered four patterns, sorted; its position is the combination's index.
COMBOS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(PATTERN_COUNT), 4))
FORBIDDEN_COMBO = len(COMBOS)
COMBO_COUNT = len(COMBOS) + 1
CLASS_COUNT = pt.C_FIVE + 1
#: (the side to move's best class, the opponent's best class)
THREAT_COUNT = CLASS_COUNT * CLASS_COUNT
#: Win rate = sigmoid(score / EVAL_SCALE); policy logit = order score / ORDER_SCALE.
#: 1800 is about the scale of today's evaluation (its best fit to the teacher's win rate
#: was sigmoid(score / 1800) in freestyle), so the search's margins keep their meaning.
EVAL_SCALE = 1800
ORDER_SCALE = 1000
RULES = ("freestyle", "standard", "renju")
#: The environment variable that switches the searches to these tables: "combo" for both,
#: "combo-eval" or "combo-order" for one (anything else: today's evaluation and order).
EVAL_ENV = "GOMOKU_EVAL"
_SWITCHES = {"combo": (True, True), "combo-eval": (True, False), "combo-order": (False, True)}


def combo_switches() -> tuple[bool, bool]:
    """(the evaluation, the move order): which tables GOMOKU_EVAL asks for. Read exactly as
    native/eval/combo_eval.c reads it, so that both searches agree."""
    return _SWITCHES.get(os.environ.get(EVAL_ENV, ""), (False, False))


def combo_enabled() -> bool:
    """Whether GOMOKU_EVAL asks for any of the combination tables."""
    return any(combo_switches())


@lru_cache(maxsize=None)
def _index_of_sorted() -> dict[tuple[int, ...], int]:
    return {combo: index for index, combo in enumerate(COMBOS)}


def combo_of(patterns: tuple[int, ...] | list[int]) -> int:
    """The index of four patterns, in any order."""
    return _index_of_sorted()[tuple(sorted(patterns))]


@lru_cache(maxsize=None)
def combo_index_table() -> tuple[int, ...]:
    """Four patterns packed 4 bits apiece (a side's half of EngineBoard.comb) -> combination."""
    table = [0] * 65536
    index = _index_of_sorted()
    for key in range(65536):
        patterns = tuple(sorted((key >> (4 * d)) & 15 for d in range(4)))
        table[key] = index.get(patterns, 0)  # nibbles past OVERLINE never occur on a board
    return tuple(table)


def cell_combo(board, colour: int, cell: int) -> int:
    """`colour`'s combination at the empty `cell` of an EngineBoard."""
    if colour == pt.BLACK_CODE and board.rule.value == "renju" and board.packed[1][cell] & 15 == pt.C_FORBIDDEN:
        return FORBIDDEN_COMBO
    shift = 0 if colour == pt.BLACK_CODE else 16
    return combo_index_table()[(board.comb[cell] >> shift) & 0xFFFF]


def best_class(board, colour: int) -> int:
    """The highest class among `colour`'s empty cells (C_NONE when none)."""
    for cls in range(pt.C_FIVE, pt.C_NONE, -1):
        if board.by_class[colour][cls]:
            return cls
    return pt.C_NONE


def threat_state(board, side: int) -> int:
    """The index of (side's best class, the opponent's best class)."""
    return best_class(board, side) * CLASS_COUNT + best_class(board, 3 - side)


class ComboTables:
    """One rule's tables (lists of ints), read from combo_tables.py or given directly."""

    def __init__(self, eval_mine, eval_theirs, threat, order_own, order_his) -> None:
        self.eval_mine, self.eval_theirs, self.threat = list(eval_mine), list(eval_theirs), list(threat)
        self.order_own, self.order_his = list(order_own), list(order_his)
        sizes = [len(self.eval_mine), len(self.eval_theirs), len(self.order_own), len(self.order_his)]
        if sizes != [COMBO_COUNT] * 4 or len(self.threat) != THREAT_COUNT:
            raise ValueError(f"combination tables of sizes {sizes} and {len(self.threat)}, "
                             f"expected {COMBO_COUNT} and {THREAT_COUNT}")

    def evaluate(self, board, side: int) -> int:
        """The score of an EngineBoard for `side` to move (see the module's docstring)."""
        other = 3 - side
        score = self.threat[threat_state(board, side)]
        cells, comb = board.cells, board.comb
        for cell in board.board_cells:
            if cells[cell] or not comb[cell]:
                continue
            score += self.eval_mine[cell_combo(board, side, cell)] + self.eval_theirs[cell_combo(board, other, cell)]
        return score

    def order_score(self, board, side: int, cell: int) -> int:
        """A candidate's move-order score for `side` at the empty `cell`."""
        return self.order_own[cell_combo(board, side, cell)] + self.order_his[cell_combo(board, 3 - side, cell)]


@lru_cache(maxsize=None)
def tables_for(rule: str) -> ComboTables:
    """The committed tables of `rule` ("freestyle", "standard" or "renju")."""
    from .combo_tables import TABLES

    return ComboTables(**TABLES[rule])
