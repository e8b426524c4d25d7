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
    game = _finished("1400")
    app.record_result(game)
    change = app.rating_outcome(game)
    assert isinstance(change, RatingChange) and change.delta > 0
    kept = store.load_rating(LADDER_VERSION)
    assert kept.games == 1 and kept.history[0].opponent == "1400"
    assert round(kept.rating.rating) == round(change.after.rating)


def test_a_game_with_a_hint_is_unrated_and_leaves_the_rating_alone(make_app, store):
    app = make_app()
    game = _finished("1400", hint=True)
    app.record_result(game)
    assert app.rating_outcome(game) is Unrated.HINT
    assert store.load_rating(LADDER_VERSION).is_new
