"""The strength ladder's rungs: the rules every rung keeps, and the blind spots of the weak ones."""

import dataclasses

import pytest

from game.engine import Level, Position, search
from game.engine.api import default_limit
from game.engine.levels.blindness import Blindness, in_sight
from game.rules import Board, Rule

RUNGS = Level.rungs()
#: The full engine takes seconds a move; the rules below are the root's and hold for it too.
CHEAP_RUNGS = [rung for rung in RUNGS if rung is not RUNGS[-1]]


def _position(black, white, to_move_black=True) -> Position:
    board = Board(15, Rule.FREESTYLE)
    # Alternate the stones; the side with more stones (or black on a tie) moved first.
    first, second = (black, white) if len(black) >= len(white) else (white, black)
    for i in range(max(len(first), len(second))):
        for stones in (first, second):
            if i < len(stones):
                board.push(stones[i], board.to_move)
    position = Position.from_board(board)
    stones = tuple((x, y, 1 if (x, y) in black else 2) for x, y, _ in position.stones)
    from game.rules import Stone

    return Position(15, Rule.FREESTYLE, stones, Stone.BLACK if to_move_black else Stone.WHITE)


def _move(rung: Level, position: Position, seed: int = 0):
    return search(position, default_limit(rung), rung, seed=seed).move


def test_there_are_at_least_ten_rungs_named_by_rising_ratings():
    ratings = [rung.rating for rung in RUNGS]
    assert len(ratings) >= 10 and ratings == sorted(ratings) and len(set(ratings)) == len(ratings)
    assert Level("1300") is Level.R1300 and Level.R1300.rating == 1300 and Level.CASUAL.rating is None


@pytest.mark.parametrize("rung", CHEAP_RUNGS, ids=lambda r: r.value)
def test_every_rung_makes_its_own_five(rung):
    # Black has four in a row with one end open at (8, 3); white threatens elsewhere.
    black = [(4, 3), (5, 3), (6, 3), (7, 3), (10, 10)]
    white = [(3, 3), (6, 8), (7, 8), (8, 8), (12, 12)]
    assert _move(rung, _position(black, white)) == (8, 3)


@pytest.mark.parametrize("rung", CHEAP_RUNGS, ids=lambda r: r.value)
def test_every_rung_blocks_a_four_even_far_from_the_last_stones(rung):
    white = [(1, 1), (2, 2), (3, 3), (4, 4), (13, 1)]
    black = [(7, 7), (8, 8), (9, 7), (12, 12), (0, 0)]
    # White's four on the diagonal (0,0 taken): the only block is (5, 5).
    assert _move(rung, _position(black, white)) == (5, 5)


def test_from_the_third_rung_up_every_rung_treats_an_open_three_as_forcing():
    from game.engine.levels.config import level_config

    for rung in RUNGS[2:]:
        config = level_config(rung)
        assert config.sees_threes, rung
        assert config.blindness is None or not config.blindness.blind_to_threes, rung
    assert not level_config(RUNGS[0]).sees_threes  # the first rungs may miss them


@pytest.mark.parametrize("rung", CHEAP_RUNGS[2:], ids=lambda r: r.value)
def test_from_the_third_rung_up_an_open_three_is_answered(rung):
    white = [(6, 7), (7, 7), (8, 7)]
    black = [(7, 8), (9, 9), (3, 12)]
    move = _move(rung, _position(black, white))
    assert move in {(5, 7), (9, 7), (4, 7), (10, 7)}


def test_the_first_rung_does_not_see_an_open_three():
    white = [(6, 7), (7, 7), (8, 7)]
    black = [(7, 8), (9, 9), (3, 12)]
    move = _move(RUNGS[0], _position(black, white))
    assert move not in {(5, 7), (9, 7), (4, 7), (10, 7)}


def test_a_short_sighted_rung_plays_near_the_last_stones():
    blind = Blindness(sight=1, recent=2)
    seen = in_sight(blind, [(0, 0), (7, 7), (11, 3)])
    assert seen((8, 8)) and seen((10, 2)) and not seen((1, 1)) and not seen((9, 9))
    black = [(3, 3), (4, 4), (7, 7)]
    white = [(3, 4), (11, 11), (10, 10)]
    position = _position(black, white)
    from game.engine.levels.config import level_config

    move = _move(RUNGS[0], position)
    sight = level_config(RUNGS[0]).blindness
    recent = [(x, y) for x, y, _ in position.stones[-sight.recent:]]
    assert any(max(abs(move[0] - x), abs(move[1] - y)) <= sight.sight for x, y in recent)


