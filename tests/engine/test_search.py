"""The search: tactics every level must see, rules it must respect, and its contract."""

import pickle
import threading
import time

import pytest

from game.engine import Level, Limit, Position, SearchResult, search
from game.rules import Board, Rule, Stone

from engine_positions import position_from_rows

FAST = Limit(time_ms=1500, depth=3)

EMPTY_ROW = "." * 15


def _rows(*marked: str) -> list[str]:
    """15 rows: the given rows placed from row 5 downwards, the rest empty."""
    rows = [EMPTY_ROW] * 15
    for offset, row in enumerate(marked):
        rows[5 + offset] = row.ljust(15, ".")
    return rows


# Black has four in a row on row 7 with both ends open; white has scattered stones.
WIN_IN_ONE = _rows(
    "...............",
    "....O..O.......",
    "...XXXX........",
    "....O.O........",
)

# White's diagonal four (3,7)..(6,10) is capped by black at (2,6): the only block is (7,11).
MUST_BLOCK = _rows(
    "........X......",
    "..X............",
    "...O....X......",
    "....O..........",
    ".....O...X.....",
    "......O........",
)


@pytest.mark.parametrize("level", list(Level))
def test_every_level_takes_a_five(level):
    position = position_from_rows(WIN_IN_ONE, Stone.BLACK)
    result = search(position, FAST, level)
    assert result.move in {(2, 7), (7, 7)}
    assert result.forced == "win-in-1"


@pytest.mark.parametrize("level", list(Level))
def test_every_level_blocks_a_four(level):
    position = position_from_rows(MUST_BLOCK, Stone.BLACK)
    result = search(position, FAST, level)
    assert result.move == (7, 11)


@pytest.mark.parametrize("level", [Level.CASUAL, Level.STRONG, Level.MASTER])
def test_levels_above_beginner_block_an_open_three(level):
    rows = _rows(
        "...............",
        "......XXX......",
        ".......O.......",
        "........O......",
    )
    position = position_from_rows(rows, Stone.WHITE)
    result = search(position, Limit(time_ms=2000), level)
    # The open three (6..8, 6) is stopped at its ends or by the far points.
    assert result.move in {(5, 6), (9, 6), (4, 6), (10, 6)}


