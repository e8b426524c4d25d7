"""Games played with teaching mode's free retries are counted apart, and survive a save."""

from game.model import Game, GameConfig, Player, game_from_dict, game_to_dict
from game.model.session import UndoNotAllowedError
from game.rules import Stone
from game.storage.stats import Statistics

import pytest


def test_teaching_games_are_counted_and_round_trip():
    stats = Statistics()
    stats.record("casual", "freestyle", "win", teaching=True)
    stats.record("casual", "freestyle", "loss")
    tally = stats.tally("casual", "freestyle")
    assert tally.games == 2 and tally.teaching == 1
    again = Statistics.from_dict(stats.to_dict())
    assert again.tally("casual", "freestyle").teaching == 1 and again.total().teaching == 1


def test_an_old_statistics_file_without_teaching_counts_still_reads():
    data = {"format": "gomoku-stats", "version": 1,
            "entries": [{"level": "casual", "rule": "freestyle", "wins": 2, "losses": 1, "draws": 0}]}
    assert Statistics.from_dict(data).total().teaching == 0


def test_a_retry_takes_back_without_charging_a_take_back_and_is_saved():
    game = Game(GameConfig(black=Player.human("P"), white=Player.ai("casual"), undo_limit=1))
    for point in [(7, 7), (8, 8), (9, 9)]:
        game.play(point)
    taken = game.retry(Stone.BLACK)
    assert [move.point for move in taken] == [(9, 9)]
    assert game.undos_left[Stone.BLACK] == 1 and game.retries_used[Stone.BLACK] == 1
    assert game.is_teaching_game
    assert game_from_dict(game_to_dict(game)).retries_used[Stone.BLACK] == 1
    with pytest.raises(UndoNotAllowedError):
        Game(GameConfig()).retry(Stone.BLACK)
