"""A game in progress: the board, whose turn it is, take-backs, hints, clocks and the result.

The model never waits on anything: the AI, the clock and the window all push into it. Every
thing a scene draws (stones, last move, remaining undos, winning line, clocks) is readable
here, so the GUI holds no game state of its own.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Any, Callable

from ..rules import Board, IllegalMoveError, Move, Outcome, Point, Reason, Rule, Stone
from ..rules.opening import Choice, OpeningError, OpeningState, Phase, Seat
from .players import GameConfig, Player, PlayerKind


class MoveRejectedError(ValueError):
    """A move the game refuses; the message says why in words a player understands."""


class GameOverError(MoveRejectedError):
    """A move or action after the game has ended."""


class ForbiddenMoveError(MoveRejectedError):
    """A renju-forbidden black move, refused because the game is set to refuse rather than lose."""


class OpeningChoiceDueError(MoveRejectedError):
    """A stone placed while the opening rule waits for a colour choice."""


class UndoNotAllowedError(ValueError):
    """An undo with nothing to take back, or with no take-backs left."""


@dataclass(frozen=True)
class UndoPlan:
    """What one undo would do: how many moves it takes back and whose take-back it costs."""

    moves: int
    charged_to: Stone


class Game:
    """One game session between two players under a fixed GameConfig.

    `now` returns seconds (monotonic); it is injectable so tests control time.
    """

    def __init__(self, config: GameConfig | None = None, now: Callable[[], float] = time.monotonic,
                 seed: int | None = None) -> None:
        self.config = config or GameConfig()
        # the computer's choices among about equal moves come from this (engine variety.py):
        # a new one per game, kept in the game's save and record, so each game replays exactly
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 30)
        self.board = Board(self.config.size, self.config.rule)
        for point in self.config.setup:  # a named or book opening is on the board before play
            self.board.push(point)
        self.opening = OpeningState(self.config.opening)
        self.result: Outcome | None = None
        limit = self.config.undo_limit
        self.undos_left: dict[Stone, int | None] = {Stone.BLACK: limit, Stone.WHITE: limit}
        self.undos_used: dict[Stone, int] = {Stone.BLACK: 0, Stone.WHITE: 0}
        self.hints_used: dict[Stone, int] = {Stone.BLACK: 0, Stone.WHITE: 0}
        # teaching mode's "Take back and retry": free take-backs, counted apart from the limited ones
        self.retries_used: dict[Stone, int] = {Stone.BLACK: 0, Stone.WHITE: 0}
        # the analysis panel was open during play: the game is then not rated
        self.analysis_used = False
        seconds = self.config.clock_seconds
        self.clock_left: dict[Stone, float] | None = (
            None if seconds is None else {Stone.BLACK: float(seconds), Stone.WHITE: float(seconds)}
        )
        self._now = now
        self.started_at = now()
        self.finished_at: float | None = None

    # ----------------------------------------------------------------- reading
    @property
    def rule(self) -> Rule:
        return self.config.rule

    @property
    def to_move(self) -> Stone:
        return self.board.to_move

    @property
    def current_player(self) -> Player:
        """Who acts now: during a swap opening the seat whose decision it is, else the side to move."""
        seat = self.opening_actor
        if seat is not None:  # before the choices the first seat sits at black in the config
            return self.config.black if seat is Seat.FIRST else self.config.white
        return self.config.player(self.to_move)

    # ----------------------------------------------------------------- opening
    @property
    def opening_phase(self) -> Phase:
        return self.opening.phase(self.board.move_count)

    @property
    def opening_actor(self) -> Seat | None:
        """The seat whose opening decision it is (None once colours are settled or the game is over)."""
        return None if self.is_over else self.opening.actor(self.board.move_count)

    @property
    def opening_options(self) -> tuple[Choice, ...]:
        return () if self.is_over else self.opening.options(self.board.move_count)

    @property
    def opening_locked_moves(self) -> int:
        """How many stones at the start belong to the opening and cannot be taken back."""
        if self.opening.rule.has_choices:
            if not self.opening.is_done(self.board.move_count):
                return self.board.move_count
            return 5 if self.opening.choices and self.opening.choices[0][1] is Choice.PLACE_TWO else 3
        return len(self.config.setup)

    def choose(self, choice: Choice) -> None:
        """The deciding seat answers the opening rule's question; once colours are settled, the
        players change places if the first seat ended up white.

        Raises OpeningError (from the rules) when no choice is due or `choice` is not allowed.
        """
        if self.is_over:
            raise GameOverError("the game is over")
        stones = self.board.move_count
        seat = self.opening.actor(stones)
        if seat is None:
            raise OpeningError("no opening choice is due: the colours are settled")
        self.opening.choose(seat, choice, stones)
        if self.opening.is_done(stones) and self.opening.swapped:
            self.config = replace(self.config, black=self.config.white, white=self.config.black)
            if self.clock_left is not None:  # each player keeps his own clock when the colours change
                self.clock_left = {Stone.BLACK: self.clock_left[Stone.WHITE], Stone.WHITE: self.clock_left[Stone.BLACK]}
            self.undos_left = {Stone.BLACK: self.undos_left[Stone.WHITE], Stone.WHITE: self.undos_left[Stone.BLACK]}

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def is_ai_turn(self) -> bool:
        return not self.is_over and self.current_player.kind is not PlayerKind.HUMAN

    @property
    def moves(self) -> list[Point]:
        return self.board.moves

    @property
    def move_count(self) -> int:
        return self.board.move_count

    @property
    def last_move(self) -> Move | None:
        return self.board.last_move

    @property
    def winning_line(self) -> tuple[Point, ...]:
        if self.result is None or self.result.reason is not Reason.FIVE:
            return ()
        return self.result.line

    @property
    def duration(self) -> float:
        """Seconds from the start to the end (or to now, while the game goes on)."""
        end = self.finished_at if self.finished_at is not None else self._now()
        return max(0.0, end - self.started_at)

    def forbidden_points(self) -> list[Point]:
        """Black's forbidden points when black is to move under renju (for marking on the board)."""
        if self.is_over:
            return []
        return self.board.forbidden_points()

    def is_forbidden(self, point: Point) -> bool:
        return self.board.is_forbidden(point)

    # ----------------------------------------------------------------- playing
    def play(self, point: Point) -> Move:
        """Place the side to move's stone at `point`.

        Raises GameOverError after the end, IllegalMoveError (from the rules) for an occupied or
        off-board point, and ForbiddenMoveError for a renju-forbidden point when the game refuses
        them. A forbidden move that is allowed to lose is played and ends the game.
        """
        if self.is_over:
            raise GameOverError("the game is over")
        if self.opening_phase is Phase.CHOOSE:
            raise OpeningChoiceDueError("a colour must be chosen before the next stone")
        if not self.board.in_bounds(point):
            raise IllegalMoveError(f"point {point!r} is off the board")
        if not self.board.is_empty(point):
            raise IllegalMoveError(f"point {point!r} is already taken")
        if not self.config.forbidden_loses and self.board.is_forbidden(point):
            raise ForbiddenMoveError(f"point {point!r} is forbidden for black under renju")
        move = self.board.push(point)
        outcome = self.board.outcome()
        if outcome is not None:
            self._finish(outcome)
        return move

    def resign(self, side: Stone | None = None) -> Outcome:
        """`side` (default: the side to move) gives up."""
        if self.is_over:
            raise GameOverError("the game is over")
        loser = side or self.to_move
        return self._finish(Outcome(loser.opponent, Reason.RESIGNATION))

    def advance_clock(self, seconds: float) -> None:
        """Charge `seconds` of thinking to the side to move; running out of time loses."""
        if self.clock_left is None or self.is_over or seconds <= 0:
            return
        side = self.to_move
        seat = self.opening_actor
        if seat is not None:  # in a swap opening the deciding seat's clock runs, whatever colour it places
            side = Stone.BLACK if seat is Seat.FIRST else Stone.WHITE
        self.clock_left[side] = max(0.0, self.clock_left[side] - seconds)
        if self.clock_left[side] == 0.0:
            self._finish(Outcome(side.opponent, Reason.TIMEOUT))

    def note_hint(self, side: Stone | None = None) -> None:
        """Count a hint for `side` (default: the side to move); the result screen shows it."""
        self.hints_used[side or self.to_move] += 1

    def note_analysis(self) -> None:
        """Remember that the engine's analysis was shown during play (a rated game must not have it)."""
        if not self.is_over:
            self.analysis_used = True

    def _finish(self, outcome: Outcome) -> Outcome:
        self.result = outcome
        self.finished_at = self._now()
        return outcome

    # ----------------------------------------------------------------- undo
    def undo_plan(self, requester: Stone | None = None) -> UndoPlan | None:
        """What an undo asked for by `requester` would take back, or None if nothing can be.

        Against the AI, one undo takes back the AI's replies and the human's last move, and
        costs the human one take-back. In hot-seat it takes back the last move and costs the
        side that made it. With no human at the board there is nothing to undo.
        """
        history = self.board.history
        locked = self.opening_locked_moves
        if len(history) <= locked:
            return None
        humans = self.config.human_sides
        if len(humans) == 2:
            return UndoPlan(1, history[-1].stone)
        history = history[locked:]
        if len(humans) == 0:
            return None
        human = humans[0] if requester is None or requester not in humans else requester
        count = 0
        for move in reversed(history):
            count += 1
            if move.stone is human:
                return UndoPlan(count, human)
        return None

    def can_undo(self, requester: Stone | None = None) -> bool:
        plan = self.undo_plan(requester)
        if plan is None:
            return False
        left = self.undos_left[plan.charged_to]
        return left is None or left > 0

    def undo(self, requester: Stone | None = None) -> list[Move]:
        """Take moves back per `undo_plan`, charge one take-back, and reopen a finished game."""
        plan = self.undo_plan(requester)
        if plan is None:
            raise UndoNotAllowedError("there is nothing to take back")
        left = self.undos_left[plan.charged_to]
        if left is not None and left <= 0:
            raise UndoNotAllowedError(f"{plan.charged_to.label} has no take-backs left")
        taken = [self.board.pop() for _ in range(plan.moves)]
        if left is not None:
            self.undos_left[plan.charged_to] = left - 1
        self.undos_used[plan.charged_to] += 1
        self.result = None
        self.finished_at = None
        return taken

    def retry(self, side: Stone) -> list[Move]:
        """Teaching mode: take back `side`'s last move (and any replies after it) without
        charging a take-back; the retry is counted in `retries_used` instead.

        Raises UndoNotAllowedError when `side` has no move on the board.
        """
        history = self.board.history
        if not any(move.stone is side for move in history):
            raise UndoNotAllowedError("there is nothing to take back")
        taken = []
        while True:
            move = self.board.pop()
            taken.append(move)
            if move.stone is side:
                break
        self.retries_used[side] += 1
        self.result = None
        self.finished_at = None
        return taken

    @property
    def is_teaching_game(self) -> bool:
        """Whether a teaching retry was used (the statistics count such games apart)."""
        return any(self.retries_used.values())

    # ----------------------------------------------------------------- lifecycle
    def restart(self) -> "Game":
        """A fresh game with the same configuration."""
        return Game(self.config, self._now)

