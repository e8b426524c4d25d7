"""How the engine computes: two backends behind one interface, and the one place that picks.

- `pure/`: the pure-Python reference, PythonBoard and its searches (ThreatSearch,
  ThreatSpaceSearch, AlphaBeta). It never asks about the kernel.
- `native/`: the compiled kernel, loaded once, and NativeBoard with the same searches in C
  (subclasses of the pure ones: the same methods, node for node the same answers, which the
  tests that compare the two hold).

As python-chess's gaviota.py keeps PythonTablebase and NativeTablebase apart and lets
open_tablebase pick, `current()` picks the backend (native when the kernel is built and current
and GOMOKU_PURE_PYTHON is not set; read on each call, so a test or benchmark can switch), and
the names below build on it. Nothing above this package asks which backend runs: a board is
made with `EngineBoard` and a search with `ThreatSearch`, `ThreatSpaceSearch` or `AlphaBeta`,
which make the one that matches the board. What differs in cost is a property of the backend
(`Backend.fast_threats`, `Backend.depth_shaped`), never a question of "compiled or not".
"""

from __future__ import annotations

from abc import ABC
from dataclasses import dataclass

from game.rules import Board, Rule

from ..eval.eval_weights import EvalWeights
from .native import KERNEL, kernel_available
from .pure import alphabeta as _pure_alphabeta
from .pure import threats as _pure_threats
from .pure import tss as _pure_tss
from .pure.state import BLACK, WHITE, PythonBoard, any_cell, warm_up

__all__ = [
    "Backend", "PURE", "NATIVE", "current", "backend_of", "kernel_available", "warm_up",
    "EngineBoard", "ThreatSearch", "ThreatSpaceSearch", "AlphaBeta", "BLACK", "WHITE", "any_cell",
]


@dataclass(frozen=True)
class Backend:
    """One way of computing: its board and searches, and what it can afford."""

    name: str
    board: type
    threats: type
    tss: type
    alphabeta: type
    #: The exact VCT is cheap enough to ask more of: the root defence's deeper verdicts and
    #: proof-tree walk, its larger node budget, and the search proof's larger budget.
    fast_threats: bool
    #: The depth-shaped search (search="pvs") exists; without it such levels run the classic search.
    depth_shaped: bool


PURE = Backend("pure", PythonBoard, _pure_threats.ThreatSearch, _pure_tss.ThreatSpaceSearch, _pure_alphabeta.AlphaBeta,
               fast_threats=False, depth_shaped=False)


def _native_backend() -> Backend | None:
    if KERNEL is None:
        return None
    from .native.alphabeta import NativeAlphaBeta
    from .native.board import NativeBoard
    from .native.threats import NativeThreatSearch, NativeThreatSpaceSearch

    return Backend("native", NativeBoard, NativeThreatSearch, NativeThreatSpaceSearch, NativeAlphaBeta,
                   fast_threats=True, depth_shaped=True)


#: The compiled backend, or None when the kernel is not built (or is stale).
NATIVE = _native_backend()
_BY_BOARD = {backend.board: backend for backend in (PURE, NATIVE) if backend is not None}


def current() -> Backend:
    """The backend the engine uses now: the one place that asks whether the kernel runs."""
    return NATIVE if kernel_available() else PURE


def backend_of(board) -> Backend:
    """The backend a board was made on."""
    for klass in type(board).__mro__:
        if klass in _BY_BOARD:
            return _BY_BOARD[klass]
    raise TypeError(f"not an engine board: {type(board).__name__}")


def _board_type(compiled: bool | None) -> type:
    """The board class for `compiled` (None: the current backend's; True/False: a test's
    explicit choice, True failing clearly without a kernel)."""
    if compiled is None:
        return current().board
    if compiled and NATIVE is None:
        raise RuntimeError("the compiled engine kernel (game.engine._kernel) is not built")
    return (NATIVE if compiled else PURE).board


class EngineBoard(ABC):
    """The engine's board, made on the current backend (PythonBoard or NativeBoard, which
    read and behave the same). `compiled` forces one (tests compare the two)."""

    def __new__(cls, size: int, rule: Rule, compiled: bool | None = None, weights: EvalWeights | None = None):
        return _board_type(compiled)(size, rule, weights)

    @staticmethod
    def from_stones(size: int, rule: Rule, stones, compiled: bool | None = None, weights: EvalWeights | None = None):
        """Set up from (x, y, colour) triples in play order."""
        return _board_type(compiled).from_stones(size, rule, stones, weights)

    @staticmethod
    def from_board(board: Board, weights: EvalWeights | None = None):
        """Set up from a rules Board's history."""
        return current().board.from_board(board, weights)


class ThreatSearch(ABC):
    """VCF and VCT on a board (backend/pure/threats.py), in C on a NativeBoard."""

    def __new__(cls, board, clock):
        return backend_of(board).threats(board, clock)


class ThreatSpaceSearch(ABC):
    """Threat-space search on a board (backend/pure/tss.py), in C on a NativeBoard."""

    def __new__(cls, board, clock, sound: bool = True):
        return backend_of(board).tss(board, clock, sound)


class AlphaBeta(ABC):
    """The tree search on a board (backend/pure/alphabeta.py), its tree in C on a NativeBoard.

    `native=False` runs the Python tree on a NativeBoard (tests compare the two); `reference`
    (NativeBoard only) runs the C tree exactly as the Python one."""

    def __new__(cls, board, config, clock, threats, seed: int, native: bool | None = None,
                reference: bool | None = None, prove: bool = False):
        backend = backend_of(board)
        if native and backend is PURE:
            raise ValueError("the compiled search needs a compiled board")
        if native is False or backend is PURE:
            return PURE.alphabeta(board, config, clock, threats, seed, prove)
        return backend.alphabeta(board, config, clock, threats, seed, reference=reference, prove=prove)


for _backend in (PURE, NATIVE):
    if _backend is not None:
        EngineBoard.register(_backend.board)
        ThreatSearch.register(_backend.threats)
        ThreatSpaceSearch.register(_backend.tss)
        AlphaBeta.register(_backend.alphabeta)
