"""The manager side of the Gomocup protocol: drive any brain (pbrain-*) as Piskvork would.

    client = GomocupClient(["/engines/rapfi/pbrain-rapfi"], name="Rapfi")
    client.start(size=15, rule=Rule.RENJU, turn_ms=1000)   # START, INFO ..., ABOUT
    move = client.move(board)                               # BEGIN, TURN or BOARD, then "x,y"
    client.close()                                          # END, then kill what is left

The client remembers which stones the brain has seen, so it sends TURN when the new position
follows on from the last one and a full BOARD otherwise (after a take-back, a hint, or a new
game). Every answer is judged: a late one (after the limit plus `grace_ms`), the end of the
brain's output, a line that is no answer, ERROR/UNKNOWN to a command it must know, a move
off the board or on a stone, and a renju-forbidden black move (the rules core decides) each
raise EngineFailure naming the brain. Starting, stopping and killing the process, and the
clock on every answer, are BrainConnection's (brain_connection.py), which the client extends.

Analysis: `analyse(board, n)` sends YXBOARD and YXNBEST and collects the MESSAGE reports
(best first); a brain that does not know YXNBEST is asked for a plain move instead.

Stopping: `request_stop()`, from any thread, sends YXSTOP to a brain that is thinking and
cuts the wait for its answer to `stop_grace`; a brain that ignores it is killed then (the
answer, EngineFailure TIMEOUT, goes to the job nobody wants any more). A brain that does not
know YXSTOP answers it with ERROR/UNKNOWN after its move: that one refusal is not held
against it.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from game.rules import Board, Point, Rule, Stone

from .brain_connection import END_GRACE_SECONDS, STOP_GRACE_SECONDS, BrainConnection, quote_output
from .brain_output import SearchInfo, is_chatter, parse_about, parse_move, parse_search_message
from .brain_process import split_command
from .failures import EngineFailure, FailureKind

log = logging.getLogger(__name__)

#: Seconds a brain may take to answer START (brains load weights and tables then).
START_SECONDS = 15.0
#: Seconds to wait for ABOUT's answer; some brains never answer it, which is no fault.
ABOUT_SECONDS = 5.0
#: Extra time beyond the move limit before a brain is judged late (a loaded machine, a slow pipe).
GRACE_MS = 1000
MAX_MEMORY = 350 * 1024 * 1024
#: Gomocup INFO game_type: 0 the opponent is a human, 1 another brain.
GAME_TYPE_HUMAN, GAME_TYPE_BRAIN = 0, 1


@dataclass(frozen=True)
class BrainMove:
    """A brain's answer: the point, how long it took, and its last search report (if any)."""

    point: Point
    time_ms: int
    info: SearchInfo | None = None


@dataclass(frozen=True)
class BrainAnalysis:
    """The answer to YXNBEST: candidates best first (each a MESSAGE report), and the move it chose."""

    best: Point
    candidates: tuple[SearchInfo, ...]
    time_ms: int
    nbest_supported: bool


@dataclass
class _Sync:
    """What the brain knows: the stones it has seen, in order, and whether it may move next."""

    stones: list[tuple[Point, Stone]] = field(default_factory=list)
    fresh: bool = True  # nothing sent since START: BEGIN is allowed


