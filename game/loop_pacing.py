"""How the main loop waits when nothing moves, so a game waiting for a click costs no CPU.

While something animates the loop runs at 60 FPS as before. Otherwise it sleeps until input
arrives or until the scene's next change is due (a clock's next second, a message timing out).

Why not `pygame.event.wait(timeout)`: in pygame-ce 2.5 / SDL 2 it polls every millisecond
and alone used 2.2% of a core, more than the whole idle budget. Sleeping in slices of
`INPUT_SLICE` and pumping events between them costs under 1% and still notices input well
within one 60 FPS frame.
"""

from __future__ import annotations

import time

import pygame

#: How often an idle loop looks for input (seconds): well under one 60 FPS frame.
INPUT_SLICE = 0.008
#: The longest an idle loop sleeps before running one update without drawing.
MAX_IDLE_SECONDS = 1.0
#: A stalled frame (a window drag on some systems, a slow disk) never advances game time by more.
MAX_STALL_SECONDS = 0.25


def wait_for_input(timeout: float) -> float:
    """Sleep up to `timeout` seconds, returning within INPUT_SLICE of an event arriving.

    The event stays in pygame's queue for the next frame. Returns the seconds waited.
    """
    start = time.monotonic()
    deadline = start + max(0.0, timeout)
    while True:
        pygame.event.pump()
        if pygame.event.peek():
            break
        left = deadline - time.monotonic()
        if left <= 0:
            break
        time.sleep(min(INPUT_SLICE, left))
    return time.monotonic() - start


def game_seconds(elapsed: float, waited: float) -> float:
    """The time an update should advance the game by: all of the time spent waiting on
    purpose, but at most MAX_STALL_SECONDS of anything else (so a stall never fast-forwards
    the game clocks)."""
    return max(0.0, min(elapsed, waited + MAX_STALL_SECONDS))


def seconds_to_next_tick(seconds: float, counting_down: bool = False) -> float:
    """How long until a clock showing whole seconds changes: `seconds` is the value now, rising
    (a game's duration) or falling (`counting_down`, a player's time left)."""
    fraction = seconds % 1.0
    if counting_down:
        return fraction if fraction > 0 else 1.0
    return 1.0 - fraction
