"""The coach inside the review scene: the analysis panel (key A), "Analyse game", and the
comments of an annotated record (an SGF saved by the game review, or by another editor).

Not a scene: ReviewScene owns one and forwards its hooks, so scene.py only grows by a few calls.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import pygame

from game.i18n import tr
from game.model import Game
from game.records import GameRecord
from game.rules import Board, Point
from game.ui import text, theme
from game.ui.analysis_panel import draw_analysis_panel
from game.ui.analysis_view import draw_analysis_on_board
from game.ui.board_view import BoardView
from game.ui.layout import ScreenLayout
from game.ui.move_marks import MARK_COLOURS, draw_mark_badges, mark_label
from game.ui.widgets import FocusGroup

from ..base import AppServices
from ..shared.engine_players import analysis_worker
from ..shared.live_analysis import POLL_SECONDS, LiveAnalysis


class MoveIndex(Protocol):
    """Where the review stands: the number of moves on the board (scene.ReviewPosition)."""

    @property
    def index(self) -> int: ...


class ReviewHost(Protocol):
    """What ReviewCoach needs of the review screen (ReviewScene): the record and where the review
    stands in it, the board shown, the layout to draw into, and what to hand the game review.
    A Protocol, so this module never imports the screen."""

    app: AppServices
    game: Game | None
    record: GameRecord
    back: str
    source: str
    path: str | None
    moves: list[Point]
    position: MoveIndex
    board: Board
    view: BoardView | None
    layout: ScreenLayout
    focus: FocusGroup
    time: float

    def mark_dirty(self) -> None: ...


def load_notes(path: str | Path | None) -> tuple[dict[int, str], dict[int, str]]:
    """An annotated SGF file's comments (move number -> comment; 0: the game's own comment, such
    as the review's summary) and move marks (move number -> "blunder", "tesuji", ...: see
    annotated_sgf.mark_name); ({}, {}) for anything else or an unreadable file.

    Annotations are extra: a record whose comments cannot be read still opens without them.
    """
    if not path or Path(path).suffix.lower() != ".sgf":
        return {}, {}
    from game.coach.annotated_sgf import game_comment, read_annotations  # only when a file may hold them

    try:
        sgf = Path(path).read_text(encoding="utf-8")
        annotations = read_annotations(sgf)
        summary = game_comment(sgf)
    except (OSError, UnicodeDecodeError, ValueError):
        return {}, {}
    comments: dict[int, str] = {0: summary.strip()} if summary.strip() else {}
    marks: dict[int, str] = {}
    for number, note in _items(annotations):
        comment = note if isinstance(note, str) else getattr(note, "comment", "") or ""
        if comment.strip():
            comments[number] = comment.strip()
        if getattr(note, "mark", ""):
            marks[number] = note.mark
    return comments, marks


def load_annotations(path: str | Path | None) -> dict[int, str]:
    """Move number -> comment of an annotated SGF file (see load_notes)."""
    return load_notes(path)[0]


def _items(annotations: Any) -> list[tuple[int, Any]]:
    """read_annotations' answer as (move number, note) pairs, whether it is a mapping or a list."""
    if isinstance(annotations, dict):
        return [(int(number), note) for number, note in annotations.items()]
    pairs = []
    for index, note in enumerate(annotations or (), start=1):
        pairs.append((int(getattr(note, "number", index)), note))
    return pairs


