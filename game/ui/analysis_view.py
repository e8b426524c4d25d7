"""Drawing the engine's analysis: the evaluation bar, the best line as lettered translucent
stones, and the top candidate moves marked with their scores.

Nothing here changes state or talks to the engine; the scene hands over an `Analysis` (from
game.engine.coach.analysis) and the board geometry. Scores are shown as the mover's winning chance
in per cent, which a casual player reads more easily than engine units.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.engine import WIN_THRESHOLD, Analysis, win_chance
from game.i18n import tr
from game.records import point_to_notation
from game.rules import Board, Stone

from . import text, theme
from .layout import BoardGeometry
from .stones import stone_surface

#: Ring colours of the first, second and third candidate.
RANK_COLOURS = ((64, 196, 120), (80, 150, 230), (210, 150, 60))
#: How many moves of the best line are drawn on the board.
PV_SHOWN = 8
#: Opacity (0..255) of the best line's stones: clearly not real stones, still readable.
PV_ALPHA = 150


def percent(chance: float) -> str:
    return f"{round(100 * min(1.0, max(0.0, chance)))}%"


def forced_text(analysis: Analysis) -> str:
    """"Black forces five in 5 (VCF)" when a win is proven for the side to move, or against it
    (the opponent's after its most stubborn move); else "". A large score without a proof line
    says nothing here: it is an advantage, shown by the bar."""
    proof = analysis.win or analysis.loss
    if proof is None:
        return ""
    side = tr("colour.black") if proof.attacker is Stone.BLACK else tr("colour.white")
    return tr("analysis.forced", side=side, moves=proof.attacker_moves, kind=proof_kind_label(proof.kind))


def proof_kind_label(kind: str) -> str:
    """How a proof's kind reads in a sentence, in a player's words ("with fours"): the terms VCF and
    VCT are kept for the help screen."""
    return tr(f"coach.kind.{kind}") if kind in ("five", "vcf", "vct", "search") else kind


def candidate_label(score: int, forced: str) -> str:
    """What a candidate's mark says: "W" for a proven win (a score beyond WIN_THRESHOLD is
    one: the analysis keeps none without a proof), else the mover's chance in per cent."""
    return "W" if score > WIN_THRESHOLD else percent(win_chance(score))


def draw_eval_bar(surface: pygame.Surface, rect: pygame.Rect, black_chance: float, note: str, size: int) -> int:
    """A horizontal bar split at Black's winning chance (black part on the left), the two
    percentages inside it, and `note` (e.g. the forced win) under it. Returns the height used."""
    black_chance = min(1.0, max(0.0, black_chance))
    radius = max(3, rect.height // 3)
    pygame.draw.rect(surface, (238, 236, 228), rect, border_radius=radius)
    split = rect.x + round(rect.width * black_chance)
    if split > rect.x:
        pygame.draw.rect(surface, (24, 24, 28), (rect.x, rect.y, split - rect.x, rect.height),
                         border_top_left_radius=radius, border_bottom_left_radius=radius,
                         border_top_right_radius=radius if split >= rect.right else 0,
                         border_bottom_right_radius=radius if split >= rect.right else 0)
    pygame.draw.line(surface, theme.ACCENT, (rect.centerx, rect.y - 2), (rect.centerx, rect.bottom + 1), 1)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=radius)
    label_size = max(10, int(rect.height * 0.62))
    black_label = text.render(percent(black_chance), label_size, (236, 236, 230), bold=True)
    white_label = text.render(percent(1.0 - black_chance), label_size, (30, 30, 30), bold=True)
    if split - rect.x > black_label.get_width() + 8:
        surface.blit(black_label, black_label.get_rect(midleft=(rect.x + 6, rect.centery)))
    if rect.right - split > white_label.get_width() + 8:
        surface.blit(white_label, white_label.get_rect(midright=(rect.right - 6, rect.centery)))
    used = rect.height
    if note:
        image = text.fitted(note, size, theme.GOOD, rect.width, bold=True)
        surface.blit(image, (rect.x, rect.bottom + 4))
        used += image.get_height() + 4
    return used


