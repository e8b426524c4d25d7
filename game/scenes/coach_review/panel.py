"""The game review's side panel: who analysed, each player's accuracy and class counts, the
evaluation graph or the progress bar, and the move on the board explained.

Not a scene: ReviewSource draws its panel with `draw_review_panel`. Kept apart so the scene
module holds what the review does (the analysis, stepping, proofs, saving) and this one how
the results read. Drawing only: it reads the scene and changes nothing.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.coach import GameReview, MoveClass, MoveReview, describe
from game.coach.external_analyst import AnalystSpec
from game.engine import Proof
from game.i18n import current_language, tr
from game.records import GameRecord, point_to_notation
from game.rules import Point, Stone
from game.ui import text, theme
from game.ui.analysis_view import percent
from game.ui.eval_graph import CLASS_COLOURS, draw_eval_graph
from game.ui.layout import ScreenLayout
from game.ui.panel import chip_rows, draw_spinner
from game.ui.stones import stone_surface

from ..shared.names import colour_name

Colour = tuple[int, int, int]


class ReviewSource(Protocol):
    """What the panel reads of the game review screen (CoachReviewScene): the review's state and
    results, the move shown, and the proof being played out. A Protocol, so drawing the panel
    never imports the screen."""

    layout: ScreenLayout
    record: GameRecord
    source: str
    moves: list[Point]
    index: int
    review: GameReview | None
    state: str  # running | done | cancelled | failed
    error: str
    analyst: AnalystSpec | None
    proof: tuple[Proof, int] | None
    proof_shown: int
    buttons_top: int
    time: float

    @property
    def progress(self) -> tuple[int, int]: ...

    def current(self) -> MoveReview | None: ...


def draw_review_panel(surface: pygame.Surface, scene: ReviewSource) -> pygame.Rect:
    """Everything in the panel above the buttons; returns where the graph is (empty while
    there is none), so a click on it can jump to a move."""
    px, py, pw, ph = scene.layout.panel_rect
    pad = max(10, pw // 24)
    inner = pw - 2 * pad
    x, y = px + pad, py + pad
    title_size = int(min(30, max(20, ph * 0.045)))
    title = text.fitted(tr("gamereview.title"), title_size, theme.ACCENT, inner, bold=True)
    surface.blit(title, (x, y))
    y += title.get_height() + 2
    body = max(13, int(title_size * 0.56))
    if scene.source:
        image = text.fitted(scene.source, body, theme.TEXT_DIM, inner)
        surface.blit(image, (x, y))
        y += image.get_height() + 2
    for line, colour in analyst_lines(scene):
        for part in text.wrap(line, body, inner)[:3]:
            image = text.render(part, body, colour)
            surface.blit(image, (x, y))
            y += image.get_height() + 2
    y += pad // 2
    if scene.state == "done" and scene.review is not None:
        y = _draw_summary(surface, scene.review, x, y, inner, body)
        graph_h = int(min(110, max(60, ph * 0.14)))
        graph_rect = pygame.Rect(x, y, inner, graph_h)
        classes = [move.move_class.value for move in scene.review.moves]
        draw_eval_graph(surface, graph_rect, scene.review.black_chances, classes, scene.index, body)
        y += graph_h + pad // 2
    else:
        graph_rect = pygame.Rect(0, 0, 0, 0)
        y = _draw_progress(surface, scene, x, y, inner, body)
    _draw_move_details(surface, scene, pygame.Rect(x, y, inner, scene.buttons_top - y - pad // 2), body)
    return graph_rect


def analyst_lines(scene: ReviewSource) -> list[tuple[str, Colour]]:
    """Who scored the positions: shown only when an external engine was asked to."""
    if scene.analyst is None:
        return []
    review = scene.review if scene.state == "done" else None
    if review is not None and review.analyst_note:
        return [(tr("gamereview.analyst_failed", name=scene.analyst.name, error=review.analyst_note), theme.BAD)]
    name = review.analyst if review is not None and review.analyst else scene.analyst.name
    return [(tr("gamereview.analyst", name=name), theme.TEXT_DIM)]


def _draw_progress(surface: pygame.Surface, scene: ReviewSource, x: int, y: int, inner: int, body: int) -> int:
    done, total = scene.progress
    if scene.state == "running":
        message = tr("gamereview.progress", done=done, total=total)
        draw_spinner(surface, (x + inner - body // 2 - 2, y + body // 2 + 2), max(5, body // 2), scene.time)
    elif scene.state == "cancelled":
        message = tr("gamereview.cancelled")
    else:
        message = scene.error
    colour = theme.BAD if scene.state == "failed" else theme.TEXT
    for line in text.wrap(message, body, inner - body - 8)[:3]:
        image = text.render(line, body, colour)
        surface.blit(image, (x, y))
        y += image.get_height()
    y += 4
    bar = pygame.Rect(x, y, inner, max(10, body))
    pygame.draw.rect(surface, (30, 34, 40), bar, border_radius=bar.height // 2)
    filled = int(bar.width * done / max(1, total))
    if filled > 0:
        pygame.draw.rect(surface, theme.ACCENT, (bar.x, bar.y, filled, bar.height), border_radius=bar.height // 2)
    pygame.draw.rect(surface, theme.PANEL_EDGE, bar, width=1, border_radius=bar.height // 2)
    return bar.bottom + body


def _draw_summary(surface: pygame.Surface, review: GameReview, x: int, y: int, inner: int, body: int) -> int:
    icon = stone_surface(Stone.BLACK, body + 4)
    for stone in (Stone.BLACK, Stone.WHITE):
        summary = review.summaries.get(stone)
        if summary is None:
            continue
        surface.blit(stone_surface(stone, body + 4), (x, y))
        head = tr("gamereview.accuracy", side=colour_name(stone), accuracy=round(summary.accuracy))
        image = text.fitted(head, body, theme.TEXT, inner - icon.get_width() - 6, bold=True)
        surface.blit(image, (x + icon.get_width() + 6, y + (icon.get_height() - image.get_height()) // 2))
        y += max(icon.get_height(), image.get_height()) + 2
        small = max(11, body - 2)
        labels = [(CLASS_COLOURS[move_class.value],
                   text.render(f"{tr('gamereview.class.' + move_class.value)} {summary.counts.get(move_class, 0)}",
                               small, theme.TEXT_DIM)) for move_class in MoveClass]
        widths = [label.get_width() + small + 10 for _, label in labels]
        for row_number, row in enumerate(chip_rows(widths, inner)):
            cx = x
            for index in row:
                colour, label = labels[index]
                pygame.draw.circle(surface, colour, (cx + small // 2, y + label.get_height() // 2), max(3, small // 3))
                surface.blit(label, (cx + small, y))
                cx += widths[index]
            y += labels[0][1].get_height() + 1
        y += int(small * 0.5) + 3
    return y + 2


def _draw_move_details(surface: pygame.Surface, scene: ReviewSource, rect: pygame.Rect, body: int) -> None:
    """The move on the board: number, point, class, chances, what it missed or allowed."""
    y = rect.y
    if scene.index == 0:
        lines = [(tr("gamereview.start"), theme.TEXT_DIM, False)]
    else:
        point = scene.moves[scene.index - 1]
        stone = Stone.BLACK if scene.index % 2 == 1 else Stone.WHITE
        head = tr("gamereview.move", number=scene.index, side=colour_name(stone), point=point_to_notation(point, scene.record.size))
        lines = [(head, theme.TEXT, True)]
        review = scene.current()
        if review is not None:
            name = tr("gamereview.class." + review.move_class.value)
            lines.append((name, CLASS_COLOURS[review.move_class.value], True))
            lines.append((tr("gamereview.chances", before=percent(review.chance_before), after=percent(review.chance_after)),
                          theme.TEXT_DIM, False))
            # describe() reads "class — what it missed or allowed — better: x"; the class is
            # already on its own line above, so each further part gets a line of its own
            parts = describe(review, current_language()).split(" — ")[1:]
            has_better = review.move_class.is_flagged and review.best_move not in (None, review.point)
            for number, part in enumerate(parts, start=1):
                better = has_better and number == len(parts)
                lines.append((part, CLASS_COLOURS["best"] if better else theme.TEXT, False))
            if scene.proof is not None:
                proof, _ = scene.proof
                lines.append((tr("gamereview.proof_playing", shown=scene.proof_shown, total=len(proof.line)), theme.ACCENT, False))
    for message, colour, bold in lines:
        for line in text.wrap(message, body, rect.width, bold):
            if y + body > rect.bottom:
                return
            image = text.render(line, body, colour, bold)
            surface.blit(image, (rect.x, y))
            y += image.get_height()
        y += 3