@pytest.mark.parametrize("rung", CHEAP_RUNGS, ids=lambda r: r.value)
def test_a_rung_replays_the_same_move_for_the_same_seed(rung):
    black = [(7, 7), (8, 8), (6, 9)]
    white = [(8, 7), (6, 7), (9, 9)]
    position = _position(black, white)
    # A node budget and no clock: with the clock, a rung that the pure-Python engine runs to
    # its 3 s backstop stops wherever the machine's load lets it, and so may differ.
    limit = dataclasses.replace(default_limit(rung), time_ms=None, nodes=min(default_limit(rung).nodes, 4000))
    first, again = (search(position, limit, rung, seed=5).move for _ in range(2))
    assert first == again


def test_the_brain_and_the_match_tools_accept_every_rung():
    from game.match.players import PlayerSpecError, parse_player
    from game.protocol.__main__ import parse_args

    for rung in RUNGS:
        assert Level(parse_args(["--level", rung.value]).level) is rung
        assert parse_player(f"builtin:{rung.value}").level is rung
    with pytest.raises(PlayerSpecError, match="1234"):
        parse_player("builtin:1234")


def test_a_node_capped_rung_still_searches_when_the_opponent_has_a_threat_plan():
    """The root defence proves root moves against his plan out of the rung's node budget; it
    once spent all of it (30,000 nodes a move, every candidate of the depth-shaped search) and
    the rung answered at depth 0 with the first move in order (from a game of 2200 vs 2000)."""
    moves = [(7, 9), (4, 6), (6, 6), (4, 5), (5, 7), (7, 5), (6, 9), (5, 5), (6, 5), (6, 7), (5, 9), (4, 9), (5, 8), (5, 10)]
    board = Board(15, Rule.FREESTYLE)
    for point in moves:
        board.push(point)
    result = search(Position.from_board(board), default_limit(Level.R2200), Level.R2200)
    assert result.depth >= 1 and result.nodes <= default_limit(Level.R2200).nodes + 50_000


def test_a_rung_notices_threes_on_a_seeded_share_of_its_moves():
    from game.engine.levels.blindness import notices_three

    blindness = Blindness(notices_threes=0.25)
    history = [(7, 7), (8, 8), (6, 7)]
    noticed = [notices_three(blindness, seed, history) for seed in range(400)]
    assert 0.18 < sum(noticed) / len(noticed) < 0.32
    assert noticed == [notices_three(blindness, seed, history) for seed in range(400)]  # replayable
    assert not any(notices_three(Blindness(), seed, history) for seed in range(50))


def test_a_rung_blind_to_doubles_beside_the_last_stone_does_not_block_there():
    from game.engine.levels.blindness import visible_moves
    from game.engine.backend import EngineBoard

    # White's twos cross at (7, 7): a double three there, beside his last stone (7, 6).
    white = [(5, 7), (6, 7), (7, 5), (7, 6)]
    black = [(12, 12), (11, 3), (3, 11), (8, 8)]
    board = Board(15, Rule.FREESTYLE)
    for black_stone, white_stone in zip(black, white):
        board.push(black_stone)
        board.push(white_stone)
    engine = EngineBoard.from_board(board)
    history = [move.point for move in board.history]
    ordered = [engine.index(x, y) for x in range(15) for y in range(15) if board.is_empty((x, y))]
    double = engine.index(7, 7)
    sees_beside_last = Blindness(sight=1, recent=2, sees_doubles=False)
    blind_beside_last = Blindness(sight=1, recent=2, sees_doubles=False, doubles_beside_last=False)
    assert double in visible_moves(sees_beside_last, engine, history, 1, ordered, False)
    assert double not in visible_moves(blind_beside_last, engine, history, 1, ordered, False)


def test_the_second_rung_answers_an_open_three_only_on_the_moves_it_notices_it():
    from game.engine.levels.blindness import notices_three
    from game.engine.levels.config import level_config

    white = [(6, 7), (7, 7), (8, 7)]
    black = [(7, 8), (9, 9), (3, 12)]
    position = _position(black, white)
    history = [(x, y) for x, y, _ in position.stones]
    blocks = {(5, 7), (9, 7), (4, 7), (10, 7)}
    rung = RUNGS[1]
    noticed = {seed: notices_three(level_config(rung).blindness, seed, history) for seed in range(24)}
    moves = {seed: _move(rung, position, seed) for seed in noticed}
    assert any(noticed.values()) and not all(noticed.values())
    assert all(moves[seed] in blocks for seed, seen in noticed.items() if seen)
    assert 0.0 < level_config(rung).blindness.notices_threes < 1.0 and not level_config(rung).sees_threes
    assert moves == {seed: _move(rung, position, seed) for seed in noticed}  # replayable
