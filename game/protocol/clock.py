"""Time management: how long to think from the manager's INFO values, and a stop flag with a deadline.

A brain that overruns `timeout_turn` (or its match time) loses the game, and a Python
process needs a few tens of milliseconds to wake up, answer and flush, so we aim inside
the limit: 96% of the turn time minus an overhead, which is fixed for long turns and a
share of the turn for short ones (60 ms off a 100 ms turn would leave the search a
third of it, while the answer itself takes a few ms). This is the only margin: the
engine treats the budget it is given as its own (it keeps just enough back to finish
its bookkeeping). A match clock is spread
over the moves we still expect to play.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, replace

#: Fraction of the turn time kept back for jitter on a busy machine. At 4% Master answers
#: a 1000 ms turn in at most about 900 ms with four matches on two cores; at 8%, with the
#: root keeping another 5% back, it used at most 82% of the turn (benchmarks/LOG.md).
SAFETY_FRACTION = 0.04
#: Milliseconds kept back for process wake-up, reading and writing lines; on turns shorter
#: than OVERHEAD_MS / OVERHEAD_SHARE, this share of the turn instead.
OVERHEAD_MS = 60
OVERHEAD_SHARE = 0.12
#: The least we ever think: the engine always has a legal move even when stopped at once.
MIN_THINK_MS = 10
#: However long the game may still run, never spend more than this share of the match clock.
MIN_MOVES_TO_GO = 8
#: Roughly what fraction of the board a game fills before it is decided.
GAME_FILL_FRACTION = 0.4


@dataclass(frozen=True)
class TimeControl:
    """What the manager told us with INFO, in milliseconds; None means never told.

    `timeout_turn` 0 means "play as fast as you can"; `timeout_match` 0 means no match limit.
    """

    timeout_turn: int | None = None
    timeout_match: int | None = None
    time_left: int | None = None

    def with_value(self, key: str, value: int) -> "TimeControl":
        """A copy with one INFO key (``timeout_turn``, ``timeout_match``, ``time_left``) set."""
        return replace(self, **{key: value})

    @property
    def is_known(self) -> bool:
        return self.timeout_turn is not None or self.timeout_match is not None or self.time_left is not None


def moves_to_go(stones_on_board: int, board_size: int) -> int:
    """How many more moves of ours to budget for: half of the stones still expected, at least MIN_MOVES_TO_GO."""
    expected_stones = int(board_size * board_size * GAME_FILL_FRACTION)
    return max(MIN_MOVES_TO_GO, (expected_stones - stones_on_board) // 2)


def think_time_ms(control: TimeControl, stones_on_board: int, board_size: int) -> int | None:
    """Milliseconds to think for this move, or None when the manager set no limit at all.

    Never more than the turn limit minus the safety margin, nor more than this move's share
    of what is left on the match clock.
    """
    if not control.is_known:
        return None
    caps: list[int] = []
    if control.timeout_turn is not None:
        if control.timeout_turn == 0:
            return MIN_THINK_MS
        caps.append(int(control.timeout_turn * (1 - SAFETY_FRACTION)) - overhead_ms(control.timeout_turn))
    left = _match_time_left(control)
    if left is not None:
        share = left // moves_to_go(stones_on_board, board_size)
        caps.append(min(share, left - 2 * OVERHEAD_MS))
    if not caps:  # only an unlimited match time: nothing to respect
        return None
    return max(MIN_THINK_MS, min(caps))


def overhead_ms(turn_ms: int) -> int:
    """The fixed part of the margin for a turn of `turn_ms`: OVERHEAD_MS, or less on short turns."""
    return min(OVERHEAD_MS, int(turn_ms * OVERHEAD_SHARE))


def _match_time_left(control: TimeControl) -> int | None:
    """What is left on the match clock, or None when the match is not timed.

    Before the first ``INFO time_left`` the whole match time is left.
    """
    if control.timeout_match == 0:
        return None
    if control.time_left is not None:
        return control.time_left
    return control.timeout_match


class StopSignal:
    """A stop flag the search polls: set by YXSTOP/END from the reader thread, or by the deadline.

    It duck-types threading.Event's `is_set`, which is all the engine asks for.
    """

    def __init__(self, budget_ms: int | None = None, *, clock=time.monotonic) -> None:
        self._event = threading.Event()
        self._clock = clock
        self._deadline = None if budget_ms is None else clock() + budget_ms / 1000

    def set(self) -> None:
        self._event.set()

    def is_set(self) -> bool:
        if self._event.is_set():
            return True
        return self._deadline is not None and self._clock() >= self._deadline

    @property
    def was_interrupted(self) -> bool:
        """Whether someone called `set` (as opposed to the deadline passing)."""
        return self._event.is_set()