class ReviewCoach:
    def __init__(self, scene: ReviewHost, path: str | Path | None) -> None:
        self.scene = scene
        self.analysis = LiveAnalysis(lambda: analysis_worker(scene.app))
        self.comments, self.marks = load_notes(path)

    def stop(self) -> None:
        self.analysis.stop()

    def next_poll(self) -> float | None:
        """Seconds until the running analysis should be polled for snapshots (no redraw
        unless one arrives), or None while it is not running (paused, finished, closed)."""
        return POLL_SECONDS if self.analysis.running else None

    def toggle(self) -> None:
        shown = self.analysis.toggle()
        self.scene.app.notify(tr("analysis.on" if shown else "analysis.off"))

    def analyse_game(self) -> None:
        """Open the game review with analysis; its Back returns to this review."""
        scene = self.scene
        back_params = {"game": scene.game, "record": scene.record, "back": scene.back, "source": scene.source,
                       "path": scene.path, "rating": scene.rating}
        scene.app.manager.switch("coach_review", record=scene.record, back="review", back_params=back_params,
                                 source=scene.source)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was the coach's (keys A, G). Any input also wakes a paused analysis."""
        self.analysis.note_input(event)
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            if event.key == pygame.K_a:
                self.toggle()
                return True
            if event.key == pygame.K_g:
                self.analyse_game()
                return True
        return False

    def update(self, dt: float) -> None:
        button = self.scene.focus.find("analysis")
        if button is not None:
            button.primary = self.analysis.visible  # the button shows whether the panel is open
        seen = (self.analysis.latest, self.analysis.paused)
        self.analysis.update(self.scene.board)
        if (self.analysis.latest, self.analysis.paused) != seen:
            self.scene.mark_dirty()

    def comment(self) -> str:
        """The record's own comment on the move on the board ("" when it has none)."""
        return self.comments.get(self.scene.position.index, "")

    def mark(self) -> str:
        """The record's mark on the move on the board ("blunder", "tesuji", ...; "" when none)."""
        return self.marks.get(self.scene.position.index, "")

    def marks_on_board(self) -> dict[tuple[int, int], str]:
        """Point -> mark of every marked move up to the one on the board."""
        moves = self.scene.moves
        return {tuple(moves[number - 1]): mark for number, mark in self.marks.items()
                if 1 <= number <= self.scene.position.index and number <= len(moves)}

    def draw_board(self, surface: pygame.Surface) -> None:
        if self.marks and self.scene.view is not None:
            draw_mark_badges(surface, self.scene.layout.grid, self.scene.view.stone_diameter, self.marks_on_board())
        shown = self.analysis.showing(self.scene.board) if self.analysis.visible else None
        if shown is not None and self.scene.view is not None:
            draw_analysis_on_board(surface, self.scene.layout.grid, self.scene.view.stone_diameter, shown, self.scene.board)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> int:
        """The comment and the analysis section at the bottom of `rect`; returns the top used."""
        top = rect.bottom
        if self.analysis.visible:
            height = min(rect.height, int(size * 10.5))
            top = rect.bottom - height
            board = self.scene.board
            note = tr("analysis.game_over") if board.outcome() is not None or board.is_full else ""
            shown = None if note else self.analysis.showing(board)
            draw_analysis_panel(surface, pygame.Rect(rect.x, top, rect.width, height), shown, board.size, size,
                                self.scene.time, note or self.analysis.note)
        comment, mark = self.comment(), self.mark()
        if comment or mark:
            lines = [(line, theme.TEXT, False) for line in text.wrap(comment, size, rect.width - 12)] if comment else []
            if mark:  # the mark's word in its class colour, above the comment
                lines.insert(0, (mark_label(mark), MARK_COLOURS[mark], True))
            room = max(0, (top - rect.y - 12) // max(1, int(size * 1.3)))
            lines = lines[:room]
            if lines:
                height = len(lines) * int(size * 1.3) + 10
                top -= height + 6
                box = pygame.Rect(rect.x, top, rect.width, height)
                pygame.draw.rect(surface, (58, 54, 40), box, border_radius=6)
                pygame.draw.rect(surface, MARK_COLOURS[mark] if mark else theme.ACCENT, box, width=1, border_radius=6)
                y = box.y + 5
                for line, colour, bold in lines:
                    image = text.render(line, size, colour, bold)
                    surface.blit(image, (box.x + 6, y))
                    y += int(size * 1.3)
        return top
