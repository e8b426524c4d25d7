"""The board and the three rule sets: wins, overlines, edges, sizes, push/pop and outcomes."""

from __future__ import annotations

import pytest

from game.rules import DIRECTIONS, MAX_SIZE, MIN_SIZE, Board, IllegalMoveError, Outcome, Reason, Rule, Stone


def line_points(start: tuple[int, int], direction: tuple[int, int], length: int) -> list[tuple[int, int]]:
    return [(start[0] + i * direction[0], start[1] + i * direction[1]) for i in range(length)]


def board_with(rule: Rule, stone: Stone, points: list[tuple[int, int]], size: int = 15) -> Board:
    board = Board(size, rule)
    for point in points:
        board.push(point, stone)
    return board


# A start point per direction that keeps a 7-long line on a 15x15 board.
STARTS = {(1, 0): (2, 7), (0, 1): (7, 2), (1, 1): (2, 2), (1, -1): (2, 12)}
ALL_RULES = list(Rule)


# ----------------------------------------------------------------- exact five
@pytest.mark.parametrize("rule", ALL_RULES)
@pytest.mark.parametrize("stone", [Stone.BLACK, Stone.WHITE])
@pytest.mark.parametrize("direction", DIRECTIONS)
@pytest.mark.parametrize("gap", range(5))
def test_exact_five_wins_under_every_rule_in_every_direction(rule, stone, direction, gap):
    line = line_points(STARTS[direction], direction, 5)
    board = board_with(rule, stone, [p for i, p in enumerate(line) if i != gap])
    assert board.is_winning_move(line[gap], stone)
    assert board.five_line(line[gap], stone) == tuple(sorted(line))
    assert not board.is_forbidden(line[gap], stone)


@pytest.mark.parametrize("rule", ALL_RULES)
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_four_in_a_row_is_not_a_win(rule, direction):
    line = line_points(STARTS[direction], direction, 4)
    board = board_with(rule, Stone.BLACK, line[:3])
    assert not board.is_winning_move(line[3], Stone.BLACK)
    assert board.five_line(line[3], Stone.BLACK) is None


def test_a_white_stone_in_the_line_breaks_the_five():
    board = board_with(Rule.FREESTYLE, Stone.BLACK, [(3, 7), (4, 7), (6, 7), (7, 7)])
    board.push((5, 7), Stone.WHITE)
    assert not board.is_winning_move((8, 7), Stone.BLACK)


# ----------------------------------------------------------------- overlines
OVERLINE_WINS = {
    (Rule.FREESTYLE, Stone.BLACK): True,
    (Rule.FREESTYLE, Stone.WHITE): True,
    (Rule.STANDARD, Stone.BLACK): False,
    (Rule.STANDARD, Stone.WHITE): False,
    (Rule.RENJU, Stone.BLACK): False,
    (Rule.RENJU, Stone.WHITE): True,
}


@pytest.mark.parametrize(("rule", "stone"), list(OVERLINE_WINS))
@pytest.mark.parametrize("direction", DIRECTIONS)
@pytest.mark.parametrize("length", [6, 7])
def test_overline_wins_only_where_the_rule_allows(rule, stone, direction, length):
    line = line_points(STARTS[direction], direction, length)
    middle = length // 2
    board = board_with(rule, stone, [p for i, p in enumerate(line) if i != middle])
    assert board.is_winning_move(line[middle], stone) is OVERLINE_WINS[(rule, stone)]
    if OVERLINE_WINS[(rule, stone)]:
        assert board.five_line(line[middle], stone) == tuple(sorted(line))
    assert rule.overline_wins(stone) is OVERLINE_WINS[(rule, stone)]


def test_black_overline_is_forbidden_in_renju_only():
    line = line_points((2, 7), (1, 0), 6)
    for rule in ALL_RULES:
        board = board_with(rule, Stone.BLACK, line[:2] + line[3:])
        assert board.is_forbidden(line[2], Stone.BLACK) is (rule is Rule.RENJU)


def test_exact_five_beats_an_overline_on_another_line_in_standard():
    board = Board(15, Rule.STANDARD)
    for point in [(2, 7), (3, 7), (4, 7), (6, 7), (7, 7)] + [(5, 3), (5, 4), (5, 5), (5, 6)]:
        board.push(point, Stone.WHITE)
    assert board.five_line((5, 7), Stone.WHITE) == ((5, 3), (5, 4), (5, 5), (5, 6), (5, 7))


