"""Swap1 and swap2 in a game: every path, with a person and the computer in each role.

People answer from a script; the computer answers with the engine's opening decisions at
a node-limited Strong level (deterministic), applied through the same game rules.
"""

import itertools

import pytest

from game.engine import Level, Limit, Position, decide
from game.model import Game, GameConfig, OpeningChoiceDueError, Player, game_from_dict, game_to_dict
from game.model.opening_play import apply_decision, opening_task
from game.rules import Stone
from game.rules.opening import Choice, OpeningError, OpeningRule, Phase, Seat

HUMAN_STONES = [(7, 7), (8, 6), (6, 8), (9, 9), (5, 5)]  # a person's three opening stones, then two more
LIMIT = Limit(nodes=3000)


def run_opening(rule: OpeningRule, first: Player, second: Player, human_answers: list[Choice], all_asked: bool = True):
    """Drive the opening to its end; return the game and who (seat, kind) made each decision."""
    game = Game(GameConfig(opening=rule, black=first, white=second, undo_limit=None))
    answers = list(human_answers)
    log = []
    for step in itertools.count():
        assert step < 20, "the opening never ended"
        seat = game.opening_actor
        if seat is None:
            break
        player = game.current_player
        assert player is (first if seat is Seat.FIRST else second)
        log.append((seat, game.opening_phase, player.is_human))
        if player.is_human:
            if game.opening_phase is Phase.PLACE:
                game.play(HUMAN_STONES[game.move_count])
            else:
                game.choose(answers.pop(0))
        else:
            decision = decide(opening_task(game), Position.from_board(game.board), Level.STRONG, LIMIT, seed=step)
            apply_decision(game, decision.stones, decision.choice)
    assert not (answers and all_asked), "a scripted answer was never asked for"
    return game, log


def settled_correctly(game: Game, first: Player, second: Player) -> None:
    """After the opening: the first seat plays the colour its choices gave it, and white is to move."""
    first_colour = game.opening.first_seat_colour()
    assert game.config.player(first_colour) is first
    assert game.config.player(first_colour.opponent) is second
    assert game.to_move is Stone.WHITE and game.current_player is game.config.white
    assert game.move_count in (3, 5)


HUMAN, COMPUTER = Player.human("Ann"), Player.ai("strong")


@pytest.mark.parametrize("choice", [Choice.BLACK, Choice.WHITE])
def test_swap1_person_places_computer_chooses_or_person_chooses(choice):
    game, log = run_opening(OpeningRule.SWAP1, HUMAN, COMPUTER, [])
    assert [entry[0] for entry in log] == [Seat.FIRST] * 3 + [Seat.SECOND]
    assert [entry[2] for entry in log] == [True, True, True, False]
    settled_correctly(game, HUMAN, COMPUTER)
    game, log = run_opening(OpeningRule.SWAP1, COMPUTER, HUMAN, [choice])
    assert log[-1] == (Seat.SECOND, Phase.CHOOSE, True)
    settled_correctly(game, COMPUTER, HUMAN)
    assert game.opening.swapped is (choice is Choice.BLACK)


@pytest.mark.parametrize("answers", [[Choice.WHITE], [Choice.BLACK], [Choice.PLACE_TWO, Choice.BLACK], [Choice.PLACE_TWO, Choice.WHITE]])
def test_swap2_hot_seat_every_path(answers):
    ann, bob = Player.human("Ann"), Player.human("Bob")
    game, log = run_opening(OpeningRule.SWAP2, ann, bob, answers)
    settled_correctly(game, ann, bob)
    if answers[0] is Choice.PLACE_TWO:
        assert [entry[0] for entry in log[3:]] == [Seat.SECOND, Seat.SECOND, Seat.SECOND, Seat.FIRST]


@pytest.mark.parametrize("answers", [[Choice.WHITE], [Choice.BLACK], [Choice.PLACE_TWO]])
def test_swap2_computer_places_person_chooses(answers):
    game, log = run_opening(OpeningRule.SWAP2, COMPUTER, HUMAN, answers)
    settled_correctly(game, COMPUTER, HUMAN)
    if answers[0] is Choice.PLACE_TWO:  # the person placed two, the computer chose the colour
        assert log[-1] == (Seat.FIRST, Phase.CHOOSE, False) and game.move_count == 5


