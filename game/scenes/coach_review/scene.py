"""Game review with analysis: every move classified, mistakes explained, forced wins proven.

Reached with "Analyse game" from the result screen, the review scene and loaded records.
The engine goes over every position in a background process (coach.ReviewRunner) while a
progress bar fills and Cancel stays clickable; the board can be stepped through meanwhile.
Then the panel shows each player's accuracy and class counts, an evaluation graph (a click
jumps to that move), and for the move on the board its class, the better move and, for a
tactical mistake, the forced line, which "Show proof" plays out on the board stone by stone.

Params: `record` (GameRecord) or `game` (Game); `back` names the scene to return to and
`back_params` what to give it; `source` is a file name to show. The side panel is drawn by
panel.py, which reads this scene through its ReviewSource Protocol.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.coach import GameReview, MoveReview, ReviewRunner
from game.coach.annotated_sgf import write_annotated
from game.coach.external_analyst import AnalystSpec
from game.engine import Proof
from game.i18n import current_language, tr
from game.model import Game
from game.puzzles.collection import GamePuzzles, puzzle_folder
from game.puzzles.from_games import moments_of
from game.records import GameRecord
from game.records.atomic import atomic_write_text
from game.rules import Board, IllegalMoveError, Reason
from game.storage import record_from_game
from game.storage.engines import find_entry
from game.ui import chrome, theme
from game.ui.analysis_view import draw_better_move, draw_line_stones
from game.ui.board_view import BoardMarks, BoardView, fit_board_view
from game.ui.eval_graph import CLASS_COLOURS, move_at
from game.ui.widgets import Button, FocusGroup

from ..base import Scene
from .panel import draw_review_panel

#: Seconds between the stones of a proof played out on the board.
PROOF_STEP_SECONDS = 0.6
_STEP_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}


def legal_prefix(record: GameRecord) -> list[tuple[int, int]]:
    """The record's moves up to the first one the rules refuse (the review scene shows why)."""
    board = Board(record.size, record.rule)
    moves: list[tuple[int, int]] = []
    for point in record.moves:
        try:
            board.push(tuple(point))
        except IllegalMoveError:
            break
        moves.append(tuple(point))
        if board.outcome() is not None:
            break
    return moves


def proof_of(review: MoveReview) -> tuple[Proof, int] | None:
    """The forced line to play out for a move, and how many moves of the game it starts
    after: a missed win starts before the move, a win it allowed starts after it."""
    if review.missed_win is not None:
        return review.missed_win, review.number - 1
    if review.allowed_win is not None:
        return review.allowed_win, review.number
    return None


def next_flagged(moves: tuple[MoveReview, ...], index: int) -> int | None:
    """The board index (move number) of the first flagged move (an inaccuracy or worse) after
    `index`, wrapping round: where the "next mistake" key goes."""
    count = len(moves)
    for step in range(1, count + 1):
        review = moves[(index + step - 1) % count]
        if review.move_class.is_flagged:
            return review.number
    return None


def review_analyst(app: Any) -> AnalystSpec | None:
    """The external engine chosen as analyst in Settings -> Engines, or None for the built-in engine."""
    command = app.settings.analysis_engine
    entry = find_entry(app.settings, command) if command else None
    return AnalystSpec(entry.command, entry.label) if entry is not None else None


def queue_puzzles(store: Any, review: GameReview, record: GameRecord, moves: list, source: str) -> None:
    """Every missed and allowed win becomes a puzzle under Puzzles, "From your games" (the
    puzzle screen builds and checks them; here they are only queued)."""
    if record.size == 15:
        moments = moments_of(review, record.rule, list(moves), source)
        if moments:
            GamePuzzles(puzzle_folder(store)).queue(moments)


