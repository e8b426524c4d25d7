from game.rules import Rule
from game.storage import Settings


def test_settings_round_trip_through_a_dict():
    settings = Settings(rule="renju", board_size=19, undo_limit=None, ai_level="master", language="zh")
    assert Settings.from_dict(settings.to_dict()) == settings
    assert settings.rule_value is Rule.RENJU


def test_bad_fields_fall_back_to_their_defaults_and_good_ones_survive():
    loaded = Settings.from_dict({"board_size": 17, "undo_limit": -2, "ai_level": "god", "muted": True, "x": 1})
    defaults = Settings()
    assert loaded.board_size == defaults.board_size
    assert loaded.undo_limit == defaults.undo_limit
    assert loaded.ai_level == defaults.ai_level
    assert loaded.muted is True


def test_non_dict_data_gives_defaults():
    assert Settings.from_dict(["not", "settings"]) == Settings()


def test_with_changes_rejects_out_of_range_values():
    assert Settings().with_changes(sound_volume=3.0).sound_volume == Settings().sound_volume
    assert Settings().with_changes(undo_limit=5).undo_limit == 5


def test_clock_minutes_are_one_of_the_offered_choices_or_none():
    assert Settings().clock_minutes is None
    assert Settings.from_dict({"clock_minutes": 10}).clock_minutes == 10
    assert Settings.from_dict({"clock_minutes": 7}).clock_minutes is None
    assert Settings.from_dict({"clock_minutes": True}).clock_minutes is None
    assert Settings().with_changes(clock_minutes=30).clock_minutes == 30
