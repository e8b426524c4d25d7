"""Compliance checked by code we did not write: the PyPI client `pygomo-lib` drives the real brain."""

import pytest
from protocol_helpers import PYTHON, REPO

pygomo = pytest.importorskip("pygomo", reason="pygomo-lib is not installed (pip install pygomo-lib)")


@pytest.fixture
def engine():
    client = pygomo.EngineClient(PYTHON, args=["-m", "game.protocol", "--level", "beginner"], working_directory=str(REPO))
    client.connect()
    yield client
    client.quit()


def test_pygomo_plays_a_game_and_reads_our_search_info(engine):
    assert engine.start(15)
    engine.set_time(turn_time_ms=500, match_time_ms=0)
    engine.set_rule(0)
    about = engine.about()
    assert about and about.startswith('name="')
    first = engine.begin(timeout=10)
    assert first is not None and first.search_info is not None and first.search_info.pv[0] == first.move
    taken = {first.move.to_tuple()}
    depths = []
    for opponent in [(0, 0), (14, 14), (0, 14)]:
        taken.add(opponent)
        reply = engine.turn(opponent, timeout=10)
        assert reply is not None and reply.move.to_tuple() not in taken
        assert all(0 <= v < 15 for v in reply.move.to_tuple())
        taken.add(reply.move.to_tuple())
        depths.append(reply.search_info.depth)
    assert max(depths) >= 1  # pygomo parsed our MESSAGE progress lines


def test_pygomo_takeback_board_nbest_and_restart(engine):
    assert engine.start(15)
    engine.set_time(turn_time_ms=500)
    played = engine.begin(timeout=10)
    assert engine.takeback(played.move)
    position = pygomo.BoardPosition()
    position.add_move(pygomo.Move((7, 7)), pygomo.BoardPosition.OPPONENT)
    position.add_move(pygomo.Move((8, 8)), pygomo.BoardPosition.SELF)
    position.add_move(pygomo.Move((6, 6)), pygomo.BoardPosition.OPPONENT)
    answer = engine.board(position, timeout=10)
    assert answer is not None and answer.move.to_tuple() not in {(7, 7), (8, 8), (6, 6)}
    best = engine.nbest(2, timeout=10)
    assert best is not None and best.search_info is not None and best.search_info.multipv == 1
    assert engine.restart()
    assert engine.turn((7, 7), timeout=10) is not None  # the board was cleared
