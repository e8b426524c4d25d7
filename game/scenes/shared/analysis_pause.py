"""When the live analysis should stop by itself, and when it should start again.

An endless analysis of a position nobody is looking at burns a core (the engine worker) for
as long as the panel is open. So LiveAnalysis pauses it:

- idle: nobody has touched the keyboard or mouse (and the position has not changed) for
  `idle_seconds`. Any input resumes it, a mouse movement too.
- settled: the engine has nothing new to say: its best move and winning chance have not
  changed for `settle_seconds` of search, or the position has been searched for
  `longest_seconds` in all. A key, click or wheel resumes it and the next pause needs a
  deeper search than this one (moving the mouse while thinking does not wake it).

A proven win or loss needs no rule here: the engine ends that analysis itself (`final`).
Pure bookkeeping with an injectable clock, so tests step time without sleeping.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum
from typing import Callable

from game.engine import Analysis


class PauseReason(Enum):
    IDLE = "idle"
    SETTLED = "settled"


@dataclass(frozen=True)
class PauseRules:
    #: Seconds without input (or a new position) before the analysis pauses.
    idle_seconds: float = 90.0
    #: Seconds of search with the same best move and about the same chance before it settles.
    settle_seconds: float = 30.0
    #: How far the winning chance may move (0..1) and still count as the same.
    chance_band: float = 0.03
    #: Seconds of search on one position after which it settles whatever the engine says.
    longest_seconds: float = 180.0


class AnalysisPause:
    """The pause state of one live analysis. LiveAnalysis reports what happens (`touched`,
    `new_position`, `searching`, `saw`) and asks `due` while its search runs."""

    def __init__(self, rules: PauseRules = PauseRules(), clock: Callable[[], float] = time.monotonic) -> None:
        self.rules = rules
        self._clock = clock
        self.paused: PauseReason | None = None
        now = clock()
        self._last_input = now
        self._searched = 0.0  # seconds of search on this position before the current stretch
        self._search_started: float | None = None
        self._stable_since: float | None = None  # when the best move and chance last changed
        self._reference: tuple[object, float] | None = None
        self._depth = 0
        self._settled_depth = 0  # the next settled pause needs a deeper snapshot than this

    def touched(self, deliberate: bool = True) -> bool:
        """Input arrived: a key, click or wheel (`deliberate`) or a mouse movement. Returns
        True when this ended a pause (the caller starts the analysis again)."""
        self._last_input = self._clock()
        if self.paused is PauseReason.SETTLED and deliberate:
            self._searched = 0.0  # asked to look deeper: a fresh allowance of search time
        if self.paused is PauseReason.IDLE or (self.paused is PauseReason.SETTLED and deliberate):
            self.paused = None
            self._stable_since, self._reference = None, None
            return True
        return False

    def new_position(self) -> None:
        """The board changed (a move, a step in review): everything starts again, unpaused."""
        now = self._clock()
        self.paused = None
        self._last_input = now
        self._searched, self._search_started = 0.0, None
        self._stable_since, self._reference = None, None
        self._depth = self._settled_depth = 0

    def searching(self, running: bool) -> None:
        """Whether the engine is searching this position now (time spent waiting for the
        computer's move or after a finished search does not count towards `longest_seconds`)."""
        now = self._clock()
        if running and self._search_started is None:
            self._search_started = now
        elif not running and self._search_started is not None:
            self._searched += now - self._search_started
            self._search_started = None

    def saw(self, analysis: Analysis) -> None:
        """A snapshot arrived: if its best move or chance moved, the position is not settled yet."""
        now = self._clock()
        best = analysis.best
        reference = (best.move if best is not None else None, analysis.chance)
        old = self._reference
        if old is None or old[0] != reference[0] or abs(old[1] - reference[1]) > self.rules.chance_band:
            self._reference, self._stable_since = reference, now
        self._depth = analysis.depth

    def due(self) -> PauseReason | None:
        """Whether the running analysis should pause now; if so, it is marked paused."""
        if self.paused is not None:
            return self.paused
        now = self._clock()
        rules = self.rules
        if now - self._last_input >= rules.idle_seconds:
            self.paused = PauseReason.IDLE
        elif self._depth > self._settled_depth and (
            (self._stable_since is not None and now - self._stable_since >= rules.settle_seconds)
            or self._search_seconds(now) >= rules.longest_seconds
        ):
            self.paused = PauseReason.SETTLED
            self._settled_depth = self._depth
        if self.paused is not None:
            self.searching(False)
        return self.paused

    def _search_seconds(self, now: float) -> float:
        running = 0.0 if self._search_started is None else now - self._search_started
        return self._searched + running
