"""Shared pieces of the network tests: a hand-driven clock, a message pipe between two
sessions, and a bounded pump for two endpoints talking over 127.0.0.1."""

from __future__ import annotations

import time
from typing import Callable

from game.net.protocol import decode, encode
from game.net.session import NetSession

LOOPBACK = "127.0.0.1"


class FakeClock:
    """Seconds that move only when a test says so."""

    def __init__(self, start: float = 1000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def deliver(sender: NetSession, receiver: NetSession) -> list:
    """Send everything in `sender`'s outbox to `receiver` through the real encoder and decoder."""
    events = []
    for msg in sender.take_outbox():
        events += receiver.receive(decode(encode(msg)))
    return events


def exchange(a: NetSession, b: NetSession, rounds: int = 6) -> list:
    """Deliver both ways until both outboxes are empty (bounded)."""
    events = []
    for _ in range(rounds):
        if not a.outbox and not b.outbox:
            break
        events += deliver(a, b)
        events += deliver(b, a)
    return events


def pump(ends, until: Callable[[], bool], seconds: float = 5.0, pause: float = 0.001) -> list:
    """Poll every endpoint until `until()` is true or `seconds` pass (then the test fails on its own check)."""
    events = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for end in ends:
            events += end.poll()
        if until():
            break
        time.sleep(pause)
    return events
