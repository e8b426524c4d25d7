"""Issue 56's play-feel items through the real loop: the teaching-mode swap2 hang, and more."""

from gui_driver import click_point, frames, run_until

from game.model import Game, GameConfig, Player
from game.rules.opening import OpeningRule
from game.storage import Settings


def test_teaching_mode_does_not_hang_the_computers_swap2_choice(make_app, monkeypatch):
    monkeypatch.setattr("game.scenes.play.engine_jobs.MIN_THINK_SECONDS", 0.0)
    app = make_app(Settings(teaching_mode=True))
    frames(app)
    game = Game(GameConfig(opening=OpeningRule.SWAP2, black=Player.human("Player"), white=Player.ai("beginner")))
    app.manager.switch("play", game=game)
    frames(app)
    for point in [(7, 7), (8, 6), (9, 9)]:
        click_point(app, point)
        frames(app, 2)
    assert game.move_count == 3
    assert run_until(app, lambda: game.opening_actor is None or game.move_count > 3, 30), app.manager.current.status


def test_while_the_computer_thinks_the_window_redraws_only_at_the_spinners_steps(app, monkeypatch):
    """Issue 56: the spinner was animated at 60 FPS with full software redraws (half a core)."""
    import time

    from game.engine import Limit
    from game.ui.panel import SPINNER_STEPS_PER_SECOND

    monkeypatch.setattr("game.scenes.play.engine_jobs.EngineJobs._move_limit", lambda jobs, level: Limit(time_ms=60_000))
    game = Game(GameConfig(black=Player.human("Player"), white=Player.ai("master")))
    for point in [(7, 7), (8, 8), (7, 8), (6, 9), (8, 7)]:
        game.play(point)
    frames(app)
    app.manager.switch("play", game=game)
    frames(app)
    assert run_until(app, lambda: app.manager.current.jobs.thinking, 10)
    scene = app.manager.current
    frames(app, 3)
    assert not scene.animating()  # only the spinner moves
    draws, start = app.draws, time.monotonic()
    while time.monotonic() - start < 1.5:
        app.step()  # the real loop: it sleeps until the scene's next change
    assert scene.jobs.thinking
    assert app.draws - draws <= 1.5 * (SPINNER_STEPS_PER_SECOND + 1) + 2  # steps and the clock's second


def test_a_new_game_asks_before_it_replaces_the_unfinished_one(app):
    """Issue 56: Play vs computer / Two players threw the saved game away without asking."""
    from gui_driver import click_button

    from game.i18n import tr

    unfinished = Game(GameConfig(black=Player.human("Player"), white=Player.ai("1300")))
    unfinished.play((7, 7))
    app.saves.autosave(unfinished)
    frames(app)
    app.manager.switch("menu")
    frames(app)
    for action in ("play_ai", "hot_seat"):
        click_button(app, action)
        frames(app)
        assert app.manager.current_name == "menu" and app.toast == tr("feel.unfinished")
        assert app.saves.load() is not None
    click_button(app, "hot_seat")  # the second press of the same button starts it
    frames(app)
    assert app.manager.current_name == "play" and not app.manager.current.game.config.is_vs_ai


def test_opening_the_panel_against_the_computer_counts_the_hint_it_announces(app):
    """Issue 56: the panel said it counts as a hint; the result then said "Hints used: You 0"."""
    import pygame
    from gui_driver import press

    from game.rules import Stone

    game = Game(GameConfig(black=Player.human("Player"), white=Player.ai("beginner")))
    frames(app)
    app.manager.switch("play", game=game)
    frames(app)
    press(app, pygame.K_a)  # no snapshot has arrived yet, and the game may end before one does
    assert game.hints_used[Stone.BLACK] == 1 and game.analysis_used
    frames(app, 3)
    assert game.hints_used[Stone.BLACK] == 1  # still once for this position


def test_the_menus_suggestion_is_the_rung_adaptive_plays(make_app, store):
    """Issue 56: the menu suggested one rung while Adaptive played another."""
    from game.i18n import tr
    from game.rating.ladder import LADDER_VERSION, adaptive_level

    app = make_app(Settings(ai_level="adaptive"))
    won = Game(GameConfig(black=Player.human(), white=Player.ai("1550")))
    for point in [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (11, 7)]:
        won.play(point)
    app.record_result(won)
    expected = adaptive_level(store.load_rating(LADDER_VERSION).rating)
    frames(app)
    app.manager.switch("menu")
    frames(app)
    menu = app.manager.current
    assert any(tr(f"level.{expected.value}") in note for note in menu.level_notes())
    menu._activate("play_ai", None)
    frames(app)
    game = app.manager.current.game
    assert game.config.player(game.config.human_sides[0].opponent).level == expected.value
    app.update_settings(app.settings.with_changes(ai_level="ladder"))
    app.manager.switch("menu")
    frames(app)
    assert tr("menu.suggested", level=tr(f"level.{expected.value}")) in app.manager.current.level_notes()


def test_a_colour_choice_says_who_plays_which_colour_now(app):
    """Issue 56: the colours changed after a swap2 decision with no word about it."""
    from gui_driver import click_button

    from game.i18n import tr

    game = Game(GameConfig(opening=OpeningRule.SWAP2, black=Player.ai("beginner"), white=Player.human("Player")))
    for point in [(7, 7), (8, 6), (9, 9)]:
        game.play(point)
    frames(app)
    app.manager.switch("play", game=game)
    frames(app)
    click_button(app, "choose_black")
    frames(app)
    assert tr("feel.you_play", colour=tr("colour.black")) in app.manager.current.status


def test_a_forbidden_point_says_its_kind_on_hover_and_in_the_loss(app):
    """Issue 56: a forbidden point's x gave no reason, nor did the loss."""
    import pygame

    from game.i18n import tr
    from game.rules import Rule
    from game.scenes.shared.names import reason_text

    game = Game(GameConfig(rule=Rule.RENJU, black=Player.human("A"), white=Player.human("B"), forbidden_loses=True))
    for point in [(5, 7), (0, 0), (6, 7), (0, 14), (7, 5), (14, 0), (7, 6), (14, 14)]:
        game.play(point)
    frames(app)
    app.manager.switch("play", game=game)
    frames(app)
    scene = app.manager.current
    pos = scene.layout.grid.pixel_of((7, 7))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    kind = tr("feel.forbidden.double_three")
    assert kind in scene.status
    click_point(app, (7, 7))  # black plays it and loses
    frames(app)
    assert game.is_over and kind in reason_text(game)
