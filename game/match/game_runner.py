"""One game between two players, advanced one poll at a time so a window can draw meanwhile.

The runner asks the side to move's worker for a move, checks it with the rules core, and
ends the game on five, a forbidden black move, a full board or a player's failure (which
loses, with the failure's reason and detail). `paused` holds the game between moves; a move
that arrives during a pause waits in its worker's queue until play resumes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from game.engine import EngineJob, FailedReply, Level, Limit, MoveReply, Position, Purpose
from game.records import GameRecord, Result
from game.rules import Board, IllegalMoveError, Point, Reason, Rule, Stone


@dataclass
class Seat:
    """A player at the board: the name shown, its worker, and its level if it is built-in."""

    name: str
    worker: Any
    level: Level | None = None


@dataclass
class GameResult:
    """How a game ended. `reason` is "five", "forbidden", "draw-full-board", or a failure's
    reason ("timeout", "crash", "illegal", "garbage", ...); `detail` says what happened."""

    black: str
    white: str
    winner: Stone | None
    reason: str
    detail: str
    moves: list[Point]
    opening_stones: int
    size: int
    rule: Rule
    think_ms: dict[Stone, list[int]] = field(default_factory=dict)

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else (self.black if self.winner is Stone.BLACK else self.white)

    @property
    def score_text(self) -> str:
        return {Stone.BLACK: "1-0", Stone.WHITE: "0-1", None: "1/2-1/2"}[self.winner]

    def to_record(self, date: str = "") -> GameRecord:
        """The game as a record; a failure other than time or forbidden is a plain win ("B+")."""
        reasons = {"five": Reason.FIVE, "forbidden": Reason.FORBIDDEN, "timeout": Reason.TIMEOUT,
                   "draw-full-board": Reason.BOARD_FULL}
        return GameRecord(
            size=self.size,
            rule=self.rule,
            moves=list(self.moves),
            black=self.black,
            white=self.white,
            result=Result(self.winner, reasons.get(self.reason)),
            date=date,
        )


class GameRunner:
    """Plays `black` against `white` from `opening` (points, black first) at `turn_ms` per move."""

    def __init__(
        self,
        black: Seat,
        white: Seat,
        size: int = 15,
        rule: Rule = Rule.FREESTYLE,
        opening: list[Point] | None = None,
        turn_ms: int = 1000,
        seed: int = 0,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seats = {Stone.BLACK: black, Stone.WHITE: white}
        self.board = Board(size, rule)
        opening = list(opening or [])
        for point in opening:
            self.board.push(point)
        self.opening_stones = len(opening)
        self.turn_ms = turn_ms
        self.seed = seed
        self.paused = False
        self.result: GameResult | None = None
        self.think_ms: dict[Stone, list[int]] = {Stone.BLACK: [], Stone.WHITE: []}
        self._now = now
        self._job: int | None = None
        self._asked_at = 0.0

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def thinking(self) -> Stone | None:
        """The side whose move is being searched right now."""
        return self.board.to_move if self._job is not None and not self.is_over else None

    def step(self) -> bool:
        """Advance the game as far as it can go without waiting. False once it is over."""
        if self.result is not None:
            return False
        if self.paused:
            return True
        board = self.board
        side = board.to_move
        seat = self.seats[side]
        if self._job is None:
            limit = Limit(time_ms=self.turn_ms)
            self._job = seat.worker.submit(
                EngineJob(Purpose.MOVE, Position.from_board(board), seat.level or Level.MASTER, limit,
                          seed=self.seed + board.move_count)
            )
            self._asked_at = self._now()
        reply = seat.worker.poll()
        if reply is None:
            return True
        self._job = None
        seat.name = getattr(seat.worker, "name", seat.name)  # an external brain's own name, from ABOUT
        self.think_ms[side].append(int((self._now() - self._asked_at) * 1000))
        if not isinstance(reply, MoveReply):
            failure = reply.failure if isinstance(reply, FailedReply) else None
            error = reply.error if isinstance(reply, FailedReply) else f"unexpected {type(reply).__name__}"
            if failure is not None:
                if failure.point is not None and failure.kind.value == "forbidden":
                    board.push(failure.point)  # shown on the board: it is why black lost
                self._finish(side.opponent, failure.reason, failure.detail)
            else:
                self._finish(side.opponent, "error", f"{seat.name}: {error}")
            return False
        point = reply.result.move
        try:
            move = board.push(point)
        except IllegalMoveError as error:
            self._finish(side.opponent, "illegal", f"{seat.name}: {error}")
            return False
        outcome = board.outcome()
        if outcome is not None:
            reason = {Reason.FIVE: "five", Reason.FORBIDDEN: "forbidden", Reason.BOARD_FULL: "draw-full-board"}[outcome.reason]
            detail = "" if outcome.reason is not Reason.FORBIDDEN else f"{seat.name} played a forbidden point {move.point}"
            self._finish(outcome.winner, reason, detail)
            return False
        return True

    def stop(self) -> None:
        """Abandon the game (no result): cancel the move being searched."""
        if self._job is not None:
            self.seats[self.board.to_move].worker.cancel()
            self._job = None

    def _finish(self, winner: Stone | None, reason: str, detail: str) -> None:
        self.result = GameResult(
            black=self.seats[Stone.BLACK].name,
            white=self.seats[Stone.WHITE].name,
            winner=winner,
            reason=reason,
            detail=detail,
            moves=self.board.moves,
            opening_stones=self.opening_stones,
            size=self.board.size,
            rule=self.board.rule,
            think_ms={side: list(times) for side, times in self.think_ms.items()},
        )
