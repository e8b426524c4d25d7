"""How the opening rules read on screen: rule names, named openings, and whose decision it is.

Shared by the menu, Settings and the play screen (scenes never import each other).
"""

from __future__ import annotations

from game.i18n import tr
from game.model import Game
from game.rules import Stone
from game.rules.named_openings import named_opening
from game.rules.opening import Choice, OpeningRule, Phase, Seat

from .names import colour_name, level_text


def opening_rule_name(value: str) -> str:
    return tr(f"opening.{value}")


def named_opening_label(key: str) -> str:
    """"D4 Kagetsu (花月)" for a named opening key; "Random" for "random"."""
    if key == "random":
        return tr("opening.random")
    opening = named_opening(key)
    return tr("opening.named_label", code=opening.code, english=opening.english, chinese=opening.chinese)


def opening_heading(game: Game) -> str:
    """A line naming the opening on the board ("Opening: D4 Kagetsu (花月)"), or "" if none is named."""
    config = game.config
    if config.opening is OpeningRule.NAMED and config.opening_name:
        return tr("opening.heading_named", name=named_opening_label(config.opening_name))
    if config.opening is OpeningRule.BALANCED and config.opening_name.startswith("book-"):
        return tr("opening.heading_book", number=config.opening_name[5:])
    if config.opening.has_choices:
        return opening_rule_name(config.opening.value)
    return ""


def seat_name(game: Game, seat: Seat) -> str:
    """The player in `seat`: "You" / "Computer (Strong)" against the computer, "First player" in hot-seat."""
    player = game.config.black if seat is Seat.FIRST else game.config.white
    if game.config.is_vs_ai:
        if player.is_human:
            return tr("player.you")
        return tr("player.computer", level=level_text(player.level))
    return tr("opening.first_player" if seat is Seat.FIRST else "opening.second_player")


def decision_text(game: Game) -> str:
    """What the opening rule waits for now, and from whom; "" once colours are settled."""
    seat = game.opening_actor
    if seat is None:
        return ""
    name = seat_name(game, seat)
    stones = game.move_count
    if game.opening_phase is Phase.PLACE:
        colour = colour_name(game.to_move)
        if stones < 3:
            return tr("opening.place", name=name, number=stones + 1, colour=colour)
        return tr("opening.place_two", name=name, number=stones - 2, colour=colour)
    if Choice.PLACE_TWO in game.opening_options:
        return tr("opening.choose_swap2", name=name, other=seat_name(game, seat.other))
    if stones > 3:
        return tr("opening.choose_after_two", name=name)
    return tr("opening.choose_swap1", name=name)


def thinking_text(game: Game) -> str:
    """The status while the computer makes an opening decision."""
    seat = game.opening_actor
    if seat is None:
        return ""
    key = "opening.thinking_place" if game.opening_phase is Phase.PLACE else "opening.thinking_choose"
    return tr(key, name=seat_name(game, seat))


def choice_text(name: str, choice: Choice) -> str:
    """The announcement of a choice made: "Computer (Strong) chose White."."""
    if choice is Choice.PLACE_TWO:
        return tr("opening.chose_place_two", name=name)
    return tr("opening.chose_colour", name=name, colour=colour_name(Stone.BLACK if choice is Choice.BLACK else Stone.WHITE))


def colours_text(game: Game, chooser: Seat, choice: Choice) -> str:
    """Who plays which colour after `chooser` answered with a colour ("" for place-two): against
    the computer "You now play White.", in hot-seat "First player plays Black, Second player
    plays White." The colours can change hands here, and the cards alone did not say so."""
    if choice is Choice.PLACE_TWO:
        return ""
    if game.config.is_vs_ai:
        human = next(iter(game.config.human_sides), None)
        return tr("feel.you_play", colour=colour_name(human)) if human is not None else ""
    first = tr("opening.first_player" if chooser is Seat.FIRST else "opening.second_player")
    other = tr("opening.second_player" if chooser is Seat.FIRST else "opening.first_player")
    black, white = (first, other) if choice is Choice.BLACK else (other, first)
    return tr("feel.seats_now", black=black, white=white)


def choice_label(choice: Choice) -> str:
    return tr({Choice.BLACK: "opening.play_black", Choice.WHITE: "opening.play_white", Choice.PLACE_TWO: "opening.place_two_button"}[choice])
