"""Multi-PV at the root: several distinct legal moves, best first, each with its own line."""

import pytest

from game.engine import Level, Limit, Position, search
from game.engine.api import Candidate
from game.rules import Board, Rule, Stone

from coach_positions import position_of, vcf_position

MIDDLEGAME = [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 9)]  # quiet: no forced win for black
DEPTH_LIMIT = Limit(time_ms=20_000, depth=2)
#: Multi-PV works the same at every level; Strong skips Master's threat-space phases, which
#: keeps these tests quick on the pure-Python engine too.
LEVEL = Level.STRONG


def _legal(position: Position, point) -> bool:
    board = position.to_board()
    return board.is_empty(point) and not board.is_forbidden(point, position.to_move)


@pytest.mark.parametrize("count", [2, 4])
def test_multipv_gives_distinct_legal_moves_best_first(count):
    position = position_of(MIDDLEGAME)
    result = search(position, DEPTH_LIMIT, LEVEL, multipv=count)
    moves = [candidate.move for candidate in result.candidates]
    assert len(moves) == count and len(set(moves)) == count
    assert all(_legal(position, move) for move in moves)
    assert result.move == moves[0] and result.score == result.candidates[0].score
    scores = [candidate.score for candidate in result.candidates]
    assert scores == sorted(scores, reverse=True)
    for candidate in result.candidates:
        assert candidate.pv[0] == candidate.move
        board = position.to_board()
        for point in candidate.pv:  # each line can be played out
            board.push(point)


def test_multipv_one_is_the_plain_search():
    position = position_of(MIDDLEGAME)
    single = search(position, DEPTH_LIMIT, LEVEL)
    several = search(position, DEPTH_LIMIT, LEVEL, multipv=3)
    assert single.candidates == (Candidate(single.move, single.score, single.pv, single.forced),)
    assert several.move == single.move and several.score == single.score


def test_the_second_candidate_is_the_best_move_without_the_first():
    """Exclusion multi-PV: the 2nd move's score is exact, not a null-window bound."""
    position = position_of(MIDDLEGAME)
    result = search(position, DEPTH_LIMIT, LEVEL, multipv=2)
    first, second = result.candidates
    assert second.score <= first.score
    # the same depth-3 search on the position after the second move, from the opponent's side,
    # cannot prove the second move better than it was scored by more than the search's noise
    board = position.to_board()
    board.push(second.move)
    reply = search(Position.from_board(board), Limit(time_ms=20_000, depth=1), LEVEL)
    assert reply.score >= -first.score - 5000


def test_progress_reports_carry_the_candidates():
    position = position_of(MIDDLEGAME)
    seen = []
    search(position, DEPTH_LIMIT, LEVEL, multipv=3, on_progress=seen.append)
    assert seen and all(len(result.candidates) == 3 for result in seen)


def test_a_tactical_answer_leads_and_other_moves_follow():
    result = search(vcf_position(), Limit(time_ms=2000), multipv=3)
    assert result.forced == "vcf" and len(result.candidates) == 3
    first, *others = result.candidates
    assert first.forced == "vcf" and first.move == result.move and first.pv == result.pv
    assert len({c.move for c in result.candidates}) == 3 and all(not c.forced for c in others)
    assert first.score > others[0].score >= others[1].score
    assert all(_legal(vcf_position(), c.move) for c in others)


def test_a_forced_block_with_multipv_still_lists_distinct_moves():
    board = Board(15)
    for point in [(7, 7), (3, 3), (8, 7), (3, 4), (3, 2), (3, 5), (12, 12), (3, 6)]:  # white's capped four
        board.push(point)
    result = search(Position.from_board(board), Limit(time_ms=2000), multipv=2)
    assert result.move == (3, 7) and result.forced == "block-four"
    assert len(result.candidates) == 2 and result.candidates[1].move != (3, 7)


def test_multipv_respects_renju_forbidden_points():
    board = Board(15, Rule.RENJU)
    for point in [(7, 7), (0, 0), (8, 7), (0, 14), (7, 8), (14, 0), (8, 8), (14, 14), (3, 3), (12, 12)]:
        board.push(point)
    position = Position.from_board(board)
    assert position.to_move is Stone.BLACK
    result = search(position, DEPTH_LIMIT, LEVEL, multipv=5)
    assert all(_legal(position, c.move) for c in result.candidates)


@pytest.mark.parametrize("nodes", [5_000, 12_000, 14_000, 30_000])
def test_a_search_stopped_mid_iteration_still_ranks_its_candidates(nodes):
    """A stop can fall inside an iteration; the list must not mix scores of two depths
    (a shallower score can exceed the deeper best's and rank a worse move above it).
    Each budget here stopped Master inside an iteration when the lists did mix them."""
    position = position_of([*MIDDLEGAME, (7, 8)])
    result = search(position, Limit(nodes=nodes), Level.MASTER, multipv=3)
    scores = [candidate.score for candidate in result.candidates]
    assert len(scores) == 3
    assert scores == sorted(scores, reverse=True)
    assert result.move == result.candidates[0].move
