"""Positions with planted tactics, shared by the analysis and coach tests (alternating play, black first)."""

from __future__ import annotations

from game.engine import Position
from game.rules import Board, Rule, Stone


def interleave(black: list[tuple[int, int]], white: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Moves in play order from black's and white's stones (black has as many or one more)."""
    assert len(black) - len(white) in (0, 1)
    moves = []
    for number, point in enumerate(black):
        moves.append(point)
        if number < len(white):
            moves.append(white[number])
    return moves


def position_of(moves: list[tuple[int, int]], size: int = 15, rule: Rule = Rule.FREESTYLE) -> Position:
    board = Board(size, rule)
    for point in moves:
        board.push(point)
    return Position.from_board(board)


# Black to move wins by four fours: (10,7) (10,8) (11,8) then five, whatever white blocks.
#   row 7: . O X X X . . ;  column 10: X X above a white cap ;  row 8: X X at 12,13
VCF_BLACK = [(6, 7), (7, 7), (8, 7), (10, 9), (10, 10), (12, 8), (13, 8)]
VCF_WHITE = [(5, 7), (10, 11), (1, 1), (1, 3), (1, 5), (1, 9), (3, 13)]
VCF_MOVES = interleave(VCF_BLACK, VCF_WHITE)

# Black to move has no VCF but wins with threes: two crossing pairs make a double open three.
VCT_BLACK = [(7, 7), (8, 7), (5, 9), (5, 10), (11, 11)]
VCT_WHITE = [(0, 0), (0, 14), (14, 0), (14, 14), (2, 2)]
VCT_MOVES = interleave(VCT_BLACK, VCT_WHITE)


def vcf_position() -> Position:
    return position_of(VCF_MOVES)


def vct_position() -> Position:
    return position_of(VCT_MOVES)