def test_empty_board_opens_in_the_centre():
    for size in (15, 19, 9):
        result = search(Position(size, Rule.FREESTYLE, (), Stone.BLACK))
        assert result.move == (size // 2, size // 2)


def test_finds_a_vcf():
    # Black: fours on row 8 and column 10 chain into a five (checked by hand: see tactics data).
    rows = _rows(
        "...............",
        "..........X....",
        "..........X....",
        "...OXXX....O...",
        "..........X....",
        "........O......",
    )
    position = position_from_rows(rows, Stone.BLACK)
    result = search(position, Limit(time_ms=3000), Level.STRONG)
    assert result.forced in {"vcf", "win-in-1"} or result.score > 900_000
    board = position.to_board()
    board.push(result.move, Stone.BLACK)
    assert board.five_line(result.move, Stone.BLACK) is None  # not a five yet: a four that forces


def test_never_plays_a_forbidden_point_under_renju():
    # (7, 7) would make a double three for black; it is also the natural shape move.
    rows = [EMPTY_ROW] * 15
    rows[5] = ".......X......."
    rows[6] = ".......X......."
    rows[7] = ".....XX........"
    rows[9] = "....O....O....."
    rows[10] = "...........O..."
    rows[11] = "..O............"
    position = position_from_rows(rows, Stone.BLACK, Rule.RENJU)
    board = position.to_board()
    forbidden = set(board.forbidden_points(Stone.BLACK))
    assert forbidden, "the test position must contain a forbidden point"
    for level in Level:
        for seed in range(2):
            result = search(position, Limit(time_ms=800, depth=2), level, seed=seed)
            assert result.move not in forbidden
            assert board.is_empty(result.move)


def _stopped() -> threading.Event:
    stop = threading.Event()
    stop.set()
    return stop


def test_stop_flag_stops_at_once_with_a_legal_move():
    rows = _rows("....O.X.O.....", "....XOX.......", "...O.X.O......", ".....XO.......")
    position = position_from_rows(rows, Stone.BLACK)
    result = search(position, Limit(time_ms=5000), Level.MASTER, stop=_stopped())
    assert result.time_ms < 500
    assert position.to_board().is_empty(result.move)


@pytest.mark.parametrize("level", [Level.CASUAL, Level.STRONG, Level.MASTER])
def test_stopped_at_once_against_an_open_three_still_blocks_it(level):
    """The fallback move must stop the three, not merely be a point where he makes a four.

    White has an open three on row 8 and a capped three down column 2, whose four point
    (2,10) is also black's double-three point: the move ordering ranks it first.
    """
    rows = _rows("..X", "..O", "..O", "..O...OOO", "", "...XX", "...X", "....X")
    result = search(position_from_rows(rows, Stone.BLACK), Limit(time_ms=5000), level, stop=_stopped())
    assert result.move in {(5, 8), (9, 8)}


def test_same_seed_same_move_and_score():
    rows = _rows("....O.X.O.....", "....XOX.......", "...O.X.O......", ".....XO.......")
    position = position_from_rows(rows, Stone.WHITE)
    for level in (Level.BEGINNER, Level.STRONG):
        first = search(position, Limit(depth=2), level, seed=5)
        second = search(position, Limit(depth=2), level, seed=5)
        assert (first.move, first.score, first.nodes) == (second.move, second.score, second.nodes)


def test_progress_reports_every_iteration_and_result_pickles():
    rows = _rows("....O.X.O.....", "....XOX.......")
    position = position_from_rows(rows, Stone.BLACK)
    reports: list[SearchResult] = []
    result = search(position, Limit(depth=3), Level.STRONG, on_progress=reports.append)
    assert [r.depth for r in reports] == list(range(1, len(reports) + 1))
    assert pickle.loads(pickle.dumps(result)) == result


def test_respects_a_short_time_limit():
    rows = _rows("....O.X.O.....", "....XOX.......", "...O.X.O......", ".....XO.......")
    position = position_from_rows(rows, Stone.BLACK)
    cpu_started = time.process_time()
    result = search(position, Limit(time_ms=200), Level.MASTER)
    cpu_ms = (time.process_time() - cpu_started) * 1000
    # The limit is wall-clock time; on a loaded machine the wall clock runs on while this process
    # waits for a core, so the search's own CPU time must be within the limit too. A search that
    # ignored the limit would run for seconds either way.
    assert result.time_ms <= 200 or cpu_ms <= 200


@pytest.mark.parametrize("size", [5, 7, 25])
def test_small_and_large_boards(size):
    board = Board(size)
    board.push((size // 2, size // 2))
    result = search(Position.from_board(board), Limit(time_ms=300), Level.STRONG)
    assert board.is_empty(result.move)


def test_nearly_full_board_plays_the_last_point():
    board = Board(5, Rule.FREESTYLE)
    # Fill a 5x5 board with no five: columns alternate in pairs.
    pattern = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOO."]
    for y, row in enumerate(pattern):
        for x, c in enumerate(row):
            if c != ".":
                board.push((x, y), Stone.BLACK if c == "X" else Stone.WHITE)
    position = Position(5, Rule.FREESTYLE, Position.from_board(board).stones, Stone.WHITE)
    assert search(position, Limit(time_ms=300)).move == (4, 4)


def test_full_board_is_refused():
    stones = tuple((x, y, 1 + (x // 2 + y) % 2) for y in range(5) for x in range(5))
    with pytest.raises(ValueError, match="full"):
        search(Position(5, Rule.FREESTYLE, stones, Stone.BLACK))


def test_position_set_up_without_alternating_play():
    # A Gomocup BOARD set-up: three black stones in a row plus a fourth, one white stone,
    # and white to move although black has more stones than alternation allows.
    stones = ((3, 3, 1), (4, 3, 1), (5, 3, 1), (6, 3, 1), (2, 3, 2))
    position = Position(15, Rule.FREESTYLE, stones, Stone.WHITE)
    result = search(position, Limit(time_ms=500), Level.CASUAL)
    assert result.move == (7, 3)
    assert result.forced == "block-four"


def test_white_to_move_beside_a_black_forbidden_point_gets_a_legal_move():
    rows = [EMPTY_ROW] * 15
    rows[5] = ".......X......."
    rows[6] = ".......X......."
    rows[7] = ".....XX........"
    rows[9] = "....O....O....."
    rows[10] = "...........O..."
    position = position_from_rows(rows, Stone.WHITE, Rule.RENJU)
    board = position.to_board()
    assert (7, 7) in board.forbidden_points(Stone.BLACK)
    result = search(position, Limit(time_ms=800, depth=2), Level.STRONG)
    assert board.is_empty(result.move)


# From games Master lost to the threatspace peer (white, opening 6): after black's 8,0
# threat-space search finds black's plan, but black also has an exact VCT of three threes;
# a root move that only breaks the threat-space line may still allow it.
PLAN_AND_VCT = ["4,6", "7,5", "9,7", "4,4", "8,8", "5,3", "8,6", "6,2", "3,5", "7,1", "8,0"]


@pytest.mark.skipif(not __import__("game.engine.backend", fromlist=["x"]).kernel_available(),
                    reason="the exact VCT is asked of every root move only with the compiled kernel")
def test_master_defends_against_the_shallowest_vct_not_only_the_threat_space_plan():
    from game.engine.move_search.clock import Clock
    from game.engine.move_search.defence import RootDefence
    from game.engine.levels.config import level_config
    from game.engine.backend import EngineBoard
    from game.engine.backend import ThreatSearch

    board = Board(15, Rule.FREESTYLE)
    for token in PLAN_AND_VCT:
        board.push(tuple(int(n) for n in token.split(",")))
    engine = EngineBoard.from_board(board)
    defence = RootDefence(engine, int(Stone.WHITE), level_config(Level.MASTER), float("inf"), None, 30_000, 10)
    squares, vct_depth = defence._opponent_plan()
    assert squares and vct_depth == 3  # black wins with three threes if white passes; root moves must stop that
    result = search(Position.from_board(board), Limit(time_ms=3000), Level.MASTER)
    board.push(result.move)
    after = EngineBoard.from_board(board)
    assert ThreatSearch(after, Clock(None, None)).vct(int(Stone.BLACK), 3, 10) is None
