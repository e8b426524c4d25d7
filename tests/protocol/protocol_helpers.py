"""Helpers for the brain's tests: a fake engine, scripted conversations, live pipes, the arena's path."""

from __future__ import annotations

import io
import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

from game.engine import Level, Position, SearchResult
from game.protocol import Brain

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

REPO = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


class FakeSearch:
    """A deterministic stand-in for the engine: the empty point nearest the centre.

    With `wait_for_stop` it thinks until the stop flag is set, which lets a test prove
    that YXSTOP, END or the deadline reach a running search. Every call is recorded.
    """

    def __init__(self, *, wait_for_stop: bool = False, answer=None, fail: bool = False) -> None:
        self.wait_for_stop = wait_for_stop
        self.answer = answer
        self.fail = fail
        self.calls: list[dict] = []
        self.started = threading.Event()

    def __call__(self, position: Position, limit=None, level=Level.MASTER, seed=0, stop=None, on_progress=None, multipv=1):
        self.calls.append({"position": position, "limit": limit, "level": level, "seed": seed, "multipv": multipv})
        self.started.set()
        if self.fail:
            raise RuntimeError("engine exploded")
        began = time.monotonic()
        while self.wait_for_stop and not stop.is_set():
            if time.monotonic() - began > 10:
                raise AssertionError("the stop flag was never set")
            time.sleep(0.002)
        if self.answer is not None:
            move = self.answer
        else:
            board = position.to_board()
            centre = (position.size - 1) / 2
            move = min(board.empty_points(), key=lambda p: (abs(p[0] - centre) + abs(p[1] - centre), p[1], p[0]))
        result = SearchResult(move, 0, 1, 1, (move,), int((time.monotonic() - began) * 1000))
        if on_progress is not None:
            on_progress(result)
        return result


def converse(lines: list[str], search=None, **options) -> list[str]:
    """Run the brain in-process over `lines` (then end of input); return what it printed."""
    output = io.StringIO()
    brain = Brain(output, search_function=search or FakeSearch(), **options)
    brain.run(lines)
    return output.getvalue().splitlines()


def answers(lines: list[str]) -> list[str]:
    """The printed lines without MESSAGE/DEBUG progress lines."""
    return [line for line in lines if not line.startswith(("MESSAGE", "DEBUG"))]


class LiveInput:
    """An input the test feeds line by line while the brain runs in a thread."""

    def __init__(self) -> None:
        self._lines: queue.Queue[str | None] = queue.Queue()

    def send(self, *lines: str) -> None:
        for line in lines:
            self._lines.put(line + "\n")

    def close(self) -> None:
        self._lines.put(None)

    def __iter__(self):
        while (line := self._lines.get()) is not None:
            yield line


class LiveOutput(io.TextIOBase):
    """Collects printed lines and lets a test wait for the next one."""

    def __init__(self) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        self._partial = ""

    def write(self, text: str) -> int:
        self._partial += text
        *complete, self._partial = self._partial.split("\n")
        for line in complete:
            self.lines.put(line)
        return len(text)

    def next_answer(self, timeout: float = 5.0) -> str:
        """The next line that is not a MESSAGE; fails the test after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no answer within {timeout} s") from None
            if not line.startswith("MESSAGE"):
                return line


def shared_dir() -> Path | None:
    """The shared tools folder (../shared from the repo, or $GOMOKU_SHARED), if present."""
    candidates = [Path(os.environ["GOMOKU_SHARED"])] if os.environ.get("GOMOKU_SHARED") else []
    candidates += [REPO.parent / "shared", Path("/work/shared")]
    for candidate in candidates:
        if (candidate / "arena" / "arena.py").is_file():
            return candidate
    return None




#: Every line the brain may print: a move, OK, ERROR/UNKNOWN/MESSAGE/DEBUG, ABOUT, FORBID.
# A move, or SWAP2BOARD's answers: "SWAP", or the stones placed ("x,y x,y x,y" / "x,y x,y").
PROTOCOL_LINE = re.compile(
    r'^(\d+,\d+( \d+,\d+)*|SWAP|OK|(ERROR|UNKNOWN|MESSAGE|DEBUG)( .*)?|FORBID (\d{4})*\.|\w+="[^"]*"(, \w+="[^"]*")*)$'
)


class BrainProcess:
    """The real entry point in a subprocess, driven line by line like a manager drives it."""

    def __init__(self, *args: str, command: list[str] | None = None) -> None:
        argv = command or [PYTHON, "-m", "game.protocol", *args]
        env = dict(os.environ, PYTHONPATH=str(REPO))
        self.process = subprocess.Popen(
            argv, cwd=REPO, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, bufsize=1, errors="replace",
        )
        self.lines: queue.Queue[tuple[float, str | None]] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\n")))
        self.lines.put((time.monotonic(), None))

    def send(self, *lines: str) -> float:
        """Write `lines`; returns the time just before writing, so answer times are never too short."""
        began = time.monotonic()
        self.process.stdin.write("".join(line + "\n" for line in lines))
        self.process.stdin.flush()
        return began

    def answer(self, timeout: float = 10.0) -> tuple[float, str]:
        """(arrival time, line) of the next line that is not MESSAGE/DEBUG; fails on timeout or exit."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                arrived, line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no answer within {timeout} s; seen {self.seen[-5:]}") from None
            if line is None:
                raise AssertionError(f"the brain exited ({self.process.poll()}); seen {self.seen[-5:]}")
            self.seen.append(line)
            if not line.startswith(("MESSAGE", "DEBUG")):
                return arrived, line

    def ask(self, *lines: str, timeout: float = 10.0) -> str:
        self.send(*lines)
        return self.answer(timeout)[1]

    def finish(self, timeout: float = 10.0) -> int:
        """Send END and wait for the exit code; the rest of stdout is kept in `seen`."""
        try:
            self.send("END")
        except (BrokenPipeError, OSError):
            pass
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()  # our own child, by handle
            self.process.wait()
            raise AssertionError("the brain did not exit after END") from None
        while True:
            _, line = self.lines.get(timeout=5)
            if line is None:
                break
            self.seen.append(line)
        self.stderr = self.process.stderr.read()
        return code
