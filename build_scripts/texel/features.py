"""A position as the counts the static evaluation is linear in.

Each side's total (EngineBoard.total) is a sum over the empty cells of the values of their
four directional patterns, their class's bonus and, for a cell of no class that builds two
threes, the building bonus. So it is a dot product: counts of (pattern, class, building)
over the empty cells times the table's values. `side_counts` gives those counts; a
position is the side to move's counts and the opponent's (`PositionCounts`), and the
score is `mover_scale * mine . w - theirs . w + double_three [+ tempo]` (see fit.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.engine.eval import patterns as pt
from game.engine.eval.eval_weights import CLASS_NAMES, PATTERN_NAMES, EvalWeights
from game.engine import EngineBoard

#: One count per pattern, then per class, then the building-pair count.
CELL_FEATURES = (
    tuple(f"pattern:{name}" for name in PATTERN_NAMES)
    + tuple(f"class:{name}" for name in CLASS_NAMES)
    + ("building_pair",)
)
CLASS_BASE = len(PATTERN_NAMES)
BUILDING = len(CELL_FEATURES) - 1


def class_index(cls: int) -> int:
    """Where the count of cells of class `cls` sits in a side's counts."""
    return CLASS_BASE + cls


@lru_cache(maxsize=None)
def cell_counts(patterns16: int, renju_black: bool) -> tuple[int, ...]:
    """The counts one empty cell adds, from its four patterns packed 4 bits apiece."""
    patterns = tuple(sorted((patterns16 >> (4 * d)) & 15 for d in range(4)))
    cls = pt.cell_class(patterns, renju_black)
    counts = [0] * len(CELL_FEATURES)
    if cls == pt.C_FORBIDDEN:
        return tuple(counts)  # worth nothing to black, whatever the table
    for pattern in patterns:
        counts[pattern] += 1
    counts[class_index(cls)] += 1
    counts[BUILDING] += pt.builds_two_threes(patterns, cls)
    return tuple(counts)


def side_counts(board: EngineBoard, colour: int) -> list[int]:
    """`colour`'s counts over the empty cells of `board` (compiled or not)."""
    combined = board.comb  # a compiled board's is a view of the C array
    renju_black = board.rule.value == "renju" and colour == 1
    shift = 0 if colour == 1 else 16
    by_key: dict[int, int] = {}
    cells = board.cells
    for i in board.board_cells:
        if not cells[i]:
            key = (combined[i] >> shift) & 0xFFFF
            by_key[key] = by_key.get(key, 0) + 1
    totals = [0] * len(CELL_FEATURES)
    for key, times in by_key.items():
        for index, count in enumerate(cell_counts(key, renju_black)):
            if count:
                totals[index] += count * times
    return totals


def cell_weights(weights: EvalWeights) -> list[int]:
    """The table's value for each of CELL_FEATURES (so counts . this == the side's total)."""
    return [*weights.pattern, *weights.class_bonus, weights.building_pair]


@dataclass(frozen=True)
class PositionCounts:
    """A position from the side to move's view, with its labels: the game's result (1 won,
    0.5 drawn, 0 lost) and the self-play search's score of the position."""

    mine: tuple[int, ...]
    theirs: tuple[int, ...]
    label: float
    game: int  # which game it came from (train and validation split by game)
    search_score: int = 0

    def double_three(self) -> bool:
        """A double three to play with no four against it: the evaluation's bonus applies."""
        theirs_four = sum(self.theirs[class_index(c)] for c in (pt.C_BLOCK4, pt.C_BLOCK4_PLUS, pt.C_BLOCK4_FLEX3))
        return bool(self.mine[class_index(pt.C_FLEX3_2X)]) and not theirs_four


def is_quiet(mine: list[int], theirs: list[int]) -> bool:
    """No five to make or block and no open three to win with or answer: the static score
    is what the search would use here (Texel tuning samples only such positions)."""
    urgent = (class_index(pt.C_FIVE), class_index(pt.C_FLEX4))
    return not any(mine[k] or theirs[k] for k in urgent)