# ----------------------------------------------------------------- edges and corners
@pytest.mark.parametrize("rule", ALL_RULES)
@pytest.mark.parametrize(
    "line",
    [
        line_points((0, 0), (1, 0), 5),  # top edge from the corner
        line_points((10, 14), (1, 0), 5),  # bottom edge to the corner
        line_points((0, 10), (0, 1), 5),  # left edge to the corner
        line_points((14, 0), (0, 1), 5),  # right edge from the corner
        line_points((0, 0), (1, 1), 5),  # main diagonal from the corner
        line_points((10, 10), (1, 1), 5),  # main diagonal into the far corner
        line_points((0, 14), (1, -1), 5),  # anti-diagonal from the bottom-left corner
        line_points((10, 4), (1, -1), 5),  # anti-diagonal into the top-right corner
    ],
)
def test_five_against_edges_and_corners(rule, line):
    for gap in (0, 4):
        board = board_with(rule, Stone.BLACK, [p for i, p in enumerate(line) if i != gap])
        assert board.five_line(line[gap], Stone.BLACK) == tuple(sorted(line))


def test_lines_do_not_wrap_around_the_board_edge():
    # (12..14, 3) and (0..1, 4) are consecutive cells in the flat list but not on one line.
    board = board_with(Rule.FREESTYLE, Stone.BLACK, [(12, 3), (13, 3), (14, 3), (0, 4)])
    assert not board.is_winning_move((1, 4), Stone.BLACK)


# ----------------------------------------------------------------- sizes
@pytest.mark.parametrize("size", range(MIN_SIZE, MAX_SIZE + 1))
def test_every_size_from_5_to_25_plays_and_wins(size):
    board = Board(size, Rule.STANDARD)
    assert board.size == size and len(board.cells) == size * size
    far = size - 1
    line = [(far - i, far - i) for i in range(5)]
    for point in line[:4]:
        board.push(point, Stone.WHITE)
    assert board.is_winning_move(line[4], Stone.WHITE)
    with pytest.raises(IllegalMoveError):
        board.push((size, 0))


def test_default_size_is_15_and_19_works():
    assert Board().size == 15
    board = Board(19, Rule.RENJU)
    board.push((18, 18))
    assert board[(18, 18)] is Stone.BLACK


@pytest.mark.parametrize("size", [0, 4, 26, -15])
def test_sizes_outside_5_to_25_are_refused(size):
    with pytest.raises(ValueError, match=str(size)):
        Board(size)


# ----------------------------------------------------------------- push, pop, to_move
def test_black_moves_first_and_sides_alternate():
    board = Board()
    assert board.to_move is Stone.BLACK
    assert board.push((7, 7)).stone is Stone.BLACK
    assert board.to_move is Stone.WHITE
    assert board.push((8, 8)).stone is Stone.WHITE
    assert board.to_move is Stone.BLACK


def test_to_move_follows_the_last_stone_after_setup():
    board = Board()
    board.push((7, 7), Stone.WHITE)
    assert board.to_move is Stone.BLACK
    board.push((8, 8), Stone.WHITE)
    assert board.to_move is Stone.BLACK


def test_pop_restores_cells_history_and_side_to_move():
    board = Board()
    board.push((7, 7))
    cells, history = list(board.cells), board.history
    move = board.push((8, 8))
    assert board.pop() == move
    assert board.cells == cells and board.history == history
    assert board.to_move is Stone.WHITE and board.move_count == 1
    assert board.last_move.point == (7, 7)


def test_pop_on_an_empty_board_raises_index_error():
    with pytest.raises(IndexError):
        Board().pop()


def test_moves_lists_points_in_order():
    board = Board()
    for point in [(7, 7), (0, 0), (14, 14)]:
        board.push(point)
    assert board.moves == [(7, 7), (0, 0), (14, 14)]


@pytest.mark.parametrize("point", [(7, 7)])
def test_occupied_point_is_an_illegal_move(point):
    board = Board()
    board.push(point)
    with pytest.raises(IllegalMoveError, match=r"\(7, 7\)"):
        board.push(point)
    assert board.move_count == 1 and board.to_move is Stone.WHITE


