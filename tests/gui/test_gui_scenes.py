"""Scene logic through the real loop: transitions, undo counters, the AI turn, quitting."""

import multiprocessing
import threading

import pygame
import pytest
from gui_driver import click, click_button, click_point, frames, press, run_until

from game.engine import Level, Limit
from game.model import Game, GameConfig, Player
from game.rules import Rule, Stone
from game.scenes.play.panel import status_line
from game.storage import Settings


def start_hot_seat(app):
    frames(app)
    click_button(app, "hot_seat")
    frames(app)
    assert app.manager.current_name == "play"
    return app.manager.current


def test_the_app_opens_on_the_menu_with_its_buttons(app):
    frames(app)
    assert app.manager.current_name == "menu"
    actions = [w.action for w in app.manager.current.focus.widgets if w.visible]
    assert actions[:1] == ["play_ai"] and "hot_seat" in actions and "settings" in actions and "quit" in actions
    assert "continue" not in actions  # no unfinished game yet


def test_menu_to_settings_and_back(app):
    frames(app)
    click_button(app, "settings")
    frames(app)
    assert app.manager.current_name == "settings"
    press(app, pygame.K_ESCAPE)
    frames(app)
    assert app.manager.current_name == "menu"


def test_a_settings_change_is_saved_at_once(app, store):
    frames(app)
    click_button(app, "settings")
    frames(app)
    row = app.manager.current.focus.find("board_size")
    click(app, row.arrow_rects()[1].center)
    assert app.settings.board_size == 19
    assert store.load_settings().board_size == 19


def test_menu_choices_for_colour_and_level_are_remembered(app, store):
    frames(app)
    row = app.manager.current.focus.find("level")
    before = app.settings.ai_level
    click(app, row.arrow_rects()[1].center)
    assert app.settings.ai_level != before
    assert store.load_settings().ai_level == app.settings.ai_level


def test_a_game_left_for_the_menu_can_be_continued(app):
    scene = start_hot_seat(app)
    click_point(app, (7, 7))
    assert scene.game.move_count == 1
    press(app, pygame.K_ESCAPE)
    frames(app)
    assert app.manager.current_name == "menu"
    assert app.manager.current.focus.find("continue").visible
    click_button(app, "continue")
    frames(app)
    assert app.manager.current_name == "play"
    assert app.manager.current.game.moves == [(7, 7)]


def test_the_unfinished_game_survives_a_restart(make_app):
    first = make_app()
    scene = start_hot_seat(first)
    click_point(first, (7, 7))
    click_point(first, (8, 8))
    assert scene.game.move_count == 2
    first.close()
    second = make_app()
    frames(second)
    assert second.manager.current.focus.find("continue").visible


def test_undo_counts_down_per_side_and_disables_the_button(make_app):
    app = make_app(Settings(undo_limit=1))
    scene = start_hot_seat(app)
    click_point(app, (7, 7))
    click_point(app, (8, 8))
    undo = scene.focus.find("undo")
    assert undo.enabled
    click_button(app, "undo")  # takes back white's move, costs white
    assert scene.game.moves == [(7, 7)]
    assert scene.game.undos_left == {Stone.BLACK: 1, Stone.WHITE: 0}
    click_button(app, "undo")  # takes back black's move, costs black
    assert scene.game.moves == []
    assert scene.game.undos_left == {Stone.BLACK: 0, Stone.WHITE: 0}
    frames(app)
    assert not undo.enabled
    click_point(app, (7, 7))
    click_point(app, (8, 8))
    frames(app)
    assert not undo.enabled  # white has no take-backs left
    press(app, pygame.K_u)
    assert scene.game.move_count == 2


