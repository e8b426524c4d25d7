"""The coach's proof check on a few planted ignored defences (issue 32, item 4).

benchmarks/coach_planted.py runs the same check over every must-defend position; these are a
fast sample of it: a four to block, VCTs of 7 to 21 plies, and one position that turns out to
be lost whatever the defender plays.
"""

import pytest

from game.coach import MoveClass, review_game

from planted_records import FAR, judge_planted, must_defend_tactics, planted_record

TIME_MS = 200
PROOF_MS = 3000

_TACTICS = {tactic.name: (tactic, group) for tactic, group in must_defend_tactics()}


def _review(name: str):
    tactic, group = _TACTICS[name]
    record = planted_record(tactic, group)
    review = review_game(record.size, record.rule, list(record.points), time_ms=TIME_MS, proof_ms=PROOF_MS)
    return tactic, record, review


def test_every_planted_move_is_far_from_the_stones_and_no_accepted_defence():
    for tactic, group in _TACTICS.values():
        record = planted_record(tactic, group)
        x, y = record.ignoring
        assert record.ignoring not in tactic.accept
        assert all(max(abs(x - sx), abs(y - sy)) >= FAR for sx, sy, _ in tactic.position.stones)
        assert record.board_after().outcome() is None
        assert planted_record(tactic, group).ignoring == record.ignoring  # seeded


@pytest.mark.parametrize("name", ["defend-01", "defend-vct-01", "defend-vct-14", "defend-vct-36", "defend-vct-43"])
def test_ignoring_a_must_defend_threat_is_classed_and_its_win_proven(name):
    tactic, record, review = _review(name)
    verdict = judge_planted(record, review)
    assert verdict.move_class in (MoveClass.MISTAKE, MoveClass.BLUNDER), verdict.failure()
    assert verdict.proof_kind in ("vcf", "vct", "search"), verdict.failure()
    assert verdict.plays_out, verdict.failure()
    assert verdict.ok


def test_a_position_lost_before_the_move_is_not_blamed_on_it_and_every_defence_is_shown_to_lose():
    # defend-03: the file's accepted blocks of the four each lose to a VCT (7 to 17 plies), so
    # the review finds white's previous move already winning and the ignoring move gives
    # nothing away; the check accepts that only because every accepted defence is shown lost.
    tactic, record, review = _review("defend-03")
    verdict = judge_planted(record, review, tactic, TIME_MS, PROOF_MS)
    assert verdict.lost_before and verdict.proof_kind == ""
    assert verdict.defences_lose is True
    assert verdict.ok and not verdict.proven
