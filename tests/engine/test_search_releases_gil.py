"""The compiled search lets go of the GIL while it thinks, so a window in the same process keeps drawing.

With the switch interval raised to 30 s a thread that holds the GIL is never made to give it up; the main
thread's short sleep then ends only when the search returns. It ends long before, because the search runs
without the GIL (taking it back only for its polls)."""

import sys
import threading
import time

import pytest

from game.engine import Level, Limit, Position, search
from game.rules import Board

from markers import kernel_in_use

MIDDLEGAME = [(7, 7), (7, 8), (8, 7)]  # a quiet start: no forced line, the search uses its time


@kernel_in_use
def test_the_main_thread_runs_while_a_compiled_search_thinks():
    board = Board(15)
    for point in MIDDLEGAME:
        board.push(point)
    position = Position.from_board(board)
    done = threading.Event()
    finished_at = []

    def think() -> None:
        search(position, level=Level.MASTER, limit=Limit(time_ms=1500))
        finished_at.append(time.perf_counter())
        done.set()

    old = sys.getswitchinterval()
    sys.setswitchinterval(30.0)
    try:
        thread = threading.Thread(target=think, daemon=True)
        thread.start()
        time.sleep(0.2)  # the search thread takes the GIL and goes into C
        woke_at = time.perf_counter()
        searching = not done.is_set()
        thread.join(30)
    finally:
        sys.setswitchinterval(old)
    assert finished_at, "the search did not finish"
    assert searching and woke_at < finished_at[0] - 0.3, "the main thread waited for the search to end"


@kernel_in_use
def test_a_board_being_searched_refuses_a_make_from_the_poll():
    from game.engine import backend
    from game.engine.move_search.clock import Clock
    from game.engine.backend import ThreatSearch

    board = Board(15)
    for point in [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (6, 7), (7, 6), (9, 5), (6, 6), (8, 7)]:
        board.push(point)
    engine = backend.EngineBoard.from_board(board)
    threats = ThreatSearch(engine, Clock(None, None))
    refused = []

    class Stop(Exception):
        pass

    def poll() -> bool:
        try:
            engine.kernel.make(engine.index(0, 0), 1)
        except RuntimeError as error:
            refused.append(str(error))
        raise Stop()  # the first poll ends the search, as the clock's SearchStopped does

    with pytest.raises(Stop):
        engine.kernel.threat(2, 5, 10, -1, -1, threats._vcf_fail, threats._vct_fail, 10**7, poll)  # ~26,000 nodes
    assert refused and "during a search" in refused[0]
    engine.make(engine.index(0, 0), 1)  # after the search the board is free again
    assert engine.cells[engine.index(0, 0)] == 1
