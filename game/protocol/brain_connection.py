"""One brain process as a conversation in lines with deadlines: what GomocupClient stands on.

Kept apart from the protocol itself (which commands to send and how to judge the answers,
client.py) because the waiting is the delicate part. Every wait is cut into slices, so a stop
asked for from another thread (`request_stop`, YXSTOP) shortens it; a line that arrives after
its deadline counts as late; a brain that died is named with the last lines of its error
output. A brain that failed is killed at once with its whole process group; `close` kills one
that ignores END after `end_grace` seconds.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable, Sequence

from .brain_output import is_chatter
from .brain_process import BrainProcess, working_folder
from .failures import EngineFailure, FailureKind

log = logging.getLogger(__name__)

#: Seconds a brain has to exit after END before it is killed.
END_GRACE_SECONDS = 2.0
#: Seconds a thinking brain has to answer YXSTOP before it is killed (and started again on the
#: next request): a cancelled job must not hold up the next one for a whole move time.
STOP_GRACE_SECONDS = 0.5
#: How often a wait for an answer looks whether a stop was asked for meanwhile.
_WAIT_SLICE_SECONDS = 0.05
#: Some brains drop a command that arrives in the instant after they print a move: wait this
#: long after an answer before the next command (billed to no one; arena.py does the same).
SETTLE_SECONDS = 0.03


class BrainConnection:
    """The process of one brain, the lines to and from it, and the clock on its answers.

    A thinking brain has `turn_ms` plus `grace_ms` to answer (the protocol above sets
    `turn_ms`); `name` names the brain in every EngineFailure.
    """

    def __init__(self, argv: Sequence[str], name: str, grace_ms: int, end_grace: float, stop_grace: float) -> None:
        self.argv = list(argv)
        self.name = name
        self.grace_ms = grace_ms
        self.end_grace = end_grace
        self.stop_grace = stop_grace
        self.turn_ms = 1000
        self.process: BrainProcess | None = None
        self._send_lock = threading.Lock()  # request_stop writes from another thread
        self._thinking = False  # a move or analysis command is waiting for its answer
        self._stop_deadline: float | None = None
        self._stray_refusals = 0  # YXSTOPs a brain may still answer with ERROR/UNKNOWN
        self._answered_at = 0.0

    # ----------------------------------------------------------------- life
    @property
    def running(self) -> bool:
        return self.process is not None and self.process.exit_code is None

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    def _open(self) -> None:
        """Start the program in its own folder; EngineFailure(NOT_STARTED) when it cannot run."""
        try:
            self.process = BrainProcess(self.argv, working_folder(self.argv))
        except (OSError, ValueError) as error:
            raise EngineFailure(FailureKind.NOT_STARTED, self.name, f"cannot start {self.argv[0]!r}: {_reason(error)}") from error
        self._stray_refusals = 0

    def close(self) -> bool:
        """END, then kill the brain's group if it is still there after `end_grace`. Idempotent.

        Returns False when the brain ignored END and had to be killed.
        """
        process, self.process = self.process, None
        if process is None:
            return True
        ended = process.close(self.end_grace)
        if not ended:
            log.warning("%s ignored END; killed after %.1f s", self.name, self.end_grace)
        return ended

    def kill(self) -> None:
        """End the brain and its helpers now (after a failure)."""
        process, self.process = self.process, None
        if process is not None:
            process.kill()

    def request_stop(self) -> bool:
        """Ask a thinking brain to answer now (YXSTOP). Safe from another thread. The wait for
        its answer ends `stop_grace` seconds from now; a brain still silent then is killed.
        Returns False when there was nothing to stop."""
        process = self.process
        if process is None or not self._thinking:
            return False
        self._stop_deadline = time.monotonic() + self.stop_grace
        self._stray_refusals += 1
        with self._send_lock:
            return process.send("YXSTOP")

    def _begin_thinking(self) -> None:
        self._stop_deadline = None
        self._thinking = True

    # ----------------------------------------------------------------- lines
    def _send(self, *lines: str) -> float:
        assert self.process is not None
        with self._send_lock:
            delivered = self.process.send(*lines)
        if not delivered:
            code = self.process.wait_exit(1.0)
            self.kill()
            raise EngineFailure(FailureKind.DIED, self.name, self._death_note(f"exited (code {code}) before {lines[-1]!r}"))
        log.debug("%s << %s", self.name, " | ".join(lines))
        return time.monotonic()

    def _settle(self) -> None:
        wait = self._answered_at + SETTLE_SECONDS - time.monotonic()
        if wait > 0:
            time.sleep(wait)

    def _wait_quiet(self, seconds: float) -> None:
        """Swallow what a brain still prints after refusing a command (e.g. a second UNKNOWN)."""
        if self.process is not None:
            time.sleep(seconds)
            self.process.drain()

    def _next(self, deadline: float, command: str) -> tuple[float, str]:
        """The next line before `deadline`, or EngineFailure TIMEOUT / DIED."""
        process = self.process
        if process is None:  # killed from another thread (the window closed the engine)
            raise EngineFailure(FailureKind.DIED, self.name, f"was stopped while answering {command!r}")
        while True:  # in slices, so a stop asked for meanwhile shortens the wait
            stop_deadline = self._stop_deadline if self._thinking else None
            limit = deadline if stop_deadline is None else min(deadline, stop_deadline)
            got = process.next_line(min(limit, time.monotonic() + _WAIT_SLICE_SECONDS))
            if got is not None or time.monotonic() >= limit:
                break
        if got is None or (got[1] is not None and got[0] > deadline):
            if stop_deadline is not None and stop_deadline < deadline:
                raise EngineFailure(
                    FailureKind.TIMEOUT, self.name, f"did not answer YXSTOP within {self.stop_grace:g} s; killed"
                )
            raise EngineFailure(
                FailureKind.TIMEOUT,
                self.name,
                f"did not answer {command!r} within {self.turn_ms} ms + {self.grace_ms} ms grace; killed",
            )
        arrived, line = got
        if line is None:
            code = process.wait_exit(1.0)
            raise EngineFailure(FailureKind.DIED, self.name, self._death_note(f"exited (code {code}) after {command!r}"))
        log.debug("%s >> %s", self.name, line)
        return arrived, line

    def _answer(
        self,
        deadline: float,
        accept: Callable[[str], bool],
        command: str,
        lenient: bool = False,
        late_kind: FailureKind = FailureKind.TIMEOUT,
    ) -> str:
        """The first accepted line; with `lenient`, other lines are skipped (banners at start)."""
        skipped: list[str] = []
        while True:
            try:
                _, line = self._next(deadline, command)
            except EngineFailure as failure:
                if failure.kind is FailureKind.TIMEOUT:
                    seen = f"; it printed {quote_output(' | '.join(skipped[-3:]))}" if skipped else ""
                    raise EngineFailure(late_kind, self.name, f"did not answer {command!r} in time{seen}") from None
                raise
            if accept(line.strip()):
                return line.strip()
            if not is_chatter(line) and not lenient:
                raise EngineFailure(FailureKind.GARBAGE, self.name, f"printed {quote_output(line)} after {command!r}")
            if not is_chatter(line):
                skipped.append(line.strip())

    def _death_note(self, what: str) -> str:
        if self.process is not None and self.process.exit_code is not None:
            self.process.finish_stderr(0.5)
        tail = list(self.process.stderr_tail) if self.process is not None else []
        return f"{what}" + (f"; its last error output: {quote_output(' | '.join(tail[-3:]))}" if tail else "")


def quote_output(text: str) -> str:
    """What a brain printed, quoted for a failure's detail (long lines cut to 80 characters)."""
    text = text.strip()
    return repr(text if len(text) <= 80 else text[:77] + "...")


def _reason(error: Exception) -> str:
    """An OSError's words without the errno noise ("permission denied", "there is no file at ...")."""
    if isinstance(error, PermissionError):
        return "permission denied (is it executable?)"
    if isinstance(error, OSError) and error.strerror and not error.args[1:] == ():
        return error.strerror.lower()
    return str(error)
