"""Puzzles: a position, whose move and the goal; the player moves, the computer answers from
the proof. A wrong move is refuted on the board; Hint shows the area, then the move.

Reached from the menu. Params: `source` ("bundled" or "games"), `puzzle_id` to open one
puzzle, and `demo` ("hint", "failed", "solved", "hinted-solved") to open it in that state (screenshots and
the layout test). The computer's moves go down one by one, PACE_SECONDS apart.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import tr
from game.puzzles import Puzzle
from game.puzzles.attempt import Attempt, Phase, answer_question
from game.puzzles.collection import puzzle_folder
from game.rules import Board, Point, Reason, Stone
from game.ui import chrome
from game.ui.board_view import BoardMarks, BoardView, fit_board_view
from game.ui.layout import step_cursor
from game.ui.widgets import Button, FocusGroup, OptionRow

from ..base import Scene
from .engine_work import PuzzleEngineWork
from .library import BUNDLED, GAMES, SOURCES, PuzzleLibrary
from .panel import draw_hint_area, draw_panel, draw_played

#: Seconds between the computer's moves when it answers or plays a line out.
PACE_SECONDS = 0.55
_ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
_KEYS = {pygame.K_h: "hint", pygame.K_s: "solution", pygame.K_r: "retry", pygame.K_n: "next"}


class PuzzlesScene(Scene):
    def enter(self, source: str = BUNDLED, puzzle_id: str | None = None, demo: str | None = None,
              seed: int | None = None, **params: Any) -> None:
        self.library = PuzzleLibrary(puzzle_folder(self.app.store), seed)
        self.work = PuzzleEngineWork(lambda: self.app.engine)
        self.source = source if source in SOURCES else BUNDLED
        self.view: BoardView | None = None
        self.focus = FocusGroup()
        self.time = 0.0
        self.wait = 0.0
        self.hover: Point | None = None
        self.cursor: Point = (7, 7)
        self.show_cursor = False
        self.attempt: Attempt | None = None
        self.change: float | None = None  # the rating change of the last rated result
        self.again = False  # the puzzle came back from the repetition queue
        self.notice = ""
        self._forbidden: tuple[Point, ...] = ()
        self._forbidden_key: tuple | None = None
        self._take_notices()
        chosen = self.library.find(puzzle_id) if puzzle_id else None
        self.open(chosen or self._next())
        if self.source == GAMES:
            self.library.start_making()
        self.resize(self.app.screen.get_size())
        if demo:
            self._demo(demo)

    def exit(self) -> None:
        self.library.stop()
        self.work.stop()

    # ----------------------------------------------------------------- puzzles
    def _next(self, skip: str | None = None) -> Puzzle | None:
        """The next puzzle, new ones of the rule the player plays first."""
        return self.library.next(self.source, skip=skip, rule=self.app.settings.rule_value)

    def open(self, puzzle: Puzzle | None) -> None:
        self.attempt = Attempt(puzzle, deferred=True) if puzzle is not None else None
        self.change = None
        self.again = puzzle is not None and puzzle.id in self.library.progress.repeats
        self.wait = PACE_SECONDS
        if puzzle is not None:
            last = puzzle.moves[-1] if puzzle.moves else (7, 7)
            self.cursor = last
        self._refresh_buttons()
        self.mark_dirty()

    def play(self, point: Point) -> None:
        attempt = self.attempt
        if attempt is None or not attempt.play(point):
            return
        self.app.play_sound("place")
        self.wait = PACE_SECONDS
        self._after_change()

    def perform(self, action: str, value: Any = None) -> None:
        attempt = self.attempt
        if action == "source":
            self.source = value
            if value == GAMES:
                self.library.start_making()
            self.open(self._next())
        elif action == "back":
            self.app.manager.switch("menu")
        elif attempt is None:
            return
        elif action == "hint":
            attempt.hint()
        elif action == "solution":
            attempt.show_solution()
            self.wait = PACE_SECONDS
        elif action == "retry":
            attempt.reset()
        elif action == "next":
            if self._can_move_on():
                self.open(self._next(skip=attempt.puzzle.id))
            return
        self._after_change()

    def _after_change(self) -> None:
        attempt = self.attempt
        if attempt is not None and attempt.result is not None and self.change is None:
            self.change = self.library.record(attempt.puzzle, attempt.result)
            self._take_notices()
        self._refresh_buttons()
        self.mark_dirty()

    def _demo(self, demo: str) -> None:
        """Put the puzzle in a state to look at: hinted, failed (refutation shown) or solved."""
        attempt = self.attempt
        if attempt is None:
            return
        if demo == "hint":
            attempt.hint()
        elif demo == "failed":
            wrong = next(p for p in attempt.board.empty_points()
                         if p not in attempt.puzzle.accepted and not attempt.board.is_forbidden(p, attempt.player)
                         and abs(p[0] - 7) + abs(p[1] - 7) > 4)
            attempt.play(wrong)
            if attempt.question is not None:  # a still picture: the refutation at once
                attempt.answer(answer_question(attempt.question))
        elif demo in ("solved", "hinted-solved"):
            if demo == "hinted-solved":
                attempt.hint()
                self._after_change()
            while attempt.phase in (Phase.PLAYING, Phase.ANSWERING):
                if attempt.phase is Phase.ANSWERING:
                    attempt.advance()
                    continue
                attempt.play(attempt.expected())
        while attempt.pending:
            attempt.advance()
        self._after_change()

    def _take_notices(self) -> None:
        for notice in self.library.take_notices():
            if notice.backup is not None:
                self.notice = tr("puzzles.file_set_aside", name=notice.backup.name)
            else:
                self.notice = tr("puzzles.not_saved", error=notice.detail)

    # ----------------------------------------------------------------- layout
    def resize(self, size: tuple[int, int]) -> None:
        self.layout, self.view = fit_board_view(self.view, size, 15, self.app.settings.show_coordinates)
        px, py, pw, ph = self.layout.panel_rect
        row_h = int(min(46, max(32, ph * 0.065)))
        gap = max(8, row_h // 5)
        half = (pw - 3 * gap) // 2
        back_y = py + ph - gap - row_h
        source_y = back_y - gap - row_h
        second_y = source_y - gap - row_h
        first_y = second_y - gap - row_h
        left, right = px + gap, px + 2 * gap + half
        source = OptionRow("source", tr("puzzles.source"), SOURCES, describe=lambda s: tr(f"puzzles.source.{s}"),
                           rect=pygame.Rect(left, source_y, pw - 2 * gap, row_h))
        source.select(self.source)
        widgets = [
            Button("hint", tr("puzzles.hint"), pygame.Rect(left, first_y, half, row_h), hint="H"),
            Button("solution", tr("puzzles.solution"), pygame.Rect(right, first_y, half, row_h), hint="S"),
            Button("retry", tr("puzzles.retry"), pygame.Rect(left, second_y, half, row_h), hint="R"),
            Button("next", tr("puzzles.next"), pygame.Rect(right, second_y, half, row_h), hint="N", primary=True),
            source,
            Button("back", tr("common.back"), pygame.Rect(left, back_y, pw - 2 * gap, row_h), hint="Esc"),
        ]
        self.buttons_top = first_y
        self.focus.set_widgets(widgets)
        self._refresh_buttons()

    def _can_move_on(self) -> bool:
        """Next is lit only once the puzzle was tried (a move, a hint) or its solution shown,
        and there is another puzzle to go to."""
        attempt = self.attempt
        if attempt is None or len(self.library.puzzles(self.source)) < 2:
            return False
        tried = (len(attempt.board.history) > attempt.start_moves or attempt.hints_used > 0
                 or attempt.phase is Phase.CHECKING)  # a move off the proof, still being checked, is a try
        return attempt.result is not None or tried

    def _refresh_buttons(self) -> None:
        attempt = self.attempt
        playing = attempt is not None and attempt.phase is Phase.PLAYING
        states = {
            "hint": playing and attempt is not None and attempt.hint_level < 2,
            "solution": attempt is not None and attempt.phase is not Phase.SHOWN,
            "retry": attempt is not None and (len(attempt.board.history) > attempt.start_moves or not playing),
            "next": self._can_move_on(),
        }
        for widget in self.focus.widgets:
            if widget.action in states:
                widget.enabled = states[widget.action]

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        activation = self.focus.handle_event(event, arrows_move_focus=False)
        if activation is not None:
            self.app.play_sound("click")
            self.perform(activation.action, activation.value)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.layout.grid.point_at(*event.pos)
            self.show_cursor = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            point = self.layout.grid.point_at(*event.pos)
            if point is not None:
                self.play(point)
        elif event.type == pygame.KEYDOWN:
            self._handle_key(event)

    def _handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key in _ARROWS:
            if self.show_cursor:
                self.cursor = step_cursor(self.cursor, *_ARROWS[key], 15)
            self.show_cursor = True
            self.focus.focus = None  # the arrows take the keyboard back to the board
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.show_cursor = True
            self.play(self.cursor)
        elif key in _KEYS:
            self.perform(_KEYS[key])
        elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.perform("back")

    # ----------------------------------------------------------------- time
    def animating(self) -> bool:
        """Every frame while the computer's moves go down, the engine works or puzzles are being made; a solved
        puzzle waits for input without drawing (its five glows, but does not pulse)."""
        return bool(self.attempt is not None and self.attempt.pending) or self.library.making or self.work.busy

    def update(self, dt: float) -> None:
        self.time += dt
        if self.work.update(self.attempt, self.library) or self.library.making:
            if self.attempt is None and self.source == GAMES:
                self.open(self._next())
            self._refresh_buttons()
            self.mark_dirty()
        attempt = self.attempt
        if attempt is None or not attempt.pending:
            return
        self.wait -= dt
        if self.wait <= 0:
            self.wait = PACE_SECONDS
            attempt.advance()
            self.app.play_sound("place")
            self._after_change()

    # ----------------------------------------------------------------- drawing
    def _marks(self) -> BoardMarks:
        attempt = self.attempt
        assert attempt is not None
        board = attempt.board
        outcome = board.outcome()
        playing = attempt.phase is Phase.PLAYING
        forbidden = self._forbidden_points() if playing and attempt.player is Stone.BLACK else ()
        hover = self.hover if playing and not self.show_cursor and self.hover not in forbidden else None
        last = board.last_move
        return BoardMarks(
            last_move=last.point if last and len(board.history) == attempt.start_moves else None,
            winning_line=outcome.line if outcome is not None and outcome.reason is Reason.FIVE else (),
            forbidden=forbidden,
            hint=attempt.expected() if attempt.hint_level >= 2 else None,
            hover=hover,
            hover_stone=attempt.player if hover is not None else None,
            cursor=self.cursor if self.show_cursor and playing else None,
            pulse=(self.time * 0.8) % 1.0,
        )

    def _forbidden_points(self) -> tuple[Point, ...]:
        board = self.attempt.board
        key = board.history
        if self._forbidden_key != key:
            self._forbidden = tuple(board.forbidden_points(Stone.BLACK))
            self._forbidden_key = key
        return self._forbidden

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.blit(chrome.backdrop(surface.get_size(), layout.board_rect, layout.panel_rect), (0, 0))
        assert self.view is not None
        if self.attempt is not None:
            self.view.draw(surface, self.attempt.board, self._marks())
            draw_played(surface, self.layout.grid, self.attempt.board, self.attempt.start_moves, self.attempt.wrong)
            if self.attempt.hint_level == 1:
                draw_hint_area(surface, self.layout.grid, self.attempt.hint_area(), self.attempt.board,
                               self.view.stone_diameter)
        else:
            self.view.draw(surface, Board(15), BoardMarks())
        draw_panel(surface, self)
        self.focus.draw(surface)
