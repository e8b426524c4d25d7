"""Statistics per (level, rule): counting, totals, and strict reading of the file format."""

import pytest

from game.storage import GameResult, Statistics, StatisticsError, Tally


def test_record_counts_each_result_for_its_level_and_rule():
    stats = Statistics()
    stats.record("master", "renju", "win")
    stats.record("master", "renju", "win")
    stats.record("master", "renju", GameResult.LOSS)
    stats.record("master", "freestyle", "draw")
    assert stats.tally("master", "renju") == Tally(wins=2, losses=1, draws=0)
    assert stats.tally("master", "renju").games == 3
    assert stats.tally("master", "freestyle").draws == 1
    assert stats.tally("beginner", "renju").games == 0


def test_total_and_summary_cover_every_pair_played():
    stats = Statistics()
    stats.record("casual", "standard", "loss")
    stats.record("beginner", "freestyle", "win")
    assert stats.total() == Tally(wins=1, losses=1, draws=0)
    assert [(level, rule) for level, rule, _ in stats.summary()] == [("beginner", "freestyle"), ("casual", "standard")]


def test_win_rate():
    assert Tally(wins=3, losses=1).win_rate == 0.75
    assert Tally().win_rate == 0.0


@pytest.mark.parametrize("result", ["won", "", None, 1])
def test_an_unknown_result_is_refused_and_quoted(result):
    with pytest.raises(ValueError, match=repr(result).replace("(", r"\(")):
        Statistics().record("master", "renju", result)


def test_an_empty_level_is_refused():
    with pytest.raises(ValueError, match="level"):
        Statistics().record("", "renju", "win")


def test_round_trip_through_a_dict():
    stats = Statistics()
    stats.record("strong", "renju", "draw")
    data = stats.to_dict()
    assert data["format"] == "gomoku-stats" and data["version"] == 1
    assert Statistics.from_dict(data) == stats


@pytest.mark.parametrize(
    "data, message",
    [
        ([], "not a Gomoku statistics file"),
        ({"format": "gomoku-stats", "version": 9, "entries": []}, "version 9"),
        ({"format": "gomoku-stats", "version": 1, "entries": {}}, "entries"),
        ({"format": "gomoku-stats", "version": 1, "entries": [{"level": "a", "rule": "b", "wins": -1}]}, "-1"),
        ({"format": "gomoku-stats", "version": 1, "entries": [{"level": "a", "rule": "b", "draws": True}]}, "True"),
        ({"format": "gomoku-stats", "version": 1, "entries": ["x"]}, "'x'"),
    ],
)
def test_malformed_statistics_name_the_problem(data, message):
    with pytest.raises(StatisticsError, match=message):
        Statistics.from_dict(data)
