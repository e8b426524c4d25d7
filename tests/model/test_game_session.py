"""The game model: turns, results, per-side take-backs, hints, clocks and saving."""

import json

import pytest

from game.model import (
    ForbiddenMoveError,
    Game,
    GameConfig,
    GameOverError,
    Player,
    SavedGameError,
    UndoNotAllowedError,
    game_from_dict,
    game_to_dict,
)
from game.rules import IllegalMoveError, Reason, Rule, Stone


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def vs_ai(human: Stone = Stone.BLACK, undo_limit=3, **kwargs) -> Game:
    you, computer = Player.human("You"), Player.ai("casual")
    black, white = (you, computer) if human is Stone.BLACK else (computer, you)
    return Game(GameConfig(black=black, white=white, undo_limit=undo_limit, **kwargs))


def play_all(game: Game, points) -> None:
    for point in points:
        game.play(point)


def test_black_moves_first_and_sides_alternate():
    game = Game()
    assert game.to_move is Stone.BLACK
    game.play((7, 7))
    assert game.to_move is Stone.WHITE
    assert game.last_move.point == (7, 7)


def test_five_ends_the_game_and_exposes_the_winning_line():
    game = Game()
    play_all(game, [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)])
    assert game.is_over
    assert game.result.winner is Stone.BLACK and game.result.reason is Reason.FIVE
    assert set(game.winning_line) == {(x, 0) for x in range(5)}
    with pytest.raises(GameOverError):
        game.play((9, 9))


def test_occupied_and_off_board_moves_are_refused_without_changing_the_game():
    game = Game()
    game.play((7, 7))
    with pytest.raises(IllegalMoveError):
        game.play((7, 7))
    with pytest.raises(IllegalMoveError):
        game.play((15, 3))
    assert game.move_count == 1 and game.to_move is Stone.WHITE


def test_undo_against_ai_takes_back_reply_and_human_move_and_costs_the_human_one():
    game = vs_ai(Stone.BLACK)
    play_all(game, [(7, 7), (8, 8), (6, 6), (9, 9)])
    taken = game.undo(Stone.BLACK)
    assert [m.point for m in taken] == [(9, 9), (6, 6)]
    assert game.moves == [(7, 7), (8, 8)]
    assert game.undos_left == {Stone.BLACK: 2, Stone.WHITE: 3}
    assert game.to_move is Stone.BLACK


def test_undo_against_ai_while_it_thinks_takes_back_only_the_human_move():
    game = vs_ai(Stone.BLACK)
    play_all(game, [(7, 7), (8, 8), (6, 6)])
    taken = game.undo(Stone.BLACK)
    assert [m.point for m in taken] == [(6, 6)]
    assert game.to_move is Stone.BLACK


def test_undo_cannot_take_back_the_ais_opening_move_alone():
    game = vs_ai(Stone.WHITE)
    game.play((7, 7))  # the computer opens
    assert not game.can_undo(Stone.WHITE)
    with pytest.raises(UndoNotAllowedError):
        game.undo(Stone.WHITE)


def test_hot_seat_undo_takes_back_one_move_and_costs_its_maker():
    game = Game(GameConfig(undo_limit=1))
    play_all(game, [(7, 7), (8, 8)])
    game.undo()
    assert game.undos_left == {Stone.BLACK: 1, Stone.WHITE: 0}
    game.undo()
    assert game.undos_left == {Stone.BLACK: 0, Stone.WHITE: 0}
    assert game.move_count == 0
    game.play((7, 7))
    assert not game.can_undo()


def test_zero_undo_limit_means_no_take_backs_and_none_means_unlimited():
    game = Game(GameConfig(undo_limit=0))
    game.play((7, 7))
    assert not game.can_undo()
    unlimited = Game(GameConfig(undo_limit=None))
    for _ in range(10):
        unlimited.play((7, 7))
        unlimited.undo()
    assert unlimited.undos_left[Stone.BLACK] is None and unlimited.undos_used[Stone.BLACK] == 10


