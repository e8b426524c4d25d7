"""UserStore: round trips, corrupt files set aside as .bak with a notice, and interrupted writes."""

import json
import os

import pytest

import game.records.atomic as atomic
from game.model import Game, GameConfig, Player
from game.rules import Rule
from game.storage import NoticeProblem, Settings, Statistics, StoreLocations, UserStore
from game.storage import locations as locations_module


@pytest.fixture
def store(tmp_path):
    return UserStore(tmp_path)


def a_game_in_progress() -> Game:
    config = GameConfig(rule=Rule.RENJU, black=Player.human("Ann"), white=Player.ai("master"), undo_limit=2)
    game = Game(config)
    for point in [(7, 7), (8, 8), (7, 8), (9, 9)]:
        game.play(point)
    game.undo()
    return game


# ------------------------------------------------------------------ round trips
def test_missing_files_give_defaults_and_no_notices(store):
    assert store.load_settings() == Settings()
    assert store.load_stats() == Statistics()
    assert store.load_game() is None
    assert store.notices == []


def test_settings_round_trip(store):
    settings = Settings(rule="standard", board_size=19, undo_limit=None, language="zh", sound_volume=0.25, muted=True)
    assert store.save_settings(settings) is True
    assert UserStore(store.locations.config_dir).load_settings() == settings


def test_settings_file_names_its_format_and_version(store):
    store.save_settings(Settings())
    document = json.loads(store.settings_path.read_text(encoding="utf-8"))
    assert document["format"] == "gomoku-settings"
    assert document["version"] == 1


def test_statistics_round_trip(store):
    stats = Statistics()
    stats.record("master", "renju", "win")
    stats.record("master", "renju", "loss")
    stats.record("casual", "freestyle", "draw")
    store.save_stats(stats)
    loaded = UserStore(store.locations.data_dir).load_stats()
    assert loaded == stats
    assert loaded.tally("master", "renju").games == 2


def test_autosave_round_trip_keeps_moves_and_take_backs(store):
    game = a_game_in_progress()
    store.save_game(game)
    loaded = store.load_game()
    assert loaded is not None
    assert loaded.moves == game.moves
    assert loaded.rule is Rule.RENJU
    assert loaded.undos_left == game.undos_left
    assert loaded.config.white.level == "master"
    assert loaded.to_move is game.to_move


def test_a_finished_game_is_not_offered_to_continue(store):
    game = Game()
    for x in range(4):
        game.play((x, 0))
        game.play((x, 1))
    game.play((4, 0))
    assert game.is_over
    store.save_game(game)
    assert store.load_game() is None


def test_clear_game_forgets_the_autosave(store):
    store.save_game(a_game_in_progress())
    assert store.has_game()
    store.clear_game()
    assert not store.has_game()
    assert store.load_game() is None
    store.clear_game()  # clearing twice is harmless


def test_records_dir_is_created_by_the_first_save_not_by_looking(store, tmp_path):
    from game.storage import list_records, save_game_records

    folder = store.records_dir
    assert tmp_path in folder.parents
    assert list_records(folder) == [] and not folder.exists()
    save_game_records(a_game_in_progress(), folder)
    assert folder.is_dir() and len(list_records(folder)) == 2


# ------------------------------------------------------------------ corrupt files
@pytest.mark.parametrize(
    "content",
    [b"{ this is not json", b"\xff\xfe\x00garbage", b'{"format": "someone-else", "settings": {}}', b"[1, 2, 3]"],
)
def test_a_corrupt_or_foreign_settings_file_is_kept_as_bak_and_defaults_load(store, content):
    store.settings_path.write_bytes(content)
    assert store.load_settings() == Settings()
    backup = store.settings_path.with_name("settings.json.bak")
    assert backup.read_bytes() == content
    assert not store.settings_path.exists()
    [notice] = store.notices
    assert notice.kind == "settings"
    assert notice.backup == backup
    assert notice.problem is NoticeProblem.UNREADABLE


