"""The statistics screen shows what the store counted, per level and rule, with a total."""

import pygame
import pytest

from game.scenes.stats.scene import table_rows
from game.storage import Settings, Statistics


def frames(app, count: int = 2) -> None:
    for _ in range(count):
        app.step(dt=1 / 60)


def test_rows_run_from_the_easiest_level_and_freestyle_first():
    stats = Statistics()
    stats.record("master", "renju", "win")
    stats.record("beginner", "renju", "loss")
    stats.record("master", "freestyle", "draw")
    stats.record("beginner", "freestyle", "win")
    order = [(level, rule) for level, rule, _ in table_rows(stats)]
    assert order == [("beginner", "freestyle"), ("beginner", "renju"), ("master", "freestyle"), ("master", "renju")]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_menu_opens_statistics_from_the_store_and_esc_returns(make_app, store, language):
    stats = Statistics()
    stats.record("strong", "standard", "win")
    stats.record("strong", "standard", "loss")
    store.save_stats(stats)
    app = make_app(Settings(language=language))
    frames(app)
    button = app.manager.current.focus.find("stats")
    assert button is not None and button.visible
    app.manager.current._activate("stats", None)
    frames(app)
    assert app.manager.current_name == "stats"
    scene = app.manager.current
    assert [(level, rule, tally.games) for level, rule, tally in scene.rows] == [("strong", "standard", 2)]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app)
    assert app.manager.current_name == "menu"


def test_no_games_yet_shows_the_empty_table(make_app):
    app = make_app()
    app.manager.switch("stats")
    frames(app)
    assert app.manager.current.rows == []


def test_a_finished_game_against_the_computer_appears_in_the_statistics(make_app, store):
    from game.model import Game, GameConfig, Player

    app = make_app()
    game = Game(GameConfig(black=Player.human(), white=Player.ai("casual")))
    for point in [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (11, 7)]:
        game.play(point)
    app.record_result(game)
    app.manager.switch("stats")
    frames(app)
    [(level, rule, tally)] = app.manager.current.rows
    assert (level, rule, tally.wins, tally.games) == ("casual", "freestyle", 1, 1)