def test_undo_after_the_game_ended_reopens_it():
    game = vs_ai(Stone.BLACK)
    play_all(game, [(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (2, 5), (3, 0), (3, 5), (4, 0)])
    assert game.is_over
    game.undo(Stone.BLACK)
    assert not game.is_over and game.finished_at is None
    assert game.to_move is Stone.BLACK


def test_renju_forbidden_move_loses_by_default():
    game = Game(GameConfig(rule=Rule.RENJU))
    # Black's open twos on row 7 and column 7 meet at (7, 7): playing it makes a double three.
    play_all(game, [(5, 7), (0, 0), (6, 7), (14, 0), (7, 5), (0, 14), (7, 6), (14, 14)])
    assert game.is_forbidden((7, 7))
    game.play((7, 7))
    assert game.result.winner is Stone.WHITE and game.result.reason is Reason.FORBIDDEN


def test_renju_forbidden_move_can_be_refused_instead():
    game = Game(GameConfig(rule=Rule.RENJU, forbidden_loses=False))
    play_all(game, [(5, 7), (0, 0), (6, 7), (14, 0), (7, 5), (0, 14), (7, 6), (14, 14)])
    assert (7, 7) in game.forbidden_points()
    with pytest.raises(ForbiddenMoveError):
        game.play((7, 7))
    assert game.move_count == 8 and not game.is_over


def test_resign_names_the_other_side_the_winner():
    game = vs_ai(Stone.BLACK)
    game.play((7, 7))
    outcome = game.resign(Stone.BLACK)
    assert outcome.winner is Stone.WHITE and outcome.reason is Reason.RESIGNATION


def test_clock_running_out_loses_on_time():
    clock = FakeClock()
    game = Game(GameConfig(clock_seconds=10), now=clock)
    game.advance_clock(4)
    assert game.clock_left[Stone.BLACK] == 6
    game.advance_clock(7)
    assert game.result.winner is Stone.WHITE and game.result.reason is Reason.TIMEOUT


def test_duration_counts_from_start_to_finish():
    clock = FakeClock()
    game = Game(now=clock)
    clock.now += 30
    game.resign()
    clock.now += 100
    assert game.duration == pytest.approx(30)


def test_hints_are_counted_per_side():
    game = vs_ai(Stone.BLACK)
    game.note_hint(Stone.BLACK)
    game.note_hint(Stone.BLACK)
    assert game.hints_used == {Stone.BLACK: 2, Stone.WHITE: 0}


def test_restart_keeps_the_settings_and_clears_the_board():
    game = vs_ai(Stone.BLACK, undo_limit=1, rule=Rule.STANDARD)
    game.play((7, 7))
    fresh = game.restart()
    assert fresh.config == game.config and fresh.move_count == 0 and fresh.undos_left[Stone.BLACK] == 1


def test_saved_game_round_trips_through_json():
    clock = FakeClock()
    game = vs_ai(Stone.WHITE, undo_limit=2, rule=Rule.RENJU, clock_seconds=300)
    game._now = clock
    play_all(game, [(7, 7), (8, 8), (6, 6), (9, 9)])
    game.undo(Stone.WHITE)
    game.note_hint(Stone.WHITE)
    restored = game_from_dict(json.loads(json.dumps(game_to_dict(game))), now=clock)
    assert restored.config == game.config
    assert restored.board.history == game.board.history
    assert restored.undos_left == game.undos_left and restored.hints_used == game.hints_used
    assert restored.clock_left == game.clock_left


def test_saved_resignation_survives_a_round_trip():
    game = vs_ai(Stone.BLACK)
    game.play((7, 7))
    game.resign(Stone.BLACK)
    restored = game_from_dict(game_to_dict(game))
    assert restored.result == game.result


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(format="something else"),
        lambda d: d.update(version=99),
        lambda d: d["config"].update(rule="chess"),
        lambda d: d["config"].update(size=3),
        lambda d: d.update(moves=[[7, 7, 1], [7, 7, 2]]),
        lambda d: d.update(moves=[[7, 7]]),
        lambda d: d.update(moves="h8"),
        lambda d: d.update(undos_left={"black": -1, "white": 2}),
    ],
)
def test_corrupt_saved_game_raises_saved_game_error(mutate):
    game = Game()
    game.play((7, 7))
    data = game_to_dict(game)
    mutate(data)
    with pytest.raises(SavedGameError):
        game_from_dict(data)
