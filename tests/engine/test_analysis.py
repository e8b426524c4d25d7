"""Analysis: winning chances, proofs that play out to five, and an endless analysis that stops."""

import threading
import time

import pytest

from game.engine import Limit, Position
from game.engine.coach.analysis import Analysis, Proof, analyse, find_win, win_chance, wins_after
from game.rules import Board, Rule, Stone

from coach_positions import VCF_MOVES, position_of, vcf_position, vct_position

MIDDLEGAME = [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 9)]  # quiet: no forced win for black


def play_out(position: Position, proof: Proof) -> Board:
    """Play the proof on a rules board, checking colours alternate from the attacker; returns the board."""
    board = position.to_board()
    assert proof.attacker is position.to_move
    for number, point in enumerate(proof.line):
        stone = proof.attacker if number % 2 == 0 else proof.attacker.opponent
        assert board.outcome() is None, f"the game ended before move {number} of the proof"
        board.push(point, stone)
    return board


def test_win_chance_is_monotonic_and_certain_for_wins():
    assert win_chance(0) == pytest.approx(0.5)
    assert win_chance(2500) == pytest.approx(0.75)
    assert win_chance(-2500) == pytest.approx(0.25)
    assert win_chance(999_990) == 1.0 and win_chance(-999_990) == 0.0
    values = [win_chance(score) for score in range(-20_000, 20_001, 1000)]
    assert values == sorted(values) and all(0.0 < v < 1.0 for v in values)


def test_a_planted_vcf_gives_a_proof_that_ends_in_five():
    position = vcf_position()
    proof = find_win(position, 2000)
    assert proof is not None and proof.kind == "vcf" and proof.attacker is Stone.BLACK
    assert proof.line[0] == (10, 7) and proof.attacker_moves == 4
    board = play_out(position, proof)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is Stone.BLACK


def test_a_planted_vct_gives_a_proof_that_ends_in_five():
    position = vct_position()
    proof = find_win(position, 3000)
    assert proof is not None and proof.kind == "vct"
    assert play_out(position, proof).outcome().winner is Stone.BLACK


def test_a_quiet_position_has_no_proof():
    assert find_win(position_of(MIDDLEGAME[:4]), 1000) is None


def test_the_defender_to_move_has_no_win_and_a_five_on_the_board_is_proof_of_one_move():
    moves = VCF_MOVES[:-1]  # white to move: black's threats are not white's wins
    assert find_win(position_of(moves), 1000) is None
    board = Board(15)
    for point in [(7, 7), (0, 0), (8, 7), (0, 2), (9, 7), (0, 4), (10, 7), (0, 6)]:
        board.push(point)
    proof = find_win(Position.from_board(board), 1000)
    assert proof is not None and proof.kind == "five" and proof.attacker_moves == 1


def test_wins_after_knows_which_moves_keep_the_win():
    position = vcf_position()
    assert wins_after(position, (10, 7), 2000)
    assert not wins_after(position, (2, 12), 2000)


def test_a_limited_analysis_reports_candidates_and_chances():
    position = position_of(MIDDLEGAME)
    result = analyse(position, Limit(time_ms=30_000, depth=3), n_best=3)
    assert result.final and len(result.candidates) == 3 and result.depth == 3
    assert result.best is result.candidates[0] and result.win is None
    assert 0.0 < result.black_chance < 1.0
    assert result.black_chance == pytest.approx(win_chance(result.best.score))  # black to move


def test_a_proven_win_is_certain_and_leads_the_candidates():
    result = analyse(vcf_position(), Limit(time_ms=2000), n_best=3)
    assert result.win is not None and result.best.move == result.win.line[0]
    assert result.best.forced == "vcf" and result.black_chance == 1.0
    assert result.best.pv == result.win.line
    moves = [c.move for c in result.candidates]
    assert len(moves) == 3 and len(set(moves)) == 3  # the panel still gets its top three
    assert result.candidates[0].score > result.candidates[1].score >= result.candidates[2].score


def test_a_finished_game_has_its_winner():
    board = Board(15)
    for point in [(7, 7), (0, 0), (8, 7), (0, 2), (9, 7), (0, 4), (10, 7), (0, 6), (11, 7)]:
        board.push(point)
    result = analyse(Position.from_board(board), Limit(time_ms=500))
    assert result.game_over and result.winner is Stone.BLACK and result.black_chance == 1.0


def test_endless_analysis_deepens_and_stops_promptly():
    position = position_of(MIDDLEGAME)
    stop = threading.Event()
    snapshots: list[Analysis] = []
    stopped_at: list[float] = []

    def progress(snapshot: Analysis) -> None:
        snapshots.append(snapshot)
        if snapshot.depth >= 3 and not stop.is_set():
            stopped_at.append(time.perf_counter())
            stop.set()

    result = analyse(position, None, n_best=2, stop=stop, on_progress=progress)
    latency = time.perf_counter() - stopped_at[0]
    assert result.final and not any(s.final for s in snapshots)
    depths = [s.depth for s in snapshots]
    assert depths == sorted(set(depths)) and depths[0] >= 1  # only deeper results are shown
    assert result.best is not None and len(result.candidates) == 2
    assert latency < 0.5, f"the analysis took {latency:.3f} s to stop"  # ~100 ms measured; lenient for load


def test_a_forced_block_is_scored_by_the_position_after_it():
    """The root answers a four with the block and score 0; the analysis looks past it."""
    board = Board(15)
    for point in [(7, 7), (3, 3), (8, 7), (3, 4), (3, 2), (3, 5), (12, 12), (3, 6)]:  # white's four, capped at (3, 2)
        board.push(point)
    result = analyse(Position.from_board(board), Limit(time_ms=1500, depth=3))
    assert result.best.move == (3, 7) and result.best.forced == "block-four"
    assert result.best.score != 0 and result.best.pv[0] == result.best.move and len(result.best.pv) > 1


def test_a_renju_proof_for_black_avoids_forbidden_points_and_ends_in_an_exact_five():
    board = Board(15, Rule.RENJU)
    # black: a closed four-to-be on row 7 and column 10, as in the freestyle VCF position
    for point in VCF_MOVES:
        board.push(point)
    position = Position.from_board(board)
    proof = find_win(position, 2000)
    assert proof is not None and proof.attacker is Stone.BLACK
    final = play_out(position, proof)
    assert final.outcome().winner is Stone.BLACK
