"""Check on the rules board that a puzzle's proof really wins against every defence.

The engine finds the proofs; this module trusts none of it. It replays each tree on a
`game.rules.Board` and checks, at every node:

* the attacker's move is legal (empty, not renju-forbidden unless it makes five) and does
  not leave the defender a five;
* after a four, the defender's only block is answered in the tree (or is a point black
  may not play in renju);
* after a threat without a four (an open three), every defender reply the tree does not
  list loses at once: the attacker then has a five, or a move that makes two fives (or a
  five black cannot block), and the reply made no four of the defender's.

A tree that passes is a complete proof to the five. Positions are small (15x15), so the
unlisted replies are simply all the empty points; the checks on each are a few line scans.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.records.notation import point_to_notation
from game.rules import DIRECTIONS, Board, Point, Rule, Stone

from .puzzle import Goal, ProofNode, Puzzle

#: How far a stone can change whether a point makes two fives (and, in renju, whether
#: black's point is forbidden, which looks along the lines of the points it would extend).
_NEAR = 5
_NEAR_RENJU_BLACK = 8


class ProofError(ValueError):
    """A proof that does not hold: the message names the move and why."""


@dataclass
class ProofFacts:
    """What the verifier learned walking a tree: its size and the kinds of threat in it."""

    attacker_moves: int = 0    # attacker moves on the longest branch, the five included
    nodes: int = 0             # attacker nodes in the tree
    all_fours: bool = True     # every attacker move but the last made a four
    threes: int = 0            # attacker moves that were threats without a four
    forbidden_block: bool = False  # some branch wins because black may not block


def board_of(puzzle: Puzzle) -> Board:
    """The puzzle's position on a rules board. Raises ProofError for stones it cannot place."""
    board = Board(puzzle.size, puzzle.rule)
    for number, point in enumerate(puzzle.moves, start=1):
        if not board.is_empty(point):
            raise ProofError(f"stone {number} {_name(point, puzzle.size)} is on a taken point")
        board.push(point)
        if board.outcome() is not None:
            raise ProofError(f"the game is already over after stone {number} {_name(point, puzzle.size)}")
    return board


def verify(puzzle: Puzzle, every_losing_move: bool = False) -> ProofFacts:
    """Raise ProofError unless the puzzle's proofs hold on the rules board; return the solution's facts.

    For a defence, `every_losing_move` also checks that each move outside `accepted` is
    refuted (by its own refutation or by the solution); that costs a replay per move, so the
    generator asks for it and the game does not.
    """
    board = board_of(puzzle)
    size = puzzle.size
    if len(set(puzzle.accepted)) != len(puzzle.accepted):
        raise ProofError("an accepted move is listed twice")
    for move in puzzle.accepted:
        if not board.is_empty(move):
            raise ProofError(f"accepted move {_name(move, size)} is on a stone")
    if puzzle.goal.is_win:
        if puzzle.solution.move not in puzzle.accepted:
            raise ProofError(f"the solution's first move {_name(puzzle.solution.move, size)} is not accepted")
        facts = verify_win(board, puzzle.to_move, puzzle.solution)
        if puzzle.goal is Goal.WIN_BY_FOURS and not facts.all_fours:
            raise ProofError("the goal is a win by fours, but the proof uses a three")
        return facts
    player, attacker = puzzle.to_move, puzzle.to_move.opponent
    facts = verify_win(board, attacker, puzzle.solution)
    refuted = {move for move, _ in puzzle.refutations}
    for move in puzzle.accepted:
        if move in refuted:
            raise ProofError(f"{_name(move, size)} is both accepted and refuted")
        if board.is_forbidden(move, player):
            raise ProofError(f"accepted move {_name(move, size)} is forbidden for black")
    for move, tree in puzzle.refutations:
        _refute(board, player, attacker, move, tree)
    if every_losing_move:
        tree_points = puzzle.solution.points()
        reach = proof_reach(board.rule, attacker)
        for move in list(board.empty_points()):
            if move in puzzle.accepted or move in refuted or board.is_forbidden(move, player):
                continue
            if untouched(board, move, tree_points, reach):
                continue  # nothing the proof looks at is near it: the solution still wins
            _refute(board, player, attacker, move, puzzle.solution)
    return facts


def _refute(board: Board, player: Stone, attacker: Stone, move: Point, tree: ProofNode) -> None:
    if not board.is_empty(move):
        raise ProofError(f"refuted move {_name(move, board.size)} is on a stone")
    board.push(move, player)
    try:
        verify_win(board, attacker, tree)
    except ProofError as error:
        raise ProofError(f"after {_name(move, board.size)}: {error}") from None
    finally:
        board.pop()


