"""The opening rules on the play screen: the colour prompt, refused clicks, and the computer's opening decisions."""

from gui_driver import click_button, click_point, frames, run_until

from game.model import Game, GameConfig, Player
from game.rules import Stone
from game.rules.opening import OpeningRule, Seat

OPENING = [(7, 7), (8, 6), (9, 9)]


def swap_game(rule, first, second):
    game = Game(GameConfig(opening=rule, black=first, white=second, undo_limit=3))
    for point in OPENING:
        game.play(point)
    return game


def visible_choices(scene):
    return [w.action for w in scene.focus.widgets if w.action.startswith("choose_") and w.visible]


def test_swap2_prompt_offers_three_buttons_and_refuses_board_clicks(app):
    frames(app)
    ann, bob = Player.human("Black"), Player.human("White")
    app.manager.switch("play", game=swap_game(OpeningRule.SWAP2, ann, bob))
    frames(app)
    scene = app.manager.current
    assert visible_choices(scene) == ["choose_black", "choose_white", "choose_place_two"]
    click_point(app, (3, 3))
    assert scene.game.move_count == 3 and "Choose a colour" in scene.status
    click_button(app, "choose_black")  # the second player takes black: the two players change places
    frames(app)
    assert scene.game.config.black is bob and scene.game.config.white is ann
    assert visible_choices(scene) == [] and scene.game.opening_actor is None
    click_point(app, (3, 3))
    assert scene.game.move_count == 4 and scene.game.board[(3, 3)] is Stone.WHITE


def test_swap1_prompt_has_only_the_two_colours(app):
    frames(app)
    app.manager.switch("play", game=swap_game(OpeningRule.SWAP1, Player.human("Black"), Player.human("White")))
    frames(app)
    assert visible_choices(app.manager.current) == ["choose_black", "choose_white"]


def test_the_computer_places_the_opening_and_the_person_then_chooses(app, monkeypatch):
    monkeypatch.setattr("game.scenes.play.engine_jobs.MIN_THINK_SECONDS", 0.0)
    monkeypatch.setattr("game.scenes.play.engine_jobs.OPENING_STONE_SECONDS", 0.0)
    frames(app)
    game = Game(GameConfig(opening=OpeningRule.SWAP2, black=Player.ai("beginner"), white=Player.human()))
    app.manager.switch("play", game=game)
    assert run_until(app, lambda: game.move_count == 3 and game.opening_actor is Seat.SECOND, 60)
    scene = app.manager.current
    assert visible_choices(scene) == ["choose_black", "choose_white", "choose_place_two"]
    click_button(app, "choose_white")  # stay white: the person plays the fourth stone now
    frames(app)
    assert game.current_player.is_human and game.to_move is Stone.WHITE


def test_the_computer_answers_the_colour_question(app, monkeypatch):
    monkeypatch.setattr("game.scenes.play.engine_jobs.MIN_THINK_SECONDS", 0.0)
    monkeypatch.setattr("game.scenes.play.engine_jobs.OPENING_STONE_SECONDS", 0.0)
    frames(app)
    game = swap_game(OpeningRule.SWAP1, Player.human(), Player.ai("beginner"))
    app.manager.switch("play", game=game)
    assert run_until(app, lambda: game.opening_actor is None, 60)
    assert len(game.opening.choices) == 1 and game.opening.choices[0][0] is Seat.SECOND
