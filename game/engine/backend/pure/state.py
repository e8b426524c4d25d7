"""The engine's own board: flat arrays updated incrementally on make/unmake.

Cells live in a padded one-dimensional array (four wall columns and rows around the
board), so every neighbour up to four steps away along a line is a valid index and no
bounds check is needed. For each cell and direction the board keeps a 16-bit line key
(see `patterns`); a move adds its colour code to the keys of the 32 cells it can see,
looks up their new patterns, and adjusts the running evaluation totals and the sets of
threat cells. Nothing is allocated per move except entries in small sets, and no move
rescans the board: this is the hot path of the search.

Measured cost (CPython 3.11, the shared 2-core dev machine; benchmarks/kernel_speed.py):
in Python a make+unmake pair costs about 16 microseconds (32 key updates, about 20 changed
cells) and was over 80% of search time under cProfile, with the VCF run at the leaves
making most of the calls. So it is compiled: `backend/native/board.py`'s NativeBoard keeps the
board in C arrays and runs the alpha-beta tree, the VCF, the VCT and the move ordering entirely
in C (after that, under 3% of Master's time at 1 s a move is Python). The board here is pure
Python and knows nothing of the kernel: it is the reference the tests hold the kernel to, and
the backend when the extension was not built (no C compiler) or GOMOKU_PURE_PYTHON is set
(`backend/__init__.py` picks).
"""

from __future__ import annotations

import random
from functools import lru_cache

from game.rules import Board, Rule

from ...eval import patterns as pt
from ...eval.eval_weights import EvalWeights, active_weights, weights_for
from ...levels.config import LEVEL_CONFIGS

PAD = 4
BLACK, WHITE, WALL = 1, 2, 3

# Zobrist keys come from a fixed seed: hashes (and so the search) are reproducible.
_ZOBRIST_SEED = 0x60_40_C0
_MAX_CELLS = (25 + 2 * PAD) * (25 + PAD) + 2 * PAD


def _zobrist_tables() -> tuple[list[int], list[int], list[int]]:
    rng = random.Random(_ZOBRIST_SEED)
    black = [rng.getrandbits(64) for _ in range(_MAX_CELLS)]
    white = [rng.getrandbits(64) for _ in range(_MAX_CELLS)]
    return [0] * _MAX_CELLS, black, white


ZOBRIST = _zobrist_tables()


@lru_cache(maxsize=None)
def _joint_tables(rule: Rule) -> tuple[tuple[int, ...], ...]:
    """Per direction d: line key -> black pattern << 4d | white pattern << (16 + 4d)."""
    black = pt.line_table(BLACK, rule is not Rule.FREESTYLE)
    white = pt.line_table(WHITE, rule is Rule.STANDARD)
    tables = []
    for d in range(4):
        table = [0] * 65536
        for key in pt.valid_keys():
            table[key] = (black[key] << (4 * d)) | (white[key] << (16 + 4 * d))
        tables.append(tuple(table))
    return tuple(tables)


def any_cell(cells: set[int]) -> int:
    """One cell of a non-empty set (callers know its size; the choice does not matter)."""
    for cell in cells:
        return cell
    raise ValueError("no cell in an empty set")


@lru_cache(maxsize=None)
def _zones(size: int) -> dict[int, frozenset[int]]:
    """For each board cell (padded index), the board cells within four king steps: a VCF zone."""
    width = size + PAD

    def index(x: int, y: int) -> int:
        return (y + PAD) * width + x

    return {
        index(x, y): frozenset(
            index(cx, cy)
            for cy in range(max(0, y - 4), min(size, y + 5))
            for cx in range(max(0, x - 4), min(size, x + 5))
        )
        for y in range(size)
        for x in range(size)
    }


def warm_up(rule: Rule) -> None:
    """Build the lookup tables for `rule` now (a few tenths of a second), not in the first search."""
    _joint_tables(rule)
    _zones(15)
    for config in LEVEL_CONFIGS.values():
        weights = weights_for(config.weights)
        pt.cell_table(rule is Rule.RENJU, weights)
        pt.cell_table(False, weights)


