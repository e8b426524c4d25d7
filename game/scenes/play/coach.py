"""The coach inside a game: the analysis panel (key A) and teaching mode's "Take back and retry".

Not a scene: the play scene owns one and forwards its hooks (events, update, drawing,
`after_move`). Kept apart so scene.py only grows by a few calls.

- The panel analyses the position without end in the engine worker; against the computer,
  each of the player's positions it is shown for counts as one hint.
- Teaching mode (a setting, against the computer): the position is analysed while the player
  thinks; after the player's move the computer waits while a short analysis checks the new
  position. A move that lets the computer force a win, or that throws away the player's own
  forced win, is stopped at once with "Take back and retry", which costs no take-back; the
  game then counts as a teaching game in the statistics.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

import pygame

from game.engine import Analysis, Limit
from game.i18n import tr
from game.model import Game, UndoNotAllowedError
from game.records import point_to_notation
from game.rules import Point, Stone
from game.ui import text, theme
from game.ui.analysis_panel import draw_analysis_panel
from game.ui.analysis_view import draw_analysis_on_board, draw_line_stones, proof_kind_label
from game.ui.board_view import BoardView
from game.ui.layout import ScreenLayout
from game.ui.widgets import Button, FocusGroup

from ..base import AppServices
from ..shared.engine_players import analysis_worker
from ..shared.live_analysis import POLL_SECONDS, LiveAnalysis
from ..shared.names import colour_name, human_side
from .engine_jobs import EngineJobs
from .teaching import TeachingVerdict, judge_move


class CoachHost(Protocol):
    """What PlayCoach needs of the play screen: the game and app, the engine job it must not
    disturb, the layout it draws into, and the status line, cursor and hint it sets. A
    Protocol, so this module never imports the screen."""

    app: AppServices
    game: Game
    jobs: EngineJobs
    focus: FocusGroup
    layout: ScreenLayout
    view: BoardView | None
    cursor: Point
    hint: Point | None
    status: str
    status_left: float
    time: float

    def mark_dirty(self) -> None: ...

#: Teaching mode analyses the player's position this long while he thinks (panel closed).
TEACH_BEFORE = Limit(time_ms=4000)
#: ... and the position after his move this long, while the computer waits.
TEACH_AFTER = Limit(time_ms=900)
#: The computer never waits longer than this for the check (a stuck engine must not hang the game).
CHECK_TIMEOUT_SECONDS = 8.0
#: How many moves of a forced line the teaching message spells out.
LINE_WORDS = 6


def line_text(line: tuple[tuple[int, int], ...], size: int) -> str:
    """"j8 k9 l10 …": the first moves of a line in notation."""
    words = [point_to_notation(point, size) for point in line[:LINE_WORDS]]
    return " ".join(words) + (" …" if len(line) > LINE_WORDS else "")


def verdict_text(verdict: TeachingVerdict, size: int) -> str:
    proof = verdict.proof
    values = {"side": colour_name(proof.attacker), "moves": proof.attacker_moves, "kind": proof_kind_label(proof.kind),
              "line": line_text(proof.line, size)}
    return tr("teaching.allowed" if verdict.kind == "allowed" else "teaching.missed", **values)


class PlayCoach:
    def __init__(self, scene: CoachHost) -> None:
        self.scene = scene
        self.analysis = LiveAnalysis(self._analyst)
        self.verdict: TeachingVerdict | None = None
        self.checking = False
        self._check_started = 0.0
        self._before: Analysis | None = None
        self._before_moves: tuple[Any, ...] = ()
        self._verdict_moves: tuple[Any, ...] = ()
        self._checking_moves: tuple[Any, ...] = ()
        self._hinted: tuple[Any, ...] | None = None
        self.offer = FocusGroup()

    # ----------------------------------------------------------------- state
    @property
    def game(self) -> Any:
        return self.scene.game

    @property
    def human(self) -> Stone | None:
        return human_side(self.game)

    @property
    def teaching(self) -> bool:
        return bool(self.scene.app.settings.teaching_mode) and self.game.config.is_vs_ai and self.human is not None

    @property
    def holds_ai(self) -> bool:
        """The computer must not move yet: the player's move is being checked or questioned."""
        return self.checking or self.verdict is not None

    def stop(self) -> None:
        self.analysis.stop(cancel=self.scene.jobs.job is None)

    def _analyst(self) -> Any:
        """The panel's analyst (Settings -> Engines may name an external one); teaching mode's
        checks always use the built-in engine, the one that proves forced wins."""
        if self.checking or not self.analysis.visible:
            return self.scene.app.engine
        return analysis_worker(self.scene.app)

    def animating(self) -> bool:
        """Every frame while the computer waits for teaching mode's check (it must end promptly)."""
        return self.checking

    def next_poll(self) -> float | None:
        """Seconds until the running analysis should be polled for snapshots (no redraw
        unless one arrives), or None while it is not running (paused, finished, closed)."""
        return POLL_SECONDS if self.analysis.running else None

    def toggle(self) -> None:
        shown = self.analysis.toggle(cancel=self.scene.jobs.job is None)
        hinted = self.game.config.is_vs_ai and not self.game.is_over and self.human is not None
        if shown and hinted:  # the message says it counts as a hint: it counts at once, as said
            self.game.note_analysis()
            self._count_hint()
        self.scene.app.notify(tr(("analysis.on_hint" if hinted else "analysis.on") if shown else "analysis.off"))

    def _count_hint(self) -> None:
        """One hint for the player per position the panel is open for (not one per frame)."""
        moves = tuple(self.game.board.moves)
        if self._hinted != moves and self.human is not None:
            self._hinted = moves
            self.game.note_hint(self.human)

    # ----------------------------------------------------------------- hooks
    def after_move(self) -> None:
        """Called after every move: the player's starts teaching mode's check."""
        game = self.game
        last = game.last_move
        self.verdict = None
        self.checking = False
        opening_stone = game.opening_actor is not None or game.move_count <= game.opening_locked_moves
        if self.teaching and last is not None and last.stone is self.human and not game.is_over and not opening_stone:
            # (an opening stone cannot be taken back, so teaching mode only looks at the game after it)
            self.checking = True
            self._check_started = time.monotonic()
            self._checking_moves = tuple(game.board.moves)
            self._say("teaching.checking", CHECK_TIMEOUT_SECONDS)

    def update(self, dt: float) -> None:
        game = self.game
        board = game.board
        button = self.scene.focus.find("analysis")
        if button is not None:
            button.primary = self.analysis.visible  # the button shows whether the panel is open
        seen = (self.analysis.latest, self.analysis.paused, self.verdict, self.checking)
        self._update(board)
        if (self.analysis.latest, self.analysis.paused, self.verdict, self.checking) != seen:
            self.scene.mark_dirty()  # a new snapshot or a question: draw it even if nothing moves

    def _update(self, board: Any) -> None:
        game = self.game
        if self.checking and self._checking_moves != tuple(board.moves):
            self.checking = False  # taken back (or a new game) before the check ended
        if self.checking:
            self.analysis.update(board, limit=TEACH_AFTER, wanted=True)
            after = self.analysis.final_for(board)
            if after is not None or time.monotonic() - self._check_started > CHECK_TIMEOUT_SECONDS:
                self.checking = False
                self.scene.status_left = 0.0
                last = game.last_move
                if after is not None and last is not None and self.human is not None:
                    before = self._before if self._before_moves == tuple(board.moves[:-1]) else None
                    self._question(judge_move(self.human, last.point, before, after))
            return
        if self.verdict is not None and self._verdict_moves != tuple(board.moves):
            self.verdict = None  # the position it was about is gone (a take-back, a new game)
        human_turn = not game.is_over and not game.is_ai_turn
        scene_job = self.scene.jobs.job is not None
        scene_worker = (self.scene.jobs.worker or self.scene.app.engine) if scene_job else None
        if scene_worker is not None and self.analysis.running and scene_worker is not self.analysis.job_worker:
            # the scene's job runs in another process (an external engine, or ours is external):
            # ours would run on unpolled, so stop it; its worker's newest job is ours
            self.analysis.stop()
        limit = None if self.analysis.visible else TEACH_BEFORE
        wanted = self.teaching and human_turn and self.verdict is None
        self.analysis.update(board, blocked=scene_job, limit=limit, wanted=wanted)
        shown = self.analysis.showing(board)
        if human_turn and shown is not None:
            self._before, self._before_moves = shown, tuple(board.moves)
            if self.analysis.visible and game.config.is_vs_ai:
                self._count_hint()  # the panel is a hint against the computer: counted like one

    def _question(self, verdict: TeachingVerdict | None) -> None:
        self.verdict = verdict
        if verdict is None:
            return
        self._verdict_moves = tuple(self.game.board.moves)
        self._say("teaching.choose", 600.0)
        self.scene.app.play_sound("invalid")
        self._place_offer()

    # ----------------------------------------------------------------- actions
    def retry(self) -> None:
        """Take the questioned move back for free and let the player try again."""
        human = self.human
        if self.verdict is None or human is None:
            return
        try:
            taken = self.game.retry(human)
        except UndoNotAllowedError:
            return
        self.verdict = None
        self.scene.hint = None
        self.scene.cursor = taken[-1].point
        self.scene.app.play_sound("undo")
        self.scene.app.saves.autosave(self.game)
        self._say("teaching.retried", 3.5)

    def carry_on(self) -> None:
        """Keep the move: the computer plays on."""
        self.verdict = None
        self.scene.status_left = 0.0

    def _say(self, key: str, seconds: float) -> None:
        self.scene.status = tr(key)
        self.scene.status_left = seconds

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was the coach's (the offer's buttons, R, C; key A). Any input
        also wakes a paused analysis."""
        self.analysis.note_input(event)
        if self.verdict is not None:
            activation = self.offer.handle_event(event)
            answer = activation.action if activation is not None else ""
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_r, pygame.K_c):
                answer = "retry" if event.key == pygame.K_r else "continue"
            if answer:
                self.scene.app.play_sound("click")
                if answer == "retry":
                    self.retry()
                else:
                    self.carry_on()
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and self.scene.layout.grid.point_at(*event.pos) is not None:
                return True  # no move on the board until the question is answered
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle()
            return True
        return False

    # ----------------------------------------------------------------- drawing
    def _offer_rect(self) -> pygame.Rect:
        """The question's card: over the lower or the upper part of the board, whichever
        hides fewer stones and fewer points of the forced line."""
        bx, by, bw, bh = self.scene.layout.board_rect
        width = int(bw * 0.86)
        height = int(min(bh * 0.36, 230))
        lower = pygame.Rect(bx + (bw - width) // 2, by + bh - height - int(bh * 0.04), width, height)
        upper = lower.move(0, by + int(bh * 0.04) - lower.y)
        grid = self.scene.layout.grid
        points = list(self.game.board.moves) + (list(self.verdict.proof.line) if self.verdict is not None else [])

        def hidden(card: pygame.Rect) -> int:
            return sum(card.collidepoint(grid.pixel_of(point)) for point in points)

        return upper if hidden(upper) < hidden(lower) else lower

    def _place_offer(self) -> None:
        card = self._offer_rect()
        pad = max(10, card.width // 30)
        row_h = int(min(44, max(32, card.height * 0.22)))
        half = (card.width - 3 * pad) // 2
        y = card.bottom - pad - row_h
        self.offer.set_widgets([
            Button("retry", tr("teaching.retry"), pygame.Rect(card.x + pad, y, half, row_h), primary=True, hint="R"),
            Button("continue", tr("teaching.continue"), pygame.Rect(card.x + 2 * pad + half, y, half, row_h), hint="C"),
        ])
        self.offer.focus = 0

    def draw_board(self, surface: pygame.Surface) -> None:
        """The analysis marks on the board, or the forced line behind a teaching question."""
        view, board = self.scene.view, self.game.board
        grid = self.scene.layout.grid
        if self.verdict is not None:
            proof = self.verdict.proof
            draw_line_stones(surface, grid, view.stone_diameter, proof.attacker, proof.line, board, alpha=190)
            return
        shown = self.analysis.showing(board) if self.analysis.visible else None
        if shown is not None and not self.game.is_over and (not self.game.is_ai_turn or self.checking):
            draw_analysis_on_board(surface, grid, view.stone_diameter, shown, board)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> bool:
        """The analysis section in place of the move list; False when the panel is closed."""
        if not self.analysis.visible:
            return False
        game = self.game
        note = ""
        if game.is_over:
            note = tr("analysis.game_over")
        elif game.is_ai_turn and not self.checking:
            note = tr("analysis.computer_turn")
        shown = None if note else self.analysis.showing(game.board)
        draw_analysis_panel(surface, rect, shown, game.config.size, size, self.scene.time, note or self.analysis.note)
        return True

    def draw_offer(self, surface: pygame.Surface) -> None:
        if self.verdict is None:
            return
        card = self._offer_rect()
        veil = pygame.Surface(card.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (22, 24, 30, 236), veil.get_rect(), border_radius=12)
        pygame.draw.rect(veil, (*theme.BAD, 255), veil.get_rect(), width=2, border_radius=12)
        surface.blit(veil, card.topleft)
        pad = max(10, card.width // 30)
        size = max(14, int(card.height * 0.1))
        y = card.y + pad
        title = text.fitted(tr("teaching.title"), int(size * 1.15), theme.BAD, card.width - 2 * pad, bold=True)
        surface.blit(title, (card.x + pad, y))
        y += title.get_height() + 4
        buttons_top = min(widget.rect.top for widget in self.offer.widgets) if self.offer.widgets else card.bottom
        for line in text.wrap(verdict_text(self.verdict, self.game.config.size), size, card.width - 2 * pad):
            if y + size > buttons_top - 4:
                break
            image = text.render(line, size, theme.TEXT)
            surface.blit(image, (card.x + pad, y))
            y += image.get_height()
        self.offer.draw(surface)
