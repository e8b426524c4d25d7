"""A slow, independent tactics oracle built only on the rules core (no engine code).

It judges the tactics data: which moves make five, which block, which start a VCF, and
which defend. Being separate from the engine, it can check the engine's answers.
"""

from __future__ import annotations

from game.rules import Board, Point, Stone


def near_empty(board: Board, distance: int = 4) -> list[Point]:
    """Empty points within `distance` (king steps) of any stone, sorted (y, x)."""
    size = board.size
    points = set()
    for (x, y), _ in board.stones():
        for cy in range(max(0, y - distance), min(size, y + distance + 1)):
            for cx in range(max(0, x - distance), min(size, x + distance + 1)):
                if board.is_empty((cx, cy)):
                    points.add((cx, cy))
    return sorted(points, key=lambda p: (p[1], p[0]))


def five_points(board: Board, stone: Stone) -> list[Point]:
    """Every empty point where `stone` makes a winning five under the board's rule."""
    return [p for p in near_empty(board, 4) if board.five_line(p, stone) is not None]


def fives_through(board: Board, point: Point, stone: Stone) -> list[Point]:
    """Empty points on the four lines through `point` (within 4) where `stone` makes five."""
    found = []
    x, y = point
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for k in range(-4, 5):
            q = (x + k * dx, y + k * dy)
            if k and board.is_empty(q) and board.five_line(q, stone) is not None:
                found.append(q)
    return found


def playable(board: Board, point: Point, stone: Stone) -> bool:
    return board.is_empty(point) and (board.five_line(point, stone) is not None or not board.is_forbidden(point, stone))


def four_moves(board: Board, stone: Stone) -> list[Point]:
    """Playable points after which `stone` has at least one five point."""
    found = []
    for point in near_empty(board, 4):
        if not playable(board, point, stone) or board.five_line(point, stone) is not None:
            continue
        board.push(point, stone)
        try:
            if fives_through(board, point, stone):
                found.append(point)
        finally:
            board.pop()
    return found


def vcf(board: Board, attacker: Stone, depth: int, memo: dict | None = None) -> list[Point] | None:
    """A winning line of fours for `attacker` to move (at most `depth` of his moves), or None."""
    memo = {} if memo is None else memo
    own = five_points(board, attacker)
    if own:
        return [own[0]]
    defender = attacker.opponent
    theirs = five_points(board, defender)
    if len(theirs) > 1:
        return None
    if depth <= 0:
        return None
    key = (tuple(board.cells), attacker, depth)
    if key in memo:
        return memo[key]
    candidates = four_moves(board, attacker)
    if theirs:
        candidates = [p for p in candidates if p == theirs[0]]
    result = None
    for move in candidates:
        board.push(move, attacker)
        try:
            fives = fives_through(board, move, attacker)
            if len(fives) >= 2:
                result = [move]
            elif len(fives) == 1:
                block = fives[0]
                if not playable(board, block, defender):
                    result = [move, block]
                else:
                    board.push(block, defender)
                    try:
                        rest = vcf(board, attacker, depth - 1, memo)
                    finally:
                        board.pop()
                    if rest is not None:
                        result = [move, block, *rest]
        finally:
            board.pop()
        if result is not None:
            break
    memo[key] = result
    return result


def winning_vcf_starts(board: Board, attacker: Stone, depth: int) -> list[Point]:
    """Every four move that starts a winning VCF of at most `depth` attacker moves."""
    starts = []
    memo: dict = {}
    for move in four_moves(board, attacker):
        board.push(move, attacker)
        try:
            fives = fives_through(board, move, attacker)
            if len(fives) >= 2:
                starts.append(move)
                continue
            block = fives[0]
            if not playable(board, block, attacker.opponent):
                starts.append(move)
                continue
            board.push(block, attacker.opponent)
            try:
                if vcf(board, attacker, depth - 1, memo) is not None:
                    starts.append(move)
            finally:
                board.pop()
        finally:
            board.pop()
    return starts


def opponent_breaks_through(board: Board, attacker: Stone, vcf_depth: int) -> bool:
    """With `attacker` to move: can he make five, an open four or double four, or win by VCF?"""
    if five_points(board, attacker):
        return True
    defender = attacker.opponent
    if five_points(board, defender):
        return False  # he must block first; the defender keeps the initiative
    for point in near_empty(board, 4):
        if not playable(board, point, attacker):
            continue
        board.push(point, attacker)
        try:
            if len(fives_through(board, point, attacker)) >= 2:
                return True
        finally:
            board.pop()
    return vcf(board, attacker, vcf_depth) is not None