class PythonBoard:
    """A position in the engine's representation, with incremental patterns and evaluation.

    Colours are the ints 1 (black) and 2 (white); per-colour arrays are indexed by them.
    `packed[c][i]` is ``value << 4 | class`` of empty cell i for colour c; `total[c]` is the
    sum of the values over all empty cells; `by_class[c][k]` is the set of empty cells of
    class k (for k >= C_FLEX3), which is how threats are found without scanning.

    NativeBoard (backend/native/board.py) is this board with its arrays in C; it reads and
    behaves the same.
    """

    def __init__(self, size: int, rule: Rule, weights: EvalWeights | None = None) -> None:
        self.size = size
        self.rule = rule
        self.weights = weights = weights if weights is not None else active_weights()
        self.width = width = size + PAD
        self.length = (size + 2 * PAD) * width + 2 * PAD
        self.steps = (1, width, width + 1, width - 1)
        exact_black = rule is not Rule.FREESTYLE
        exact_white = rule is Rule.STANDARD
        self.line_tables = (None, pt.line_table(BLACK, exact_black), pt.line_table(WHITE, exact_white))
        renju = rule is Rule.RENJU
        self.cell_tables = (None, pt.cell_table(renju, weights), pt.cell_table(False, weights))
        self.cells = [WALL] * self.length
        self.board_cells = [self.index(x, y) for y in range(size) for x in range(size)]
        for i in self.board_cells:
            self.cells[i] = 0
        self.keys = [[0] * self.length for _ in range(4)]
        self.joint_tables = _joint_tables(rule)
        self.joint_masks = tuple(~((15 << (4 * d)) | (15 << (16 + 4 * d))) for d in range(4))
        self.comb = [0] * self.length  # black's four patterns in bits 0-15, white's in 16-31
        self.packed = [None, [0] * self.length, [0] * self.length]
        self.total = [0, 0, 0]
        self.by_class = [None, [set() for _ in range(10)], [set() for _ in range(10)]]
        self.near = [0] * self.length
        self.hash = 0
        self.stack: list[tuple] = []
        # Per direction, the eight cells a stone can see as (offset, shift): the offset from
        # the stone to the cell and the bit position of the stone in that cell's key (the
        # stone sits at -offset from the cell, which is the mirrored slot).
        self.neighbours = tuple(
            tuple((k * step, 2 * (7 - slot)) for slot, k in enumerate(pt.SLOT_OFFSETS)) for step in self.steps
        )
        self.zones = _zones(size)
        self.near_offsets = tuple(
            dy * width + dx for dy in range(-2, 3) for dx in range(-2, 3) if (dx, dy) != (0, 0)
        )
        # Per direction: its keys, its joint table, the mask clearing its bits, its neighbours.
        # with, per colour, the key delta its stone makes in each neighbour's key.
        self.plans = [
            tuple(
                (self.keys[d], self.joint_tables[d], self.joint_masks[d],
                 tuple((offset, colour << shift) for offset, shift in self.neighbours[d]))
                for d in range(4)
            )
            for colour in (0, BLACK, WHITE)
        ]
        self._fill()

    def _fill(self) -> None:
        """Compute every empty cell's keys and patterns for the empty board."""
        for i in self.board_cells:
            self._recompute_keys(i)
        for i in self.board_cells:
            self._refresh_cell(i)

    # ----------------------------------------------------------------- coordinates
    def index(self, x: int, y: int) -> int:
        return (y + PAD) * self.width + x

    def point(self, index: int) -> tuple[int, int]:
        row, column = divmod(index, self.width)
        return column, row - PAD

    @classmethod
    def from_stones(cls, size: int, rule: Rule, stones, weights: EvalWeights | None = None) -> "PythonBoard":
        """Set up from (x, y, colour) triples in play order (`weights` as in the constructor)."""
        board = cls(size, rule, weights)
        for x, y, colour in stones:
            board.make(board.index(x, y), int(colour))
        return board

    @classmethod
    def from_board(cls, board: Board, weights: EvalWeights | None = None) -> "PythonBoard":
        stones = ((m.point[0], m.point[1], m.stone) for m in board.history)
        return cls.from_stones(board.size, board.rule, stones, weights)

    # ----------------------------------------------------------------- setup helpers
    def _recompute_keys(self, i: int) -> None:
        cells = self.cells
        for d, step in enumerate(self.steps):
            key = 0
            for slot, k in enumerate(pt.SLOT_OFFSETS):
                key |= cells[i + k * step] << (2 * slot)
            self.keys[d][i] = key

    def _refresh_cell(self, i: int) -> None:
        """Recompute an empty cell's patterns from its keys and count it in the totals."""
        comb = 0
        for d in range(4):
            comb |= self.joint_tables[d][self.keys[d][i]]
        self.comb[i] = comb
        for colour in (BLACK, WHITE):
            packed = self.cell_tables[colour][comb & 0xFFFF if colour == BLACK else comb >> 16]
            self.packed[colour][i] = packed
            self.total[colour] += packed >> 4
            cls = packed & 15
            if cls >= pt.C_FLEX3:
                self.by_class[colour][cls].add(i)

    # ----------------------------------------------------------------- make / unmake
    def make(self, i: int, colour: int) -> None:
        """Place `colour` on the empty cell i and update everything it touches.

        What changes is logged (cell, old patterns, old values) so that `unmake` restores
        it by assignment instead of recomputing it.
        """
        cells = self.cells
        cells[i] = colour
        self.hash ^= ZOBRIST[colour][i]
        total = self.total
        black_packed, white_packed = self.packed[1], self.packed[2]
        black_sets, white_sets = self.by_class[1], self.by_class[2]
        changes: list[int] = []  # flat: cell, old comb, old black packed, old white packed, ...
        self.stack.append((i, colour, total[1], total[2], changes))
        # The cell stops being a candidate: take its values out of the totals.
        before = black_packed[i]
        total[1] -= before >> 4
        if before & 15 >= 2:
            black_sets[before & 15].discard(i)
        before = white_packed[i]
        total[2] -= before >> 4
        if before & 15 >= 2:
            white_sets[before & 15].discard(i)
        black_cells, white_cells = self.cell_tables[1], self.cell_tables[2]
        comb = self.comb
        for keys, joint, mask, neighbours in self.plans[colour]:
            for offset, delta in neighbours:
                m = i + offset
                key = keys[m] + delta
                keys[m] = key
                if cells[m]:
                    continue
                old = comb[m]
                new = (old & mask) | joint[key]
                if new == old:
                    continue
                comb[m] = new
                old_black, old_white = black_packed[m], white_packed[m]
                changes += (m, old, old_black, old_white)
                after = black_cells[new & 0xFFFF]
                if after != old_black:
                    black_packed[m] = after
                    total[1] += (after >> 4) - (old_black >> 4)
                    old_cls, new_cls = old_black & 15, after & 15
                    if old_cls != new_cls:
                        if old_cls >= 2:
                            black_sets[old_cls].discard(m)
                        if new_cls >= 2:
                            black_sets[new_cls].add(m)
                after = white_cells[new >> 16]
                if after != old_white:
                    white_packed[m] = after
                    total[2] += (after >> 4) - (old_white >> 4)
                    old_cls, new_cls = old_white & 15, after & 15
                    if old_cls != new_cls:
                        if old_cls >= 2:
                            white_sets[old_cls].discard(m)
                        if new_cls >= 2:
                            white_sets[new_cls].add(m)
        near = self.near
        for offset in self.near_offsets:
            near[i + offset] += 1

    def unmake(self) -> int:
        """Take back the last stone; returns its cell."""
        i, colour, total_black, total_white, changes = self.stack.pop()
        self.cells[i] = 0
        self.hash ^= ZOBRIST[colour][i]
        for keys, _, _, neighbours in self.plans[colour]:
            for offset, delta in neighbours:
                keys[i + offset] -= delta
        comb = self.comb
        black_packed, white_packed = self.packed[1], self.packed[2]
        black_sets, white_sets = self.by_class[1], self.by_class[2]
        for k in range(len(changes) - 4, -1, -4):
            m = changes[k]
            comb[m] = changes[k + 1]
            old, now = changes[k + 2], black_packed[m]
            if old != now:
                black_packed[m] = old
                if old & 15 != now & 15:
                    if now & 15 >= 2:
                        black_sets[now & 15].discard(m)
                    if old & 15 >= 2:
                        black_sets[old & 15].add(m)
            old, now = changes[k + 3], white_packed[m]
            if old != now:
                white_packed[m] = old
                if old & 15 != now & 15:
                    if now & 15 >= 2:
                        white_sets[now & 15].discard(m)
                    if old & 15 >= 2:
                        white_sets[old & 15].add(m)
        # The cell is empty again with the patterns it had: put it back in the sets.
        cls = black_packed[i] & 15
        if cls >= 2:
            black_sets[cls].add(i)
        cls = white_packed[i] & 15
        if cls >= 2:
            white_sets[cls].add(i)
        self.total[1], self.total[2] = total_black, total_white
        near = self.near
        for offset in self.near_offsets:
            near[i + offset] -= 1
        return i

    # ----------------------------------------------------------------- queries
    def cells_of(self, colour: int, *classes: int) -> list[int]:
        """Empty cells where `colour` would make one of `classes`, in a fixed order."""
        found: list[int] = []
        sets = self.by_class[colour]
        for cls in classes:
            found.extend(sets[cls])
        found.sort()
        return found

    def forbidden_points(self) -> set[int]:
        """Empty cells forbidden to black (renju), found by a scan: `by_class` keeps only the
        threat classes."""
        cells, black = self.cells, self.packed[BLACK]
        return {i for i in self.board_cells if not cells[i] and black[i] & 15 == pt.C_FORBIDDEN}

    def has_class(self, colour: int, cls: int) -> bool:
        return bool(self.by_class[colour][cls])

    def cell_class(self, colour: int, i: int) -> int:
        return self.packed[colour][i] & 15

    def line_key(self, d: int, i: int) -> int:
        """Cell i's line key in direction d (its eight neighbours, see `patterns`)."""
        return self.keys[d][i]

    def pattern(self, colour: int, i: int, d: int) -> int:
        """The line pattern `colour` makes at empty cell i in direction d."""
        return self.line_tables[colour][self.line_key(d, i)]

    def stone_count(self) -> int:
        cells = self.cells
        return sum(1 for i in self.board_cells if cells[i])

    def snapshot(self) -> tuple:
        """Everything make/unmake must restore exactly (for tests)."""
        return (
            tuple(self.cells), self.hash, tuple(self.total),
            tuple(tuple(k) for k in self.keys),
            tuple(self.packed[1]), tuple(self.packed[2]),
            tuple(self.comb[i] for i in self.board_cells if not self.cells[i]),
            tuple(tuple(sorted(s)) for s in self.by_class[1]),
            tuple(tuple(sorted(s)) for s in self.by_class[2]),
            tuple(self.near),
        )
