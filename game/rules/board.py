"""The board: stones on a square grid, the move stack, and the win check.

The board is the single source of truth for the rules. The game model, the records, the
Gomocup brain and the engine's root all ask it; the engine keeps its own flat arrays for
speed but checks legality and forbidden points here.
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

from . import forbidden
from .outcome import Outcome, Reason
from .stone import DIRECTIONS, Point, Stone
from .variant import Rule

MIN_SIZE = 5
MAX_SIZE = 25
DEFAULT_SIZE = 15


class IllegalMoveError(ValueError):
    """A move that the board cannot take: off the board, on a stone, or after the game ended."""


class Move(NamedTuple):
    """One placed stone. `forbidden` records that black played a renju-forbidden point."""

    point: Point
    stone: Stone
    forbidden: bool = False


class Board:
    """A square Gomoku board with a move stack.

    Cells are a flat list indexed by ``y * size + x``. `push` places the side to move (or a
    given stone, for setting up positions); `pop` takes the last stone back. `outcome()`
    judges the last move only, so it never rescans the whole board.
    """

    def __init__(self, size: int = DEFAULT_SIZE, rule: Rule = Rule.FREESTYLE) -> None:
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {size!r}")
        self.size = size
        self.rule = rule
        self.cells: list[int] = [Stone.EMPTY] * (size * size)
        self._history: list[Move] = []

    # ----------------------------------------------------------------- reading
    def copy(self) -> "Board":
        clone = Board(self.size, self.rule)
        clone.cells = self.cells.copy()
        clone._history = self._history.copy()
        return clone

    def in_bounds(self, point: Point) -> bool:
        x, y = point
        return 0 <= x < self.size and 0 <= y < self.size

    def __getitem__(self, point: Point) -> Stone:
        if not self.in_bounds(point):
            raise IndexError(f"point {point!r} is off a {self.size}x{self.size} board")
        x, y = point
        return Stone(self.cells[y * self.size + x])

    def is_empty(self, point: Point) -> bool:
        return self.in_bounds(point) and self.cells[point[1] * self.size + point[0]] == Stone.EMPTY

    def empty_points(self) -> Iterator[Point]:
        size = self.size
        for index, cell in enumerate(self.cells):
            if cell == Stone.EMPTY:
                yield (index % size, index // size)

    def stones(self) -> Iterator[tuple[Point, Stone]]:
        size = self.size
        for index, cell in enumerate(self.cells):
            if cell != Stone.EMPTY:
                yield (index % size, index // size), Stone(cell)

    @property
    def history(self) -> tuple[Move, ...]:
        return tuple(self._history)

    @property
    def moves(self) -> list[Point]:
        """The points played so far, in order."""
        return [move.point for move in self._history]

    @property
    def last_move(self) -> Move | None:
        return self._history[-1] if self._history else None

    @property
    def move_count(self) -> int:
        return len(self._history)

    @property
    def to_move(self) -> Stone:
        """Black opens; afterwards the opponent of whoever placed the last stone."""
        return self._history[-1].stone.opponent if self._history else Stone.BLACK

    @property
    def is_full(self) -> bool:
        return len(self._history) == self.size * self.size

    # ----------------------------------------------------------------- changing
    def push(self, point: Point, stone: Stone | None = None) -> Move:
        """Place `stone` (default: the side to move) at `point` and return the move.

        Raises IllegalMoveError when the point is off the board or occupied. A renju-forbidden
        point is accepted and marked; whether it loses or is refused is the game's decision.
        """
        if stone is None:
            stone = self.to_move
        if stone is Stone.EMPTY:
            raise IllegalMoveError("cannot place an empty stone")
        if not self.in_bounds(point):
            raise IllegalMoveError(f"point {point!r} is off a {self.size}x{self.size} board")
        index = point[1] * self.size + point[0]
        if self.cells[index] != Stone.EMPTY:
            raise IllegalMoveError(f"point {point!r} is already taken")
        is_forbidden = self.rule.has_forbidden(stone) and forbidden.is_forbidden(self.cells, self.size, point)
        self.cells[index] = stone
        move = Move(point, stone, is_forbidden)
        self._history.append(move)
        return move

    def pop(self) -> Move:
        """Take back the last stone and return its move. Raises IndexError on an empty stack."""
        if not self._history:
            raise IndexError("no move to take back")
        move = self._history.pop()
        x, y = move.point
        self.cells[y * self.size + x] = Stone.EMPTY
        return move

    def clear(self) -> None:
        self.cells = [Stone.EMPTY] * (self.size * self.size)
        self._history.clear()

    # ----------------------------------------------------------------- rules
    def run_through(self, point: Point, stone: Stone, direction: Point) -> list[Point]:
        """The contiguous run of `stone` through `point` along `direction`, counting `point` as `stone`."""
        size, cells = self.size, self.cells
        dx, dy = direction
        x, y = point
        run = [point]
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while 0 <= cx < size and 0 <= cy < size and cells[cy * size + cx] == stone:
                run.append((cx, cy))
                cx, cy = cx + sign * dx, cy + sign * dy
        run.sort()
        return run

    def five_line(self, point: Point, stone: Stone | None = None) -> tuple[Point, ...] | None:
        """The winning run that `stone` at `point` makes under this rule, or None.

        Works whether or not the stone is already on `point`: only its four lines are read.
        An exact five wins under every rule; an overline wins only where the rule allows it.
        """
        if stone is None:
            stone = self.to_move
        overline_wins = self.rule.overline_wins(stone)
        overline: list[Point] | None = None
        for direction in DIRECTIONS:
            run = self.run_through(point, stone, direction)
            if len(run) == 5:
                return tuple(run)
            if len(run) > 5 and overline_wins and overline is None:
                overline = run
        return tuple(overline) if overline else None

    def is_winning_move(self, point: Point, stone: Stone | None = None) -> bool:
        """Whether placing `stone` (default: side to move) on the empty `point` wins at once."""
        return self.is_empty(point) and self.five_line(point, stone) is not None

    def is_forbidden(self, point: Point, stone: Stone | None = None) -> bool:
        """Whether `point` is a renju-forbidden move for `stone` (default: side to move)."""
        if stone is None:
            stone = self.to_move
        if not self.rule.has_forbidden(stone) or not self.is_empty(point):
            return False
        return forbidden.is_forbidden(self.cells, self.size, point)

    def forbidden_kind(self, point: Point, stone: Stone | None = None) -> str | None:
        """Why `point` is forbidden for `stone` (default: side to move): "overline",
        "double_four" or "double_three"; None when it is not forbidden."""
        stone = stone or self.to_move
        if not self.rule.has_forbidden(stone) or not self.is_empty(point):
            return None
        return forbidden.forbidden_kind(self.cells, self.size, point)

    def forbidden_points(self, stone: Stone | None = None) -> list[Point]:
        """Every empty point that is forbidden for `stone` (default: side to move), sorted by (y, x)."""
        if stone is None:
            stone = self.to_move
        if not self.rule.has_forbidden(stone):
            return []
        return sorted(
            (point for point in self.empty_points() if forbidden.is_forbidden(self.cells, self.size, point)),
            key=lambda p: (p[1], p[0]),
        )

    def outcome(self) -> Outcome | None:
        """The result the last move produced, or None while the game goes on.

        A five beats everything (even a point that would otherwise be forbidden, since an exact
        five is never forbidden); a forbidden black move loses; a full board is a draw.
        """
        last = self.last_move
        if last is None:
            return None
        line = self.five_line(last.point, last.stone)
        if line is not None:
            return Outcome(last.stone, Reason.FIVE, line)
        if last.forbidden:
            return Outcome(last.stone.opponent, Reason.FORBIDDEN, (last.point,))
        if self.is_full:
            return Outcome(None, Reason.BOARD_FULL)
        return None

    # ----------------------------------------------------------------- display
    def __str__(self) -> str:
        symbols = {Stone.EMPTY: ".", Stone.BLACK: "X", Stone.WHITE: "O"}
        rows = []
        for y in range(self.size):
            rows.append(" ".join(symbols[Stone(self.cells[y * self.size + x])] for x in range(self.size)))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"Board(size={self.size}, rule={self.rule}, moves={len(self._history)})"
