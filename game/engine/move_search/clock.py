"""The search's clock: a node counter that checks the deadline and the stop flag now and then."""

from __future__ import annotations

import time


class SearchStopped(Exception):
    """Raised inside the search when the deadline passes, the node budget runs out or stop is set."""


class Clock:
    """Counts nodes; every `interval` nodes (a node costs a few hundred microseconds) looks at the time, the node budget and the stop flag.

    Reading the time and the flag costs far more than a node, so they are polled, not
    checked at every node (as sunfish and python-chess's engines do).
    """

    def __init__(self, deadline: float | None, max_nodes: int | None, stop=None, interval: int = 16) -> None:
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.stop = stop
        self.interval = interval
        self.nodes = 0
        self.next_check = interval

    def tick(self) -> None:
        """Count one node; raise SearchStopped when the search must end."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.next_check = self.nodes + self.interval
            self.check()

    def advance(self, nodes: int) -> None:
        """Count `nodes` at once (work done outside Python, e.g. the compiled VCF); check as tick does."""
        self.nodes += nodes
        if self.nodes >= self.next_check:
            self.next_check = self.nodes + self.interval
            self.check()

    def check(self) -> None:
        if self.stop is not None and self.stop.is_set():
            raise SearchStopped("stop flag set")
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise SearchStopped("deadline passed")
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise SearchStopped("node budget spent")

    def kernel_state(self) -> tuple:
        """The clock as a compiled search takes it: (nodes, next check, interval, node budget
        or -1, seconds to the deadline or -1, the stop flag's is_set or None). The search hands
        back its node count and next check, so it stops where Python would have."""
        seconds = -1.0 if self.deadline is None else max(0.0, self.deadline - time.perf_counter())
        budget = -1 if self.max_nodes is None else self.max_nodes
        return (self.nodes, self.next_check, self.interval, budget, seconds, None if self.stop is None else self.stop.is_set)

    def remaining(self) -> float:
        """Seconds left before the deadline (infinity without one)."""
        if self.deadline is None:
            return float("inf")
        return self.deadline - time.perf_counter()


class StopAt:
    """A stop flag (`is_set`) that is also set once `time_ms` have passed: the wall-clock
    backstop of a search bounded by nodes. Such a search stays deterministic, and so the
    same on a loaded machine as on an idle one, unless the backstop fires."""

    def __init__(self, time_ms: int, stop=None) -> None:
        self.deadline = time.perf_counter() + time_ms / 1000
        self.stop = stop

    def is_set(self) -> bool:
        return (self.stop is not None and self.stop.is_set()) or time.perf_counter() >= self.deadline
