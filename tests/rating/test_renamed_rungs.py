"""Ladder version 3 renamed the full engine's rung (2300 -> 2650): what was saved under the old
name (a setting, a game record, a rating) must still read, and read as the rung it became."""

from __future__ import annotations

import json

from game.engine import RENAMED_RUNGS, Level, default_limit, level_config
from game.rating.ladder import LADDER_VERSION, NAMED_RUNGS, level_for_choice
from game.storage.rating_store import PlayerRating
from game.storage.settings import Settings


def test_an_old_rung_value_is_the_rung_it_became():
    assert Level("2300") is Level.R2650 is NAMED_RUNGS[Level.MASTER]
    assert level_config(Level("2300")) == level_config(Level.MASTER)
    assert level_for_choice("ladder", "2300", None) is Level.R2650


def test_no_renamed_value_names_a_rung_of_today():
    current = {rung.value for rung in Level.rungs()}
    assert not current & set(RENAMED_RUNGS)
    assert set(RENAMED_RUNGS.values()) <= current


def test_a_saved_setting_keeps_the_players_rung():
    assert Settings.from_dict({"ai_level": "ladder", "ladder_rung": "2300"}).ladder_rung == "2650"
    assert Settings.from_dict({"ladder_rung": "2200"}).ladder_rung == "2200"
    assert Settings.from_dict({"ladder_rung": "2301"}).ladder_rung == Settings().ladder_rung


def test_the_top_rungs_are_spaced_by_their_budgets():
    nodes = [default_limit(rung).nodes for rung in (Level.R2200, Level.R2350, Level.R2500)]
    assert nodes == sorted(nodes) and len(set(nodes)) == 3
    assert default_limit(Level.R2650).nodes is None  # the full engine is on the clock
    # the same search, told apart by nodes
    assert level_config(Level.R2200) == level_config(Level.R2350) == level_config(Level.R2500)


def test_a_rating_kept_under_the_old_ladder_is_carried_with_a_wider_deviation():
    kept = PlayerRating(ladder_version=LADDER_VERSION - 1).to_dict(LADDER_VERSION - 1)
    kept["rating"] = {"rating": 1800.0, "deviation": 70.0, "volatility": 0.06}
    player = PlayerRating.from_dict(json.loads(json.dumps(kept)), LADDER_VERSION)
    assert player.carried_from == LADDER_VERSION - 1
    assert player.rating.rating == 1800.0 and player.rating.deviation > 70.0


def test_an_old_record_names_its_computer_by_the_rung_it_became():
    from game.scenes.shared.names import level_text

    assert level_text("2300") == level_text("2650") != level_text("2350")
    assert "2650" in level_text("2300")
    assert level_text("9999") == "9999"  # a value no level has is shown, not a crash
