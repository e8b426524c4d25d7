"""How results and players read: every way a game can end has its own words."""

import pytest

from game.i18n import set_language
from game.model import Game, GameConfig, Player
from game.rules import Outcome, Reason, Stone
from game.scenes.shared.names import headline, player_name, reason_text, result_sound, undos_text


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def ended(winner, reason, vs_ai=True, human=Stone.BLACK):
    ai = Player.ai("master")
    black, white = (Player.human(), ai) if human is Stone.BLACK else (ai, Player.human())
    if not vs_ai:
        black, white = Player.human("Black"), Player.human("White")
    game = Game(GameConfig(black=black, white=white))
    game.result = Outcome(winner, reason)
    return game


def test_against_the_computer_the_headline_speaks_to_the_player():
    assert headline(ended(Stone.BLACK, Reason.FIVE)) == "You win!"
    assert headline(ended(Stone.WHITE, Reason.FIVE)) == "The computer wins"
    assert headline(ended(Stone.WHITE, Reason.FIVE, human=Stone.WHITE)) == "You win!"


def test_in_hot_seat_the_headline_names_the_colour():
    assert headline(ended(Stone.WHITE, Reason.FIVE, vs_ai=False)) == "White wins!"
    assert headline(ended(None, Reason.BOARD_FULL, vs_ai=False)) == "Draw"


@pytest.mark.parametrize(
    "winner, reason, words",
    [
        (Stone.BLACK, Reason.FIVE, "Five in a row"),
        (Stone.WHITE, Reason.FORBIDDEN, "forbidden"),
        (Stone.WHITE, Reason.RESIGNATION, "Black resigned"),
        (Stone.BLACK, Reason.TIMEOUT, "White ran out of time"),
        (None, Reason.BOARD_FULL, "board is full"),
    ],
)
def test_every_reason_is_explained(winner, reason, words):
    assert words in reason_text(ended(winner, reason))


def test_result_sounds_follow_the_human():
    assert result_sound(ended(Stone.BLACK, Reason.FIVE)) == "win"
    assert result_sound(ended(Stone.WHITE, Reason.FIVE)) == "lose"
    assert result_sound(ended(None, Reason.BOARD_FULL)) == "draw"
    assert result_sound(ended(Stone.WHITE, Reason.FIVE, vs_ai=False)) == "win"


def test_player_names_and_undo_counts():
    game = ended(Stone.BLACK, Reason.FIVE)
    assert player_name(game, Stone.BLACK) == "You"
    assert player_name(game, Stone.WHITE) == "Computer (Master)"
    assert undos_text(None).endswith("∞") and undos_text(2).endswith("2")
