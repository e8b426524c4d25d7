"""NativeBoard: the engine's board with its arrays in C (native/game/board.c).

It sets itself up with the same layout as the pure-Python PythonBoard (the tests hold the two
equal after every move), and from then on every attribute reads the C arrays in place
(read-only memoryviews, and `_ClassSets` for by_class), so a make updates nothing on the
Python side. The searches that run on it in C are next door (threats.py, alphabeta.py).
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from game.rules import Rule

from ...eval import patterns as pt
from ...eval.eval_weights import EvalWeights
from ..pure.state import BLACK, WHITE, ZOBRIST, PythonBoard, _joint_tables
from . import KERNEL


@lru_cache(maxsize=None)
def _kernel_tables(rule: Rule, weights: EvalWeights) -> tuple[array, ...]:
    """The kernel's pattern tables, as arrays it reads in place: four joint, black's and white's cells."""
    joint = tuple(array("I", table) for table in _joint_tables(rule))
    # int32 cell tables (values stay far below 2**27): half the cache the hot loop reads.
    return joint + (array("i", pt.cell_table(rule is Rule.RENJU, weights)), array("i", pt.cell_table(False, weights)))


@lru_cache(maxsize=None)
def _kernel_zobrist(length: int) -> tuple[None, array, array]:
    """ZOBRIST for a board of `length` cells, as arrays the kernel reads in place."""
    return None, array("Q", ZOBRIST[BLACK][:length]), array("Q", ZOBRIST[WHITE][:length])


class NativeBoard(PythonBoard):
    """A PythonBoard whose state and make/unmake live in the compiled kernel (`kernel`)."""

    def _fill(self) -> None:
        """Put the board in C: from now on its attributes are views of the C arrays."""
        kernel = KERNEL.Kernel(
            _kernel_tables(self.rule, self.weights), _kernel_zobrist(self.length), self.size, self.rule is Rule.RENJU)
        self.cells, self.packed, self.near, self.total, self.keys, self.comb, self._kernel_hash = kernel.views()
        self.by_class = [None, _ClassSets(kernel, BLACK), _ClassSets(kernel, WHITE)]
        self.kernel = kernel
        self.net = None

    def follow_net(self, net) -> None:
        """Keep the learned network's state (a kernel Net) on this board from now on: its
        makes and unmakes update it (a search's policy ordering reads it)."""
        if self.net is not net:
            self.kernel.attach_net(net)
            self.net = net

    def make(self, i: int, colour: int) -> None:
        self.kernel.make(i, colour)
        self.hash = self._kernel_hash[0]  # the kernel keeps the same Zobrist hash

    def unmake(self) -> int:
        cell = self.kernel.unmake()
        self.hash = self._kernel_hash[0]
        return cell


class _ClassSets:
    """`by_class[colour]` of a NativeBoard: class -> the set of its empty cells, asked of the C
    board (which counts the cells of each class but keeps no sets: a set update per changed
    cell would double the cost of its make)."""

    __slots__ = ("_cells_of", "_colour")

    def __init__(self, kernel, colour: int) -> None:
        self._cells_of = kernel.cells_of
        self._colour = colour

    def __getitem__(self, cls: int) -> frozenset[int]:
        return self._cells_of(self._colour, cls)  # IndexError past the last class ends iteration

    def __len__(self) -> int:
        return pt.C_FIVE + 1

    def __eq__(self, other: object) -> bool:
        try:
            return list(self) == list(other)
        except TypeError:
            return NotImplemented