def test_a_corrupt_autosave_is_kept_as_bak_and_nothing_is_resumed(store):
    store.save_game(a_game_in_progress())
    original = store.autosave_path.read_bytes()
    store.autosave_path.write_bytes(original[: len(original) // 2])  # a write cut short
    assert store.load_game() is None
    assert store.autosave_path.with_name("autosave.json.bak").read_bytes() == original[: len(original) // 2]
    assert [n.kind for n in store.notices] == ["autosave"]


def test_an_autosave_with_an_impossible_move_is_set_aside(store):
    store.save_game(a_game_in_progress())
    document = json.loads(store.autosave_path.read_text(encoding="utf-8"))
    document["moves"].append(list(document["moves"][0][:2]) + [document["moves"][0][2] % 2 + 1])  # on a stone
    store.autosave_path.write_text(json.dumps(document), encoding="utf-8")
    assert store.load_game() is None
    assert store.notices[0].kind == "autosave"
    assert "illegal" in store.notices[0].detail


@pytest.mark.parametrize("moves", [{"a": 1}, [[1, 2]], [["x", "y", 1]], None])
def test_autosaves_with_malformed_moves_never_crash(store, moves):
    store.save_game(a_game_in_progress())
    document = json.loads(store.autosave_path.read_text(encoding="utf-8"))
    document["moves"] = moves
    store.autosave_path.write_text(json.dumps(document), encoding="utf-8")
    assert store.load_game() is None
    assert store.notices[0].kind == "autosave"


def test_corrupt_statistics_are_kept_as_bak(store):
    store.stats_path.write_text('{"format": "gomoku-stats", "version": 1, "entries": [{"level": "x"}]}')
    assert store.load_stats() == Statistics()
    assert store.stats_path.with_name("stats.json.bak").exists()
    assert store.notices[0].kind == "stats"


def test_an_older_backup_is_replaced_by_the_newest_corrupt_file(store):
    store.settings_path.with_name("settings.json.bak").write_text("old")
    store.settings_path.write_text("new and broken")
    store.load_settings()
    assert store.settings_path.with_name("settings.json.bak").read_text() == "new and broken"


def test_take_notices_hands_each_notice_over_once(store):
    store.settings_path.write_text("broken")
    store.load_settings()
    assert len(store.take_notices()) == 1
    assert store.take_notices() == []


def test_after_setting_aside_the_next_save_and_load_work_normally(store):
    store.settings_path.write_text("broken")
    store.load_settings()
    store.save_settings(Settings(muted=True))
    assert UserStore(store.locations.config_dir).load_settings().muted is True


# ------------------------------------------------------------------ interrupted writes
def _explode(*args, **kwargs):
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("broken", ["replace", "fsync"])
def test_an_interrupted_write_leaves_the_previous_settings_intact(store, monkeypatch, broken):
    store.save_settings(Settings(board_size=19))
    before = store.settings_path.read_bytes()
    monkeypatch.setattr(atomic.os, broken, _explode)
    assert store.save_settings(Settings(board_size=15, muted=True)) is False
    monkeypatch.undo()
    assert store.settings_path.read_bytes() == before
    assert UserStore(store.locations.config_dir).load_settings().board_size == 19
    assert [p.name for p in store.settings_path.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_an_interrupted_autosave_keeps_the_previous_position(store, monkeypatch):
    game = a_game_in_progress()
    store.save_game(game)
    saved_moves = list(game.moves)
    game.play((3, 3))
    monkeypatch.setattr(atomic.os, "replace", _explode)
    assert store.save_game(game) is False
    monkeypatch.undo()
    assert store.load_game().moves == saved_moves


def test_a_failing_disk_gives_one_notice_per_file_not_one_per_move(store, monkeypatch):
    monkeypatch.setattr(atomic.os, "replace", _explode)
    game = a_game_in_progress()
    for _ in range(3):
        store.save_game(game)
    assert [(n.kind, n.problem) for n in store.notices] == [("autosave", NoticeProblem.NOT_SAVED)]
    assert "No space left" in store.notices[0].detail


# ------------------------------------------------------------------ locations
def test_the_environment_variable_moves_every_file(monkeypatch, tmp_path):
    monkeypatch.setenv("GOMOKU_USER_DIR", str(tmp_path / "portable"))
    store = UserStore()
    assert store.settings_path == tmp_path / "portable" / "settings.json"
    assert store.records_dir == tmp_path / "portable" / "records"


def test_without_a_root_the_platform_folders_are_used(monkeypatch, tmp_path):
    monkeypatch.delenv("GOMOKU_USER_DIR", raising=False)
    import platformdirs

    calls = []

    def fake_dir(kind):
        def lookup(app, appauthor=None):
            calls.append((kind, app))
            return str(tmp_path / kind / app)

        return lookup

    monkeypatch.setattr(platformdirs, "user_config_dir", fake_dir("config"))
    monkeypatch.setattr(platformdirs, "user_data_dir", fake_dir("data"))
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(tmp_path / "no-documents"))
    locations = StoreLocations.for_user()
    assert locations.config_dir == tmp_path / "config" / locations_module.APP_NAME
    assert locations.data_dir == tmp_path / "data" / locations_module.APP_NAME
    assert locations.records_dir == locations.data_dir / "records"  # no documents folder here
    (tmp_path / "docs").mkdir()
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(tmp_path / "docs"))
    assert StoreLocations.for_user().records_dir == tmp_path / "docs" / "Gomoku"


def test_temp_files_left_by_a_killed_write_are_cleaned_up_on_load(store):
    store.save_settings(Settings())
    stale = store.settings_path.with_name(".settings.json.abc123.tmp")
    fresh = store.settings_path.with_name(".settings.json.def456.tmp")
    stale.write_text("half a file")
    fresh.write_text("a write in progress")
    os.utime(stale, (1_000_000, 1_000_000))
    store.load_settings()
    assert not stale.exists()
    assert fresh.exists()
