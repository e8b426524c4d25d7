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
