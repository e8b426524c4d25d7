"""The puzzle screen's side panel and the hint's square on the board. Drawing only."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import tr
from game.puzzles.attempt import Attempt, Phase
from game.rules import Board, Point, Stone
from game.ui import chrome, text, theme
from game.ui.layout import BoardGeometry, ScreenLayout

from .library import GAMES, PuzzleLibrary

#: Results shown in the history strip.
HISTORY_SHOWN = 12


class PanelSource(Protocol):
    """What the side panel reads of the puzzle screen (PuzzlesScene). A Protocol, so drawing
    the panel never imports the screen."""

    attempt: Attempt | None
    library: PuzzleLibrary
    layout: ScreenLayout
    source: str
    again: bool
    change: float | None
    notice: str
    buttons_top: int


def draw_hint_area(surface: pygame.Surface, grid: BoardGeometry, area: tuple[Point, Point] | None,
                   board: Board, stone_diameter: int) -> None:
    """A translucent green square over the intersections where the move is; the stones in it
    are left clear (the veil has holes where they are), so the position stays readable."""
    if area is None:
        return
    (left, top), (right, bottom) = area
    x0, y0 = grid.pixel_of((left, top))
    x1, y1 = grid.pixel_of((right, bottom))
    half = int(grid.cell * 0.45)
    rect = pygame.Rect(x0 - half, y0 - half, x1 - x0 + 2 * half, y1 - y0 + 2 * half)
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    veil.fill((*theme.HINT, 40))
    for x in range(min(left, right), max(left, right) + 1):
        for y in range(min(top, bottom), max(top, bottom) + 1):
            if not board.is_empty((x, y)):
                cx, cy = grid.pixel_of((x, y))
                pygame.draw.circle(veil, (0, 0, 0, 0), (cx - rect.x, cy - rect.y), stone_diameter // 2 + 1)
    surface.blit(veil, rect.topleft)
    pygame.draw.rect(surface, theme.HINT, rect, width=max(2, int(grid.cell * 0.08)), border_radius=6)


def draw_played(surface: pygame.Surface, grid: BoardGeometry, board: Board, start: int, wrong: Point | None) -> None:
    """Number the stones played since the puzzle's position (1 = the player's first move), so a
    refutation or a solution can be followed; a wrong move gets a red ring."""
    size = max(9, int(grid.cell * 0.42))
    for number, move in enumerate(board.history[start:], start=1):
        colour = (240, 240, 236) if move.stone is Stone.BLACK else (24, 24, 24)
        label = text.render(str(number), size, colour, bold=True)
        surface.blit(label, label.get_rect(center=grid.pixel_of(move.point)))
    if wrong is not None and not board.is_empty(wrong):
        radius = int(grid.cell * 0.5)
        pygame.draw.circle(surface, theme.BAD, grid.pixel_of(wrong), radius, width=max(2, int(grid.cell * 0.08)))


def _side(stone: Stone) -> str:
    return tr("colour.black" if stone is Stone.BLACK else "colour.white")


def _status(scene: PanelSource) -> tuple[str, tuple[int, int, int]]:
    attempt = scene.attempt
    if attempt is None:
        return "", theme.TEXT
    if attempt.phase is Phase.PLAYING and attempt.hint_level:
        return tr("puzzles.hint_area" if attempt.hint_level == 1 else "puzzles.hint_move"), theme.HINT
    colour = {Phase.SOLVED: theme.GOOD, Phase.FAILED: theme.BAD}.get(attempt.phase, theme.TEXT)
    return tr(attempt.note, **attempt.note_values), colour


def draw_panel(surface: pygame.Surface, scene: PanelSource) -> None:
    px, py, pw, ph = scene.layout.panel_rect
    chrome.draw_panel(surface, (px, py, pw, ph))
    pad = max(12, pw // 18)
    inner = pw - 2 * pad
    x, y = px + pad, py + pad
    title_size = int(min(34, max(22, ph * 0.05)))
    body = max(14, int(title_size * 0.56))
    bottom = scene.buttons_top - pad // 2
    key_size = max(11, int(body * 0.78))
    for line in reversed(text.wrap(tr("puzzles.keys"), key_size, inner)):
        image = text.render(line, key_size, theme.TEXT_DIM)
        bottom -= image.get_height()
        surface.blit(image, (x, bottom))
    bottom -= pad // 2
    title = tr("puzzles.source.games" if scene.source == GAMES else "puzzles.title")
    image = text.fitted(title, title_size, theme.ACCENT, inner, bold=True)
    surface.blit(image, (x, y))
    y += image.get_height() + 4
    lines: list[tuple[str, int, tuple[int, int, int], bool]] = []  # text, size, colour, bold
    attempt = scene.attempt
    library = scene.library
    if attempt is None:
        if library.error:
            lines.append((tr("puzzles.unavailable", error=library.error), body, theme.BAD, False))
        elif library.making:
            lines.append((tr("puzzles.preparing", count=library.waiting), body, theme.TEXT, False))
        else:
            lines.append((tr("puzzles.none_own"), body, theme.TEXT, False))
    else:
        puzzle = attempt.puzzle
        goal = tr("puzzles.to_move", side=_side(puzzle.to_move)) + " · " + tr(f"puzzles.goal.{puzzle.goal.value}")
        lines.append((goal, int(body * 1.25), theme.TEXT, True))
        lines.append((tr(f"puzzles.goal_help.{puzzle.goal.value}"), body, theme.TEXT_DIM, False))
        info = tr("puzzles.info", theme=tr(f"puzzles.theme.{puzzle.theme}"), rule=tr(f"rule.{puzzle.rule.value}"),
                  rating=round(library.progress.puzzle_rating(puzzle.id, puzzle.rating).rating))
        lines.append((info, body, theme.TEXT_DIM, False))
        if scene.again:
            lines.append((tr("puzzles.again"), body, theme.ACCENT, False))
        status, colour = _status(scene)
        change = result_line(attempt, scene.change)
        if attempt.phase is Phase.SOLVED and attempt.result is False and change is not None:
            status, change = change, None  # solved after a hint: one sentence, not two that disagree
        lines.append(("", body // 2, theme.TEXT, False))
        lines.append((status, body, colour, True))
        if change is not None:
            lines.append((change, body, theme.TEXT_DIM, False))
        if scene.source == GAMES and library.making:
            lines.append((tr("puzzles.preparing", count=library.waiting), body, theme.TEXT_DIM, False))
    if scene.notice:
        lines.append((scene.notice, body, theme.BAD, False))
    y = _draw_lines(surface, lines, x, y, inner, bottom - _rating_height(body))
    _draw_rating(surface, scene, x, bottom - _rating_height(body), inner, body)


def result_line(attempt, change: float | None) -> str | None:
    """The rated result and the rating's change, once there is one."""
    if change is None or attempt.result is None:
        return None
    return tr(change_key(attempt), change=f"{change:+.0f}")


