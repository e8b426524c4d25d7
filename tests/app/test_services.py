"""The app's services over the store (game.services): saving, statistics and the rating, without a window."""

from __future__ import annotations

import sys
from pathlib import Path

from game.model import Game, GameConfig, Player
from game.rating.rated_game import Unrated
from game.rules import Rule, Stone
from game.services import GameStatistics, PlayerRatings, SavedGames, StoreNotices

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from memory_store import MemoryStore  # noqa: E402


class BrokenDisk(MemoryStore):
    """A store whose writes fail as a full disk does."""

    def save_game(self, game):
        raise OSError("no space left on device")

    def save_stats(self, stats):
        raise OSError("no space left on device")


def services(store):
    said: list[str] = []
    notices = StoreNotices(store, said.append)
    return said, SavedGames(store, said.append, notices), GameStatistics(store, said.append, notices), \
        PlayerRatings(store, notices)


def won_against(level: str) -> Game:
    game = Game(GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.human(), white=Player.ai(level)))
    for point in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)]:
        game.play(point)
    assert game.is_over and game.result.winner is Stone.BLACK
    return game


def test_an_unfinished_game_is_saved_and_read_back_and_a_finished_one_forgotten():
    store = MemoryStore()
    _, saves, _, _ = services(store)
    game = Game(GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.human(), white=Player.ai("casual")))
    game.play((7, 7))
    saves.autosave(game)
    assert saves.load().board.moves == [(7, 7)]
    saves.autosave(won_against("casual"))
    assert saves.load() is None


def test_a_failed_write_is_told_to_the_player_and_loses_nothing_else():
    store = BrokenDisk()
    said, saves, statistics, _ = services(store)
    game = Game(GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.human(), white=Player.ai("casual")))
    game.play((7, 7))
    saves.autosave(game)
    assert statistics.record(won_against("casual"))
    assert len(said) == 2 and all("no space left" in message for message in said)


def test_statistics_count_games_against_the_computer_only():
    store = MemoryStore()
    _, _, statistics, _ = services(store)
    assert statistics.record(won_against("casual"))
    hot_seat = Game(GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.human(), white=Player.human()))
    assert not statistics.record(hot_seat)
    assert store.stats.to_dict() != {}


def test_a_rated_game_changes_the_kept_rating_and_its_outcome_is_remembered():
    store = MemoryStore()
    _, _, _, ratings = services(store)
    before = ratings.current().rating
    game = won_against("casual")
    ratings.rate(game)
    change = ratings.outcome(game)
    assert change is not None and not isinstance(change, Unrated)
    assert ratings.current().rating == change.after and change.after.rating > before.rating
    assert ratings.outcome(won_against("casual")) is None  # another game: not rated by this run
