"""The side panel of a game: the rule heading, both players' cards, moves and time, the status
line, and the move list (or the analysis panel) with the opening prompt and the buttons.

Not a scene: the play scene draws its panel with `draw_play_panel`. Kept apart so scene.py
holds what the player does, and this module how the game reads at a glance. Drawing only: it
reads the scene and changes nothing.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.engine import Purpose
from game.i18n import tr
from game.model import Game
from game.records import point_to_notation
from game.rules import Point, Stone
from game.rules.opening import Choice
from game.ui import text, theme
from game.ui.layout import ScreenLayout
from game.ui.opening_prompt import draw_prompt
from game.ui.panel import draw_move_list, draw_player_card, draw_spinner, format_duration, spinner_phase
from game.ui.widgets import FocusGroup

from ..shared.names import colour_name, player_name, undos_text
from ..shared.opening_texts import decision_text, opening_heading, thinking_text
from .coach import PlayCoach
from .engine_jobs import EngineJobs

Colour = tuple[int, int, int]


class PanelSource(Protocol):
    """What the side panel reads of the play screen (PlayScene). A Protocol, so drawing the
    panel never imports the screen."""

    game: Game
    jobs: EngineJobs
    coach: PlayCoach
    layout: ScreenLayout
    focus: FocusGroup
    time: float
    status: str
    status_left: float
    cursor: Point
    show_cursor: bool
    buttons_top: int
    prompt_cards: dict[bool, pygame.Rect]
    prompt_text_size: int

    def acting_colour(self) -> Stone: ...

    def human_choice_due(self) -> bool: ...


def draw_play_panel(surface: pygame.Surface, scene: PanelSource) -> None:
    game = scene.game
    px, py, pw, ph = scene.layout.panel_rect
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
        active = not game.is_over and scene.acting_colour() is stone
        badge = tr("play.to_move") if active else ""
        rect = pygame.Rect(px + pad, y, inner_w, card_h)
        glow = spinner_phase(scene.time) if active and scene.jobs.thinking else None  # redrawn at the spinner's steps
        draw_player_card(surface, rect, stone, player_name(game, stone), details, active, badge, glow)
        y += card_h + pad // 2
    card = scene.prompt_cards[Choice.PLACE_TWO in game.opening_options] if scene.human_choice_due() else None
    room = card.top if card is not None else scene.buttons_top  # the opening card must not hide text
    info_size = max(13, int(heading_size * 0.8))
    info = tr("play.moves_and_time", moves=game.move_count, time=format_duration(game.duration))
    info_img = text.fitted(info, info_size, theme.TEXT_DIM, inner_w)
    if y + pad // 2 + info_img.get_height() <= room:
        surface.blit(info_img, (px + pad, y + pad // 2))
    y += info_img.get_height() + pad
    status_h = int(info_size * 1.4) * 3
    if card is None or y + int(info_size * 1.4) <= card.top:
        status_h = min(status_h, room - y) if card is not None else status_h
        _draw_status(surface, scene, pygame.Rect(px + pad, y, inner_w, status_h), info_size)
    y += status_h + pad // 2
    size = game.config.size
    moves = [(move.stone, point_to_notation(move.point, size)) for move in game.board.history]
    fallback = scene.focus.find("fallback")
    list_bottom = fallback.rect.top if fallback is not None and fallback.visible else scene.buttons_top
    if card is not None:
        list_bottom = card.top
        draw_prompt(surface, card, tr("opening.decision"), decision_text(game), scene.prompt_text_size, (scene.time * 0.8) % 1.0)
    list_rect = pygame.Rect(px + pad, y, inner_w, list_bottom - y - pad)
    if not scene.coach.draw_panel(surface, list_rect, max(12, int(info_size * 0.85))):
        draw_move_list(surface, list_rect, moves, max(12, int(info_size * 0.85)))
    scene.focus.draw(surface)


def status_line(scene: PanelSource) -> tuple[str, Colour]:
    """What the status line says, and in which colour: a fresh message first, then an engine
    error, then whoever is thinking or must decide, then whose turn it is."""
    game, jobs = scene.game, scene.jobs
    if scene.status_left > 0 and scene.status:
        return scene.status, theme.TEXT
    if jobs.error:
        return jobs.error, theme.BAD
    if jobs.thinking and jobs.purpose is Purpose.OPENING:
        return thinking_text(game), theme.ACCENT
    if jobs.thinking:
        return tr("status.thinking", name=player_name(game, game.to_move)), theme.ACCENT
    if jobs.opening_queue:
        return thinking_text(game), theme.ACCENT
    if game.opening_actor is not None:  # a colour question is asked by the card itself
        return ("" if scene.human_choice_due() else decision_text(game)), theme.ACCENT
    if jobs.job is not None:
        return tr("status.hint_thinking"), theme.ACCENT
    if game.config.is_vs_ai:
        return tr("status.your_turn"), theme.TEXT
    return tr("status.side_to_move", side=colour_name(game.to_move)), theme.TEXT


def _draw_status(surface: pygame.Surface, scene: PanelSource, rect: pygame.Rect, size: int) -> None:
    message, colour = status_line(scene)
    left = rect.x
    if scene.jobs.job is not None:
        radius = max(6, size // 2)
        draw_spinner(surface, (rect.x + radius + 2, rect.y + size // 2 + 4), radius, scene.time)
        left += 2 * radius + 12
    y = rect.y
    for line in text.wrap(message, size, rect.right - left)[:3]:
        image = text.render(line, size, colour)
        surface.blit(image, (left, y))
        y += image.get_height()
    if scene.show_cursor and not scene.game.is_over:
        where = tr("play.cursor_at", point=point_to_notation(scene.cursor, scene.game.config.size))
        image = text.render(where, max(12, size - 2), theme.TEXT_DIM)
        surface.blit(image, (rect.x, y + 4))