class GomocupClient(BrainConnection):
    """One brain, driven through the Gomocup protocol. Not thread-safe: one thread talks to it.

    `command` is a path (run from its own folder) or a command line. `name` is how failures
    name it until ABOUT gives its own name.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        name: str = "",
        grace_ms: int = GRACE_MS,
        start_seconds: float = START_SECONDS,
        end_grace: float = END_GRACE_SECONDS,
        on_message: Callable[[str], None] | None = None,
        stop_grace: float = STOP_GRACE_SECONDS,
    ) -> None:
        argv = split_command(command)
        super().__init__(argv, name or Path(argv[0]).stem or argv[0], grace_ms, end_grace, stop_grace)
        self.start_seconds = start_seconds
        self.on_message = on_message
        self.about: dict[str, str] = {}
        self.messages: list[str] = []  # the latest MESSAGE lines, for a log or a panel
        self.size = 0
        self.rule = Rule.FREESTYLE
        self._sync = _Sync()
        self.nbest_supported: bool | None = None  # unknown until asked

    # ----------------------------------------------------------------- start
    def start(
        self,
        size: int = 15,
        rule: Rule = Rule.FREESTYLE,
        turn_ms: int = 1000,
        match_ms: int = 0,
        game_type: int = GAME_TYPE_BRAIN,
        max_memory: int = MAX_MEMORY,
    ) -> dict[str, str]:
        """Start the process, START the board, send the INFO lines and ask ABOUT. Returns ABOUT's fields.

        Raises EngineFailure(NOT_STARTED) when the program cannot run or does not answer START
        with OK in time (the process is killed).
        """
        self.close()
        self._open()
        self.size, self.rule, self.turn_ms = size, rule, turn_ms
        self._sync = _Sync()
        self.nbest_supported = None
        try:
            self._handshake(size, rule, turn_ms, match_ms, game_type, max_memory)
        except EngineFailure:
            self.kill()
            raise
        return self.about

    def _handshake(self, size: int, rule: Rule, turn_ms: int, match_ms: int, game_type: int, max_memory: int) -> None:
        self._send(f"START {size}")
        answer = self._answer(
            time.monotonic() + self.start_seconds,
            lambda line: line.upper().startswith(("OK", "ERROR", "UNKNOWN")),
            f"START {size}",
            lenient=True,
            late_kind=FailureKind.NOT_STARTED,
        )
        if not answer.upper().startswith("OK"):
            raise EngineFailure(FailureKind.NOT_STARTED, self.name, f"answered 'START {size}' with {answer!r}, not OK")
        # time_left only with a match clock: some brains split a huge time_left over the game
        time_left = [f"INFO time_left {match_ms}"] if match_ms else []
        self._send(
            f"INFO timeout_turn {turn_ms}",
            f"INFO timeout_match {match_ms}",
            *time_left,
            f"INFO max_memory {max_memory}",
            f"INFO game_type {game_type}",
            f"INFO rule {rule.gomocup_code}",
            "ABOUT",
        )
        # ABOUT's answer also tells us the INFO lines were read (like UCI's isready)
        try:
            line = self._answer(
                time.monotonic() + ABOUT_SECONDS, lambda text: bool(parse_about(text)), "ABOUT", lenient=True
            )
            self.about = parse_about(line)
            if self.about.get("name"):
                self.name = self.about["name"]
        except EngineFailure as failure:
            if failure.kind is not FailureKind.TIMEOUT:
                raise
            log.info("%s did not answer ABOUT", self.name)

    def set_turn_time(self, turn_ms: int) -> None:
        """Change the per-move limit for the next moves (INFO timeout_turn)."""
        if turn_ms != self.turn_ms and self.running:
            self.turn_ms = turn_ms
            self._send(f"INFO timeout_turn {turn_ms}")

    def set_rule(self, rule: Rule) -> None:
        """Switch rules (INFO rule); the next move sends the whole board again."""
        if rule is not self.rule and self.running:
            self.rule = rule
            self._send(f"INFO rule {rule.gomocup_code}")
            self._sync = _Sync(fresh=False)

    # ----------------------------------------------------------------- moves
    def move(self, board: Board, turn_ms: int | None = None, time_left_ms: int | None = None) -> BrainMove:
        """Ask for the side to move's move on `board`. The brain's answer is checked by the rules.

        Raises EngineFailure (the brain has been killed) for a late, missing, illegal or
        forbidden move and for garbage.
        """
        if not self.running:
            raise EngineFailure(FailureKind.DIED, self.name, self._death_note("is not running"))
        if turn_ms is not None:
            self.set_turn_time(turn_ms)
        lines = [] if time_left_ms is None else [f"INFO time_left {max(0, time_left_ms)}"]
        lines += self._position_lines(board)
        self._settle()
        self._begin_thinking()
        info: list[SearchInfo] = []
        try:
            sent = self._send(*lines)
            deadline = sent + (self.turn_ms + self.grace_ms) / 1000.0
            arrived, line = self._move_answer(deadline, lines[-1], info)
        except EngineFailure:
            self.kill()
            raise
        finally:
            self._thinking = False
        point = parse_move(line)
        assert point is not None
        try:
            self._check_move(board, point)
        except EngineFailure:
            self.kill()
            raise
        self._answered_at = arrived
        self._sync.stones = [(move.point, move.stone) for move in board.history] + [(point, board.to_move)]
        self._sync.fresh = False
        return BrainMove(point, int((arrived - sent) * 1000), info[-1] if info else None)

    def _position_lines(self, board: Board) -> list[str]:
        """TURN when `board` is what the brain knows plus one opponent move; BEGIN on a fresh
        brain with an empty board; else the whole position as BOARD (own stones are 1)."""
        history = [(move.point, move.stone) for move in board.history]
        known = self._sync.stones
        if not history and self._sync.fresh:
            return ["BEGIN"]
        follows_on = known and len(history) == len(known) + 1 and history[:-1] == known
        if follows_on and known[-1][1] is board.to_move and history[-1][1] is board.to_move.opponent:
            point = history[-1][0]
            return [f"TURN {point[0]},{point[1]}"]
        me = board.to_move
        lines = ["BOARD"]
        lines += [f"{point[0]},{point[1]},{1 if stone is me else 2}" for point, stone in history]
        lines.append("DONE")
        return lines

    def _check_move(self, board: Board, point: Point) -> None:
        x, y = point
        where = f"{x},{y}"
        if not board.in_bounds(point):
            raise EngineFailure(FailureKind.ILLEGAL, self.name, f"played {where}, off the {board.size}x{board.size} board", point)
        if not board.is_empty(point):
            raise EngineFailure(FailureKind.ILLEGAL, self.name, f"played {where}, a point already taken", point)
        if board.is_forbidden(point) and not board.is_winning_move(point):
            raise EngineFailure(
                FailureKind.FORBIDDEN, self.name, f"played {where}, a forbidden point for black under renju", point
            )

    def _move_answer(self, deadline: float, command: str, info: list[SearchInfo]) -> tuple[float, str]:
        """The first move line before `deadline`; reports on the way go to `info`."""
        while True:
            got = self._next(deadline, command)
            arrived, line = got
            if parse_move(line) is not None:
                return arrived, line
            self._refuse_or_note(line, command, info)

    def _refuse_or_note(self, line: str, command: str, info: list[SearchInfo]) -> None:
        """Chatter is kept; OK is harmless; ERROR/UNKNOWN is a refusal; anything else is garbage."""
        text = line.strip()
        word = text.split(None, 1)[0].upper() if text else ""
        if is_chatter(text):
            self._note_message(text, info)
            return
        if word == "OK":
            return
        if word in ("ERROR", "UNKNOWN") and self._stray_refusals > 0:
            self._stray_refusals -= 1  # its answer to an earlier YXSTOP it does not know
            return
        if word in ("ERROR", "UNKNOWN"):
            raise EngineFailure(FailureKind.REFUSED, self.name, f"answered {command!r} with {quote_output(text)}")
        raise EngineFailure(FailureKind.GARBAGE, self.name, f"printed {quote_output(text)} instead of a move after {command!r}")

    def _note_message(self, text: str, info: list[SearchInfo]) -> None:
        if not text.upper().startswith("MESSAGE"):
            return
        self.messages = (self.messages + [text])[-20:]
        if self.on_message is not None:
            self.on_message(text)
        report = parse_search_message(text, self.size or 15)
        if report is not None:
            info.append(report)

    # ----------------------------------------------------------------- analysis
    def analyse(self, board: Board, count: int = 3, turn_ms: int | None = None) -> BrainAnalysis:
        """The brain's `count` best moves for the side to move, via YXBOARD + YXNBEST.

        A brain that answers UNKNOWN/ERROR to either is asked for a plain move instead
        (`nbest_supported` False): one candidate, its last MESSAGE report if it sent one.
        """
        if not self.running:
            raise EngineFailure(FailureKind.DIED, self.name, self._death_note("is not running"))
        if turn_ms is not None:
            self.set_turn_time(turn_ms)
        if self.nbest_supported is False:
            return self._plain_analysis(board)
        me = board.to_move
        lines = ["YXBOARD"]
        lines += [f"{m.point[0]},{m.point[1]},{1 if m.stone is me else 2}" for m in board.history]
        lines += ["DONE", f"YXNBEST {count}"]
        self._settle()
        self._begin_thinking()
        reports: list[SearchInfo] = []
        try:
            sent = self._send(*lines)
            self._sync = _Sync(fresh=False)  # the brain holds the analysed position now
            deadline = sent + (self.turn_ms + self.grace_ms) / 1000.0
            while True:
                arrived, line = self._next(deadline, f"YXNBEST {count}")
                point = parse_move(line)
                if point is not None:
                    break
                word = line.strip().split(None, 1)[0].upper() if line.strip() else ""
                if word in ("ERROR", "UNKNOWN") and self._stray_refusals == 0:
                    self.nbest_supported = False
                    self._wait_quiet(0.2)
                    return self._plain_analysis(board)
                self._refuse_or_note(line, f"YXNBEST {count}", reports)
            self._check_move(board, point)
        except EngineFailure:
            self.kill()
            raise
        finally:
            self._thinking = False
        self._answered_at = arrived
        self.nbest_supported = True
        return BrainAnalysis(point, _best_per_rank(reports, point), int((arrived - sent) * 1000), True)

    def _plain_analysis(self, board: Board) -> BrainAnalysis:
        answer = self.move(board)
        self._sync = _Sync(fresh=False)  # the brain thinks it played: show it the real board next time
        candidate = answer.info or SearchInfo(pv=(answer.point,))
        if not candidate.pv or candidate.pv[0] != answer.point:
            candidate = SearchInfo(candidate.depth, candidate.score, candidate.nodes, candidate.time_ms, (answer.point,), 1)
        return BrainAnalysis(answer.point, (candidate,), answer.time_ms, False)


def _best_per_rank(reports: list[SearchInfo], best: Point) -> tuple[SearchInfo, ...]:
    """The last report per multipv rank (deeper searches come later), best first, distinct moves;
    the chosen move leads even if the brain sent no report for it."""
    by_rank: dict[int, SearchInfo] = {}
    for report in reports:
        if report.pv:
            by_rank[report.multipv or 1] = report
    ordered: list[SearchInfo] = []
    seen: set[Point] = set()
    for rank in sorted(by_rank):
        report = by_rank[rank]
        if report.pv[0] not in seen:
            seen.add(report.pv[0])
            ordered.append(report)
    if not ordered or ordered[0].pv[0] != best:
        ordered = [SearchInfo(pv=(best,), multipv=1)] + [report for report in ordered if report.pv[0] != best]
    return tuple(ordered)
