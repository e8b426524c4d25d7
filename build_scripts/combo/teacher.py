"""Drive a teacher brain (a Gomocup engine such as Rapfi) and read its answers.

The teacher is asked one position at a time with BOARD ... DONE at a fixed node budget
(INFO max_node) and with its hash table cleared first (YXHASHCLEAR), so that the same
position always gets the same answer. It answers a move
line "x,y" and, before it, MESSAGE lines; the last one that carries "Eval" gives its
score for the side to move (an integer, or a mate "+M<n>" / "-M<n>").
"""

from __future__ import annotations

import queue
import re
import subprocess
import threading
import time
from dataclasses import dataclass

#: The Gomocup "INFO rule" codes.
RULE_CODES = {"freestyle": 0, "standard": 1, "renju": 4}
#: A mate score stands for this many points (beyond any ordinary score).
MATE_SCORE = 30000
#: Seconds to wait for an acknowledgement before asking again.
SYNC_WAIT = 0.05

_MOVE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")
_DEPTH = re.compile(r"\bDepth\s+(\d+)(?:-(\d+))?")
_EVAL = re.compile(r"\bEval\s+([+-]?)(M?)(\d+)\b")


class TeacherError(RuntimeError):
    """The teacher failed: it would not start, died, hung or answered nonsense (quoted)."""


@dataclass(frozen=True)
class Report:
    """What one MESSAGE line said: the depth reached and the score (None if it gave none)."""

    depth: int
    score: int | None
    mate: bool = False


@dataclass(frozen=True)
class Answer:
    """The teacher's move and its last report before it."""

    move: tuple[int, int]
    score: int | None
    depth: int
    mate: bool


def parse_message(line: str) -> Report | None:
    """A MESSAGE line's depth and score, or None when it carries no "Depth"/"Eval" pair
    (other messages, "Eval VAL_NONE")."""
    if not line.startswith("MESSAGE"):
        return None
    depth, score = _DEPTH.search(line), _EVAL.search(line)
    if depth is None or score is None:
        return None
    sign, mate, number = score.groups()
    value = MATE_SCORE - int(number) if mate else int(number)
    return Report(int(depth.group(1)), -value if sign == "-" else value, bool(mate))


def parse_move(line: str) -> tuple[int, int] | None:
    """An answer line "x,y" as a point, else None."""
    found = _MOVE.match(line)
    return (int(found.group(1)), int(found.group(2))) if found else None


def read_answer(lines) -> Answer:
    """The move and the last score report from an iterable of output lines (stops at the
    move). Raises TeacherError on an ERROR line or when the lines end without a move."""
    last = Report(0, None)
    for line in lines:
        line = line.strip()
        if line.startswith("ERROR"):
            raise TeacherError(f"the teacher answered {line!r}")
        report = parse_message(line)
        if report is not None:
            last = report
            continue
        move = parse_move(line)
        if move is not None:
            return Answer(move, last.score, last.depth, last.mate)
    raise TeacherError("the teacher stopped without a move")


class Teacher:
    """One teacher process, asked positions of one size and rule at a node budget."""

    def __init__(self, command: list[str], rule: str, nodes: int, size: int = 15, timeout: float = 60.0,
                 cwd: str | None = None) -> None:
        self.timeout = timeout
        try:
            self._process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                text=True, bufsize=1, cwd=cwd,
            )
        except OSError as error:
            raise TeacherError(f"cannot start the teacher {command!r}: {error}") from error
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self._send(f"START {size}")
        self._wait_for(lambda line: line.strip() == "OK" or line.startswith("ERROR"), "OK")
        # timeout_turn is only a safety net: the node budget ends each search first.
        self._send(f"INFO rule {RULE_CODES[rule]}", f"INFO max_node {nodes}", "INFO timeout_turn 30000",
                   "INFO timeout_match 0", "INFO game_type 1")

    def _pump(self) -> None:
        for line in self._process.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _send(self, *lines: str) -> None:
        try:
            self._process.stdin.write("".join(line + "\n" for line in lines))
            self._process.stdin.flush()
        except OSError as error:
            raise TeacherError(f"the teacher closed its input: {error}") from error

    def _next_lines(self, timeout: float | None = None, quiet: bool = False):
        """Its output lines until it exits; raises TeacherError after `timeout` seconds
        (the teacher's) without a line, or with `quiet` just stops."""
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                if quiet:
                    return
                raise TeacherError(f"the teacher gave no answer in {wait:g} s")
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                return
            yield line

    def _wait_for(self, accept, what: str, timeout: float | None = None) -> bool:
        """Read until a line `accept`s (True); with `timeout`, False when none came in time."""
        for line in self._next_lines(timeout, quiet=timeout is not None):
            if accept(line):
                if line.startswith("ERROR"):
                    raise TeacherError(f"the teacher answered {line.strip()!r}")
                return True
        if timeout is not None and self._process.poll() is None:
            return False
        raise TeacherError(f"the teacher exited before {what}")

    def think(self, moves: list[tuple[int, int]]) -> Answer:
        """The teacher's move and score for the side to move after `moves` (black first)."""
        side = len(moves) % 2
        # Clearing the table makes each answer depend on the position alone; waiting for the
        # acknowledgement also lets the brain finish its last search before the next command.
        # A command that arrives while the brain winds its search down can be swallowed, so
        # the (harmless) clear is repeated until it is acknowledged.
        for _ in range(int(self.timeout / SYNC_WAIT) + 1):
            self._send("YXHASHCLEAR")
            if self._wait_for(lambda line: "cleared" in line.lower() or line.startswith("ERROR"),
                              "clearing its table", SYNC_WAIT):
                break
        else:
            raise TeacherError(f"the teacher did not acknowledge YXHASHCLEAR in {self.timeout:g} s")
        if not moves:
            self._send("BEGIN")
        else:
            self._send("BOARD", *(f"{x},{y},{1 if ply % 2 == side else 2}" for ply, (x, y) in enumerate(moves)), "DONE")
        return read_answer(self._next_lines())

    def close(self) -> None:
        try:
            self._send("END")
        except TeacherError:
            pass
        try:
            self._process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()

    def __enter__(self) -> "Teacher":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
