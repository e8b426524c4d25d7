"""benchmarks/lost_moves.py: which move of a lost game is the losing one, and how a replayed move is judged."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import lost_moves  # noqa: E402

from game.engine import SearchResult  # noqa: E402

MATE = lost_moves.MATE_SCORE

# Black (Master) loses: the opening's 3 stones, then moves until white's five at the 12th stone.
GAME = {"game": 7, "_file": "/runs/screen/arm/games.jsonl", "n_opening": 3, "black": "master", "white": "rapfi",
        "moves": [f"{x},7" for x in range(3)] + [f"{x},9" for x in range(9)]}


def fake_teacher(proven_from: int):
    """Rapfi's scores: a mate for the side to move from `proven_from` stones on, an even score before."""
    def ask(moves):
        return MATE - (len(GAME["moves"]) - len(moves)) if len(moves) >= proven_from else 120
    return ask


def test_the_losing_move_is_the_one_before_the_earliest_proven_win(monkeypatch):
    monkeypatch.setattr(lost_moves, "_ask", fake_teacher(proven_from=7))
    line = lost_moves.losing_move(GAME)
    # white (the winner) is to move at 11, 9, 7 stones: proven at 7 and after, not at 5
    assert len(line["position"]) == 6
    assert line["losing"] == GAME["moves"][6]
    assert line["mate_plies"] == len(GAME["moves"]) - 7
    assert line["score_before"] == 120 and 0.6 < line["win_before"] < 0.7
    assert line["source"] == "arm:7"


def test_no_line_when_the_win_was_proven_from_the_opening(monkeypatch):
    monkeypatch.setattr(lost_moves, "_ask", fake_teacher(proven_from=0))
    assert lost_moves.losing_move(GAME) is None


def test_a_replayed_move_is_the_same_loss_another_loss_or_held(monkeypatch):
    line = {"position": GAME["moves"][:6], "losing": "6,9"}
    answers = iter([(6, 9), (10, 10), (11, 11)])

    def fake_search(position, limit, level):
        assert len(position.stones) == 6 and limit.time_ms == 900
        return SearchResult(next(answers), 0, 1, 1, (), 900)

    monkeypatch.setattr(lost_moves, "search", fake_search)
    scores = iter([MATE - 9, 300])  # after (10, 10) Rapfi proves a win; after (11, 11) it does not
    monkeypatch.setattr(lost_moves, "_ask", lambda moves: next(scores))
    assert [lost_moves.judge(line, 900) for _ in range(3)] == ["same", "lost", "held"]