def test_unlimited_undo_shows_infinity_and_stays_enabled(make_app):
    app = make_app(Settings(undo_limit=None))
    scene = start_hot_seat(app)
    for _ in range(4):
        click_point(app, (7, 7))
        press(app, pygame.K_u)
    assert scene.game.undos_left[Stone.BLACK] is None
    assert scene.game.undos_used[Stone.BLACK] == 4
    frames(app)
    from game.scenes.shared.names import undos_text

    assert "∞" in undos_text(None)


def test_a_click_on_a_taken_point_is_refused_with_a_message(app):
    scene = start_hot_seat(app)
    click_point(app, (7, 7))
    click_point(app, (7, 7))
    assert scene.game.move_count == 1
    assert scene.status and scene.status_left > 0


def test_renju_forbidden_points_are_refused_when_set_to_refuse(make_app):
    app = make_app(Settings(rule="renju", forbidden_loses=False))
    scene = start_hot_seat(app)
    for point in [(5, 7), (0, 0), (6, 7), (14, 14), (7, 5), (0, 14), (7, 6), (14, 0)]:
        click_point(app, point)
    assert (7, 7) in scene._marks().forbidden
    click_point(app, (7, 7))
    assert scene.game.move_count == 8 and not scene.game.is_over


def test_renju_forbidden_move_loses_when_set_to_lose(make_app):
    app = make_app(Settings(rule="renju", forbidden_loses=True))
    start_hot_seat(app)
    for point in [(5, 7), (0, 0), (6, 7), (14, 14), (7, 5), (0, 14), (7, 6), (14, 0), (7, 7)]:
        click_point(app, point)
    frames(app)
    assert app.manager.current_name == "result"
    assert app.manager.current.game.result.winner is Stone.WHITE


def vs_ai_game(level: str, human: Stone = Stone.BLACK) -> Game:
    ai = Player.ai(level)
    black, white = (Player.human(), ai) if human is Stone.BLACK else (ai, Player.human())
    return Game(GameConfig(rule=Rule.FREESTYLE, size=15, black=black, white=white, undo_limit=3))


def test_clicks_during_the_ai_turn_are_ignored_and_explained(app):
    frames(app)
    app.manager.switch("play", game=vs_ai_game("master"))
    frames(app)
    scene = app.manager.current
    click_point(app, (7, 7))
    assert scene.game.is_ai_turn and scene.jobs.thinking
    click_point(app, (3, 3))
    assert scene.game.moves == [(7, 7)]
    assert scene.status and scene.status_left > 0
    click_button(app, "menu")  # leaving stops the search
    frames(app)
    assert app.manager.current_name == "menu"
    assert not app.engine.busy


def test_the_ai_replies_and_one_undo_takes_back_both_moves(app, monkeypatch):
    monkeypatch.setattr("game.scenes.play.engine_jobs.MIN_THINK_SECONDS", 0.0)
    frames(app)
    app.manager.switch("play", game=vs_ai_game("beginner"))
    frames(app)
    scene = app.manager.current
    click_point(app, (7, 7))
    assert run_until(app, lambda: scene.game.move_count == 2)
    assert not scene.jobs.thinking
    press(app, pygame.K_u)
    assert scene.game.moves == []
    assert scene.game.undos_left[Stone.BLACK] == 2


def test_the_ai_plays_first_when_the_human_takes_white(app, monkeypatch):
    monkeypatch.setattr("game.scenes.play.engine_jobs.MIN_THINK_SECONDS", 0.0)
    frames(app)
    app.manager.switch("play", game=vs_ai_game("beginner", human=Stone.WHITE))
    frames(app)
    scene = app.manager.current
    assert run_until(app, lambda: scene.game.move_count == 1)
    assert scene.game.to_move is Stone.WHITE


