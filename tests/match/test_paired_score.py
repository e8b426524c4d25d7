"""Match scores counted by opening pairs: game.match.paired_interval and benchmarks/paired_score.py."""

import json
import sys
from pathlib import Path

import pytest

from game.match import paired_interval, wilson_interval

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import paired_score  # noqa: E402


def _game(number: int, opening: int, black: str, white: str, winner: str | None) -> dict:
    return {"game": number, "opening_index": opening, "black": black, "white": white, "winner_name": winner}


def test_the_pair_interval_follows_the_spread_of_the_pairs():
    assert paired_interval([0.5] * 30) == (0.5, 0.5)  # every opening split: no doubt at all
    assert paired_interval([1.0]) == (0.0, 1.0)  # one pair says nothing
    # mean 0.75; squared deviations 12 * 1/16 + 6 * 1/16 + 2 * 9/16 = 2.25 over 19
    low, high = paired_interval([1.0] * 12 + [0.5] * 6 + [0.0] * 2)
    half = 1.96 * (2.25 / 19 / 20) ** 0.5
    assert (low, high) == (pytest.approx(0.75 - half), pytest.approx(0.75 + half))
    # Counted game by game (Wilson), evenly split pairs still look uncertain.
    wide_low, wide_high = wilson_interval(0.5, 60)
    assert wide_high - wide_low > 0.2


def test_games_are_paired_per_opening_and_per_log():
    first_log = [
        _game(1, 0, "new", "old", "new"),
        _game(2, 0, "old", "new", "old"),  # the opening's black won both: split
        _game(3, 1, "new", "old", "new"),
        _game(4, 1, "old", "new", "new"),  # won both
        _game(5, 2, "new", "old", None),  # the match stopped here: unpaired
    ]
    second_log = [  # numbers its openings from 0 again: its own pairs
        _game(1, 0, "new", "old", "old"),
        _game(2, 0, "old", "new", "old"),  # lost both
        _game(3, 1, "old", "new", None),
        _game(4, 1, "new", "old", "new"),  # with a draw
    ]
    paired, single = paired_score.pairs([first_log, second_log], "new")
    assert sorted(paired) == [(0.0, 0.0), (0.5, 1.0), (1.0, 0.0), (1.0, 1.0)]
    assert single == [0.5]
    text = paired_score.report(paired, single, "new")
    assert "9 games, 4 pairs and 1 unpaired" in text
    assert "won both 1, split 1, lost both 1, with a draw 1" in text
    assert "score 55.6%" in text  # 4.5 points in pairs and a draw alone, of 9


def test_a_log_without_the_player_or_with_a_broken_line_is_refused(tmp_path, capsys):
    with pytest.raises(ValueError, match="no player named 'nobody'"):
        paired_score.pairs([[_game(1, 0, "new", "old", "new")]], "nobody")
    broken = tmp_path / "games.jsonl"
    broken.write_text(json.dumps(_game(1, 0, "new", "old", "new")) + "\n{not json\n", encoding="utf-8")
    sys.argv = ["paired_score.py", str(broken), "--name", "new"]
    with pytest.raises(SystemExit, match=r"games.jsonl:2: not a JSON game record"):
        paired_score.main()


def test_two_builds_are_compared_opening_by_opening():
    new = [
        _game(1, 0, "new", "rival", "new"), _game(2, 0, "rival", "new", "new"),  # 1.0
        _game(3, 1, "new", "rival", "new"), _game(4, 1, "rival", "new", "rival"),  # 0.5
        _game(5, 2, "new", "rival", None), _game(6, 2, "rival", "new", "rival"),  # 0.25
        _game(7, 3, "new", "rival", "new"),  # unfinished: left out
    ]
    base = [
        _game(1, 0, "base", "rival", "base"), _game(2, 0, "rival", "base", "rival"),  # 0.5
        _game(3, 1, "base", "rival", "rival"), _game(4, 1, "rival", "base", "rival"),  # 0.0
        _game(5, 2, "base", "rival", None), _game(6, 2, "rival", "base", None),  # 0.5
        _game(7, 3, "base", "rival", "base"), _game(8, 3, "rival", "base", "base"),  # 1.0, no partner in new
    ]
    scores = paired_score.opening_scores(new, "new")
    assert scores == {0: 1.0, 1: 0.5, 2: 0.25}
    mean, error, count = paired_score.paired_difference(scores, paired_score.opening_scores(base, "base"))
    # differences +0.5, +0.5, -0.25: mean 0.25, sample variance (1/16 + 1/16 + 1/4) / 2 = 3/16
    assert count == 3 and mean == pytest.approx(0.25)
    assert error == pytest.approx((3 / 16 / 3) ** 0.5)
    with pytest.raises(ValueError, match="fewer than two"):
        paired_score.paired_difference({0: 1.0}, {0: 0.5})
