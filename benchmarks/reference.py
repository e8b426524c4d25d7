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


# ---------------------------------------------------------------- VCT (fours and open threes)
#
# A plain, exhaustive threat search for the must-defend positions, kept apart from the
# engine's VCT (no zones, no pattern tables): the attacker plays fours and threats to make
# an open four; the defender answers a four at its five point, and a three at every point
# that stops it or with any four of his own (the attacker must then block, and the defender
# moves again). Only fives, five points and forbidden points are asked of the rules core;
# the five-cell windows below are a necessary condition that keeps the asking rare.

import random as _random  # noqa: E402
from dataclasses import dataclass as _dataclass  # noqa: E402

_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
_OPPONENT = {Stone.BLACK: Stone.WHITE, Stone.WHITE: Stone.BLACK}


class OracleBudgetExceeded(RuntimeError):
    """The oracle visited more nodes than it was allowed: its verdict is unknown."""


@_dataclass(frozen=True)
class VctBounds:
    """How far the oracle looks: attacker threes, attacker fours, attacker moves in all."""

    threes: int = 3
    fours: int = 6
    moves: int = 8
    nodes: int = 400_000

    def describe(self) -> str:
        return f"at most {self.threes} threes, {self.fours} fours and {self.moves} attacker moves"


class ThreatOracle:
    """VCF, VCT and defence checks on a copy of a rules Board, with five-cell window counts.

    A window is five cells in a row. A point where `stone` makes five lies in a window
    holding four of his stones and none of the other's, so the rules core's five_line is
    only asked about such points (and about nothing else); likewise a move that makes a
    four or a three lies in a window with three or two of his stones and none of theirs.
    """

    def __init__(self, board: Board, bounds: VctBounds = VctBounds()) -> None:
        self.board = board.copy()
        self.bounds = bounds
        size = board.size
        self.size = size
        windows = []
        for y in range(size):
            for x in range(size):
                for dx, dy in _DIRECTIONS:
                    ex, ey = x + 4 * dx, y + 4 * dy
                    if 0 <= ex < size and 0 <= ey < size:
                        windows.append(tuple((y + k * dy) * size + x + k * dx for k in range(5)))
        self.windows = windows
        self.windows_of: list[list[int]] = [[] for _ in range(size * size)]
        for number, cells in enumerate(windows):
            for cell in cells:
                self.windows_of[cell].append(number)
        self.count = {Stone.BLACK: [0] * len(windows), Stone.WHITE: [0] * len(windows)}
        # levels[stone][k]: the windows holding k of his stones and none of the other's.
        self.levels = {stone: [set(range(len(windows))) if k == 0 else set() for k in range(6)]
                       for stone in (Stone.BLACK, Stone.WHITE)}
        rng = _random.Random(12345)
        self.keys = {stone: [rng.getrandbits(64) for _ in range(size * size)] for stone in (Stone.BLACK, Stone.WHITE)}
        self.hash = 0
        for cell, value in enumerate(self.board.cells):
            if value != Stone.EMPTY:
                self._count(cell, Stone(value), 1)
        self.looks: list[tuple[int, Stone]] = []  # stones placed for a moment (see below)
        self.memo: dict = {}
        self.killers: dict[int, int] = {}  # attacker moves left -> the defender's answer that last held
        self.nodes = 0
        self.node_limit = bounds.nodes  # a caller may lower it for a quick first look

    # ------------------------------------------------------------ board
    def _count(self, cell: int, stone: Stone, step: int) -> None:
        """Add (step 1) or take back (step -1) a stone, keeping the windows by level up to date."""
        counts, other = self.count[stone], self.count[stone.opponent]
        own_levels, other_levels = self.levels[stone], self.levels[stone.opponent]
        for window in self.windows_of[cell]:
            before_own, before_other = counts[window], other[window]
            if not before_other:
                own_levels[before_own].discard(window)
            if not before_own:
                other_levels[before_other].discard(window)
            counts[window] = after_own = before_own + step
            if not before_other:
                own_levels[after_own].add(window)
            if not after_own:
                other_levels[before_other].add(window)
        self.hash ^= self.keys[stone][cell]

    def push(self, cell: int, stone: Stone) -> None:
        self.board.push((cell % self.size, cell // self.size), stone)
        self._count(cell, stone, 1)

    def pop(self) -> None:
        move = self.board.pop()
        x, y = move.point
        self._count(y * self.size + x, move.stone, -1)

    def point(self, cell: int) -> Point:
        return (cell % self.size, cell // self.size)

    def playable(self, cell: int, stone: Stone) -> bool:
        board = self.board
        if board.cells[cell] != Stone.EMPTY:
            return False
        point = self.point(cell)
        if not board.rule.has_forbidden(stone):
            return True
        return board.five_line(point, stone) is not None or not board.is_forbidden(point, stone)

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OracleBudgetExceeded(f"more than {self.node_limit} oracle nodes")

    # ------------------------------------------------------------ threats
    # The level sets count only pushed stones; the questions below also hold with a stone
    # placed for a moment (a "look", in the cells and window counts only): they read the
    # counts of the windows through a cell, and use a level set only as a list of places
    # to look at, for the other side, whose windows a look can only take away.
    def _empties(self, windows) -> set[int]:
        cells = self.board.cells
        return {c for w in windows for c in self.windows[w] if cells[c] == Stone.EMPTY}

    def _windows_through(self, stone: Stone, cell: int, level: int) -> list[int]:
        """Windows through `cell` holding exactly `level` of `stone`'s stones (looks counted) and none of the other's."""
        own, other = self.count[stone], self.count[_OPPONENT[stone]]
        return [w for w in self.windows_of[cell] if own[w] == level and not other[w]]

    def _look(self, cell: int, stone: Stone) -> None:
        """Place a stone for a moment: in the cells and the window counts, not in the level sets."""
        self.board.cells[cell] = stone
        counts = self.count[stone]
        for window in self.windows_of[cell]:
            counts[window] += 1
        self.looks.append((cell, stone))

    def _unlook(self) -> None:
        cell, stone = self.looks.pop()
        self.board.cells[cell] = Stone.EMPTY
        counts = self.count[stone]
        for window in self.windows_of[cell]:
            counts[window] -= 1

    def fives(self, stone: Stone, near: int | None = None) -> set[int]:
        """Empty cells where `stone` makes five (near: only on the lines through that cell)."""
        windows = self.levels[stone][4] if near is None else self._windows_through(stone, near, 4)
        empties = self._empties(windows)
        if self.board.rule.overline_wins(stone):
            return empties  # four in a window and the fifth point: a five (or more), which wins
        five_line, point = self.board.five_line, self.point
        return {c for c in empties if five_line(point(c), stone) is not None}

    def _looks_open_four(self, stone: Stone, cell: int) -> bool:
        """Whether `stone` at the empty, playable `cell` would have two or more five points."""
        self._look(cell, stone)
        try:
            return len(self.fives(stone, cell)) >= 2
        finally:
            self._unlook()

    def open_four_points(self, stone: Stone, near: int | None = None) -> set[int]:
        """Playable cells after which `stone` has two or more five points (open four, double four)."""
        windows = self.levels[stone][3] if near is None else self._windows_through(stone, near, 3)
        return {c for c in self._empties(windows) if self.playable(c, stone) and self._looks_open_four(stone, c)}

    def _threat_kind(self, stone: Stone, cell: int) -> str | None:
        """"four", "three" (he would then have an open-four point) or None, for `stone` at the empty `cell`."""
        self._look(cell, stone)
        try:
            if self.fives(stone, cell):
                return "four"
            return "three" if self.open_four_points(stone, cell) else None
        finally:
            self._unlook()

    def _threat_moves(self, stone: Stone) -> list[int]:
        """Cells that may make a four or a three: in a window with two or three of his stones and none of theirs."""
        fours = self._empties(self.levels[stone][3])
        threes = self._empties(self.levels[stone][2]) - fours
        return sorted(fours) + sorted(threes)

    def _four_moves(self, stone: Stone) -> list[int]:
        """Playable cells after which `stone` has a five point."""
        return [c for c in sorted(self._empties(self.levels[stone][3]))
                if self.playable(c, stone) and self._threat_kind(stone, c) == "four"]

    # ------------------------------------------------------------ the search
    def attacker_wins(self, attacker: Stone, threes: int, fours: int, moves: int) -> bool:
        """`attacker` to move: does he win by fours and open threes within these budgets?"""
        self._tick()
        defender = _OPPONENT[attacker]
        if self.fives(attacker):
            return True
        theirs = self.fives(defender)
        if len(theirs) > 1 or moves <= 0:
            return False
        if theirs:
            candidates = sorted(theirs)  # he must block; the block must itself threaten
        else:
            if self.open_four_points(attacker):
                return True
            candidates = self._threat_moves(attacker)
        key = (self.hash, attacker, 1, threes, fours, moves)
        if key in self.memo:
            return self.memo[key]
        won = False
        for cell in candidates:
            if not self.playable(cell, attacker):
                continue
            kind = self._threat_kind(attacker, cell)
            if (kind == "four" and fours > 0) or (kind == "three" and threes > 0):
                self.push(cell, attacker)
                try:
                    if kind == "four":
                        won = self.defender_loses(attacker, threes, fours - 1, moves - 1)
                    else:
                        won = self.defender_loses(attacker, threes - 1, fours, moves - 1)
                finally:
                    self.pop()
            if won:
                break
        self.memo[key] = won
        return won

    def after_counter_four(self, defender: Stone, cell: int, then) -> bool | None:
        """The defender has just played `cell`. None if it made no four. If it did: True
        when the attacker cannot block it (a double four, or the block is forbidden to
        him), else what `then()` says with the block played."""
        counter = self.fives(defender, cell)
        if not counter:
            return None
        block = next(iter(counter))
        if len(counter) >= 2 or not self.playable(block, defender.opponent):
            return True
        self.push(block, defender.opponent)
        try:
            return then()
        finally:
            self.pop()

    def defender_loses(self, attacker: Stone, threes: int, fours: int, moves: int) -> bool:
        """The defender to move after a threat: does every answer lose within the budgets?"""
        self._tick()
        defender = _OPPONENT[attacker]
        if self.fives(defender):
            return False
        five_points = self.fives(attacker)
        if len(five_points) >= 2:
            return True
        if five_points:
            block = next(iter(five_points))
            if not self.playable(block, defender):
                return True
            self.push(block, defender)
            try:
                return self.attacker_wins(attacker, threes, fours, moves)
            finally:
                self.pop()
        wins = self.open_four_points(attacker)
        if not wins:
            return False  # no threat to answer: the defender has a free move
        key = (self.hash, attacker, 0, threes, fours, moves)
        if key in self.memo:
            return self.memo[key]
        stops = set(wins)
        for cell in wins:
            self._look(cell, attacker)
            stops |= self.fives(attacker, cell)
            self._unlook()
        answers = []
        for cell in sorted(stops):
            if self.playable(cell, defender):
                self._look(cell, defender)
                try:
                    if not self.open_four_points(attacker):
                        answers.append(cell)
                finally:
                    self._unlook()
        answers += [c for c in self._four_moves(defender) if c not in answers]
        # Move order only: the answer that last held at this depth first (a killer move).
        killer = self.killers.get(moves)
        if killer in answers:
            answers.remove(killer)
            answers.insert(0, killer)
        loses = True
        for cell in answers:
            self.push(cell, defender)
            try:
                held = self.after_counter_four(defender, cell, lambda: not self.defender_loses(attacker, threes, fours, moves))
                loses = self.attacker_wins(attacker, threes, fours, moves) if held is None else not held
            finally:
                self.pop()
            if not loses:
                self.killers[moves] = cell
                break
        self.memo[key] = loses
        return loses

    def principal_line(self, attacker: Stone, threes: int, fours: int, moves: int) -> list[Point]:
        """One winning line (attacker moves and the defender's first listed answers), for the comments."""
        line: list[Point] = []
        pushed = 0
        try:
            while moves > 0 and not self.fives(attacker):
                if self.open_four_points(attacker) and not self.fives(attacker.opponent):
                    line.append(self.point(min(self.open_four_points(attacker))))
                    break
                step = self._winning_step(attacker, threes, fours, moves)
                if step is None:
                    break
                cell, kind, answer = step
                line.append(self.point(cell))
                self.push(cell, attacker)
                pushed += 1
                threes, fours, moves = threes - (kind == "three"), fours - (kind == "four"), moves - 1
                if answer is None:
                    break
                line.append(self.point(answer))
                self.push(answer, attacker.opponent)
                pushed += 1
            else:
                fives = self.fives(attacker)
                if fives:
                    line.append(self.point(min(fives)))
        finally:
            for _ in range(pushed):
                self.pop()
        return line

    def _winning_step(self, attacker: Stone, threes: int, fours: int, moves: int):
        defender = _OPPONENT[attacker]
        theirs = self.fives(defender)
        candidates = sorted(theirs) if theirs else self._threat_moves(attacker)
        for cell in candidates:
            if not self.playable(cell, attacker):
                continue
            self.push(cell, attacker)
            try:
                if self.fives(attacker, cell):
                    if fours > 0 and self.defender_loses(attacker, threes, fours - 1, moves - 1):
                        return cell, "four", min(self.fives(attacker, cell))
                elif threes > 0 and self.open_four_points(attacker, cell):
                    if self.defender_loses(attacker, threes - 1, fours, moves - 1):
                        return cell, "three", self._first_answer(attacker)
            finally:
                self.pop()
        return None

    def _first_answer(self, attacker: Stone) -> int | None:
        """The defender's most natural answer to a three: the first point that stops it."""
        defender = _OPPONENT[attacker]
        for cell in sorted(self.open_four_points(attacker)):
            if self.playable(cell, defender):
                return cell
        return None


def shortest_vct(oracle: ThreatOracle, attacker: Stone) -> int | None:
    """The fewest attacker moves (within the oracle's bounds) of a VCT for `attacker` to move, or None."""
    bounds = oracle.bounds
    for moves in range(1, bounds.moves + 1):
        if oracle.attacker_wins(attacker, bounds.threes, bounds.fours, moves):
            return moves
    return None


def has_vcf(oracle: ThreatOracle, attacker: Stone) -> bool:
    """A win by fours alone for `attacker` to move, within the oracle's four budget."""
    bounds = oracle.bounds
    return oracle.attacker_wins(attacker, 0, bounds.fours, bounds.fours)


def refutations(oracle: ThreatOracle, defender: Stone, distance: int = 3, counter_depth: int = 2) -> tuple[list[Point], list[Point]]:
    """(moves after which the attacker has no VCT within the bounds, every candidate tried).

    `defender` is to move. Candidates are his playable points within `distance` of the
    stones. A four of his forces the block; he then moves again, and the four counts as a
    refutation if some move then refutes (up to `counter_depth` fours in a row).
    """
    attacker = defender.opponent
    bounds = oracle.bounds
    board = oracle.board
    candidates = [p for p in near_empty(board, distance) if oracle.playable(p[1] * oracle.size + p[0], defender)]
    good = []
    for x, y in candidates:
        cell = y * oracle.size + x
        oracle.push(cell, defender)
        try:
            holds = oracle.after_counter_four(
                defender, cell, lambda: counter_depth > 0 and bool(refutations(oracle, defender, distance, counter_depth - 1)[0]))
            if holds is None:  # a short win first: most non-refutations lose to one, and it is cheap to find
                holds = not (oracle.attacker_wins(attacker, bounds.threes, bounds.fours, 3)
                             or oracle.attacker_wins(attacker, bounds.threes, bounds.fours, bounds.moves))
        finally:
            oracle.pop()
        if holds:
            good.append((x, y))
    return good, candidates