@pytest.mark.parametrize("point", [(-1, 0), (0, -1), (15, 0), (0, 15), (15, 15)])
def test_off_board_point_is_an_illegal_move(point):
    board = Board()
    with pytest.raises(IllegalMoveError, match="off"):
        board.push(point)
    assert board.move_count == 0
    assert not board.is_empty(point) and not board.is_winning_move(point, Stone.BLACK)


def test_illegal_move_error_is_a_value_error():
    assert issubclass(IllegalMoveError, ValueError)


def test_empty_stone_cannot_be_placed():
    with pytest.raises(IllegalMoveError):
        Board().push((0, 0), Stone.EMPTY)


def test_copy_is_independent():
    board = Board()
    board.push((7, 7))
    clone = board.copy()
    clone.push((8, 8))
    assert board.move_count == 1 and board[(8, 8)] is Stone.EMPTY


# ----------------------------------------------------------------- outcome
def test_outcome_is_none_before_and_during_the_game():
    board = Board()
    assert board.outcome() is None
    board.push((7, 7))
    assert board.outcome() is None


@pytest.mark.parametrize("rule", ALL_RULES)
def test_outcome_reports_the_five_with_its_points(rule):
    board = Board(15, rule)
    for i in range(4):
        board.push((3 + i, 3 + i))  # black on the diagonal
        board.push((3 + i, 10))  # white far away
    board.push((7, 7))
    assert board.outcome() == Outcome(Stone.BLACK, Reason.FIVE, tuple((3 + i, 3 + i) for i in range(5)))


def test_forbidden_move_loses_for_black_in_renju():
    board = Board(15, Rule.RENJU)
    for point in [(6, 7), (8, 7), (7, 6), (7, 5)]:  # double-three at (7, 7)
        board.push(point, Stone.BLACK)
    move = board.push((7, 7), Stone.BLACK)
    assert move.forbidden
    assert board.outcome() == Outcome(Stone.WHITE, Reason.FORBIDDEN, ((7, 7),))


def test_same_shape_is_not_forbidden_in_freestyle():
    board = Board(15, Rule.FREESTYLE)
    for point in [(6, 7), (8, 7), (7, 6), (7, 5)]:
        board.push(point, Stone.BLACK)
    assert not board.push((7, 7), Stone.BLACK).forbidden
    assert board.outcome() is None


def test_black_overline_is_no_win_and_no_loss_in_standard():
    board = board_with(Rule.STANDARD, Stone.BLACK, [(2, 7), (3, 7), (4, 7), (6, 7), (7, 7)])
    board.push((5, 7), Stone.BLACK)
    assert board.outcome() is None


def test_white_overline_wins_in_renju():
    board = board_with(Rule.RENJU, Stone.WHITE, [(2, 7), (3, 7), (4, 7), (6, 7), (7, 7)])
    board.push((5, 7), Stone.WHITE)
    outcome = board.outcome()
    assert outcome.winner is Stone.WHITE and outcome.reason is Reason.FIVE and len(outcome.line) == 6


def test_full_board_without_five_is_a_draw():
    size = 5
    board = Board(size, Rule.FREESTYLE)
    # Pairs of columns alternate colour row by row: no line of five in any direction.
    for y in range(size):
        for x in range(size):
            board.push((x, y), Stone.BLACK if ((x // 2) + y) % 2 == 0 else Stone.WHITE)
    assert board.is_full
    outcome = board.outcome()
    assert outcome == Outcome(None, Reason.BOARD_FULL) and outcome.is_draw


def test_five_on_the_last_empty_point_is_a_win_not_a_draw():
    board = Board(5, Rule.FREESTYLE)
    cells = [(x, y) for y in range(5) for x in range(5)]
    for x, y in cells[:-1]:
        board.push((x, y), Stone.BLACK if y == 4 or ((x // 2) + y) % 2 == 0 else Stone.WHITE)
    board.push(cells[-1], Stone.BLACK)
    assert board.outcome().reason is Reason.FIVE


# ----------------------------------------------------------------- rule values
def test_gomocup_codes_round_trip():
    for rule in Rule:
        assert Rule.from_gomocup(rule.gomocup_code) is rule
    assert Rule.from_gomocup(5) is Rule.RENJU


def test_only_black_in_renju_has_forbidden_points():
    assert [(rule, stone) for rule in Rule for stone in (Stone.BLACK, Stone.WHITE) if rule.has_forbidden(stone)] == [
        (Rule.RENJU, Stone.BLACK)
    ]