def draw_candidate_list(
    surface: pygame.Surface, rect: pygame.Rect, analysis: Analysis, board_size: int, size: int
) -> int:
    """The top candidates as lines "1  h8  62%  h8 i9 j10 ...", each with its rank colour.
    Returns the height used."""
    y = rect.y
    row_h = int(size * 1.45)
    for rank, candidate in enumerate(analysis.candidates[:3]):
        if y + row_h > rect.bottom:
            break
        colour = RANK_COLOURS[rank]
        pygame.draw.circle(surface, colour, (rect.x + size // 2, y + row_h // 2), max(4, size // 2 - 1), width=2)
        number = text.render(str(rank + 1), max(9, size - 3), theme.TEXT, bold=True)
        surface.blit(number, number.get_rect(center=(rect.x + size // 2, y + row_h // 2)))
        move = text.render(point_to_notation(candidate.move, board_size), size, theme.TEXT, bold=True)
        surface.blit(move, (rect.x + size + 8, y + (row_h - move.get_height()) // 2))
        score = text.render(candidate_label(candidate.score, candidate.forced), size, colour, bold=True)
        score_x = rect.x + size + 8 + int(size * 2.6)
        surface.blit(score, (score_x, y + (row_h - score.get_height()) // 2))
        line_x = score_x + int(size * 3.0)
        line = " ".join(point_to_notation(point, board_size) for point in candidate.pv[1:6])
        if line and rect.right - line_x > size * 2:
            image = text.fitted(line, max(10, size - 2), theme.TEXT_DIM, rect.right - line_x)
            surface.blit(image, (line_x, y + (row_h - image.get_height()) // 2))
        y += row_h
    return y - rect.y


@lru_cache(maxsize=8)
def _translucent_stone(stone: Stone, diameter: int, alpha: int) -> pygame.Surface:
    ghost = stone_surface(stone, diameter).copy()
    ghost.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return ghost


def line_label(index: int) -> str:
    """The label of a line's `index`-th stone (0 first): A, B, C..., so a shown line never reads
    as the game's own move numbers; past Z, the letter again with a number (A2...)."""
    letter = chr(ord("A") + index % 26)
    return letter if index < 26 else f"{letter}{index // 26 + 1}"


def draw_line_stones(
    target: pygame.Surface,
    grid: BoardGeometry,
    diameter: int,
    first: Stone,
    line: tuple[tuple[int, int], ...],
    board: Board,
    alpha: int = PV_ALPHA,
) -> None:
    """Stones of a line (`first` moves first, then turns alternate) drawn translucent, with a
    dashed ring, and lettered A, B, C... on the empty points of `board` (a point already taken
    stops the line). The game's own stones carry plain numbers and no ring, so the two never
    read alike (issue 56: both were numbered 1, 2, 3)."""
    size = max(9, int(grid.cell * 0.42))
    stone = first
    for index, point in enumerate(line):
        if not board.in_bounds(point) or not board.is_empty(point):
            break
        centre = grid.pixel_of(point)
        image = _translucent_stone(stone, diameter, alpha)
        target.blit(image, image.get_rect(center=centre))
        colour = (255, 196, 96) if stone is Stone.BLACK else (24, 84, 190)
        _dashed_ring(target, colour, centre, diameter // 2 + 1, max(2, diameter // 14))
        label = text.render(line_label(index), size, colour, bold=True)
        target.blit(label, label.get_rect(center=centre))
        stone = stone.opponent


def _dashed_ring(target: pygame.Surface, colour: tuple[int, int, int], centre: tuple[int, int], radius: int,
                 width: int) -> None:
    """A ring of twelve dashes: the mark of a stone that is shown, not played."""
    box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    box.center = centre
    for dash in range(12):
        start = dash * math.tau / 12
        pygame.draw.arc(target, colour, box, start, start + math.tau / 24, width)


def draw_better_move(target: pygame.Surface, grid: BoardGeometry, diameter: int, stone: Stone,
                     point: tuple[int, int], colour: tuple[int, int, int]) -> None:
    """The move that would have been better: a translucent stone under a diamond outline, a
    shape no stone of the game has."""
    centre = grid.pixel_of(point)
    image = _translucent_stone(stone, diameter, 140)
    target.blit(image, image.get_rect(center=centre))
    reach = diameter // 2 + 4
    x, y = centre
    corners = [(x, y - reach), (x + reach, y), (x, y + reach), (x - reach, y)]
    pygame.draw.polygon(target, colour, corners, width=max(3, diameter // 10))


#: Below this cell size (pixels) the score tags stay off the board: there they would cover the
#: neighbouring stones and each other, and the panel's list already gives every score.
MIN_TAG_CELL = 34


def draw_candidate_marks(
    target: pygame.Surface, grid: BoardGeometry, diameter: int, analysis: Analysis, board: Board
) -> None:
    """A ring in the rank colour around each of the top 3 moves, with its score in a small tag
    at the upper right, where four points meet and a tag hides the least. On a small board
    (cell under MIN_TAG_CELL) only the rings; a tag that would overlap a better move's tag is
    left out."""
    size = max(9, int(grid.cell * 0.3))
    width = max(2, int(grid.cell * 0.08))
    tags: list[pygame.Rect] = []
    for rank in range(min(3, len(analysis.candidates))):
        candidate = analysis.candidates[rank]
        if not board.is_empty(candidate.move):
            continue
        cx, cy = grid.pixel_of(candidate.move)
        colour = RANK_COLOURS[rank]
        pygame.draw.circle(target, colour, (cx, cy), diameter // 2 + 1, width=width)
        if grid.cell < MIN_TAG_CELL:
            continue
        label = text.render(candidate_label(candidate.score, candidate.forced), size, (255, 255, 255), bold=True)
        corner = (cx + int(grid.cell * 0.5), cy - int(grid.cell * 0.5))
        box = label.get_rect(center=corner).inflate(6, 0)
        if box.collidelist(tags) >= 0:
            continue
        tags.append(box)
        pygame.draw.rect(target, colour, box, border_radius=4)
        pygame.draw.rect(target, (30, 30, 30), box, width=1, border_radius=4)
        target.blit(label, label.get_rect(center=box.center))


def draw_analysis_on_board(
    target: pygame.Surface, grid: BoardGeometry, diameter: int, analysis: Analysis, board: Board
) -> None:
    """The best line (lettered translucent stones) and the candidate marks, for `board`."""
    best = analysis.best
    if best is not None:
        draw_line_stones(target, grid, diameter, board.to_move, best.pv[:PV_SHOWN], board)
    draw_candidate_marks(target, grid, diameter, analysis, board)
