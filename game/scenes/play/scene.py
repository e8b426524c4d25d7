"""Playing a game: the board, both players, the buttons, and the AI thinking in the background.

All game state lives in the model (`self.game`); this scene only keeps what is about the
screen: the hover point, the keyboard cursor, the status line and a shown hint. The engine job
it waits for is `self.jobs` (engine_jobs.py), the side panel is drawn by panel.py, and the
analysis panel and teaching mode are `self.coach` (coach.py). The helpers get this scene as a
small Protocol (JobsHost, CoachHost, PanelSource) and never import it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Level, Limit, Purpose
from game.i18n import tr
from game.loop_pacing import seconds_to_next_tick
from game.model import ForbiddenMoveError, Game, MoveRejectedError, OpeningChoiceDueError, UndoNotAllowedError
from game.rules import IllegalMoveError, Point, Stone
from game.rules.opening import Choice, OpeningError, Phase, Seat
from game.ui import chrome
from game.ui.board_view import BoardMarks, BoardView, fit_board_view
from game.ui.layout import step_cursor
from game.ui.opening_prompt import prompt_layout
from game.ui.panel import spinner_step_due
from game.ui.widgets import Button, FocusGroup

from ..base import Scene
from ..shared.adaptive import next_game
from ..shared.engine_players import fallback_level, hand_over_to_builtin
from ..shared.names import forbidden_kind_name, human_side, result_sound
from ..shared.opening_texts import choice_label, choice_text, colours_text, seat_name
from .coach import PlayCoach
from .engine_jobs import EngineJobs
from .panel import draw_play_panel

#: Hints come from a fixed, fairly strong search with a short budget.
HINT_LEVEL = Level.STRONG
HINT_LIMIT = Limit(time_ms=1200)
#: How long a newly placed stone takes to settle onto the board.
SETTLE_SECONDS = 0.14
#: Resign, and New game in the middle of a game, need a second press within this many seconds.
CONFIRM_SECONDS = 3.0
STATUS_SECONDS = 3.5
#: A shown hint pulses for five beats, then stays lit (an idle board is not redrawn).
HINT_PULSE_HZ = 0.8
HINT_PULSE_SECONDS = 5 / HINT_PULSE_HZ
#: While the engine works the window asks it for its answer this often (without a redraw).
JOB_POLL_SECONDS = 0.05

_ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


class PlayScene(Scene):
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
        self.armed = ""  # the action waiting for its confirming second press
        self.armed_left = 0.0
        self.time = 0.0
        self.placed_at = -1.0  # scene time of the newest stone, for its settling animation
        self.seen_moves = game.move_count
        self._forbidden: tuple[Point, ...] = ()
        self._forbidden_key: tuple[Any, ...] | None = None
        self._explained: tuple[Point, int] | None = None  # the forbidden point the status line explains
        self.jobs = EngineJobs(self)  # the computer's moves and opening answers, and hints
        self.coach = PlayCoach(self)  # analysis panel (A) and teaching mode
        if game.config.is_vs_ai:
            self.app.engine.start()  # spawn the process now, not on the computer's first move
        self.resize(self.app.screen.get_size())

    def exit(self) -> None:
        self.jobs.stop()
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
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """Enable each button only when its action can be done right now."""
        game = self.game
        human_turn = not game.is_over and not game.is_ai_turn
        states = {
            "undo": game.can_undo(self._requester()),
            "hint": human_turn and self.jobs.job is None and game.opening_actor is None,
            "resign": not game.is_over and bool(game.config.human_sides),
        }
        offer = self.jobs.fallback_offered and bool(self.jobs.error) and not game.is_over
        choosing = self.human_choice_due()
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
        return human_side(self.game)

    def acting_colour(self) -> Stone:
        """Whose card is lit: the side to move, or during a swap opening the deciding seat's card."""
        seat = self.game.opening_actor
        if seat is None:
            return self.game.to_move
        return Stone.BLACK if seat is Seat.FIRST else Stone.WHITE

    def human_choice_due(self) -> bool:
        """Whether a person must answer the opening rule's colour question now (the prompt shows)."""
        game = self.game
        return game.opening_phase is Phase.CHOOSE and not game.is_over and not game.is_ai_turn

    def say(self, key: str, **values: Any) -> None:
        """Show the message `key` on the status line for STATUS_SECONDS."""
        self.announce(tr(key, **values))

    def announce(self, message: str) -> None:
        """Show an already translated `message` on the status line for STATUS_SECONDS."""
        self.status = message
        self.status_left = STATUS_SECONDS

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
            self._explain_forbidden(self.hover)
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
            self.jobs.stop()
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
            self.say("status.wait_for_ai")
            self.app.play_sound("invalid")
            return
        try:
            game.play(point)
        except OpeningChoiceDueError:
            self.say("opening.choose_first")
            self.app.play_sound("invalid")
            return
        except ForbiddenMoveError:
            kind = game.board.forbidden_kind(point, Stone.BLACK)
            if kind is not None:
                self.say("feel.forbidden_refused", kind=forbidden_kind_name(kind))
            else:
                self.say("status.forbidden")
            self.app.play_sound("invalid")
            return
        except (IllegalMoveError, MoveRejectedError):
            self.say("status.occupied")
            self.app.play_sound("invalid")
            return
        self.cursor = point
        self.after_move()

    def choose(self, choice: Choice) -> None:
        """A person answers the opening rule's question with one of the prompt's buttons."""
        game = self.game
        if not self.human_choice_due():
            self.say("opening.not_now")
            self.app.play_sound("invalid")
            return
        seat = game.opening_actor
        name = seat_name(game, seat)
        try:
            game.choose(choice)
        except OpeningError:
            self.say("opening.not_now")
            self.app.play_sound("invalid")
            return
        self.announce(" ".join(filter(None, (choice_text(name, choice), colours_text(game, seat, choice)))))
        self.app.saves.autosave(game)
        self.refresh_buttons()

    def after_move(self) -> None:
        """After any move, the player's or the computer's: the old hint goes, the game is saved."""
        self.jobs.stop()  # a hint still being searched is about a position that is gone
        self.hint = None
        self.armed_left = 0.0
        self.app.play_sound("place")
        self.app.saves.autosave(self.game)
        self.coach.after_move()
        if self.game.is_over:
            self._finish()

    def _finish(self) -> None:
        game = self.game
        self.jobs.stop()
        self.app.play_sound(result_sound(game))
        self.app.record_result(game)
        self.app.saves.autosave(game)
        self.app.manager.switch("result", game=game, rating=self.app.ratings.outcome(game))

    def undo(self) -> None:
        requester = self._requester()
        if not self.game.can_undo(requester):
            self.say("status.no_undo" if self.game.undo_plan(requester) else "status.nothing_to_undo")
            self.app.play_sound("invalid")
            return
        self.jobs.stop()
        try:
            taken = self.game.undo(requester)
        except UndoNotAllowedError:
            return
        self.hint = None
        self.armed_left = 0.0
        self.cursor = taken[-1].point
        self.app.play_sound("undo")
        self.app.saves.autosave(self.game)
        self.say("status.undone", count=len(taken))

    def ask_hint(self) -> None:
        game = self.game
        if game.is_over or game.is_ai_turn or self.jobs.job is not None:
            self.say("status.wait_for_ai" if game.is_ai_turn else "status.no_hint_now")
            self.app.play_sound("invalid")
            return
        self.jobs.start(Purpose.HINT, HINT_LEVEL, HINT_LIMIT)
        game.note_hint()
        self.say("status.hint_thinking")

    def resign(self) -> None:
        game = self.game
        if game.is_over or not game.config.human_sides:
            return
        if not self._confirmed("resign"):
            return
        side = human_side(game) or game.to_move
        game.resign(side)
        self._finish()

    def _confirmed(self, action: str) -> bool:
        """True on the second press of `action` within CONFIRM_SECONDS; the first press asks."""
        if self.armed == action and self.armed_left > 0:
            self.armed, self.armed_left = "", 0.0
            return True
        self.armed, self.armed_left = action, CONFIRM_SECONDS
        self.say(f"status.confirm_{action}")
        self.refresh_buttons()
        return False

    def new_game(self) -> None:
        """Start over with the same players; mid-game this asks for a second press first."""
        if self.game.move_count and not self.game.is_over and not self._confirmed("new_game"):
            return
        self.jobs.stop()
        self.app.saves.forget()
        self.app.manager.switch("play", game=next_game(self.app, self.game))

    def continue_with_builtin(self) -> None:
        """Hand the failed engine's side to the built-in level; the position stays as it is."""
        level = fallback_level(self.app)
        hand_over_to_builtin(self.game, level)
        self.jobs.stop()
        self.jobs.fallback_offered = False
        self.app.saves.autosave(self.game)
        self.say("play.switched_to_builtin", level=tr(f"level.{level.value}"))
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
        self.jobs.update(dt)
        self.coach.update(dt)
        self.refresh_buttons()

    # ----------------------------------------------------------------- redraws
    def animating(self) -> bool:
        """Every frame while the engine is about to start, while the computer's opening stones go
        down, and while a stone or hint moves. While the engine works only the spinner moves:
        the window is then redrawn at its steps (next_change) and polls the engine (next_update)."""
        game = self.game
        return (
            self.coach.animating()
            or bool(self.jobs.opening_queue)
            or (game.is_ai_turn and not game.is_over and not self.jobs.error and self.jobs.job is None)
            or game.move_count != self.seen_moves
            or self.time - self.placed_at < SETTLE_SECONDS
            or (self.hint is not None and self.time - self.hint_at < HINT_PULSE_SECONDS)
        )

    def next_update(self) -> float | None:
        """A running analysis, and the engine's job, are polled this often; the screen is redrawn
        only for their news."""
        polls = [poll for poll in (self.coach.next_poll(), JOB_POLL_SECONDS if self.jobs.job is not None else None)
                 if poll is not None]
        return min(polls) if polls else None

    def next_change(self) -> float | None:
        """The next whole second of the game time or a clock, or a message running out."""
        game = self.game
        waits = [left for left in (self.status_left, self.armed_left) if left > 0]
        if self.jobs.job is not None:
            waits.append(spinner_step_due(self.time))  # the spinner's next step
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

    def _explain_forbidden(self, point: Point | None) -> None:
        """The pointer on a forbidden point's x: the status line says which kind it is."""
        game = self.game
        shown = not game.is_over and not game.is_ai_turn and game.to_move is Stone.BLACK
        if point is None or not shown or point not in self._forbidden_points():
            self._explained = None
            return
        if self._explained == (point, game.move_count):
            return  # said already; the pointer only moved within the point
        self._explained = (point, game.move_count)
        kind = game.board.forbidden_kind(point, Stone.BLACK)
        if kind is not None:
            self.say("feel.forbidden_hover", kind=forbidden_kind_name(kind))

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
        draw_play_panel(surface, self)
        self.coach.draw_offer(surface)
