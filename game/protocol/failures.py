"""What went wrong with an external brain, as a value: the kind, the brain, the details.

Every failure names the brain that caused it (the manager's own faults, such as a command
line that is not a program, are said to be the setup's), so a match can score the game and
a window can tell the player exactly what happened.
"""

from __future__ import annotations

from enum import Enum


class FailureKind(Enum):
    """How a brain failed. The values are the short reasons a match prints per game."""

    NOT_STARTED = "not-started"  # the program could not be run, or did not answer START with OK
    TIMEOUT = "timeout"  # no answer within the limit plus the grace period: killed
    DIED = "crash"  # the process exited or closed its output
    ILLEGAL = "illegal"  # a move off the board or on a stone
    FORBIDDEN = "forbidden"  # a renju-forbidden black move
    GARBAGE = "garbage"  # a line that is no answer the protocol allows
    REFUSED = "refused"  # the brain answered ERROR or UNKNOWN to a command it must know


class EngineFailure(RuntimeError):
    """An external brain broke the protocol or the rules.

    `kind` says how, `engine` names the brain, `detail` quotes what it did. `point` is the
    move for ILLEGAL and FORBIDDEN, so a caller can still show it.
    """

    def __init__(self, kind: FailureKind, engine: str, detail: str, point: tuple[int, int] | None = None) -> None:
        super().__init__(f"{engine}: {detail}")
        self.kind = kind
        self.engine = engine
        self.detail = detail
        self.point = point

    @property
    def reason(self) -> str:
        """The short reason for a game line ("timeout", "crash", ...)."""
        return self.kind.value
