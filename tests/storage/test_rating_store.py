"""The player's rating file: kept across runs, set aside when damaged, carried over from an older ladder."""

import json

from game.rating.glicko2 import Rating
from game.storage.rating_store import CARRIED_DEVIATION, START, PlayerRating
from game.storage.store import NoticeProblem, UserStore


def _rated(store_root, version=3) -> PlayerRating:
    player = PlayerRating(ladder_version=version)
    player = player.after("1150", 1160.0, 1.0, Rating(1180.0, 250.0, 0.06))
    return player.after("1300", 1290.0, 0.0, Rating(1120.0, 90.0, 0.06))


def test_a_new_player_starts_at_the_ladders_starting_point(tmp_path):
    store = UserStore(tmp_path)
    player = store.load_rating(3)
    assert player.rating == START and player.is_new and store.take_notices() == []


def test_the_rating_and_its_history_survive_a_restart(tmp_path):
    UserStore(tmp_path).save_rating(_rated(tmp_path), 3)
    loaded = UserStore(tmp_path).load_rating(3)
    assert loaded.rating.rating == 1120.0 and loaded.rating.deviation == 90.0
    assert [g.opponent for g in loaded.history] == ["1150", "1300"]
    assert [g.score for g in loaded.history] == [1.0, 0.0]
    assert loaded.carried_from == 0


def test_a_damaged_rating_file_is_kept_as_bak_and_the_player_is_told(tmp_path):
    store = UserStore(tmp_path)
    store.rating_path.write_text('{"format": "gomoku-rating", "version": 1, "rating": ', encoding="utf-8")
    player = store.load_rating(3)
    assert player.is_new
    assert (tmp_path / "rating.json.bak").exists()
    [notice] = store.take_notices()
    assert notice.kind == "rating" and notice.problem is NoticeProblem.UNREADABLE


def test_a_rating_out_of_range_is_rejected_not_trusted(tmp_path):
    store = UserStore(tmp_path)
    document = _rated(tmp_path).to_dict(3)
    document["rating"]["deviation"] = -5
    store.rating_path.write_text(json.dumps(document), encoding="utf-8")
    assert store.load_rating(3).is_new
    assert (tmp_path / "rating.json.bak").exists()


def test_a_rating_from_an_older_ladder_is_carried_over_with_more_doubt_and_a_message(tmp_path):
    UserStore(tmp_path).save_rating(_rated(tmp_path), 2)
    store = UserStore(tmp_path)
    player = store.load_rating(3)
    assert player.rating.rating == 1120.0
    assert player.rating.deviation == CARRIED_DEVIATION
    assert player.carried_from == 2 and len(player.history) == 2
    [notice] = store.take_notices()
    assert notice.problem is NoticeProblem.CARRIED_OVER
    assert not (tmp_path / "rating.json.bak").exists()
    store.save_rating(player, 3)
    assert UserStore(tmp_path).load_rating(3).carried_from == 0
