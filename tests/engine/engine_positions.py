"""Small builders for engine tests: boards from pictures."""

from __future__ import annotations

from game.engine import Position
from game.rules import Board, Rule, Stone

_SYMBOLS = {"X": Stone.BLACK, "O": Stone.WHITE}


def board_from_rows(rows: list[str], rule: Rule = Rule.FREESTYLE, size: int | None = None) -> Board:
    """A board from rows of 'X', 'O' and '.', top row first; blacks are placed before whites."""
    size = size or len(rows)
    board = Board(size, rule)
    stones = [((x, y), _SYMBOLS[c]) for y, row in enumerate(rows) for x, c in enumerate(row.split() if " " in row else row) if c in _SYMBOLS]
    blacks = [s for s in stones if s[1] is Stone.BLACK]
    whites = [s for s in stones if s[1] is Stone.WHITE]
    order = []
    for index in range(max(len(blacks), len(whites))):
        if index < len(blacks):
            order.append(blacks[index])
        if index < len(whites):
            order.append(whites[index])
    for point, stone in order:
        board.push(point, stone)
    return board


def position_from_rows(rows: list[str], to_move: Stone, rule: Rule = Rule.FREESTYLE) -> Position:
    board = board_from_rows(rows, rule)
    position = Position.from_board(board)
    return Position(position.size, position.rule, position.stones, to_move)