def proof_reach(rule: Rule, attacker: Stone) -> int:
    """How far from a point of a proof a stone can still change it (see `untouched`)."""
    return _NEAR_RENJU_BLACK if rule.has_forbidden(attacker) else _NEAR


def untouched(board: Board, move: Point, tree_points: set[Point], reach: int) -> bool:
    """No stone within four points and no point of the tree within `reach` + 4: a stone
    there takes part in no line of five the proof relies on (each line it reads is five points)."""
    x, y = move
    for nx in range(max(0, x - 4), min(board.size, x + 5)):
        for ny in range(max(0, y - 4), min(board.size, y + 5)):
            if board.cells[ny * board.size + nx]:
                return False
    limit = reach + 4
    return all(max(abs(px - x), abs(py - y)) > limit for px, py in tree_points)


def verify_win(board: Board, attacker: Stone, tree: ProofNode) -> ProofFacts:
    """Raise ProofError unless `tree` wins for `attacker`, to move now on `board` (left unchanged)."""
    facts = ProofFacts()
    fives = {attacker: five_points(board, attacker), attacker.opponent: five_points(board, attacker.opponent)}
    facts.attacker_moves = _attack(board, attacker, tree, [], facts, fives)
    return facts


def _after(board: Board, fives: dict[Stone, set[Point]], point: Point, stone: Stone) -> dict[Stone, set[Point]]:
    """The five points of both colours once `stone` is on `point` (already pushed): the old
    ones that still make five, and the new ones on the lines through `point`."""
    updated = {}
    for colour, old in fives.items():
        kept = {p for p in old if p != point and _makes_five(board, colour, p)}
        if colour is stone:
            kept |= _fives_through(board, colour, point)
        updated[colour] = kept
    return updated


def _makes_five(board: Board, colour: Stone, point: Point) -> bool:
    overline = board.rule.overline_wins(colour)
    for dx, dy in DIRECTIONS:
        run = _run(board.cells, board.size, point[0], point[1], dx, dy, colour)
        if run == 5 or (overline and run > 5):
            return True
    return False


def _attack(board: Board, attacker: Stone, node: ProofNode, path: list[Point], facts: ProofFacts,
            fives: dict[Stone, set[Point]]) -> int:
    """Attacker moves down the longest branch from `node`."""
    size = board.size
    move = node.move
    facts.nodes += 1
    if not board.is_empty(move):
        raise ProofError(f"{_name(move, size)} is not an empty point")
    if move in fives[attacker]:
        if node.replies:
            raise ProofError(f"{_name(move, size)} makes five; nothing may follow it")
        return 1
    if board.is_forbidden(move, attacker):
        raise ProofError(f"{_name(move, size)} is forbidden for black")
    board.push(move, attacker)
    try:
        return 1 + _defend(board, attacker, node, path + [move], facts, _after(board, fives, move, attacker))
    finally:
        board.pop()


def _defend(board: Board, attacker: Stone, node: ProofNode, path: list[Point], facts: ProofFacts,
            fives: dict[Stone, set[Point]]) -> int:
    """The defender to move after the attacker's `node.move`: every reply must lose."""
    size = board.size
    defender = attacker.opponent
    last = _name(path[-1], size)
    if fives[defender]:
        raise ProofError(f"after {last} the defender makes five")
    attacker_fives = fives[attacker]
    longest = 0
    for reply, child in node.replies:
        if not board.is_empty(reply):
            raise ProofError(f"after {last} the reply {_name(reply, size)} is not an empty point")
        board.push(reply, defender)
        try:
            longest = max(longest, _attack(board, attacker, child, path, facts, _after(board, fives, reply, defender)))
        finally:
            board.pop()
    listed = {reply for reply, _ in node.replies}
    if attacker_fives:
        if len(attacker_fives) == 1:
            block = next(iter(attacker_fives))
            if block not in listed:
                if not board.is_forbidden(block, defender):
                    raise ProofError(f"after {last} the block at {_name(block, size)} is not answered")
                facts.forbidden_block = True
        return longest
    # A threat without a four: the defender has many replies; those not listed must lose at once.
    facts.all_fours = False
    facts.threes += 1
    reach = _NEAR_RENJU_BLACK if board.rule.has_forbidden(attacker) else _NEAR
    winners = double_threats(board, attacker, path[-3:])
    if not winners:
        raise ProofError(f"after {last} no move makes two fives, and not every reply is answered")
    near_defender = _near_stones(board, defender)
    for reply in list(board.empty_points()):
        if reply in listed:
            continue
        if not _loses_at_once(board, attacker, reply, winners, reach, reply in near_defender):
            if board.is_forbidden(reply, defender):
                continue  # black may not play it: it loses by itself
            raise ProofError(f"after {last} the reply {_name(reply, size)} is not answered")
    return longest