@pytest.mark.parametrize("answer", [Choice.BLACK, Choice.WHITE])
def test_swap2_person_places_computer_chooses(answer):
    game, log = run_opening(OpeningRule.SWAP2, HUMAN, COMPUTER, [answer], all_asked=False)
    settled_correctly(game, HUMAN, COMPUTER)
    assert log[3] == (Seat.SECOND, Phase.CHOOSE, False)


@pytest.mark.parametrize("answer", [Choice.BLACK, Choice.WHITE])
def test_swap2_computer_places_the_two_extra_stones_then_the_person_chooses(answer):
    game = Game(GameConfig(opening=OpeningRule.SWAP2, black=HUMAN, white=COMPUTER))
    for point in HUMAN_STONES[:3]:
        game.play(point)
    game.choose(Choice.PLACE_TWO)  # as if the computer had judged the position even
    assert opening_task(game) == "place_two"
    decision = decide("place_two", Position.from_board(game.board), Level.STRONG, LIMIT, seed=5)
    apply_decision(game, decision.stones, decision.choice and "")
    assert game.move_count == 5 and game.opening_actor is Seat.FIRST and game.current_player is HUMAN
    game.choose(answer)
    settled_correctly(game, HUMAN, COMPUTER)


def test_swap2_computer_against_computer():
    other = Player.ai("strong", "Computer 2")
    game, _ = run_opening(OpeningRule.SWAP2, COMPUTER, other, [])
    settled_correctly(game, COMPUTER, other)


def test_stone_before_the_choice_is_refused_and_nothing_is_lost():
    game = Game(GameConfig(opening=OpeningRule.SWAP2))
    for point in HUMAN_STONES[:3]:
        game.play(point)
    with pytest.raises(OpeningChoiceDueError):
        game.play((1, 1))
    game.choose(Choice.PLACE_TWO)
    with pytest.raises(OpeningError, match="no colour choice is due"):
        game.choose(Choice.BLACK)  # the second seat owes two stones first
    assert game.move_count == 3 and game.opening_actor is Seat.SECOND


def test_opening_stones_cannot_be_taken_back_but_later_moves_can():
    game = Game(GameConfig(opening=OpeningRule.SWAP1, black=HUMAN, white=Player.human("Bob"), undo_limit=None))
    for point in HUMAN_STONES[:3]:
        game.play(point)
    assert not game.can_undo()
    game.choose(Choice.WHITE)
    assert not game.can_undo()
    game.play((3, 3))
    assert game.can_undo() and len(game.undo()) == 1 and game.move_count == 3 and not game.can_undo()


def test_a_game_saved_mid_opening_resumes_with_the_same_question():
    game = Game(GameConfig(opening=OpeningRule.SWAP2, black=HUMAN, white=COMPUTER))
    for point in HUMAN_STONES[:3]:
        game.play(point)
    game.choose(Choice.PLACE_TWO)  # the question now belongs to the second seat's stones
    game.play(HUMAN_STONES[3])
    again = game_from_dict(game_to_dict(game))
    assert again.opening == game.opening and again.opening_actor is Seat.SECOND
    assert again.board.history == game.board.history
    again.play(HUMAN_STONES[4])
    again.choose(Choice.WHITE)  # the first seat (Ann) takes white: the players change places
    resumed = game_from_dict(game_to_dict(again))
    assert resumed.config.white == HUMAN and resumed.config.black == COMPUTER and resumed.opening_actor is None


def test_a_named_opening_game_saves_and_loads_with_its_stones_locked():
    from game.model import SavedGameError
    from game.rules.named_openings import named_opening

    kagetsu = named_opening("kagetsu")
    game = Game(GameConfig(opening=OpeningRule.NAMED, setup=kagetsu.stones(15), opening_name="kagetsu", undo_limit=None))
    assert game.move_count == 3 and game.to_move is Stone.WHITE and not game.can_undo()
    game.play((3, 3))
    data = game_to_dict(game)
    again = game_from_dict(data)
    assert again.board.history == game.board.history and again.config.opening_name == "kagetsu"
    data["moves"][0] = [0, 0, 1]  # the saved moves no longer start with the opening
    with pytest.raises(SavedGameError, match="opening"):
        game_from_dict(data)
