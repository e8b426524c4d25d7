"""The main menu: continue, play the computer (colour and level), two players, settings, quit."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.i18n import tr
from game.rules import Board
from game.storage.engines import engine_entries
from game.rating.ladder import level_for_choice
from game.storage.settings import ADAPTIVE, AI_CHOICES, COLOURS, LADDER, LADDER_RUNGS, OPENINGS
from game.ui import chrome, text, theme
from game.ui.board_view import BoardMarks, BoardView
from game.ui.layout import BoardGeometry, ScreenLayout
from game.ui.widgets import Button, FocusGroup, OptionRow

from ..base import Scene
from ..shared.online_resume import saved_online_game
from ..shared.opening_texts import opening_rule_name
from .setup import HOT_SEAT, VS_AI, new_game

def _opponent_label(value: str, engines: dict[str, str]) -> str:
    return tr("menu.engine_opponent", name=engines[value]) if value in engines else tr(f"level.{value}")


# A short, pretty opening for the decorative board (x, y) from black's first move on.
_SHOWCASE = [(7, 7), (8, 6), (8, 8), (6, 6), (9, 9), (10, 10), (7, 9), (6, 10), (7, 8), (7, 6)]


#: Lines of notes about the opponent above the column (the rung's description, the suggestion).
_NOTE_LINES = 3


def _row_gap(row_h: int) -> int:
    return max(6, row_h // 4)


def _column_height(rows: int, row_h: int) -> int:
    return rows * row_h + (rows - 1) * _row_gap(row_h)


#: A new game over the unfinished one needs a second press within this many seconds.
CONFIRM_SECONDS = 4.0
#: Rows get no thinner than this; below it the plain buttons pair up instead.
_MIN_ROW_H = 30
#: The buttons that keep a whole row: the game starts and the choices that shape it.
_WIDE = ("continue", "play_ai")


def _column_rows(visible: list[Any], paired: bool) -> list[list[Any]]:
    """The column's rows, top to bottom. Paired, the plain buttons below the choices (two
    players, puzzles, online, watch, load, statistics, settings, quit) sit two to a row."""
    rows: list[list[Any]] = []
    for widget in visible:
        if paired and _is_plain(widget) and rows and len(rows[-1]) == 1 and _is_plain(rows[-1][0]):
            rows[-1].append(widget)
        else:
            rows.append([widget])
    return rows


def _is_plain(widget: Any) -> bool:
    return isinstance(widget, Button) and widget.action not in _WIDE


class MenuScene(Scene):
    def enter(self, **params: Any) -> None:
        self.focus = FocusGroup()
        self.saved = self.app.saves.load()
        self.online_ticket = saved_online_game(self.app)  # an unfinished online game to go back to
        self._armed, self._armed_at = "", 0.0  # a new game asked for over the unfinished one
        self.player = self.app.ratings.current()  # the player's rating: Adaptive and the suggestion read it
        self.showcase = Board(15)
        for point in _SHOWCASE:
            self.showcase.push(point)
        self.time = 0.0
        self.view: BoardView | None = None
        self.resize(self.app.screen.get_size())

    # ----------------------------------------------------------------- layout
    def _widgets(self) -> list[Any]:
        settings = self.app.settings
        colour = OptionRow("colour", tr("menu.your_colour"), COLOURS, describe=lambda c: tr(f"colour.{c}"))
        colour.select(settings.human_colour)
        engines = {entry.command: entry.label for entry in engine_entries(settings)}
        level = OptionRow("level", tr("menu.level"), AI_CHOICES + tuple(engines), describe=lambda v: _opponent_label(v, engines))
        level.select(settings.opponent_engine if settings.opponent_engine in engines else settings.ai_level)
        # the full ladder: one more row, for the rung, when "Ladder" is the level; the row's
        # label names the ladder, so the value is the bare rating ("Ladder 1550" had to
        # shrink to fit the narrowest window)
        rung = OptionRow("rung", tr("menu.rung"), LADDER_RUNGS, describe=str,
                         visible=level.value == LADDER)
        rung.select(settings.ladder_rung)
        opening = OptionRow("opening", tr("menu.opening"), OPENINGS, describe=opening_rule_name)
        opening.select(settings.opening)
        return [
            Button("continue", tr("menu.continue"), visible=self.saved is not None),
            Button("resume_online", tr("menu.resume_online", name=getattr(self.online_ticket, "host_name", "")),
                   visible=self.online_ticket is not None and self.app.manager.has_scene("online_game")),
            Button("play_ai", tr("menu.play_ai"), primary=True),
            colour,
            level,
            rung,
            opening,
            Button("hot_seat", tr("menu.hot_seat")),
            Button("puzzles", tr("menu.puzzles"), visible=self.app.manager.has_scene("puzzles")),
            Button("online", tr("menu.online"), visible=self.app.manager.has_scene("online_host")),
            Button("watch", tr("menu.watch"), visible=self.app.manager.has_scene("watch")),
            Button("load", tr("menu.load"), visible=self.app.manager.has_scene("load")),
            Button("stats", tr("menu.stats"), visible=self.app.manager.has_scene("stats")),
            Button("settings", tr("menu.settings")),
            Button("quit", tr("menu.quit")),
        ]

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        widgets = self._widgets()
        column_w = int(min(440, max(300, width * 0.36)))
        row_h = int(min(54, max(38, height * 0.062)))
        visible = [w for w in widgets if w.visible]
        # room for the level note and the rule summary above the column, the key footer below it
        top_room, bottom_room = (_NOTE_LINES + 2) * max(14, row_h // 3) + 24, max(12, height // 52) + 22
        rows = _column_rows(visible, paired=False)
        if _column_height(len(rows), _MIN_ROW_H) > height - top_room - bottom_room:
            rows = _column_rows(visible, paired=True)  # a small window: the plain buttons two abreast
        while row_h > _MIN_ROW_H and _column_height(len(rows), row_h) > height - top_room - bottom_room:
            row_h -= 1  # a small window with many rows: thinner rows rather than rows off-screen
        gap = _row_gap(row_h)
        total = _column_height(len(rows), row_h)
        x = width - column_w - int(width * 0.07)
        y = min(max(int(height * 0.22), (height - total) // 2 + int(height * 0.06)), height - total - int(height * 0.06))
        y = max(top_room, min(y, height - bottom_room - total))
        for row in rows:
            cell_w = (column_w - gap * (len(row) - 1)) // len(row)
            for index, widget in enumerate(row):
                widget.rect = pygame.Rect(x + index * (cell_w + gap), y, cell_w, row_h)
            y += row_h + gap
        self.focus.set_widgets(widgets)
        # the decorative board fills the left side under the title
        side = int(min(x - width * 0.1, height * 0.62))
        side = max(side, 120)
        board_x = int((x - side) / 2)
        board_y = int(height * 0.3)
        if board_y + side > height - 20:
            side = height - 20 - board_y
        cell = side / (14 + 2 * 0.7)
        grid = BoardGeometry(15, board_x + 0.7 * cell, board_y + 0.7 * cell, cell)
        layout = ScreenLayout(width, height, (board_x, board_y, side, side), grid, (0, 0, 0, 0))
        if self.view is None:
            self.view = BoardView(layout, show_coordinates=False)
        else:
            self.view.relayout(layout, False)
        self.title_centre = (board_x + side // 2, int(height * 0.14))

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        activation = self.focus.handle_event(event)
        if activation is not None:
            self.app.play_sound("click")
            self._activate(activation.action, activation.value)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()

    def _activate(self, action: str, value: Any) -> None:
        settings = self.app.settings
        if action == "continue" and self.saved is not None:
            self.app.manager.switch("play", game=self.saved)
        elif action == "resume_online" and self.online_ticket is not None:
            self.app.manager.switch("online_game", ticket=self.online_ticket)
        elif action in ("play_ai", "hot_seat") and not self._replacing_confirmed(action):
            return  # the unfinished game is still there: the first press asked
        elif action == "play_ai":
            self.app.manager.switch("play", game=new_game(settings, VS_AI, rating=self.player.rating))
        elif action == "hot_seat":
            self.app.manager.switch("play", game=new_game(settings, HOT_SEAT))
        elif action == "colour":
            self.app.update_settings(settings.with_changes(human_colour=value))
        elif action == "level":  # a built-in level (named, Adaptive, the ladder), or an external engine's command
            if value in AI_CHOICES:
                self.app.update_settings(settings.with_changes(ai_level=value, opponent_engine=""))
            else:
                self.app.update_settings(settings.with_changes(opponent_engine=value))
            self.resize(self.app.screen.get_size())  # the rung row comes and goes with "Ladder"
        elif action == "rung":
            self.app.update_settings(settings.with_changes(ladder_rung=value))
        elif action == "opening":
            self.app.update_settings(settings.with_changes(opening=value))
        elif action == "puzzles":
            self.app.manager.switch("puzzles")
        elif action == "online":
            self.app.manager.switch("online_host")
        elif action == "watch":
            self.app.manager.switch("watch")
        elif action == "load":
            self.app.manager.switch("load")
        elif action == "stats":
            self.app.manager.switch("stats")
        elif action == "settings":
            self.app.manager.switch("settings")
        elif action == "quit":
            self.app.quit()

    def _replacing_confirmed(self, action: str) -> bool:
        """True when no unfinished game would be lost, or on a second press of `action` within
        CONFIRM_SECONDS; the first press only says what a new game would replace."""
        if self.saved is None:
            return True
        now = time.monotonic()
        if self._armed == action and now - self._armed_at <= CONFIRM_SECONDS:
            return True
        self._armed, self._armed_at = action, now
        self.app.notify(tr("feel.unfinished"))
        return False

    def update(self, dt: float) -> None:
        self.time += dt

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        if self.view is not None:
            surface.blit(chrome.backdrop((width, height), self.view.layout.board_rect, None), (0, 0))
            last = self.showcase.last_move
            marks = BoardMarks(last_move=last.point if last else None)
            self.view.draw(surface, self.showcase, marks)
        title_size = int(min(96, max(48, height * 0.1)))
        title = text.render(tr("app.title"), title_size, theme.ACCENT, bold=True)
        surface.blit(title, title.get_rect(center=self.title_centre))
        subtitle = text.render(tr("menu.subtitle"), max(16, title_size // 3), theme.TEXT_DIM)
        surface.blit(subtitle, subtitle.get_rect(midtop=(self.title_centre[0], self.title_centre[1] + title_size // 2 + 4)))
        self._draw_column_heading(surface)
        self.focus.draw(surface)
        footer = text.render(tr("menu.footer"), max(12, height // 52), theme.TEXT_DIM)
        surface.blit(footer, footer.get_rect(bottomright=(width - 16, height - 10)))

    def _draw_column_heading(self, surface: pygame.Surface) -> None:
        first = next((w for w in self.focus.widgets if w.visible), None)
        if first is None:
            return
        settings = self.app.settings
        rule = tr(f"rule.{settings.rule}")
        summary = tr("menu.summary", rule=rule, size=settings.board_size)
        size = max(14, first.rect.height // 3)
        label = text.fitted(summary, size, theme.TEXT_DIM, first.rect.width)
        bottom = first.rect.top - 12
        surface.blit(label, label.get_rect(midbottom=(first.rect.centerx, bottom)))
        bottom -= label.get_height() + 6
        lines = [line for note in self.level_notes() for line in text.wrap(note, size, first.rect.width)]
        for line in reversed(lines[-_NOTE_LINES:]):  # drawn upwards from the summary
            image = text.fitted(line, size, theme.ACCENT, first.rect.width)
            surface.blit(image, image.get_rect(midbottom=(first.rect.centerx, bottom)))
            bottom -= image.get_height() + 2

    def level_notes(self) -> list[str]:
        """At most two lines about the opponent: what the chosen rung or Adaptive does, and the
        rung the player's rating suggests (once he has one)."""
        settings = self.app.settings
        if settings.opponent_engine:
            return []
        notes = []
        rated = not self.player.is_new
        # the suggestion is the rung Adaptive plays now, named the same way in both notes
        suggestion = level_for_choice(ADAPTIVE, settings.ladder_rung, self.player.rating) if rated else None
        if settings.ai_level == ADAPTIVE:
            notes.append(tr("feel.adaptive_plays", level=tr(f"level.{suggestion.value}"), rating=round(self.player.rating.rating))
                         if suggestion is not None else tr("menu.adaptive_new"))
        elif settings.ai_level == LADDER:
            notes.append(tr(f"ladder.desc.{settings.ladder_rung}"))
        if suggestion is not None and settings.ai_level != ADAPTIVE:
            notes.append(tr("menu.suggested", level=tr(f"level.{suggestion.value}")))
        return notes
