"""The coach in a game, through the real loop: the analysis panel (A) and teaching mode."""

import pygame
from gui_driver import click_button, click_point, frames, press, run_until

from game.model import Game, GameConfig, Player
from game.rules import Stone
from game.storage import Settings

OPENING = [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7)]
#: White (the computer) has an open three on row 4 (d4 e4 f4) and black to move: any black
#: move that does not block lets white force five (four, then five). Black's stones sit next
#: to it, so the block at (6, 3) holds (Rapfi-classical at 3 s: white +442, no mate). With
#: black's stones far off, as this test once had them, the block loses too: Rapfi sees white
#: mate in 15, and the coach, given the whole turn, proved it in about one run in six.
OPEN_THREE = [(4, 4), (3, 3), (5, 5), (4, 3), (0, 14), (5, 3)]


def hot_seat(moves):
    game = Game(GameConfig(black=Player.human("A"), white=Player.human("B")))
    for point in moves:
        game.play(point)
    return game


def vs_computer(moves, undo_limit=2):
    game = Game(GameConfig(black=Player.human("Player"), white=Player.ai("beginner"), undo_limit=undo_limit))
    for point in moves:
        game.play(point)
    return game


def open_play(app, game):
    frames(app)
    app.manager.switch("play", game=game)
    frames(app)
    return app.manager.current


def test_key_a_opens_the_panel_and_the_worker_analyses_the_position(app):
    scene = open_play(app, hot_seat(OPENING))
    assert not scene.coach.analysis.visible
    press(app, pygame.K_a)
    analysis = scene.coach.analysis
    assert analysis.visible and analysis.requests == 1 and analysis.job is not None
    assert run_until(app, lambda: analysis.showing(scene.game.board) is not None, seconds=60)
    shown = analysis.showing(scene.game.board)
    assert shown.to_move is Stone.WHITE and shown.candidates
    assert all(scene.game.board.is_empty(candidate.move) for candidate in shown.candidates)
    frames(app)  # the panel and the marks draw without error
    # a move on the board replaces the analysis with one of the new position
    click_point(app, shown.candidates[0].move)
    assert scene.game.move_count == len(OPENING) + 1
    assert analysis.requests == 2 and analysis.showing(scene.game.board) is None
    assert run_until(app, lambda: analysis.showing(scene.game.board) is not None, seconds=60)
    assert analysis.showing(scene.game.board).to_move is Stone.BLACK
    # the button closes it again and stops the engine
    click_button(app, "analysis")
    assert not analysis.visible and analysis.job is None


def test_the_panel_counts_as_a_hint_against_the_computer(app):
    scene = open_play(app, vs_computer([]))
    press(app, pygame.K_a)
    assert run_until(app, lambda: scene.coach.analysis.showing(scene.game.board) is not None, seconds=60)
    frames(app, 3)
    assert scene.game.hints_used[Stone.BLACK] == 1  # once per position, not once per frame


def test_teaching_mode_stops_a_move_that_lets_the_computer_win_and_retry_is_free(make_app, store):
    app = make_app(Settings(teaching_mode=True))
    scene = open_play(app, vs_computer(OPEN_THREE))
    undos_before = dict(scene.game.undos_left)
    click_point(app, (14, 0))  # ignores white's open three
    assert scene.coach.checking and scene.coach.holds_ai
    assert run_until(app, lambda: scene.coach.verdict is not None or not scene.coach.checking, seconds=60)
    verdict = scene.coach.verdict
    assert verdict is not None and verdict.kind == "allowed"
    assert verdict.proof.attacker is Stone.WHITE and verdict.proof.line[0] in ((2, 3), (6, 3))
    frames(app, 5)
    assert scene.game.move_count == len(OPEN_THREE) + 1  # the computer waits for the answer
    assert scene.coach.offer.find("retry") is not None
    click_button_in(app, scene.coach.offer, "retry")
    assert scene.coach.verdict is None
    assert scene.game.moves == OPEN_THREE
    assert scene.game.undos_left == undos_before and scene.game.retries_used[Stone.BLACK] == 1
    # blocking the three is fine: no question, the computer answers
    click_point(app, (6, 3))
    assert run_until(app, lambda: scene.game.move_count == len(OPEN_THREE) + 2, seconds=60)
    assert scene.coach.verdict is None
    assert scene.game.is_teaching_game


def test_without_teaching_mode_the_computer_answers_at_once(app):
    scene = open_play(app, vs_computer(OPEN_THREE))
    click_point(app, (14, 0))
    assert not scene.coach.checking and not scene.coach.holds_ai
    assert run_until(app, lambda: scene.game.move_count == len(OPEN_THREE) + 2, seconds=60)


def click_button_in(app, group, action):
    from gui_driver import click

    widget = group.find(action)
    assert widget is not None and widget.visible
    click(app, widget.rect.center)


def test_a_finished_game_with_a_retry_counts_as_a_teaching_game(app, store):
    game = vs_computer([(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (12, 12)])
    game.retry(Stone.BLACK)  # take back the aimless move, then make the five
    game.play((11, 7))
    assert game.is_over
    app.record_result(game)
    tally = store.load_stats().tally("beginner", "freestyle")
    assert tally.wins == 1 and tally.teaching == 1
