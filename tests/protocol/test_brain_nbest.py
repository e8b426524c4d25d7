"""YXNBEST: N distinct moves, each on its own MESSAGE line with score, depth and line, as Yixin prints them."""

import re

from game.engine import Limit, search
from game.protocol.thinking import is_playable

from protocol_helpers import FakeSearch, answers, converse

LINE = re.compile(r"^MESSAGE depth (\d+)-\d+ multipv (\d+) ev (-?\d+) n \d+ n/ms \d+ tm \d+ pv ((?:\d+,\d+ ?)+)$")
# A quiet middlegame, white to move (YXBOARD only sets it up): 1 = own (white), 2 = black
SETUP = ["YXBOARD", "7,7,2", "8,8,1", "8,6,2", "6,8,1", "9,7,2", "7,9,1", "7,8,2", "DONE"]


def node_limited_search(position, limit=None, **options):
    """The real engine with a node budget instead of the clock, so the answers do not
    depend on how busy the machine is (a timed search is only deterministic by depth or nodes)."""
    return search(position, Limit(nodes=20_000), **options)


def nbest_lines(out: list[str]) -> list[re.Match]:
    return [m for m in map(LINE.match, out) if m]


def test_yxnbest_answers_n_distinct_moves_each_with_its_own_message_line():
    out = converse(["START 15", "INFO timeout_turn 1500", *SETUP, "YXNBEST 3"], search=node_limited_search)
    lines = nbest_lines(out)
    assert [int(m.group(2)) for m in lines] == [3, 2, 1]  # the best last, as clients keep the last line
    firsts = [m.group(4).split()[0] for m in lines]
    assert len(set(firsts)) == 3
    best_move = answers(out)[-1]
    assert best_move == firsts[-1]
    scores = [int(m.group(3)) for m in reversed(lines)]
    assert scores == sorted(scores, reverse=True)
    assert all(int(m.group(1)) >= 1 for m in lines)


def test_yxnbest_moves_are_legal_and_no_stone_is_placed():
    out = converse(["START 15", "INFO timeout_turn 800", *SETUP, "YXNBEST 2", "YXNBEST 2"], search=node_limited_search)
    first, second = answers(out)[1:3]
    assert first == second  # the first analysis did not put a stone on the board
    taken = {"7,7", "8,8", "8,6", "6,8", "9,7", "7,9", "7,8"}
    for match in nbest_lines(out):
        assert match.group(4).split()[0] not in taken


def test_yxnbest_asks_the_engine_for_that_many_moves():
    fake = FakeSearch()
    converse(["START 15", "TURN 7,7", "YXNBEST 4", "TURN 6,6"], search=fake)
    assert [call["multipv"] for call in fake.calls] == [1, 4, 1]


def test_an_engine_without_candidates_still_gets_one_line():
    out = converse(["START 15", "TURN 7,7", "YXNBEST 3"])  # the fake engine reports no candidates
    assert sum("multipv 1" in line for line in out) == 1 and "multipv 2" not in " ".join(out)
