"""The play scene's engine work: the computer's moves and opening answers, hints, and what
happens when an engine fails.

Not a scene: the play scene owns one (`scene.jobs`) and calls `update` every frame. Kept apart
so scene.py holds what the player does and sees, and this module the one engine job the scene
waits for at a time: which worker gets it (the built-in engine or an external one, see
engine_players.py), its time budget, holding back an answer that came too quickly, the
computer's opening stones going down one by one, and an external engine's failure (a
forbidden move loses by the rules; anything else offers the built-in level instead).
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from game.engine import (
    EngineJob,
    EngineReply,
    FailedReply,
    Level,
    Limit,
    MoveReply,
    OpeningReply,
    Position,
    Purpose,
    default_limit,
)
from game.i18n import tr
from game.model import Game, MoveRejectedError
from game.model.opening_play import opening_task
from game.rules import IllegalMoveError, Point
from game.rules.opening import Choice, OpeningError, Phase

from ..base import AppServices
from ..shared.engine_players import engine_limit, worker_for
from ..shared.opening_texts import choice_text, colours_text, seat_name


class CoachGate(Protocol):
    """The coach's say on the computer's turn: it may hold the computer back (a teaching take-back)."""

    @property
    def holds_ai(self) -> bool: ...


class JobsHost(Protocol):
    """What EngineJobs needs of the play screen (PlayScene): the game, the app, the cursor and
    hint it moves, and the screen's reactions to an answer. A Protocol, so this module never
    imports the screen."""

    app: AppServices
    game: Game
    cursor: Point
    hint: Point | None
    hint_at: float
    time: float
    coach: CoachGate

    def after_move(self) -> None: ...

    def announce(self, message: str) -> None: ...

    def say(self, key: str, **values: Any) -> None: ...

    def refresh_buttons(self) -> None: ...

#: The computer never answers faster than this, so its reply does not feel jarring.
MIN_THINK_SECONDS = 0.35
#: The computer's opening stones go down one by one, this far apart.
OPENING_STONE_SECONDS = 0.45


class EngineJobs:
    """The engine job a game is waiting for (a move, an opening decision or a hint), and its answer."""

    def __init__(self, scene: JobsHost) -> None:
        self.scene = scene
        self.job: int | None = None
        self.purpose: Purpose | None = None
        self.started = 0.0
        self.reply: EngineReply | None = None
        self.error = ""  # set when the computer could not move; Undo or New game retries
        self.worker: Any = None  # the built-in worker or an external engine (engine_players)
        self.fallback_offered = False  # an external engine failed: offer the built-in level
        self.opening_queue: list[Point] = []  # the computer's opening stones still to go down
        self.opening_wait = 0.0

    @property
    def thinking(self) -> bool:
        """Whether the computer is working out its move or opening decision (not a hint)."""
        return self.job is not None and self.purpose in (Purpose.MOVE, Purpose.OPENING)

    def stop(self) -> None:
        """Cancel the job (its answer would be about a position that is gone) and forget any error."""
        app = self.scene.app
        if self.job is not None and (self.worker is not None or app.has_engine):
            (self.worker or app.engine).cancel()
        self.job = None
        self.purpose = None
        self.reply = None
        self.error = ""

    def start(self, purpose: Purpose, level: Level, limit: Limit | None, opening: str = "") -> None:
        """Send the job: a move, a hint, or (`opening` names the question) an opening decision."""
        game, app = self.scene.game, self.scene.app
        worker = worker_for(app, game, purpose)
        clock = game.clock_left
        if worker is not app.engine:  # an external engine: its own move time (game_type 0)
            limit = engine_limit(app, None if clock is None else clock[game.to_move])
        self.worker = worker
        seed = game.seed + game.move_count  # the game's seed: its record replays it
        job = EngineJob(purpose, Position.from_board(game.board), level, limit, seed=seed, opening=opening)
        if worker is not app.engine and clock is not None:  # INFO time_left for a clocked engine
            self.job = worker.submit(job, time_left_ms=int(clock[game.to_move] * 1000))
        else:
            self.job = worker.submit(job)
        self.purpose = purpose
        self.started = time.monotonic()

    def update(self, dt: float) -> None:
        """Put the next opening stone down, start the computer's job when it is its turn, and
        act on an answer that came in."""
        if self.opening_queue and not self.scene.game.is_over:
            self._place_opening_stone(dt)
        if not self.scene.game.is_over:
            self._update_engine()

    def _move_limit(self, level: Level) -> Limit | None:
        """The level's budget, cut down so a clocked computer never loses on time."""
        game = self.scene.game
        clock = game.clock_left
        if clock is None:
            return None
        budget = default_limit(level)
        share_ms = int(clock[game.to_move] * 1000 / 20)  # about a twentieth of what is left
        time_ms = max(50, min(budget.time_ms or share_ms, share_ms))
        return Limit(time_ms=time_ms, depth=budget.depth, nodes=budget.nodes)

    def _ai_level(self) -> Level:
        try:
            return Level(self.scene.game.current_player.level or "casual")
        except ValueError:
            return Level.CASUAL

    def _update_engine(self) -> None:
        scene = self.scene
        game = scene.game
        if self.opening_queue:
            return  # the computer's opening stones are still going down (see _place_opening_stone)
        if game.is_ai_turn and self.job is None and self.reply is None and not self.error and not scene.coach.holds_ai:
            level = self._ai_level()
            task = opening_task(game)
            if task is None:
                self.start(Purpose.MOVE, level, self._move_limit(level))
            else:
                self.start(Purpose.OPENING, level, self._move_limit(level), opening=task)
        if self.job is not None and self.reply is None:
            reply = (self.worker or scene.app.engine).poll()
            if reply is not None:
                self.reply = reply
        reply = self.reply
        if reply is None:
            return
        if not isinstance(reply, (MoveReply, OpeningReply)):
            failure = reply.failure if isinstance(reply, FailedReply) else None  # an external engine's: who, how
            error = reply.error if isinstance(reply, FailedReply) else f"unexpected {type(reply).__name__}"
            if failure is not None and reply.purpose is Purpose.MOVE:
                self.job, self.reply = None, None
                self._external_failed(failure)
                return
            if reply.purpose is Purpose.MOVE:
                self.error = tr("status.engine_error", error=error)
            else:
                scene.say("status.engine_error", error=error)
            self.job, self.reply = None, None
            return
        if isinstance(reply, MoveReply) and reply.purpose is Purpose.HINT:
            scene.hint = reply.result.move
            scene.hint_at = scene.time
            scene.cursor = scene.hint
            scene.say("status.hint_ready")
            self.job, self.reply = None, None
            return
        if time.monotonic() - self.started < MIN_THINK_SECONDS:
            return  # hold the answer back a moment so it does not feel instant
        self.job, self.reply = None, None
        if isinstance(reply, OpeningReply):
            self._apply_opening(reply.decision)
            return
        try:
            game.play(reply.result.move)
        except (IllegalMoveError, MoveRejectedError) as error:
            self.error = tr("status.engine_error", error=error)
            return
        scene.cursor = reply.result.move  # keyboard players start from where the action is
        scene.after_move()

    def _apply_opening(self, decision: Any) -> None:
        """The computer's opening answer: its choice at once (announced), its stones one by one."""
        scene = self.scene
        game = scene.game
        seat = game.opening_actor
        name = seat_name(game, seat) if seat is not None else ""
        try:
            if decision.choice:
                choice = Choice(decision.choice)
                game.choose(choice)
                colours = colours_text(game, seat, choice) if seat is not None else ""
                scene.announce(" ".join(filter(None, (choice_text(name, choice), colours))))
                scene.app.saves.autosave(game)
        except (OpeningError, ValueError) as error:
            self.error = tr("status.engine_error", error=error)
            return
        self.opening_queue = list(decision.stones)
        self.opening_wait = 0.0

    def _place_opening_stone(self, dt: float) -> None:
        """Put the next of the computer's opening stones down, OPENING_STONE_SECONDS after the last."""
        self.opening_wait -= dt
        if self.opening_wait > 0:
            return
        scene = self.scene
        game = scene.game
        point = self.opening_queue.pop(0)
        if game.opening_phase is not Phase.PLACE or not game.is_ai_turn:
            self.opening_queue.clear()  # the rule asks for no more stones from the computer
            return
        try:
            game.play(point)
        except (IllegalMoveError, MoveRejectedError) as error:
            self.opening_queue.clear()
            self.error = tr("status.engine_error", error=error)
            return
        self.opening_wait = OPENING_STONE_SECONDS
        scene.cursor = point
        scene.after_move()

    def _external_failed(self, failure: Any) -> None:
        """An external engine failed on its move: a forbidden move loses by the rules (when the game
        says so); anything else keeps the game as it is and offers the built-in level instead."""
        scene = self.scene
        if failure.reason == "forbidden" and failure.point is not None and scene.game.config.forbidden_loses:
            scene.game.play(failure.point)  # the rules end the game: black loses by a forbidden move
            scene.after_move()
            return
        self.error = tr("play.engine_failed", name=failure.engine, error=failure.detail)
        self.fallback_offered = True
        scene.refresh_buttons()
