"""Playing a game: the board, both players, the buttons, and the AI thinking in the background.

All game state lives in the model (`self.game`); this scene only keeps what is about the
screen: the hover point, the keyboard cursor, the status line, a shown hint, and the id of the
engine job it is waiting for.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pygame

from game.engine import Level, Limit, Position, default_limit
from game.engine.worker import EngineReply
from game.i18n import tr
from game.loop_pacing import seconds_to_next_tick
from game.records import point_to_notation
from game.engine.worker import OPENING_PURPOSE
from game.model import ForbiddenMoveError, Game, MoveRejectedError, OpeningChoiceDueError, UndoNotAllowedError
from game.model.opening_play import opening_task
from game.rules import IllegalMoveError, Point, Stone
from game.rules.opening import Choice, OpeningError, Phase, Seat
from game.ui import chrome, text, theme
from game.ui.board_view import BoardMarks, BoardView, fit_board_view
from game.ui.layout import step_cursor
from game.ui.opening_prompt import draw_prompt, prompt_layout
from game.ui.panel import draw_move_list, draw_player_card, draw_spinner, format_duration
from game.ui.widgets import Button, FocusGroup

from .base import Scene
from .engine_players import engine_limit, fallback_level, hand_over_to_builtin, worker_for
from .names import colour_name, player_name, result_sound, undos_text
from .opening_texts import choice_label, choice_text, decision_text, opening_heading, seat_name, thinking_text
from .play_coach import PlayCoach

#: The computer never answers faster than this, so its reply does not feel jarring.
MIN_THINK_SECONDS = 0.35
#: Hints come from a fixed, fairly strong search with a short budget.
HINT_LEVEL = Level.STRONG
HINT_LIMIT = Limit(time_ms=1200)
#: How long a newly placed stone takes to settle onto the board.
SETTLE_SECONDS = 0.14
#: The computer's opening stones go down one by one, this far apart.
OPENING_STONE_SECONDS = 0.45
#: Resign, and New game in the middle of a game, need a second press within this many seconds.
CONFIRM_SECONDS = 3.0
STATUS_SECONDS = 3.5
#: A shown hint pulses for five beats, then stays lit (an idle board is not redrawn).
HINT_PULSE_HZ = 0.8
HINT_PULSE_SECONDS = 5 / HINT_PULSE_HZ

_ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


class PlayScene(Scene):
    reports_redraws = True

    def enter(self, game: Game | None = None, **params: Any) -> None:
        if game is None:
            raise ValueError("the play scene needs a game")
        self.game = game
        if game.is_over:  # a finished game has nothing left to play: show its result
            self.app.manager.switch("result", game=game)
        self.view: BoardView | None = None
        self.focus = FocusGroup()
        self.hover: Point | None = None
        centre = game.config.size // 2
        self.cursor: Point = game.last_move.point if game.last_move else (centre, centre)
        self.show_cursor = False
        self.status = ""
        self.status_left = 0.0
        self.hint: Point | None = None
        self.hint_at = 0.0  # scene time the hint appeared, for its pulse
        self.job: int | None = None
        self.job_purpose = ""
        self.job_started = 0.0
        self.ai_reply: EngineReply | None = None
        self.engine_error = ""  # set when the computer could not move; Undo or New game retries
        self.job_worker: Any = None  # the built-in worker or an external engine (engine_players)
        self.fallback_offered = False  # an external engine failed: offer the built-in level
        self.armed = ""  # the action waiting for its confirming second press
        self.armed_left = 0.0
        self.time = 0.0
        self.placed_at = -1.0  # scene time of the newest stone, for its settling animation
        self.seen_moves = game.move_count
        self._forbidden: tuple[Point, ...] = ()
        self._forbidden_key: tuple[Any, ...] | None = None
        self.seed = random.randrange(1 << 30)
        self.opening_queue: list[Point] = []  # the computer's opening stones still to go down
        self.opening_wait = 0.0
        self.coach = PlayCoach(self)  # analysis panel (A) and teaching mode
        if game.config.is_vs_ai:
            self.app.engine.start()  # spawn the process now, not on the computer's first move
        self.resize(self.app.screen.get_size())

    def exit(self) -> None:
        self._stop_engine()
        self.coach.stop()

    # ----------------------------------------------------------------- layout
    def resize(self, size: tuple[int, int]) -> None:
        self.layout, self.view = fit_board_view(self.view, size, self.game.config.size, self.app.settings.show_coordinates)
        self._place_buttons()

    def _place_buttons(self) -> None:
        px, py, pw, ph = self.layout.panel_rect
        row_h = int(min(48, max(34, ph * 0.07)))
        gap = max(8, row_h // 5)
        half = (pw - 3 * gap) // 2
        bottom = py + ph - gap
        menu_y = bottom - row_h
        second_y = menu_y - gap - row_h
        first_y = second_y - gap - row_h
        buttons = [
            Button("undo", tr("play.undo"), pygame.Rect(px + gap, first_y, half, row_h), hint="U"),
            Button("hint", tr("play.hint"), pygame.Rect(px + 2 * gap + half, first_y, half, row_h), hint="H"),
            Button("resign", tr("play.resign"), pygame.Rect(px + gap, second_y, half, row_h)),
            Button("new_game", tr("play.new_game"), pygame.Rect(px + 2 * gap + half, second_y, half, row_h), hint="N"),
            Button("analysis", tr("analysis.button"), pygame.Rect(px + gap, menu_y, half, row_h), hint="A"),
            Button("menu", tr("play.menu"), pygame.Rect(px + 2 * gap + half, menu_y, half, row_h), hint="Esc"),
        ]
        level = tr(f"level.{fallback_level(self.app).value}")
        fallback = Button("fallback", tr("play.continue_builtin", level=level),
                          pygame.Rect(px + gap, first_y - gap - row_h, pw - 2 * gap, row_h), primary=True)
        buttons.insert(0, fallback)
        self.buttons_top = first_y
        panel = pygame.Rect(px + gap, 0, pw - 2 * gap, 0)
        self.prompt_text_size = max(11, int(row_h * 0.36))
        self.prompt_cards = {two: prompt_layout(panel, first_y - gap, row_h, gap, two, self.prompt_text_size)[0] for two in (False, True)}
        _, rects = prompt_layout(panel, first_y - gap, row_h, gap, True, self.prompt_text_size)
        for choice, rect in zip((Choice.BLACK, Choice.WHITE, Choice.PLACE_TWO), rects):
            buttons.append(Button(f"choose_{choice.value}", choice_label(choice), rect, primary=choice is not Choice.PLACE_TWO))
        self.focus.set_widgets(buttons)
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        """Enable each button only when its action can be done right now."""
        game = self.game
        human_turn = not game.is_over and not game.is_ai_turn
        states = {
            "undo": game.can_undo(self._requester()),
            "hint": human_turn and self.job is None and game.opening_actor is None,
            "resign": not game.is_over and bool(game.config.human_sides),
        }
        offer = self.fallback_offered and bool(self.engine_error) and not game.is_over
        choosing = self._human_choice_due()
        for widget in self.focus.widgets:
            if widget.action == "fallback":
                widget.visible = offer
            if widget.action.startswith("choose_"):
                widget.visible = choosing and Choice(widget.action[7:]) in game.opening_options
            if widget.action in states:
                widget.enabled = states[widget.action]
            if widget.action in ("resign", "new_game"):
                confirming = self.armed == widget.action and self.armed_left > 0
                widget.label = tr("play.resign_confirm") if confirming else tr(f"play.{widget.action}")

    # ----------------------------------------------------------------- helpers
    def _requester(self) -> Stone | None:
        """Whose take-back an undo uses: the human's against the AI; the mover's in hot-seat."""
        return self.app.human_side(self.game)

    @property
    def thinking(self) -> bool:
        return self.job is not None and (self.job_purpose == "move" or self.job_purpose.startswith(OPENING_PURPOSE))

    def _acting_colour(self) -> Stone:
        """Whose card is lit: the side to move, or during a swap opening the deciding seat's card."""
        seat = self.game.opening_actor
        if seat is None:
            return self.game.to_move
        return Stone.BLACK if seat is Seat.FIRST else Stone.WHITE

    def _human_choice_due(self) -> bool:
        """Whether a person must answer the opening rule's colour question now (the prompt shows)."""
        game = self.game
        return game.opening_phase is Phase.CHOOSE and not game.is_over and not game.is_ai_turn

    def _say(self, key: str, **values: Any) -> None:
        self.status = tr(key, **values)
        self.status_left = STATUS_SECONDS

    def _stop_engine(self) -> None:
        if self.job is not None and (self.job_worker is not None or self.app.has_engine):
            (self.job_worker or self.app.engine).cancel()
        self.job = None
        self.job_purpose = ""
        self.ai_reply = None
        self.engine_error = ""

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.coach.handle_event(event):
            return
        activation = self.focus.handle_event(event, arrows_move_focus=False)
        if activation is not None:
            self.app.play_sound("click")
            self.perform(activation.action)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.layout.grid.point_at(*event.pos)
            self.show_cursor = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            point = self.layout.grid.point_at(*event.pos)
            if point is not None:
                self.place(point)
        elif event.type == pygame.KEYDOWN:
            self._handle_key(event)

    def _handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key in _ARROWS:
            dx, dy = _ARROWS[key]
            if self.show_cursor:
                self.cursor = step_cursor(self.cursor, dx, dy, self.game.config.size)
            self.show_cursor = True
            self.focus.focus = None  # the arrows take the keyboard back to the board
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.show_cursor = True
            self.place(self.cursor)
        elif key == pygame.K_u:
            self.perform("undo")
        elif key == pygame.K_h:
            self.perform("hint")
        elif key == pygame.K_n:
            self.perform("new_game")
        elif key == pygame.K_ESCAPE:
            self.perform("menu")

    def perform(self, action: str) -> None:
        """Do what a button (or its shortcut key) asks; disabled actions explain why not."""
        if action == "undo":
            self.undo()
        elif action == "hint":
            self.ask_hint()
        elif action == "resign":
            self.resign()
        elif action == "analysis":
            self.coach.toggle()
        elif action == "new_game":
            self.new_game()
        elif action == "fallback":
            self.continue_with_builtin()
        elif action == "menu":
            self._stop_engine()
            self.app.manager.switch("menu")
        elif action.startswith("choose_"):
            self.choose(Choice(action[7:]))

    # ----------------------------------------------------------------- actions
    def place(self, point: Point) -> None:
        """A human move at `point`; refused with a reason during the AI's turn or when illegal."""
        game = self.game
        if game.is_over:
            return
        if game.is_ai_turn:
            self._say("status.wait_for_ai")
            self.app.play_sound("invalid")
            return
        try:
            game.play(point)
        except OpeningChoiceDueError:
            self._say("opening.choose_first")
            self.app.play_sound("invalid")
            return
        except ForbiddenMoveError:
            self._say("status.forbidden")
            self.app.play_sound("invalid")
            return
        except (IllegalMoveError, MoveRejectedError):
            self._say("status.occupied")
            self.app.play_sound("invalid")
            return
        self.cursor = point
        self._after_move()

    def choose(self, choice: Choice) -> None:
        """A person answers the opening rule's question with one of the prompt's buttons."""
        game = self.game
        if not self._human_choice_due():
            self._say("opening.not_now")
            self.app.play_sound("invalid")
            return
        name = seat_name(game, game.opening_actor)
        try:
            game.choose(choice)
        except OpeningError:
            self._say("opening.not_now")
            self.app.play_sound("invalid")
            return
        self.status, self.status_left = choice_text(name, choice), STATUS_SECONDS
        self.app.autosave(game)
        self._refresh_buttons()

    def _after_move(self) -> None:
        self._stop_engine()  # a hint still being searched is about a position that is gone
        self.hint = None
        self.armed_left = 0.0
        self.app.play_sound("place")
        self.app.autosave(self.game)
        self.coach.after_move()
        if self.game.is_over:
            self._finish()

    def _finish(self) -> None:
        game = self.game
        self._stop_engine()
        self.app.play_sound(result_sound(game))
        self.app.record_result(game)
        self.app.autosave(game)
        self.app.manager.switch("result", game=game)

    def undo(self) -> None:
        requester = self._requester()
        if not self.game.can_undo(requester):
            self._say("status.no_undo" if self.game.undo_plan(requester) else "status.nothing_to_undo")
            self.app.play_sound("invalid")
            return
        self._stop_engine()
        try:
            taken = self.game.undo(requester)
        except UndoNotAllowedError:
            return
        self.hint = None
        self.armed_left = 0.0
        self.cursor = taken[-1].point
        self.app.play_sound("undo")
        self.app.autosave(self.game)
        self._say("status.undone", count=len(taken))

    def ask_hint(self) -> None:
        game = self.game
        if game.is_over or game.is_ai_turn or self.job is not None:
            self._say("status.wait_for_ai" if game.is_ai_turn else "status.no_hint_now")
            self.app.play_sound("invalid")
            return
        self._start_job("hint", HINT_LEVEL, HINT_LIMIT)
        game.note_hint()
        self._say("status.hint_thinking")

    def resign(self) -> None:
        game = self.game
        if game.is_over or not game.config.human_sides:
            return
        if not self._confirmed("resign"):
            return
        side = self.app.human_side(game) or game.to_move
        game.resign(side)
        self._finish()

    def _confirmed(self, action: str) -> bool:
        """True on the second press of `action` within CONFIRM_SECONDS; the first press asks."""
        if self.armed == action and self.armed_left > 0:
            self.armed, self.armed_left = "", 0.0
            return True
        self.armed, self.armed_left = action, CONFIRM_SECONDS
        self._say(f"status.confirm_{action}")
        self._refresh_buttons()
        return False

    def new_game(self) -> None:
        """Start over with the same players; mid-game this asks for a second press first."""
        if self.game.move_count and not self.game.is_over and not self._confirmed("new_game"):
            return
        self._stop_engine()
        self.app.forget_saved_game()
        self.app.manager.switch("play", game=self.game.restart())

    # ----------------------------------------------------------------- engine
    def _start_job(self, purpose: str, level: Level, limit: Limit | None) -> None:
        position = Position.from_board(self.game.board)
        worker = worker_for(self.app, self.game, purpose)
        clock = self.game.clock_left
        if worker is not self.app.engine:  # an external engine: its own move time (game_type 0)
            limit = engine_limit(self.app, None if clock is None else clock[self.game.to_move])
        self.job_worker = worker
        seed = self.seed + self.game.move_count
        if worker is not self.app.engine and clock is not None:  # INFO time_left for a clocked engine
            self.job = worker.request(position, level, limit, seed, purpose, time_left_ms=int(clock[self.game.to_move] * 1000))
        else:
            self.job = worker.request(position, level, limit, seed=seed, purpose=purpose)
        self.job_purpose = purpose
        self.job_started = time.monotonic()

    def _move_limit(self, level: Level) -> Limit | None:
        """The level's budget, cut down so a clocked computer never loses on time."""
        clock = self.game.clock_left
        if clock is None:
            return None
        budget = default_limit(level)
        share_ms = int(clock[self.game.to_move] * 1000 / 20)  # about a twentieth of what is left
        time_ms = max(50, min(budget.time_ms or share_ms, share_ms))
        return Limit(time_ms=time_ms, depth=budget.depth, nodes=budget.nodes)

    def _ai_level(self) -> Level:
        try:
            return Level(self.game.current_player.level or "casual")
        except ValueError:
            return Level.CASUAL

    def _update_engine(self) -> None:
        game = self.game
        if self.opening_queue:
            return  # the computer's opening stones are still going down (see _place_opening_stone)
        if game.is_ai_turn and self.job is None and self.ai_reply is None and not self.engine_error and not self.coach.holds_ai:
            level = self._ai_level()
            task = opening_task(game)
            purpose = "move" if task is None else OPENING_PURPOSE + task
            self._start_job(purpose, level, self._move_limit(level))
        if self.job is not None and self.ai_reply is None:
            reply = (self.job_worker or self.app.engine).poll()
            if reply is not None:
                self.ai_reply = reply
        reply = self.ai_reply
        if reply is None:
            return
        if reply.result is None:
            failure = getattr(reply, "failure", None)  # an external engine's: who failed and how
            if failure is not None and reply.purpose == "move":
                self.job, self.ai_reply = None, None
                self._external_failed(failure)
                return
            if reply.purpose == "move":
                self.engine_error = tr("status.engine_error", error=reply.error)
            else:
                self._say("status.engine_error", error=reply.error)
            self.job, self.ai_reply = None, None
            return
        if reply.purpose == "hint":
            self.hint = reply.result.move
            self.hint_at = self.time
            self.cursor = self.hint
            self._say("status.hint_ready")
            self.job, self.ai_reply = None, None
            return
        if time.monotonic() - self.job_started < MIN_THINK_SECONDS:
            return  # hold the answer back a moment so it does not feel instant
        self.job, self.ai_reply = None, None
        if reply.purpose.startswith(OPENING_PURPOSE):
            self._apply_opening(reply.result)
            return
        try:
            game.play(reply.result.move)
        except (IllegalMoveError, MoveRejectedError) as error:
            self.engine_error = tr("status.engine_error", error=error)
            return
        self.cursor = reply.result.move  # keyboard players start from where the action is
        self._after_move()

    def _apply_opening(self, decision: Any) -> None:
        """The computer's opening answer: its choice at once (announced), its stones one by one."""
        game = self.game
        name = seat_name(game, game.opening_actor) if game.opening_actor is not None else ""
        try:
            if decision.choice:
                choice = Choice(decision.choice)
                game.choose(choice)
                self.status, self.status_left = choice_text(name, choice), STATUS_SECONDS
                self.app.autosave(game)
        except (OpeningError, ValueError) as error:
            self.engine_error = tr("status.engine_error", error=error)
            return
        self.opening_queue = list(decision.stones)
        self.opening_wait = 0.0

    def _place_opening_stone(self, dt: float) -> None:
        """Put the next of the computer's opening stones down, OPENING_STONE_SECONDS after the last."""
        self.opening_wait -= dt
        if self.opening_wait > 0:
            return
        game = self.game
        point = self.opening_queue.pop(0)
        if game.opening_phase is not Phase.PLACE or not game.is_ai_turn:
            self.opening_queue.clear()  # the rule asks for no more stones from the computer
            return
        try:
            game.play(point)
        except (IllegalMoveError, MoveRejectedError) as error:
            self.opening_queue.clear()
            self.engine_error = tr("status.engine_error", error=error)
            return
        self.opening_wait = OPENING_STONE_SECONDS
        self.cursor = point
        self._after_move()

    def _external_failed(self, failure: Any) -> None:
        """An external engine failed on its move: a forbidden move loses by the rules (when the game
        says so); anything else keeps the game as it is and offers the built-in level instead."""
        if failure.reason == "forbidden" and failure.point is not None and self.game.config.forbidden_loses:
            self.game.play(failure.point)  # the rules end the game: black loses by a forbidden move
            self._after_move()
            return
        self.engine_error = tr("play.engine_failed", name=failure.engine, error=failure.detail)
        self.fallback_offered = True
        self._refresh_buttons()

    def continue_with_builtin(self) -> None:
        """Hand the failed engine's side to the built-in level; the position stays as it is."""
        level = fallback_level(self.app)
        hand_over_to_builtin(self.game, level)
        self._stop_engine()
        self.fallback_offered = False
        self.app.autosave(self.game)
        self._say("play.switched_to_builtin", level=tr(f"level.{level.value}"))
        self._place_buttons()

    def update(self, dt: float) -> None:
        self.time += dt
        if self.game.move_count > self.seen_moves:
            self.placed_at = self.time
        self.seen_moves = self.game.move_count
        self.status_left = max(0.0, self.status_left - dt)
        self.armed_left = max(0.0, self.armed_left - dt)
        if not self.game.is_over and self.game.clock_left is not None:
            self.game.advance_clock(dt)
            if self.game.is_over:
                self._finish()
                return
        if self.opening_queue and not self.game.is_over:
            self._place_opening_stone(dt)
        if not self.game.is_over:
            self._update_engine()
        self.coach.update(dt)
        self._refresh_buttons()

    # ----------------------------------------------------------------- redraws
    def animating(self) -> bool:
        """Every frame while the engine works or is about to, and while a stone or hint moves."""
        game = self.game
        return (
            self.coach.animating()
            or self.job is not None
            or (game.is_ai_turn and not game.is_over and not self.engine_error)
            or game.move_count != self.seen_moves
            or self.time - self.placed_at < SETTLE_SECONDS
            or (self.hint is not None and self.time - self.hint_at < HINT_PULSE_SECONDS)
        )

    def next_change(self) -> float | None:
        """The next whole second of the game time or a clock, or a message running out."""
        game = self.game
        waits = [left for left in (self.status_left, self.armed_left) if left > 0]
        if not game.is_over:
            waits.append(seconds_to_next_tick(game.duration))
            if game.clock_left is not None:
                waits.append(seconds_to_next_tick(game.clock_left[game.to_move], counting_down=True))
        return min(waits) if waits else None

    def _hint_pulse(self) -> float:
        since = self.time - self.hint_at
        return (since * HINT_PULSE_HZ) % 1.0 if since < HINT_PULSE_SECONDS else 0.0

    # ----------------------------------------------------------------- drawing
    def _marks(self) -> BoardMarks:
        game = self.game
        settings = self.app.settings
        human_turn = not game.is_over and not game.is_ai_turn
        last = game.last_move
        forbidden = self._forbidden_points() if human_turn and game.to_move is Stone.BLACK else ()
        placing = human_turn and game.opening_phase is not Phase.CHOOSE
        hover = self.hover if placing and not self.show_cursor and self.hover not in forbidden else None
        return BoardMarks(
            last_move=last.point if last else None,
            winning_line=game.winning_line,
            forbidden=forbidden,
            hint=self.hint,
            hover=hover,
            hover_stone=game.to_move if hover is not None else None,
            cursor=self.cursor if self.show_cursor and not game.is_over else None,
            show_numbers=settings.show_move_numbers,
            pulse=self._hint_pulse(),
            settle=min(1.0, (self.time - self.placed_at) / SETTLE_SECONDS),
        )

    def _forbidden_points(self) -> tuple[Point, ...]:
        """Black's forbidden points, worked out once per position (the check costs milliseconds)."""
        key = self.game.board.history
        if self._forbidden_key != key:
            self._forbidden = tuple(self.game.forbidden_points())
            self._forbidden_key = key
        return self._forbidden

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.blit(chrome.backdrop(surface.get_size(), layout.board_rect, layout.panel_rect), (0, 0))
        assert self.view is not None
        self.view.draw(surface, self.game.board, self._marks())
        self.coach.draw_board(surface)
        self._draw_panel(surface)
        self.coach.draw_offer(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        game = self.game
        px, py, pw, ph = self.layout.panel_rect
        pad = max(10, pw // 22)
        inner_w = pw - 2 * pad
        y = py + pad
        heading_size = max(16, int(min(26, ph * 0.042)))
        rule_line = tr("play.heading", rule=tr(f"rule.{game.rule.value}"), size=game.config.size)
        heading = text.fitted(rule_line, heading_size, theme.ACCENT, inner_w, bold=True)
        surface.blit(heading, (px + pad, y))
        y += heading.get_height() + pad // 2
        opening_line = opening_heading(game)
        if opening_line:
            image = text.fitted(opening_line, max(12, int(heading_size * 0.7)), theme.TEXT_DIM, inner_w)
            surface.blit(image, (px + pad, y - pad // 4))
            y += image.get_height() + pad // 4
        card_h = int(min(86, max(58, ph * 0.13)))
        for stone in (Stone.BLACK, Stone.WHITE):
            human = game.config.player(stone).is_human
            details = [undos_text(game.undos_left[stone])] if human else []
            if game.clock_left is not None:
                details.append(tr("play.clock", time=format_duration(game.clock_left[stone])))
            active = not game.is_over and self._acting_colour() is stone
            badge = tr("play.to_move") if active else ""
            rect = pygame.Rect(px + pad, y, inner_w, card_h)
            glow = (self.time * 1.2) % 1.0 if active and self.thinking else None
            draw_player_card(surface, rect, stone, player_name(game, stone), details, active, badge, glow)
            y += card_h + pad // 2
        card = self.prompt_cards[Choice.PLACE_TWO in game.opening_options] if self._human_choice_due() else None
        room = card.top if card is not None else self.buttons_top  # the opening card must not hide text
        info_size = max(13, int(heading_size * 0.8))
        info = tr("play.moves_and_time", moves=game.move_count, time=format_duration(game.duration))
        info_img = text.fitted(info, info_size, theme.TEXT_DIM, inner_w)
        if y + pad // 2 + info_img.get_height() <= room:
            surface.blit(info_img, (px + pad, y + pad // 2))
        y += info_img.get_height() + pad
        status_h = int(info_size * 1.4) * 3
        if card is None or y + int(info_size * 1.4) <= card.top:
            status_h = min(status_h, room - y) if card is not None else status_h
            self._draw_status(surface, pygame.Rect(px + pad, y, inner_w, status_h), info_size)
        y += status_h + pad // 2
        size = game.config.size
        moves = [(move.stone, point_to_notation(move.point, size)) for move in game.board.history]
        fallback = self.focus.find("fallback")
        list_bottom = fallback.rect.top if fallback is not None and fallback.visible else self.buttons_top
        if card is not None:
            list_bottom = card.top
            draw_prompt(surface, card, tr("opening.decision"), decision_text(game), self.prompt_text_size, (self.time * 0.8) % 1.0)
        list_rect = pygame.Rect(px + pad, y, inner_w, list_bottom - y - pad)
        if not self.coach.draw_panel(surface, list_rect, max(12, int(info_size * 0.85))):
            draw_move_list(surface, list_rect, moves, max(12, int(info_size * 0.85)))
        self.focus.draw(surface)

    def _status_lines(self) -> tuple[str, tuple[int, int, int]]:
        game = self.game
        if self.status_left > 0 and self.status:
            return self.status, theme.TEXT
        if self.engine_error:
            return self.engine_error, theme.BAD
        if self.thinking and self.job_purpose.startswith(OPENING_PURPOSE):
            return thinking_text(game), theme.ACCENT
        if self.thinking:
            return tr("status.thinking", name=player_name(game, game.to_move)), theme.ACCENT
        if self.opening_queue:
            return thinking_text(game), theme.ACCENT
        if game.opening_actor is not None:  # a colour question is asked by the card itself
            return ("" if self._human_choice_due() else decision_text(game)), theme.ACCENT
        if self.job is not None:
            return tr("status.hint_thinking"), theme.ACCENT
        if game.config.is_vs_ai:
            return tr("status.your_turn"), theme.TEXT
        return tr("status.side_to_move", side=colour_name(game.to_move)), theme.TEXT

    def _draw_status(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        message, colour = self._status_lines()
        left = rect.x
        if self.job is not None:
            radius = max(6, size // 2)
            draw_spinner(surface, (rect.x + radius + 2, rect.y + size // 2 + 4), radius, self.time)
            left += 2 * radius + 12
        y = rect.y
        for line in text.wrap(message, size, rect.right - left)[:3]:
            image = text.render(line, size, colour)
            surface.blit(image, (left, y))
            y += image.get_height()
        if self.show_cursor and not self.game.is_over:
            where = tr("play.cursor_at", point=point_to_notation(self.cursor, self.game.config.size))
            image = text.render(where, max(12, size - 2), theme.TEXT_DIM)
            surface.blit(image, (rect.x, y + 4))
