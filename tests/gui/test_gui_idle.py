"""The loop is quiet when nothing moves: it redraws only on change and sleeps until input."""

from __future__ import annotations

import pygame
import pytest

from game.loop_pacing import MAX_STALL_SECONDS, game_seconds, seconds_to_next_tick
from game.model import Game, GameConfig, Player
from game.rules import Rule

from gui_driver import frames


def _vs_computer() -> Game:
    return Game(GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.human("P"), white=Player.ai("beginner")))


def test_an_idle_menu_is_not_redrawn(app):
    frames(app, 3)
    before = app.draws
    frames(app, 5)
    assert app.draws == before


def test_input_is_drawn_in_the_same_frame(app):
    frames(app, 3)
    before = app.draws
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    assert app.draws == before + 1


def test_an_idle_loop_sleeps_until_input_arrives(app, monkeypatch):
    monkeypatch.setattr("game.app.MAX_IDLE_SECONDS", 600.0)  # without the event this pass would sleep for minutes
    frames(app, 3)
    before = app.draws
    pygame.time.set_timer(pygame.USEREVENT, 30, loops=1)
    app.step()  # real time: sleeps until the timer's event
    pygame.time.set_timer(pygame.USEREVENT, 0)
    assert app.step(dt=1 / 60)
    assert app.draws == before + 1  # the event was kept and drawn in the next pass


def test_a_notice_is_drawn_when_it_appears_and_when_it_goes(app):
    frames(app, 3)
    before = app.draws
    app.notify("hello")
    frames(app)
    assert app.draws == before + 1
    app.step(dt=10.0)  # the notice's time runs out
    assert app.draws == before + 2


def test_the_play_screen_waiting_for_the_human_only_wakes_for_the_clock(app):
    app.manager.switch("play", game=_vs_computer())
    frames(app, 2)
    scene = app.manager.current
    assert not scene.animating()
    assert 0 < scene.next_change() <= 1.0  # the game time in the panel ticks once a second


def test_the_play_screen_wakes_for_the_spinners_steps_while_the_computer_thinks(app):
    """Not every frame (issue 56: that took half a core): at the spinner's steps, and it polls
    the engine in between without drawing."""
    from game.ui.panel import SPINNER_STEPS_PER_SECOND

    game = _vs_computer()
    game.play((7, 7))
    app.manager.switch("play", game=game)
    frames(app)
    scene = app.manager.current
    assert scene.jobs.job is not None  # its answer is held back at least MIN_THINK_SECONDS
    assert not scene.animating()
    assert 0 < scene.next_change() <= 1 / SPINNER_STEPS_PER_SECOND
    assert 0 < scene.next_update() <= 0.1


def test_the_result_screen_pulses_then_stays_still(app):
    game = _vs_computer()
    for point in [(3, 7), (10, 3), (4, 7), (11, 12), (5, 7), (2, 2), (6, 7), (12, 10), (7, 7)]:
        game.play(point)
    app.manager.switch("result", game=game)
    frames(app)
    scene = app.manager.current
    assert scene.animating()
    app.step(dt=10.0)
    before = app.draws
    frames(app, 3)
    assert not scene.animating() and app.draws == before


def test_time_spent_waiting_counts_but_a_stall_does_not_fast_forward():
    assert game_seconds(elapsed=0.9, waited=0.88) == pytest.approx(0.9)
    assert game_seconds(elapsed=5.0, waited=0.0) == pytest.approx(MAX_STALL_SECONDS)
    assert game_seconds(elapsed=3.0, waited=1.0) == pytest.approx(1.0 + MAX_STALL_SECONDS)


def test_a_seconds_display_changes_at_the_next_whole_second():
    assert seconds_to_next_tick(12.25) == pytest.approx(0.75)
    assert seconds_to_next_tick(12.25, counting_down=True) == pytest.approx(0.25)
    assert seconds_to_next_tick(60.0, counting_down=True) == pytest.approx(1.0)
