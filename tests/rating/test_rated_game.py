"""Which games rate the player, and the change a rated game makes."""

import pytest

from game.engine import Level
from game.model import Game, game_from_dict, game_to_dict
from game.model.players import GameConfig, Player
from game.rating.glicko2 import Rating
from game.rating.ladder import adaptive_level, opponent_rating, rating_of, suggested_level
from game.rating.rated_game import Unrated, rate, unrated_reason
from game.rules import Rule, Stone

# Black's five along row 7 while white plays row 0.
_BLACK_WINS = [(3, 7), (3, 0), (4, 7), (5, 0), (5, 7), (7, 0), (6, 7), (9, 0), (7, 7)]


def _game(level="1400", rule=Rule.FREESTYLE, size=15, moves=_BLACK_WINS) -> Game:
    game = Game(GameConfig(rule=rule, size=size, black=Player.human("You"), white=Player.ai(level)))
    for point in moves:
        game.play(point)
    return game


def test_a_clean_win_against_a_rung_is_rated_and_raises_the_rating():
    game = _game()
    assert game.result is not None and game.result.winner is Stone.BLACK
    assert unrated_reason(game) is None
    change = rate(Rating(1000, 200), game)
    assert change.score == 1.0 and change.opponent is Level.R1400 and change.delta > 0


def test_a_named_level_is_rated_as_its_place_on_the_ladder():
    change = rate(Rating(1000, 200), _game(level="casual"))
    assert change.opponent is not Level.CASUAL and change.opponent.rating is not None


@pytest.mark.parametrize("spoil, reason", [
    (lambda g: g.hints_used.__setitem__(Stone.BLACK, 1), Unrated.HINT),
    (lambda g: g.undos_used.__setitem__(Stone.BLACK, 1), Unrated.UNDO),
    (lambda g: g.retries_used.__setitem__(Stone.BLACK, 1), Unrated.TEACHING),
    (lambda g: setattr(g, "analysis_used", True), Unrated.ANALYSIS),
])
def test_help_during_the_game_makes_it_unrated_and_says_which(spoil, reason):
    game = _game()
    spoil(game)
    assert unrated_reason(game) is reason


def test_analysis_noted_during_play_is_kept_in_the_autosave():
    game = Game(GameConfig(black=Player.human("You"), white=Player.ai("1400")))
    game.play((7, 7))
    game.note_analysis()
    assert game_from_dict(game_to_dict(game)).analysis_used


def test_other_rules_another_board_or_no_ladder_opponent_are_unrated():
    assert unrated_reason(_game(rule=Rule.STANDARD)) is Unrated.RULES
    assert unrated_reason(_game(size=17)) is Unrated.RULES
    hot_seat = Game(GameConfig(black=Player.human("A"), white=Player.human("B")))
    for point in _BLACK_WINS:
        hot_seat.play(point)
    assert unrated_reason(hot_seat) is Unrated.NOT_AGAINST_THE_LADDER
    assert unrated_reason(_game(moves=_BLACK_WINS[:3])) is Unrated.UNFINISHED


def test_adaptive_picks_the_even_match_and_follows_the_rating():
    for rung in Level.rungs()[2:-2]:
        assert adaptive_level(Rating(rating_of(rung), 60)) is rung
    assert adaptive_level(Rating(rating_of(Level.rungs()[0]) - 500, 60)) is Level.rungs()[0]
    assert suggested_level(None) is None
    low, high = adaptive_level(Rating(900, 100)), adaptive_level(Rating(1800, 100))
    assert opponent_rating(low).rating < opponent_rating(high).rating


def test_a_menu_choice_becomes_a_level_and_never_fails():
    from game.rating.ladder import NAMED_RUNGS, level_for_choice

    assert level_for_choice("strong", "1550", None) is NAMED_RUNGS[Level.STRONG]
    assert level_for_choice("ladder", "1550", None) is Level.R1550
    assert level_for_choice("adaptive", "1550", Rating(rating_of(Level.R1850), 50)) is Level.R1850
    assert level_for_choice("adaptive", "1550", None).rating is not None
    assert level_for_choice("nonsense", "9999", None) is NAMED_RUNGS[Level.CASUAL]


def test_adaptive_tests_an_unsure_rating_upwards_and_a_settled_one_evenly():
    settled, unsure = Rating(1400, 50), Rating(1400, 300)
    assert adaptive_level(settled) is Level.R1400
    assert opponent_rating(adaptive_level(unsure)).rating > opponent_rating(adaptive_level(settled)).rating
