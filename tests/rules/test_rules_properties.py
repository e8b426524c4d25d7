"""Property tests: push/pop round-trips, and the fast checks against slow independent scans.

The slow versions here are written from the rule definitions, walking the board point by
point, and share no code with game/rules, so a bug has to be made twice to slip through.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import Board, Rule, Stone

SIZE = 15
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


@st.composite
def positions(draw, size: int = SIZE, window: int = SIZE, max_stones: int = 60):
    """A board of `size` with stones of both colours inside a window, as (points, stones)."""
    corner_x = draw(st.integers(0, size - window))
    corner_y = draw(st.integers(0, size - window))
    points = draw(
        st.lists(
            st.tuples(st.integers(corner_x, corner_x + window - 1), st.integers(corner_y, corner_y + window - 1)),
            unique=True,
            max_size=max_stones,
        )
    )
    stones = draw(st.lists(st.sampled_from([Stone.BLACK, Stone.WHITE]), min_size=len(points), max_size=len(points)))
    return list(zip(points, stones))


def build(rule: Rule, placed, size: int = SIZE) -> Board:
    board = Board(size, rule)
    for point, stone in placed:
        board.push(point, stone)
    return board


# ----------------------------------------------------------------- push / pop
@given(positions(), st.data())
def test_push_then_pop_restores_cells_and_history(placed, data):
    board = build(Rule.RENJU, placed)
    cells, history, to_move = list(board.cells), board.history, board.to_move
    extra = data.draw(st.lists(st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1)), unique=True, max_size=10))
    pushed = 0
    for point in extra:
        if board.is_empty(point):
            board.push(point)
            pushed += 1
    for _ in range(pushed):
        board.pop()
    assert board.cells == cells and board.history == history and board.to_move is to_move


@given(positions())
def test_popping_everything_gives_an_empty_board(placed):
    board = build(Rule.FREESTYLE, placed)
    while board.move_count:
        board.pop()
    assert board.cells == Board().cells and board.to_move is Stone.BLACK


# ----------------------------------------------------------------- five detection
def maximal_runs(cells: dict, size: int, stone: Stone):
    """Every maximal run of `stone` on the board, in every direction, as a list of points."""
    for dx, dy in DIRECTIONS:
        for y in range(size):
            for x in range(size):
                if cells.get((x, y)) is not stone or cells.get((x - dx, y - dy)) is stone:
                    continue  # not the start of a run
                run = []
                cx, cy = x, y
                while cells.get((cx, cy)) is stone:
                    run.append((cx, cy))
                    cx, cy = cx + dx, cy + dy
                yield run


def slow_wins(board: Board, point, stone: Stone) -> bool:
    """Place the stone on a dict copy and scan the whole board for a winning run through it."""
    cells = {p: s for p, s in board.stones()}
    cells[point] = stone
    overline_ok = board.rule is Rule.FREESTYLE or (board.rule is Rule.RENJU and stone is Stone.WHITE)
    lengths = [len(run) for run in maximal_runs(cells, board.size, stone) if point in run]
    return 5 in lengths or (overline_ok and any(length > 5 for length in lengths))


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(list(Rule)), positions(window=9, max_stones=45), st.data())
def test_winning_move_agrees_with_a_full_board_scan(rule, placed, data):
    board = build(rule, placed)
    empties = list(board.empty_points())
    for point in data.draw(st.lists(st.sampled_from(empties), min_size=1, max_size=12)):
        for stone in (Stone.BLACK, Stone.WHITE):
            expected = slow_wins(board, point, stone)
            assert board.is_winning_move(point, stone) is expected, (point, stone, str(board))
            line = board.five_line(point, stone)
            assert (line is not None) is expected
            if line is not None:
                assert point in line and len(line) >= 5


# ----------------------------------------------------------------- renju forbidden
class SlowRenju:
    """The RIF definitions, straight from the text, on a dict of black/white points."""

    def __init__(self, board: Board) -> None:
        self.size = board.size
        self.black = {p for p, s in board.stones() if s is Stone.BLACK}
        self.white = {p for p, s in board.stones() if s is Stone.WHITE}

    def empty(self, p) -> bool:
        return 0 <= p[0] < self.size and 0 <= p[1] < self.size and p not in self.black and p not in self.white

    def run(self, p, d) -> list:
        """The black run through p along d (p must be black)."""
        points = [p]
        for sign in (1, -1):
            q = (p[0] + sign * d[0], p[1] + sign * d[1])
            while q in self.black:
                points.append(q)
                q = (q[0] + sign * d[0], q[1] + sign * d[1])
        return points

    def with_stone(self, q, test):
        self.black.add(q)
        try:
            return test()
        finally:
            self.black.discard(q)

    def line_points(self, p, d) -> list:
        """Points of the line within five of p: any five or four through p lies inside them."""
        return [(p[0] + k * d[0], p[1] + k * d[1]) for k in range(-5, 6)]

    def fives_through(self, p, d) -> set:
        """Empty points on the line where black makes an exact five that contains p."""
        found = set()
        for q in self.line_points(p, d):
            if self.empty(q) and self.with_stone(q, lambda: len(self.run(p, d)) == 5 and q in self.run(p, d)):
                found.add(q)
        return found

    def four_count(self, p, d) -> int:
        fives = self.fives_through(p, d)
        run = self.run(p, d)
        if len(fives) == 2 and len(run) == 4:
            return 1  # both five-points belong to one straight four
        return len(fives)

    def straight_four(self, p, d) -> bool:
        run = self.run(p, d)
        return len(run) == 4 and len(self.fives_through(p, d)) == 2

    def three(self, p, d) -> bool:
        for q in self.line_points(p, d):
            if not self.empty(q):
                continue
            if self.with_stone(q, lambda: q in self.run(p, d) and self.straight_four(p, d) and not self.forbidden_here(q)):
                return True
        return False

    def forbidden_here(self, p) -> bool:
        """p already holds black."""
        lengths = [len(self.run(p, d)) for d in DIRECTIONS]
        if 5 in lengths:
            return False
        if max(lengths) > 5:
            return True
        fours = sum(self.four_count(p, d) for d in DIRECTIONS)
        if fours >= 2:
            return True
        threes = sum(1 for d in DIRECTIONS if self.four_count(p, d) == 0 and self.three(p, d))
        return threes >= 2

    def forbidden(self, p) -> bool:
        return self.empty(p) and self.with_stone(p, lambda: self.forbidden_here(p))


def black_heavy(placed):
    """Two black stones for every white one: threes and fours, hence forbidden points, are common."""
    return [(point, Stone.BLACK if i % 3 else Stone.WHITE) for i, (point, _) in enumerate(placed)]


def points_near(board: Board, placed, reach: int = 2) -> list:
    return sorted(
        p for p in board.empty_points() if any(abs(p[0] - q[0]) <= reach and abs(p[1] - q[1]) <= reach for q, _ in placed)
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(window=7, max_stones=24), st.data())
def test_forbidden_agrees_with_the_slow_rif_definitions(placed, data):
    board = build(Rule.RENJU, black_heavy(placed))
    slow = SlowRenju(board)
    near = points_near(board, placed)
    if not near:
        return
    for point in data.draw(st.lists(st.sampled_from(near), min_size=1, max_size=6, unique=True)):
        assert board.is_forbidden(point, Stone.BLACK) is slow.forbidden(point), (point, "\n" + str(board))


@pytest.mark.parametrize("seed", range(4))
def test_forbidden_agrees_with_the_slow_definitions_on_seeded_crowded_windows(seed):
    """A deterministic sweep over every point near the stones; it must meet forbidden points."""
    rng = random.Random(seed)
    forbidden_seen = 0
    for _ in range(12):
        window = rng.randint(5, 8)
        corner = (rng.randint(0, SIZE - window), rng.randint(0, SIZE - window))
        cells = [(corner[0] + dx, corner[1] + dy) for dx in range(window) for dy in range(window)]
        placed = black_heavy([(p, None) for p in rng.sample(cells, rng.randint(4, window * window // 2))])
        board = build(Rule.RENJU, placed)
        slow = SlowRenju(board)
        for point in points_near(board, placed):
            expected = slow.forbidden(point)
            assert board.is_forbidden(point, Stone.BLACK) is expected, (point, "\n" + str(board))
            forbidden_seen += expected
    assert forbidden_seen > 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(size=9, window=7, max_stones=20))
def test_forbidden_points_lists_exactly_the_forbidden_empty_points(placed):
    board = build(Rule.RENJU, black_heavy(placed), size=9)
    slow = SlowRenju(board)
    expected = sorted((p for p in board.empty_points() if slow.forbidden(p)), key=lambda p: (p[1], p[0]))
    assert board.forbidden_points(Stone.BLACK) == expected