def change_key(attempt) -> str:
    """The text of the rating change; a hint taken mid-puzzle says why it already counts as
    failed, and a puzzle solved after one says both in one sentence."""
    if attempt.result:
        return "puzzles.change_solved"
    if attempt.phase is Phase.SOLVED and not attempt.pending:
        return "puzzles.change_solved_hinted"
    if attempt.hints_used and not attempt.finished:
        return "puzzles.change_hinted"
    return "puzzles.change_failed"


def _draw_lines(surface, lines, x: int, y: int, width: int, limit: int) -> int:
    for line, size, colour, bold in lines:
        if not line:
            y += size
            continue
        for piece in text.wrap(line, size, width, bold):
            image = text.render(piece, size, colour, bold)
            if y + image.get_height() > limit:
                return y
            surface.blit(image, (x, y))
            y += image.get_height()
        y += 3
    return y


def _rating_height(body: int) -> int:
    return 2 * (body + 6) + max(10, body // 2) + 10


def _draw_rating(surface: pygame.Surface, scene: PanelSource, x: int, y: int, width: int, body: int) -> None:
    """The player's puzzle rating, the streak, and the last results as green and red squares."""
    progress = scene.library.progress
    rating = progress.rating
    line = tr("puzzles.rating", rating=round(rating.rating), deviation=round(rating.deviation))
    image = text.fitted(line, body, theme.TEXT, width, bold=True)
    surface.blit(image, (x, y))
    y += body + 6
    streak = tr("puzzles.streak", streak=progress.streak, best=progress.best_streak)
    image = text.fitted(streak, body, theme.TEXT_DIM, width)
    surface.blit(image, (x, y))
    y += body + 8
    square = max(10, body // 2)
    recent = progress.history[-HISTORY_SHOWN:]
    for index, attempt in enumerate(recent):
        cell = pygame.Rect(x + index * (square + 4), y, square, square)
        if cell.right > x + width:
            break
        pygame.draw.rect(surface, theme.GOOD if attempt.solved else theme.BAD, cell, border_radius=3)