def test_the_ai_reply_is_held_back_for_a_minimum_thinking_time(app, monkeypatch):
    monkeypatch.setattr("game.scenes.play.engine_jobs.MIN_THINK_SECONDS", 600.0)
    frames(app)
    app.manager.switch("play", game=vs_ai_game("beginner"))
    frames(app)
    scene = app.manager.current
    click_point(app, (7, 7))
    assert run_until(app, lambda: scene.jobs.reply is not None, seconds=90)
    frames(app, 3)
    assert scene.game.move_count == 1 and scene.jobs.thinking  # the answer is in, but not shown yet
    monkeypatch.setattr("game.scenes.play.engine_jobs.MIN_THINK_SECONDS", 0.0)
    frames(app)
    assert scene.game.move_count == 2


def test_a_hint_marks_a_point_and_is_counted(app):
    frames(app)
    app.manager.switch("play", game=vs_ai_game("beginner"))
    frames(app)
    scene = app.manager.current
    press(app, pygame.K_h)
    assert scene.game.hints_used[Stone.BLACK] == 1
    assert run_until(app, lambda: scene.hint is not None)
    assert scene.game.board.is_empty(scene.hint)
    assert scene.game.move_count == 0  # a hint never plays


def test_resign_needs_a_second_press_and_ends_the_game(app, store):
    frames(app)
    app.manager.switch("play", game=vs_ai_game("beginner"))
    frames(app)
    click_button(app, "resign")
    assert app.manager.current_name == "play"
    click_button(app, "resign")
    frames(app)
    assert app.manager.current_name == "result"
    game = app.manager.current.game
    assert game.result.winner is Stone.WHITE
    assert store.load_stats().total().games == 1
    assert store.load_game() is None


def test_new_game_during_a_search_stops_it(app):
    frames(app)
    app.manager.switch("play", game=vs_ai_game("master"))
    frames(app)
    click_point(app, (7, 7))
    assert app.manager.current.jobs.thinking
    press(app, pygame.K_n)  # mid-game, the first press only asks
    assert app.manager.current.game.move_count == 1
    press(app, pygame.K_n)
    frames(app)
    scene = app.manager.current
    assert scene.game.move_count == 0 and not scene.jobs.thinking


def test_quitting_mid_search_leaves_no_process_or_thread(make_app):
    threads_before = set(threading.enumerate())
    app = make_app()
    frames(app)
    app.manager.switch("play", game=vs_ai_game("master"))
    frames(app)
    click_point(app, (7, 7))
    assert app.manager.current.jobs.thinking and app.engine.is_alive
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(max_frames=10)
    assert not app.running
    assert not app.engine.is_alive
    assert multiprocessing.active_children() == []
    assert set(threading.enumerate()) <= threads_before  # the queue feeder threads are gone too


def test_the_window_can_be_resized_and_keeps_a_minimum(app):
    scene = start_hot_seat(app)
    app.resize_window((1400, 900))
    frames(app)
    big = scene.layout.grid.cell
    app.resize_window((300, 200))
    frames(app)
    assert app.screen.get_size() == (760, 540)
    assert scene.layout.grid.cell < big
    click_point(app, (7, 7))
    assert scene.game.moves == [(7, 7)]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_scene_draws_in_each_language(make_app, language):
    app = make_app(Settings(language=language))
    frames(app, 2)
    for name, params in [("settings", {}), ("play", {"game": vs_ai_game("beginner")})]:
        app.manager.switch(name, **params)
        frames(app, 2)
        assert app.manager.current_name == name


def finished_game() -> Game:
    game = vs_ai_game("beginner")
    for point in [(7, 7), (7, 8), (8, 7), (8, 8), (6, 7), (6, 8), (9, 7), (10, 7), (5, 7)]:
        game.play(point)
    assert game.is_over
    return game


def test_result_offers_review_and_comes_back(app):
    frames(app)
    app.manager.switch("result", game=finished_game())
    frames(app)
    if not app.manager.has_scene("review"):
        assert not app.manager.current.focus.find("review").visible
        return
    click_button(app, "review")
    frames(app)
    assert app.manager.current_name == "review"
    press(app, pygame.K_ESCAPE)
    frames(app)
    assert app.manager.current_name in ("result", "menu")