class CoachReviewScene(Scene):
    def animating(self) -> bool:
        """Every frame while the review runs (progress, spinner) and while a proof plays out."""
        playing = self.proof is not None and self.proof_shown < len(self.proof[0].line)
        return self.state == "running" or playing

    def enter(
        self,
        record: GameRecord | None = None,
        game: Game | None = None,
        back: str = "menu",
        back_params: dict[str, Any] | None = None,
        source: str = "",
        **params: Any,
    ) -> None:
        if record is None and game is None:
            raise ValueError("the game review needs a record or a game")
        self.record = record if record is not None else record_from_game(game)  # type: ignore[arg-type]
        self.back = back
        self.back_params = dict(back_params or {})
        self.source = source
        self.moves = legal_prefix(self.record)
        self.index = len(self.moves)
        self.view: BoardView | None = None
        self.focus = FocusGroup()
        self.time = 0.0
        self.review: GameReview | None = None
        self.state = "running"  # running | done | cancelled | failed
        self.error = ""
        self.saved_to = ""
        self.proof: tuple[Proof, int] | None = None  # the line being played out, and its start
        self.proof_shown = 0
        self._proof_wait = 0.0
        self.graph_rect = pygame.Rect(0, 0, 0, 0)
        self.runner: Any = None
        self.analyst: AnalystSpec | None = None
        self._rebuild_board()
        self.resize(self.app.screen.get_size())
        self.start()

    def exit(self) -> None:
        if self.runner is not None:
            self.runner.close()
            self.runner = None

    # ----------------------------------------------------------------- the analysis
    def start(self) -> None:
        """Start (or restart) analysing the whole game in the background."""
        if self.runner is not None:
            self.runner.close()
        self.review, self.error, self.state = None, "", "running"
        if not self.moves:
            self.state, self.error = "failed", tr("gamereview.no_moves")
            self._refresh_buttons()
            return
        self.runner = ReviewRunner()
        self.analyst = review_analyst(self.app)
        extra = {"analyst": self.analyst} if self.analyst is not None else {}  # the built-in path stays as it was
        self.runner.start(self.record.size, self.record.rule, list(self.moves), **extra)
        self._refresh_buttons()

    def cancel(self) -> None:
        if self.runner is not None and self.state == "running":
            self.runner.cancel()
            self.state = "cancelled"
            self._refresh_buttons()

    @property
    def progress(self) -> tuple[int, int]:
        if self.runner is None:
            return 0, max(1, len(self.moves))
        return self.runner.progress()

    def _poll_runner(self) -> None:
        if self.runner is None or self.state != "running":
            return
        review = self.runner.poll()
        self.mark_dirty()
        if review is not None:
            self.review, self.state = review, "done"
            queue_puzzles(self.app.store, review, self.record, self.moves, self.source)
            self.app.play_sound("click")
            self._refresh_buttons()
        elif self.runner.error:
            self.state, self.error = "failed", tr("gamereview.failed", error=self.runner.error)
            self._refresh_buttons()

    # ----------------------------------------------------------------- the board
    def _rebuild_board(self) -> None:
        board = Board(self.record.size, self.record.rule)
        for point in self.moves[: self.index]:
            board.push(point)
        self.board = board

    def go_to(self, index: int) -> None:
        index = min(len(self.moves), max(0, index))
        self.proof = None
        if index != self.index:
            self.index = index
            self._rebuild_board()
        self._refresh_buttons()

    def current(self) -> MoveReview | None:
        """The review of the move on the board (the last one played), once the analysis is done."""
        if self.review is None or self.index == 0 or self.index > len(self.review.moves):
            return None
        return self.review.moves[self.index - 1]

    def show_proof(self) -> None:
        """Play the current move's forced line out on the board, one stone at a time."""
        review = self.current()
        found = proof_of(review) if review is not None else None
        if found is None:
            return
        proof, start = found
        board = Board(self.record.size, self.record.rule)
        for point in self.moves[:start]:
            board.push(point)
        self.board = board
        self.proof = found
        self.proof_shown = 1
        self._proof_wait = PROOF_STEP_SECONDS
        self.app.play_sound("place")

    # ----------------------------------------------------------------- layout
    def resize(self, size: tuple[int, int]) -> None:
        self.layout, self.view = fit_board_view(self.view, size, self.record.size, self.app.settings.show_coordinates)
        px, py, pw, ph = self.layout.panel_rect
        row_h = int(min(44, max(32, ph * 0.062)))
        gap = max(6, row_h // 6)
        half = (pw - 3 * gap) // 2
        quarter = (pw - 5 * gap) // 4
        bottom_y = py + ph - gap - row_h
        middle_y = bottom_y - gap - row_h
        step_y = middle_y - gap - row_h
        steps = [("first", "review.first"), ("previous", "review.previous"), ("next", "review.next"), ("last", "review.last")]
        buttons = [
            Button(action, tr(key), pygame.Rect(px + gap + i * (quarter + gap), step_y, quarter, row_h))
            for i, (action, key) in enumerate(steps)
        ]
        buttons += [
            Button("proof", tr("gamereview.show_proof"), pygame.Rect(px + gap, middle_y, half, row_h), primary=True, hint="S"),
            Button("next_mistake", tr("gamereview.next_mistake"), pygame.Rect(px + 2 * gap + half, middle_y, half, row_h), hint="N"),
            Button("cancel", tr("gamereview.cancel"), pygame.Rect(px + gap, bottom_y, half, row_h)),
            Button("again", tr("gamereview.analyse_again"), pygame.Rect(px + gap, bottom_y, half, row_h)),
            Button("save", tr("gamereview.save"), pygame.Rect(px + gap, bottom_y, half, row_h)),
            Button("back", tr("common.back"), pygame.Rect(px + 2 * gap + half, bottom_y, half, row_h), hint="Esc"),
        ]
        self.buttons_top = step_y
        self.focus.set_widgets(buttons)
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        review = self.current()
        done = self.state == "done"
        states = {
            "first": self.index > 0,
            "previous": self.index > 0,
            "next": self.index < len(self.moves),
            "last": self.index < len(self.moves),
            "proof": review is not None and proof_of(review) is not None,
            "next_mistake": done and self.review is not None and next_flagged(self.review.moves, self.index) is not None,
        }
        visible = {
            "cancel": self.state == "running",
            "again": self.state in ("cancelled", "failed"),
            "save": done and getattr(self.app.store, "records_dir", None) is not None,
        }
        for widget in self.focus.widgets:
            if widget.action in states:
                widget.enabled = states[widget.action]
            if widget.action in visible:
                widget.visible = visible[widget.action]

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in _STEP_KEYS:
            self.go_to(self.index + _STEP_KEYS[event.key])
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.go_to(0 if event.key == pygame.K_HOME else len(self.moves))
            return
        if event.type == pygame.MOUSEWHEEL:
            self.go_to(self.index + (-1 if event.y > 0 else 1))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.graph_rect.collidepoint(event.pos):
            self.click_graph(event.pos[0])
            return
        activation = self.focus.handle_event(event)
        if activation is not None:
            self.app.play_sound("click")
            self.perform(activation.action)
        elif event.type == pygame.KEYDOWN:
            keys = {pygame.K_s: "proof", pygame.K_n: "next_mistake", pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "back"}
            if event.key in keys:
                self.perform(keys[event.key])

    def click_graph(self, x: int) -> None:
        """Jump to the move under pixel column `x` of the graph."""
        if self.review is None:
            return
        index = move_at(x, (self.graph_rect.x, self.graph_rect.y, self.graph_rect.width, self.graph_rect.height),
                        len(self.review.black_chances))
        if index is not None:
            self.go_to(index)

    def perform(self, action: str) -> None:
        if action == "first":
            self.go_to(0)
        elif action == "last":
            self.go_to(len(self.moves))
        elif action in ("previous", "next"):
            self.go_to(self.index + (-1 if action == "previous" else 1))
        elif action == "proof":
            self.show_proof()
        elif action == "next_mistake" and self.review is not None:
            found = next_flagged(self.review.moves, self.index)
            if found is not None:
                self.go_to(found)
        elif action == "cancel":
            self.cancel()
        elif action == "again":
            self.start()
        elif action == "save":
            self.save()
        elif action == "back":
            self.app.manager.switch(self.back, **self.back_params)

    def save(self) -> None:
        """Write the reviewed game as SGF with comments and move marks into the records folder."""
        folder = getattr(self.app.store, "records_dir", None)
        if folder is None or self.review is None:
            return
        folder = Path(folder)
        stem = Path(self.source).stem if self.source else "game"
        path = folder / f"{stem}-review.sgf"
        number = 2
        while path.exists():
            path = folder / f"{stem}-review-{number}.sgf"
            number += 1
        try:
            folder.mkdir(parents=True, exist_ok=True)
            record = GameRecord(size=self.record.size, rule=self.record.rule, moves=list(self.moves),
                                black=self.record.black, white=self.record.white, result=self.record.result)
            atomic_write_text(path, write_annotated(record, self.review, current_language()))
        except (OSError, ValueError) as error:
            self.app.notify(tr("notice.save_failed", error=error))
            return
        self.saved_to = str(path)
        self.app.notify(tr("result.saved", path=path))

    # ----------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self.time += dt
        self._poll_runner()
        if self.proof is not None:
            proof, _ = self.proof
            self._proof_wait -= dt
            if self._proof_wait <= 0 and self.proof_shown < len(proof.line):
                self.proof_shown += 1
                self._proof_wait = PROOF_STEP_SECONDS
                self.app.play_sound("place")
                self.mark_dirty()  # the last stone ends `animating`, so it asks to be drawn itself

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.blit(chrome.backdrop(surface.get_size(), layout.board_rect, layout.panel_rect), (0, 0))
        assert self.view is not None
        last = self.board.last_move
        outcome = self.board.outcome()
        marks = BoardMarks(
            last_move=last.point if last and self.proof is None else None,
            winning_line=outcome.line if outcome is not None and outcome.reason is Reason.FIVE else (),
            show_numbers=True,
            pulse=(self.time * 0.6) % 1.0,
        )
        self.view.draw(surface, self.board, marks)
        grid, diameter = layout.grid, self.view.stone_diameter
        if self.proof is not None:
            proof, _ = self.proof
            draw_line_stones(surface, grid, diameter, proof.attacker, proof.line[: self.proof_shown], self.board, alpha=215)
            for point in self._proof_five():
                pygame.draw.circle(surface, theme.WIN_GLOW, grid.pixel_of(point), diameter // 2 + 2, width=3)
        else:
            self._draw_move_marks(surface)
        self.graph_rect = draw_review_panel(surface, self)
        self.focus.draw(surface)

    def _proof_five(self) -> tuple[tuple[int, int], ...]:
        """The five the proof ends with, once it has been played out to the end."""
        if self.proof is None or self.proof_shown < len(self.proof[0].line):
            return ()
        proof, _ = self.proof
        board = self.board.copy()
        stone = proof.attacker
        try:
            for point in proof.line:
                board.push(point, stone)
                stone = stone.opponent
        except IllegalMoveError:
            return ()
        outcome = board.outcome()
        return outcome.line if outcome is not None and outcome.reason is Reason.FIVE else ()

    def _draw_move_marks(self, surface: pygame.Surface) -> None:
        """The move on the board ringed in its class colour; a better move as a translucent stone."""
        review = self.current()
        if review is None:
            return
        grid, diameter = self.layout.grid, self.view.stone_diameter  # type: ignore[union-attr]
        colour = CLASS_COLOURS[review.move_class.value]
        pygame.draw.circle(surface, colour, grid.pixel_of(review.point), diameter // 2 + 3, width=max(3, diameter // 9))
        if review.best_move is not None and review.best_move != review.point and review.move_class.is_flagged:
            draw_better_move(surface, grid, diameter, review.stone, review.best_move, CLASS_COLOURS["best"])
