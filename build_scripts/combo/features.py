"""Labelled positions as the numbers the fits need: combination counts, threat states,
candidates, and today's evaluation and move-order scores for comparison.

A position is replayed on an EngineBoard of its rule. It is *quiet* when neither side has
a five or an open four to play: there the static evaluation is what a search would use
(the others are decided by the threat searches), so both fits and both comparisons use
the quiet positions only.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.eval import combo_eval as ce
from game.engine.eval import patterns as pt
from game.engine import EngineBoard
from game.rules import Rule

from .games import Labelled


#: The classes the evaluation's "has a four" looks at (board.h has_four).
_HAS_FOUR = (pt.C_BLOCK4, pt.C_BLOCK4_PLUS, pt.C_BLOCK4_FLEX3)


@dataclass(frozen=True)
class Example:
    """One quiet position, from the side to move's view."""

    mine: dict[int, int]      # combination -> how many empty cells have it, for the side to move
    theirs: dict[int, int]    # the same for the opponent
    threat: int               # combo_eval.threat_state
    score: int                # the teacher's score
    mate: bool
    result: float             # the game's result for the side to move (1, 0.5, 0)
    game: int
    today: int                # today's static evaluation (alphabeta.AlphaBeta.evaluate without noise)
    candidates: tuple[tuple[int, int, int, int], ...]  # (cell, own combination, his combination, today's order score)
    best: int                 # the teacher's move's cell, or -1 when it is not a candidate


def today_evaluation(board: EngineBoard, side: int) -> int:
    """The static evaluation the search uses today (the table in use, no noise, no tempo)."""
    weights = board.weights
    numerator, denominator = weights.mover_scale
    other = 3 - side
    score = board.total[side] * numerator // denominator - board.total[other]
    if board.by_class[side][pt.C_FLEX3_2X] and not any(board.by_class[other][k] for k in _HAS_FOUR):
        score += weights.double_three
    return score


def is_quiet(board: EngineBoard) -> bool:
    return not any(board.by_class[c][k] for c in (1, 2) for k in (pt.C_FIVE, pt.C_FLEX4))


def side_combos(board: EngineBoard, colour: int) -> dict[int, int]:
    """Counts of `colour`'s combinations over the empty cells (the all-none one left out)."""
    counts: dict[int, int] = {}
    for cell in board.board_cells:
        if not board.cells[cell] and board.comb[cell]:
            combo = ce.cell_combo(board, colour, cell)
            if combo:
                counts[combo] = counts.get(combo, 0) + 1
    return counts


def candidates(board: EngineBoard, side: int) -> tuple[tuple[int, int, int, int], ...]:
    """The cells a search node orders (near a stone, empty, not forbidden to the mover)."""
    other = 3 - side
    found = []
    for cell in board.board_cells:
        if board.cells[cell] or not board.near[cell]:
            continue
        own = ce.cell_combo(board, side, cell)
        if own == ce.FORBIDDEN_COMBO:
            continue
        today = (board.packed[side][cell] >> 4) * 2 + (board.packed[other][cell] >> 4)
        found.append((cell, own, ce.cell_combo(board, other, cell), today))
    return tuple(found)


def examples(rows: list[Labelled]) -> list[Example]:
    """The quiet positions among `rows`, as Examples (rows of one rule, any order)."""
    found = []
    for row in rows:
        board = EngineBoard(15, Rule(row.rule))
        for ply, (x, y) in enumerate(row.moves):
            board.make(board.index(x, y), 1 + ply % 2)
        if not is_quiet(board):
            continue
        side = 1 + len(row.moves) % 2
        result = 0.5 if row.winner == 0 else (1.0 if row.winner == side else 0.0)
        options = candidates(board, side)
        best_cell = board.index(*row.best)
        best = best_cell if any(c[0] == best_cell for c in options) else -1
        found.append(Example(
            side_combos(board, side), side_combos(board, 3 - side), ce.threat_state(board, side),
            row.score, row.mate, result, row.game, today_evaluation(board, side), options, best,
        ))
    return found
