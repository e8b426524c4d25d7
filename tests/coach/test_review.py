"""Game review: planted mistakes flagged exactly with proofs that play out, forced sequences left alone."""

import pytest

from game.coach import MoveClass, review_game
from game.coach.review import positions_of
from game.engine import Proof
from game.rules import Board, IllegalMoveError, Rule, Stone

from coach_games import FAST_MS, GAME_MISSED_VCF, GAME_MISSED_VCT, PROOF_MS


def plays_out_to_five(moves_before: list, proof: Proof) -> bool:
    """Whether the proof, played from the position after `moves_before`, ends in the attacker's five."""
    board = Board(15, Rule.FREESTYLE)
    for point in moves_before:
        board.push(point)
    assert board.to_move is proof.attacker
    for number, point in enumerate(proof.line):
        assert board.outcome() is None
        board.push(point, proof.attacker if number % 2 == 0 else proof.attacker.opponent)
    outcome = board.outcome()
    return outcome is not None and outcome.winner is proof.attacker


def flagged(review, attribute: str) -> set[int]:
    """Moves flagged by the threat searches (VCF/VCT): these do not depend on the time given."""
    return {move.number for move in review.moves if _threat_proof(getattr(move, attribute))}


def _threat_proof(proof) -> bool:
    return proof is not None and proof.kind != "search"


#: Wins only the alpha-beta search proves, found or not within FAST_MS depending on the
#: machine's speed and on what the table kept from the positions before. Each is real, by
#: Rapfi at 5 s (benchmarks/rapfi_defences.py's rapfi_answer). GAME_MISSED_VCT: black wins from
#: white's move 6 on (after it, mate in 29 for black; black's 7, 9 and 11 are Rapfi's own moves
#: and keep it, white is lost after each) until black's move 13 misses g9 (our (6, 8); after 12,
#: mate in 15). A review that sees the win only late flags the white move it first sees it
#: after. GAME_MISSED_VCF: after move 22 Rapfi sees mate in 21 for black, and after the last
#: move, 24, mate in 19 (j12, our (9, 11)); and early on, after white's move 6, mate in 17 for
#: black (Rapfi at 3M nodes), which black's move 7 lets go (white -1524 after it, no mate).
DEEP_WINS = {
    "vct": {6: Stone.BLACK, 8: Stone.BLACK, 10: Stone.BLACK, 12: Stone.BLACK, 13: Stone.BLACK},
    "vcf": {6: Stone.BLACK, 7: Stone.BLACK, 22: Stone.BLACK, 24: Stone.BLACK},
}
#: The moves of GAME_MISSED_VCT played inside black's deep win: black attacks, white defends.
VCT_DEEP_WIN_MOVES = range(7, 13)


def assert_deep_flags_are_real(review, game: list, known: dict) -> None:
    """A flag that only the search proves must be one of the known deep wins, and play out."""
    for move in review.moves:
        for proof, before in ((move.allowed_win, move.number), (move.missed_win, move.number - 1)):
            if proof is None or proof.kind != "search":
                continue
            assert known.get(move.number) is proof.attacker, move.number
            assert plays_out_to_five(game[:before], proof), move.number


def test_a_move_that_allows_a_vct_and_the_move_that_misses_it_are_flagged_exactly(vct_review):
    assert flagged(vct_review, "allowed_win") == {40}
    assert flagged(vct_review, "missed_win") == {41}
    assert_deep_flags_are_real(vct_review, GAME_MISSED_VCT, DEEP_WINS["vct"])
    allowed, missed = vct_review.moves[39], vct_review.moves[40]
    assert allowed.allowed_win.kind == "vct" and allowed.allowed_win.attacker is Stone.BLACK
    assert allowed.move_class is MoveClass.BLUNDER
    assert missed.missed_win == allowed.allowed_win  # the same proof, from the same position
    assert missed.missed_win.line[0] == (7, 5) and missed.best_move == (7, 5)
    assert missed.move_class in (MoveClass.MISTAKE, MoveClass.BLUNDER)
    assert plays_out_to_five(GAME_MISSED_VCT[:40], missed.missed_win)


def test_a_missed_vcf_is_flagged_with_its_proof(vcf_review):
    assert flagged(vcf_review, "missed_win") == {20, 22}
    assert flagged(vcf_review, "allowed_win") == {13, 21}
    assert_deep_flags_are_real(vcf_review, GAME_MISSED_VCF, DEEP_WINS["vcf"])
    missed = vcf_review.moves[21]
    assert missed.stone is Stone.WHITE and missed.point == (9, 8)
    assert missed.missed_win.kind == "vcf" and missed.missed_win.line[0] == (11, 5)
    assert missed.move_class is MoveClass.BLUNDER
    assert plays_out_to_five(GAME_MISSED_VCF[:21], missed.missed_win)
    for number in (13, 20, 21):
        proof = vcf_review.moves[number - 1].proof
        before = number if vcf_review.moves[number - 1].allowed_win is not None else number - 1
        assert plays_out_to_five(GAME_MISSED_VCF[:before], proof)


def test_moves_inside_a_correct_forced_sequence_are_not_flagged(vcf_review):
    inside = vcf_review.moves[13:19]  # white attacks from move 14, black can only answer
    assert [move.forced_role for move in inside] == ["attack", "defence"] * 3
    for move in inside:
        assert move.in_forced_win and not move.move_class.is_flagged
        assert move.missed_win is None and move.allowed_win is None
    assert all(vcf_review.black_chances[number] == 0.0 for number in range(13, 20))


def test_a_game_with_no_forced_win_by_threats_has_no_threat_flag():
    quiet = GAME_MISSED_VCT[:24]
    review = review_game(15, Rule.FREESTYLE, quiet, time_ms=FAST_MS, proof_ms=PROOF_MS)
    assert flagged(review, "missed_win") == set() and flagged(review, "allowed_win") == set()
    assert_deep_flags_are_real(review, quiet, DEEP_WINS["vct"])
    for move in review.moves:
        if move.in_forced_win:  # only where the win really stands, with the roles the right way round
            assert move.number in VCT_DEEP_WIN_MOVES, move.number
            assert move.forced_role == ("attack" if move.stone is Stone.BLACK else "defence"), move.number


def test_summaries_count_every_move_and_accuracy_follows_the_drops(vcf_review):
    black, white = vcf_review.summaries[Stone.BLACK], vcf_review.summaries[Stone.WHITE]
    assert black.moves == 12 and white.moves == 12
    assert white.counts[MoveClass.BLUNDER] >= 2 and black.counts[MoveClass.BLUNDER] >= 2
    assert 0 <= black.accuracy <= 100 and 0 <= white.accuracy <= 100
    assert len(vcf_review.black_chances) == len(GAME_MISSED_VCF) + 1
    key = vcf_review.key_moments
    assert key and all(a.drop >= b.drop for a, b in zip(key, key[1:]))


def test_an_illegal_game_names_the_move():
    with pytest.raises(IllegalMoveError, match="move 3"):
        positions_of(15, Rule.FREESTYLE, [(7, 7), (8, 8), (7, 7)])


def test_a_cancelled_review_raises():
    from game.coach import ReviewCancelled

    class Stopped:
        def is_set(self) -> bool:
            return True

    with pytest.raises(ReviewCancelled):
        review_game(15, Rule.FREESTYLE, GAME_MISSED_VCF[:6], time_ms=FAST_MS, stop=Stopped())
