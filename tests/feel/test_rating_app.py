"""A finished game against the ladder changes the player's rating, kept in the store; a helped one does not."""

from game.model import Game, GameConfig, Player
from game.rating.ladder import LADDER_VERSION
from game.rating.rated_game import RatingChange, Unrated

_WIN = [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (11, 7)]


def _finished(level: str, hint: bool = False) -> Game:
    game = Game(GameConfig(black=Player.human(), white=Player.ai(level)))
    for number, point in enumerate(_WIN):
        if hint and number == 2:
            game.note_hint()
        game.play(point)
    return game


def test_a_clean_win_is_rated_saved_and_reported(make_app, store):
    app = make_app()
    game = _finished("1550")
    app.record_result(game)
    change = app.ratings.outcome(game)
    assert isinstance(change, RatingChange) and change.delta > 0
    kept = store.load_rating(LADDER_VERSION)
    assert kept.games == 1 and kept.history[0].opponent == "1550"
    assert round(kept.rating.rating) == round(change.after.rating)


def test_a_game_with_a_hint_is_unrated_and_leaves_the_rating_alone(make_app, store):
    app = make_app()
    game = _finished("1550", hint=True)
    app.record_result(game)
    assert app.ratings.outcome(game) is Unrated.HINT
    assert store.load_rating(LADDER_VERSION).is_new


def test_adaptive_moves_the_opponent_after_a_rated_game(make_app, store):
    from game.rating.ladder import adaptive_level
    from game.storage import Settings

    app = make_app(Settings(ai_level="adaptive"))
    app.manager.switch("menu")
    app.step(dt=1 / 60)
    app.manager.current._activate("play_ai", None)
    app.step(dt=1 / 60)
    first = app.manager.current.game
    human = first.config.human_sides[0]
    first_level = first.config.player(human.opponent).level
    assert first_level == adaptive_level(store.load_rating(LADDER_VERSION).rating).value
    game = _finished(first_level)  # the player wins it
    app.record_result(game)
    app.manager.switch("result", game=game, rating=app.ratings.outcome(game))
    app.step(dt=1 / 60)
    app.manager.current.perform("again")
    app.step(dt=1 / 60)
    second = app.manager.current.game
    second_level = second.config.player(second.config.human_sides[0].opponent).level
    assert int(second_level) > int(first_level)
    assert second_level == adaptive_level(store.load_rating(LADDER_VERSION).rating).value
