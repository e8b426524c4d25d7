"""The computer's opening decisions: balanced proposals, colour choices, and never a colour whose opponent has a proven win."""

import pytest

from game.engine import Level, Limit, SearchResult
from game.engine.coach.opening_choice import choose_colour, forced_win, place_two, propose_opening
from game.rules import Board, Rule, Stone
from game.rules.named_openings import ALL
from game.rules.opening import Choice
from game.rules.opening_book import BOOK, book_opening

SWAP2_OPTIONS = (Choice.BLACK, Choice.WHITE, Choice.PLACE_TWO)
LIMIT = Limit(nodes=2000)


def board_of(points, rule=Rule.FREESTYLE, size=15):
    board = Board(size, rule)
    for point in points:
        board.push(point)
    return board


def fixed_score(score):
    """A stand-in search that judges every position `score` for the side to move."""

    def fake(position, limit=None, level=None, seed=0, stop=None, on_progress=None):
        board = position.to_board()
        move = next(iter(board.empty_points()))
        return SearchResult(move, score, 1, 1, (move,), 0)

    return fake


# An open four for black (h8..k8, both ends empty) with white to move: black's win is proven.
OPEN_FOUR = [(7, 7), (1, 1), (8, 7), (1, 13), (9, 7), (13, 1), (10, 7)]


def test_forced_win_finds_a_real_win_and_not_a_quiet_opening():
    board = board_of(OPEN_FOUR)
    assert board.to_move is Stone.WHITE
    assert forced_win(board, Stone.BLACK) and not forced_win(board, Stone.WHITE)
    black_to_move_three = board_of([(7, 7), (1, 1), (8, 7), (1, 13), (9, 7), (13, 1)])  # open three, black to move
    assert forced_win(black_to_move_three, Stone.BLACK)
    assert not forced_win(board_of(ALL[0].stones(15)), Stone.BLACK)


def test_chooser_never_takes_a_colour_whose_opponent_has_a_proven_win():
    board = board_of(OPEN_FOUR)
    # The search prefers white here (it says white, to move, is far better) but black has a proven win.
    decision = choose_colour(board, (Choice.BLACK, Choice.WHITE), Level.STRONG, LIMIT, search_function=fixed_score(5000))
    assert decision.choice == "black"
    decision = choose_colour(board, SWAP2_OPTIONS, Level.STRONG, LIMIT, search_function=fixed_score(0))
    assert decision.choice == "black"  # even "looks even" cannot hand black's proven win to the opponent


def test_chooser_takes_the_colour_its_search_prefers():
    board = board_of(ALL[3].stones(15))
    assert choose_colour(board, (Choice.BLACK, Choice.WHITE), Level.STRONG, LIMIT, search_function=fixed_score(-900)).choice == "black"
    assert choose_colour(board, (Choice.BLACK, Choice.WHITE), Level.STRONG, LIMIT, search_function=fixed_score(900)).choice == "white"


KNOWN = [("named " + o.code, o.stones(15)) for o in ALL] + [(f"book {i}", book_opening(i, 15)) for i in range(len(BOOK))]


@pytest.mark.parametrize("name, stones", KNOWN, ids=[name for name, _ in KNOWN])
def test_swap2_decisions_on_known_openings_are_safe(name, stones):
    board = board_of(stones)
    options = SWAP2_OPTIONS if board.move_count == 3 else (Choice.BLACK, Choice.WHITE)
    decision = choose_colour(board, options, Level.STRONG, LIMIT, seed=7)
    if decision.choice == "place_two":
        white, black = decision.stones
        board.push(white, Stone.WHITE)
        board.push(black, Stone.BLACK)
        assert board.outcome() is None
        decision = choose_colour(board, (Choice.BLACK, Choice.WHITE), Level.STRONG, LIMIT, seed=8)
    chosen = Stone.BLACK if decision.choice == "black" else Stone.WHITE
    assert not forced_win(board, chosen.opponent)


def test_place_two_adds_a_quiet_white_then_black_stone():
    board = board_of(ALL[16].stones(15))
    decision = place_two(board, Level.STRONG, LIMIT, seed=3)
    assert decision is not None and len(decision.stones) == 2 and decision.choice == "place_two"
    board.push(decision.stones[0], Stone.WHITE)
    board.push(decision.stones[1], Stone.BLACK)
    assert board.outcome() is None and board.move_count == 5


def test_proposal_is_three_legal_stones_near_even_for_its_own_search():
    decision = propose_opening(15, Rule.FREESTYLE, Level.STRONG, LIMIT, seed=11)
    board = board_of(decision.stones)
    assert board.move_count == 3 and board.outcome() is None
    assert abs(decision.score) <= 400  # the most balanced of its candidates, by its own judgement
    assert decision == propose_opening(15, Rule.FREESTYLE, Level.STRONG, LIMIT, seed=11)  # seeded
