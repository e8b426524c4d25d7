"""The opening-rule state machine: every path of swap1 and swap2, and the bad choices it refuses."""

import pytest

from game.rules.opening import Choice, OpeningError, OpeningRule, OpeningState, Phase, Seat
from game.rules import Stone


def walk(rule: OpeningRule, answers: list[Choice]) -> OpeningState:
    """Play an opening through: stones go down whenever the phase is PLACE, answers when CHOOSE."""
    state = OpeningState(rule)
    stones = 0
    pending = list(answers)
    while not state.is_done(stones):
        if state.phase(stones) is Phase.PLACE:
            stones += 1
        else:
            state.choose(state.actor(stones), pending.pop(0), stones)
    assert not pending
    return state


def test_swap1_first_seat_places_three_then_second_seat_chooses():
    state = OpeningState(OpeningRule.SWAP1)
    assert [state.actor(n) for n in range(3)] == [Seat.FIRST] * 3
    assert state.phase(3) is Phase.CHOOSE and state.actor(3) is Seat.SECOND
    assert state.options(3) == (Choice.BLACK, Choice.WHITE)


@pytest.mark.parametrize("choice, first_colour", [(Choice.WHITE, Stone.BLACK), (Choice.BLACK, Stone.WHITE)])
def test_swap1_choice_settles_colours(choice, first_colour):
    state = walk(OpeningRule.SWAP1, [choice])
    assert state.first_seat_colour() is first_colour
    assert state.swapped is (first_colour is Stone.WHITE)


def test_swap1_refuses_place_two():
    state = OpeningState(OpeningRule.SWAP1)
    with pytest.raises(OpeningError, match="not a choice"):
        state.choose(Seat.SECOND, Choice.PLACE_TWO, 3)


@pytest.mark.parametrize(
    "answers, first_colour",
    [
        ([Choice.WHITE], Stone.BLACK),  # second seat stays white and plays the fourth stone
        ([Choice.BLACK], Stone.WHITE),  # second seat takes black: the players change places
        ([Choice.PLACE_TWO, Choice.BLACK], Stone.BLACK),
        ([Choice.PLACE_TWO, Choice.WHITE], Stone.WHITE),
    ],
)
def test_swap2_every_path(answers, first_colour):
    state = walk(OpeningRule.SWAP2, answers)
    assert state.first_seat_colour() is first_colour
    assert state.fits(5 if answers[0] is Choice.PLACE_TWO else 3)


def test_swap2_place_two_hands_the_stones_and_the_choice_over():
    state = OpeningState(OpeningRule.SWAP2)
    assert state.options(3) == (Choice.BLACK, Choice.WHITE, Choice.PLACE_TWO)
    state.choose(Seat.SECOND, Choice.PLACE_TWO, 3)
    assert (state.phase(3), state.actor(3)) == (Phase.PLACE, Seat.SECOND)
    assert (state.phase(4), state.actor(4)) == (Phase.PLACE, Seat.SECOND)
    assert (state.phase(5), state.actor(5)) == (Phase.CHOOSE, Seat.FIRST)
    assert state.options(5) == (Choice.BLACK, Choice.WHITE)  # no second place-two


def test_wrong_seat_or_wrong_time_is_refused_and_nothing_changes():
    state = OpeningState(OpeningRule.SWAP2)
    with pytest.raises(OpeningError, match="second player's choice"):
        state.choose(Seat.FIRST, Choice.BLACK, 3)
    with pytest.raises(OpeningError, match="no colour choice is due"):
        state.choose(Seat.SECOND, Choice.BLACK, 2)
    with pytest.raises(OpeningError, match="must choose"):
        state.check_placement(Seat.FIRST, 3)
    assert state.choices == []


@pytest.mark.parametrize("rule", [OpeningRule.FREE, OpeningRule.NAMED, OpeningRule.BALANCED])
def test_rules_without_choices_start_play_at_once(rule):
    state = OpeningState(rule)
    assert state.is_done(0) and state.is_done(3) and state.actor(3) is None


def test_saved_choices_round_trip_and_bad_ones_are_rejected():
    state = walk(OpeningRule.SWAP2, [Choice.PLACE_TWO, Choice.WHITE])
    again = OpeningState.from_dict(state.to_dict())
    assert again == state
    with pytest.raises(OpeningError):
        OpeningState.from_dict({"rule": "swap9"})
    with pytest.raises(OpeningError):
        OpeningState.from_dict({"rule": "swap1", "choices": [["second", "maybe"]]})
    bogus = OpeningState.from_dict({"rule": "swap1", "choices": [["second", "place_two"]]})
    assert not bogus.fits(3)
