"""The compiled search lets go of the GIL while it thinks, so a window in the same process keeps drawing.

With the switch interval raised to 30 s a thread that holds the GIL is never made to give it up; the main
thread's short sleep then ends only when the search returns. It ends long before, because the search runs
without the GIL (taking it back only for its polls)."""

import sys
import threading
import time

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
