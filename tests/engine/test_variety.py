"""Variety in play (engine variety.py): a game's seed picks among about equal moves, and fixes them."""

from game.engine import Level, Position, SearchResult, search
from game.engine.api import Candidate
from game.engine.move_search.variety import DEEP_VARIETY_STONES, MARGIN, variety_plan, vary
from game.model import Game, GameConfig, Player
from game.model.serialize import game_from_dict, game_to_dict
from game.records import read_sgf, write_sgf
from game.rules import Board
from game.storage.saved_records import record_from_game


def position(moves):
    board = Board(15)
    for point in moves:
        board.push(point)
    return Position.from_board(board)


def test_a_rung_varies_by_seed_and_repeats_for_the_same_seed():
    start = position([(7, 7), (8, 8)])
    moves = [search(start, level=Level.R1300, seed=seed, variety=True).move for seed in range(12)]
    assert len(set(moves)) >= 2  # without variety every seed gave the same move
    assert moves == [search(start, level=Level.R1300, seed=seed, variety=True).move for seed in range(12)]
    assert len({search(start, level=Level.R1300, seed=seed).move for seed in range(12)}) == 1  # off unless asked


def test_the_drawn_move_is_within_the_margin_of_the_best():
    start = position([(7, 7), (8, 8), (8, 6), (6, 8), (9, 7)])
    best = search(start, level=Level.R1300, seed=0, multipv=3)
    allowed = {c.move for c in best.candidates if c.score >= best.candidates[0].score - MARGIN}
    assert {search(start, level=Level.R1300, seed=seed, variety=True).move for seed in range(20)} <= allowed


def candidate(move, score, forced=""):
    return Candidate(move, score, (move,), forced)


def result(*candidates, forced=""):
    first = candidates[0]
    return SearchResult(first.move, first.score, 3, 100, first.pv, 5, forced, tuple(candidates))


def test_vary_keeps_shortcuts_proofs_and_far_worse_moves_out():
    close = result(candidate((1, 1), 500), candidate((2, 2), 500 - MARGIN), candidate((3, 3), 500 - MARGIN - 1))
    assert {vary(close, MARGIN, seed).move for seed in range(40)} == {(1, 1), (2, 2)}
    shortcut = result(candidate((1, 1), 500), candidate((2, 2), 500), forced="vcf")
    assert {vary(shortcut, MARGIN, seed).move for seed in range(40)} == {(1, 1)}
    proven = result(candidate((1, 1), 999_990), candidate((2, 2), 999_989))
    assert {vary(proven, MARGIN, seed).move for seed in range(40)} == {(1, 1)}


def test_master_varies_only_in_its_opening_and_within_a_smaller_margin():
    assert variety_plan(Level.MASTER, 2).margin > 0 and variety_plan(Level.MASTER, 2).margin < MARGIN
    assert variety_plan(Level.MASTER, DEEP_VARIETY_STONES).margin == 0
    assert variety_plan(Level.R1300, 100).margin == MARGIN
    assert variety_plan(Level.R2000, 100).margin == 0 and variety_plan(Level.R2000, 2).margin > 0


def test_the_games_seed_survives_its_save_and_its_sgf_record():
    game = Game(GameConfig(black=Player.human(), white=Player.ai("1300")))
    assert Game().seed != Game().seed or Game().seed != Game().seed  # a new seed per game
    game.play((7, 7))
    assert game_from_dict(game_to_dict(game)).seed == game.seed
    assert read_sgf(write_sgf(record_from_game(game))).seed == game.seed