def test_save_record_writes_files_into_the_records_folder(app, store):
    frames(app)
    app.manager.switch("result", game=finished_game())
    frames(app)
    click_button(app, "save")
    saved = sorted(path.suffix for path in store.records_dir.iterdir())
    assert ".sgf" in saved
    assert app.toast  # the player is told where it went


def test_m_toggles_mute_and_remembers_it(app, store):
    frames(app)
    muted = app.settings.muted
    press(app, pygame.K_m)
    assert app.settings.muted is not muted
    assert app.sound.muted is not muted
    assert store.load_settings().muted is not muted


def test_a_damaged_settings_file_is_reported_and_defaults_are_used(make_app, store):
    store.settings_path.parent.mkdir(parents=True, exist_ok=True)
    store.settings_path.write_text("{ not json", encoding="utf-8")
    app = make_app()
    frames(app)
    assert app.settings == Settings()
    assert app.toast  # a short notice tells the player a backup was kept


def test_a_clocked_game_shows_and_runs_down_the_clock(app):
    frames(app)
    config = GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.human(), white=Player.human(), clock_seconds=1.0)
    app.manager.switch("play", game=Game(config))
    frames(app)
    scene = app.manager.current
    for _ in range(90):  # 1.5 s of frames at 60 FPS: black's second runs out
        if app.manager.current_name == "result":
            break
        frames(app)
    assert app.manager.current_name == "result"
    assert scene.game.result.winner is Stone.WHITE


def test_undo_during_the_ai_search_stops_it_and_takes_the_move_back(app):
    frames(app)
    app.manager.switch("play", game=vs_ai_game("master"))
    frames(app)
    scene = app.manager.current
    click_point(app, (7, 7))
    assert scene.jobs.thinking
    press(app, pygame.K_u)
    assert scene.game.moves == [] and not scene.jobs.thinking
    assert not app.engine.busy


def test_an_engine_failure_is_shown_and_undo_retries(app, monkeypatch):
    frames(app)
    app.manager.switch("play", game=vs_ai_game("beginner"))
    frames(app)
    scene = app.manager.current
    from game.engine import FailedReply, Purpose

    click_point(app, (7, 7))
    monkeypatch.setattr(app.engine, "poll", lambda: FailedReply(scene.jobs.job, Purpose.MOVE, "boom"))
    frames(app, 2)
    assert "boom" in status_line(scene)[0]
    assert scene.jobs.job is None  # it does not retry in a loop
    monkeypatch.undo()
    press(app, pygame.K_u)
    assert scene.jobs.error == "" and scene.game.move_count == 0


def test_the_clock_setting_starts_clocked_games(make_app):
    app = make_app(Settings(clock_minutes=5))
    scene = start_hot_seat(app)
    assert scene.game.config.clock_seconds == 300.0
    frames(app, 30)
    assert scene.game.clock_left[Stone.BLACK] < 300.0 == scene.game.clock_left[Stone.WHITE]


def test_the_window_size_is_remembered_for_next_time(make_app, store):
    app = make_app()
    frames(app)
    app.resize_window((1234, 777))
    frames(app)
    app.close()
    saved = store.load_settings()
    assert (saved.window_width, saved.window_height) == (1234, 777)


def test_a_move_made_while_a_hint_is_searched_drops_that_hint(app, monkeypatch):
    monkeypatch.setattr("game.scenes.play.scene.HINT_LIMIT", Limit(time_ms=5000))
    monkeypatch.setattr("game.scenes.play.scene.HINT_LEVEL", Level.MASTER)
    scene = start_hot_seat(app)
    click_point(app, (7, 7))
    press(app, pygame.K_h)
    assert scene.jobs.job is not None
    click_point(app, (3, 3))
    assert scene.jobs.job is None and scene.hint is None
    frames(app, 30)
    assert scene.hint is None  # the stale answer never shows up