def _loses_at_once(board: Board, attacker: Stone, reply: Point, winners: list[Point], reach: int,
                   near_defender: bool) -> bool:
    """Whether, after the defender's `reply`, the attacker wins with one of `winners` (two fives)."""
    defender = attacker.opponent
    index = reply[1] * board.size + reply[0]
    board.cells[index] = defender
    try:
        if near_defender and _fives_through(board, defender, reply):
            return False  # a four of his own: the tree must answer it
        for winner in winners:
            if winner == reply:
                continue
            if max(abs(winner[0] - reply[0]), abs(winner[1] - reply[1])) > reach:
                return True  # too far to change anything about `winner`
            if makes_two_fives(board, attacker, winner):
                return True
        return False
    finally:
        board.cells[index] = Stone.EMPTY


def double_threats(board: Board, attacker: Stone, recent: list[Point]) -> list[Point]:
    """Moves on the lines of the attacker's recent moves that make two fives (or one black
    cannot block), sorted by row then column. Only the lines near `recent` are searched: the
    threats a proof plays are made there."""
    candidates: set[Point] = set()
    for x, y in recent:
        for dx, dy in DIRECTIONS:
            for step in range(-4, 5):
                point = (x + step * dx, y + step * dy)
                if board.is_empty(point):
                    candidates.add(point)
    return sorted((p for p in candidates if makes_two_fives(board, attacker, p)), key=lambda p: (p[1], p[0]))


def makes_two_fives(board: Board, attacker: Stone, point: Point) -> bool:
    """Whether `attacker` on the empty `point` (not forbidden) makes two fives, or one five
    black may not block: the defender cannot stop both, unless he has a five himself."""
    if not board.is_empty(point) or board.is_forbidden(point, attacker):
        return False
    index = point[1] * board.size + point[0]
    board.cells[index] = attacker
    try:
        fives = _fives_through(board, attacker, point)
        if len(fives) >= 2:
            return True
        return len(fives) == 1 and board.is_forbidden(next(iter(fives)), attacker.opponent)
    finally:
        board.cells[index] = Stone.EMPTY


def _near_stones(board: Board, colour: Stone) -> set[Point]:
    """Points within four (either way, any line) of a stone of `colour`."""
    near: set[Point] = set()
    size = board.size
    for (x, y), stone in board.stones():
        if stone is colour:
            for dx, dy in DIRECTIONS:
                for step in range(-4, 5):
                    px, py = x + step * dx, y + step * dy
                    if 0 <= px < size and 0 <= py < size:
                        near.add((px, py))
    return near


def five_points(board: Board, colour: Stone) -> set[Point]:
    """Every empty point where `colour` would make five (the rule decides about overlines)."""
    size, cells = board.size, board.cells
    overline = board.rule.overline_wins(colour)
    found: set[Point] = set()
    for index, cell in enumerate(cells):
        if cell:
            continue
        x, y = index % size, index // size
        for dx, dy in DIRECTIONS:
            run = _run(cells, size, x, y, dx, dy, colour)
            if run == 5 or (overline and run > 5):
                found.add((x, y))
                break
    return found


def _fives_through(board: Board, colour: Stone, point: Point) -> set[Point]:
    """The empty points on the four lines through `point` (within four) where `colour` makes five."""
    size, cells = board.size, board.cells
    overline = board.rule.overline_wins(colour)
    x0, y0 = point
    found: set[Point] = set()
    for ldx, ldy in DIRECTIONS:
        for step in range(-4, 5):
            x, y = x0 + step * ldx, y0 + step * ldy
            if not (0 <= x < size and 0 <= y < size) or cells[y * size + x]:
                continue
            run = _run(cells, size, x, y, ldx, ldy, colour)
            if run == 5 or (overline and run > 5):
                found.add((x, y))
    return found


def _run(cells: list[int], size: int, x: int, y: int, dx: int, dy: int, colour: int) -> int:
    """The length of `colour`'s run through the empty (x, y) along (dx, dy), counting (x, y)."""
    run = 1
    for sign in (1, -1):
        cx, cy = x + sign * dx, y + sign * dy
        while 0 <= cx < size and 0 <= cy < size and cells[cy * size + cx] == colour:
            run += 1
            cx += sign * dx
            cy += sign * dy
    return run


def _name(point: Point, size: int) -> str:
    return point_to_notation(point, size)
