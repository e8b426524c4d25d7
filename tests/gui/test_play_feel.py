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
