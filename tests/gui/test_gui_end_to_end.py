"""Whole games driven only by posted input events through the real main loop."""

import random

import pygame
from gui_driver import click, click_button, click_point, frames, press, run_until

from game.rules import Stone
from game.storage import Settings


def test_human_vs_beginner_by_mouse_reaches_the_result(make_app, store, monkeypatch):
    monkeypatch.setattr("game.scenes.play.engine_jobs.MIN_THINK_SECONDS", 0.05)
    app = make_app(Settings(ai_level="beginner", human_colour="black", undo_limit=0))
    frames(app)
    click_button(app, "play_ai")
    frames(app)
    scene = app.manager.current
    assert app.manager.current_name == "play"
    rng = random.Random(5)
    for _ in range(120):  # enough moves for either side to win or the board to fill
        assert run_until(app, lambda: not scene.game.is_ai_turn, 30)  # the AI moved, or the game ended
        if scene.game.is_over:
            break
        board = scene.game.board
        # the human plays near the action, like a (weak) person would
        centre = scene.game.last_move.point if scene.game.last_move else (7, 7)
        candidates = [p for p in board.empty_points() if max(abs(p[0] - centre[0]), abs(p[1] - centre[1])) <= 2]
        point = rng.choice(candidates or list(board.empty_points()))
        before = scene.game.move_count
        click_point(app, point)
        assert scene.game.move_count == before + 1
    frames(app)
    assert app.manager.current_name == "result"
    result = app.manager.current.game.result
    assert result is not None
    assert store.load_stats().total().games == 1
    assert store.load_game() is None  # a finished game is not offered as Continue
    click_button(app, "menu")
    frames(app)
    assert app.manager.current_name == "menu"


def test_hot_seat_five_by_mouse_shows_the_winning_line(app):
    frames(app)
    click_button(app, "hot_seat")
    frames(app)
    scene = app.manager.current
    for x in range(3, 7):
        click_point(app, (x, 7))  # black
        click_point(app, (x, 9))  # white
    click_point(app, (7, 7))
    frames(app)
    assert app.manager.current_name == "result"
    game = app.manager.current.game
    assert game.result.winner is Stone.BLACK
    assert sorted(game.winning_line) == [(x, 7) for x in range(3, 8)]
    assert scene.game is game  # the result shows the very game that was played
    click_button(app, "again")
    frames(app)
    assert app.manager.current_name == "play" and app.manager.current.game.move_count == 0


def move_cursor_to(app, target):
    scene = app.manager.current
    if not scene.show_cursor:
        press(app, pygame.K_LEFT)  # the first arrow press only shows the cursor
    while scene.cursor != target:
        x, y = scene.cursor
        if x < target[0]:
            press(app, pygame.K_RIGHT)
        elif x > target[0]:
            press(app, pygame.K_LEFT)
        elif y < target[1]:
            press(app, pygame.K_DOWN)
        else:
            press(app, pygame.K_UP)


def test_a_whole_hot_seat_game_by_keyboard_only(app):
    frames(app)
    menu = app.manager.current
    for _ in range(10):
        focused = menu.focus.focused
        if focused is not None and focused.action == "hot_seat":
            break
        press(app, pygame.K_TAB)
    assert menu.focus.focused.action == "hot_seat"
    press(app, pygame.K_RETURN)
    frames(app)
    assert app.manager.current_name == "play"
    scene = app.manager.current
    moves = [(7, 7), (7, 8), (8, 7), (8, 8), (9, 7), (9, 8), (10, 7), (10, 8)]
    for point in moves:
        move_cursor_to(app, point)
        press(app, pygame.K_RETURN)
        assert scene.game.moves[-1] == point
    press(app, pygame.K_u)  # undo and replay white's last move
    assert scene.game.move_count == 7
    move_cursor_to(app, (10, 8))
    press(app, pygame.K_SPACE)
    move_cursor_to(app, (11, 7))
    press(app, pygame.K_RETURN)
    frames(app)
    assert app.manager.current_name == "result"
    assert app.manager.current.game.result.winner is Stone.BLACK
    press(app, pygame.K_ESCAPE)
    frames(app)
    assert app.manager.current_name == "menu"


def test_play_scene_buttons_are_reachable_with_tab(app):
    frames(app)
    click_button(app, "hot_seat")
    frames(app)
    scene = app.manager.current
    move_cursor_to(app, (7, 7))
    press(app, pygame.K_RETURN)
    seen = []
    for _ in range(6):
        press(app, pygame.K_TAB)
        seen.append(scene.focus.focused.action)
    assert {"undo", "hint", "resign", "new_game", "menu"} <= set(seen)
    while scene.focus.focused.action != "undo":
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert scene.game.move_count == 0


def test_a_click_between_points_places_nothing(app):
    frames(app)
    click_button(app, "hot_seat")
    frames(app)
    scene = app.manager.current
    x, y = scene.layout.grid.pixel_of((7, 7))
    half = scene.layout.grid.cell / 2
    click(app, (int(x + half), int(y + half)))
    assert scene.game.move_count == 0
