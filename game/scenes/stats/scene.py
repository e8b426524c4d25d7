"""Statistics: games, wins, losses and draws against the computer, per level and rule."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import tr
from game.storage import Statistics, Tally
from game.storage.settings import LEVELS
from game.storage.stats import engine_name, online_name
from game.ui.rating_graph import draw_rating_graph
from game.ui import chrome, text, theme
from game.ui.widgets import Button, FocusGroup

from ..base import Scene

_RULE_ORDER = ("freestyle", "standard", "renju")


def table_rows(stats: Statistics) -> list[tuple[str, str, Tally]]:
    """(level, rule, tally) for every pair played, easiest level first, then the total."""
    def order(row: tuple[str, str, Tally]) -> tuple[int, int, str, str]:
        level, rule, _ = row
        # the named levels, then the ladder's rungs by rating, then engines and unknown levels
        if level in LEVELS:
            level_rank = LEVELS.index(level)
        else:
            level_rank = len(LEVELS) + (int(level) if level.isdigit() else 100_000)
        rule_rank = _RULE_ORDER.index(rule) if rule in _RULE_ORDER else len(_RULE_ORDER)
        return level_rank, rule_rank, level, rule

    return sorted(stats.summary(), key=order)


def _label(prefix: str, value: str) -> str:
    engine = engine_name(value) if prefix == "level" else None
    if engine is not None:
        return tr("stats.engine", name=engine)
    friend = online_name(value) if prefix == "level" else None
    if friend is not None:
        return tr("stats.online", name=friend)
    key = f"{prefix}.{value}"
    try:
        return tr(key)
    except KeyError:  # a level or rule from a newer version: show it as stored
        return value


class StatsScene(Scene):
    def enter(self, **params: Any) -> None:
        try:
            self.stats = self.app.store.load_stats()
        except (OSError, ValueError, AttributeError):
            self.stats = Statistics()
        if not isinstance(self.stats, Statistics):  # a memory store keeps no statistics
            self.stats = Statistics()
        self.rows = table_rows(self.stats)
        self.player = self.app.ratings.current()
        self.focus = FocusGroup()
        self.resize(self.app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        panel_w = int(min(860, max(560, width * 0.75)))
        self.panel = pygame.Rect((width - panel_w) // 2, int(height * 0.06), panel_w, int(height * 0.88))
        self.pad = max(14, panel_w // 30)
        self.title_size = int(min(40, max(24, height * 0.05)))
        row_h = int(min(46, max(32, height * 0.055)))
        back = pygame.Rect(self.panel.x + self.pad, self.panel.bottom - self.pad - row_h, panel_w - 2 * self.pad, row_h)
        # the player's rating and its graph sit between the table and Back
        rating_h = int(self.panel.height * (0.3 if not self.player.is_new else 0.14))
        self.rating_rect = pygame.Rect(back.x, back.top - self.pad - rating_h, back.width, rating_h)
        self.table_bottom = self.rating_rect.top - self.pad // 2
        self.focus.set_widgets([Button("back", tr("common.back"), back, hint="Esc")])
        self.focus.focus = 0

    def handle_event(self, event: pygame.event.Event) -> None:
        activation = self.focus.handle_event(event)
        if activation is not None or (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE)):
            if activation is not None:
                self.app.play_sound("click")
            self.app.manager.switch("menu")

    def draw(self, surface: pygame.Surface) -> None:
        chrome.draw_background(surface)
        chrome.draw_panel(surface, self.panel)
        inner = self.panel.width - 2 * self.pad
        x, y = self.panel.x + self.pad, self.panel.y + self.pad
        title = text.fitted(tr("stats.title"), self.title_size, theme.ACCENT, inner, bold=True)
        surface.blit(title, (x, y))
        y += int(self.title_size * 1.5)
        body = max(14, int(self.title_size * 0.5))
        self._draw_rating(surface, body)
        if not self.rows:
            for line in text.wrap(tr("stats.empty"), body, inner):
                image = text.render(line, body, theme.TEXT)
                surface.blit(image, (x, y))
                y += image.get_height() + 2
            self.focus.draw(surface)
            return
        # two text columns (level, rule) and five number columns
        widths = [0.22, 0.18, 0.11, 0.11, 0.11, 0.11, 0.16]  # "Win rate" is the widest header
        lefts = [x + int(inner * sum(widths[:i])) for i in range(len(widths))]
        header = [tr("stats.level"), tr("stats.rule"), tr("stats.games"), tr("stats.wins"),
                  tr("stats.losses"), tr("stats.draws"), tr("stats.win_rate")]
        y = self._draw_row(surface, header, lefts, widths, inner, y, body, theme.TEXT_DIM, bold=True)
        total = self.stats.total()
        rows = [[_label("level", level), _label("rule", rule), *self._numbers(tally)] for level, rule, tally in self.rows]
        rows.append([tr("stats.total"), "", *self._numbers(total)])
        for index, cells in enumerate(rows):
            if y + body * 2 > self.table_bottom and index < len(rows) - 1:
                continue  # keep the total visible on a small window
            is_total = index == len(rows) - 1
            if is_total:
                pygame.draw.line(surface, theme.PANEL_EDGE, (x, y + 2), (x + inner, y + 2))
                y += 6
            y = self._draw_row(surface, cells, lefts, widths, inner, y, body, theme.TEXT, bold=is_total)
        if total.teaching:  # coach: games played with teaching mode's free retries
            note = text.fitted(tr("stats.teaching", count=total.teaching), max(12, body - 2), theme.TEXT_DIM, inner)
            surface.blit(note, (x, y + 8))
        self.focus.draw(surface)

    @staticmethod
    def _numbers(tally: Tally) -> list[str]:
        rate = f"{round(tally.win_rate * 100)}%" if tally.games else "—"
        return [str(tally.games), str(tally.wins), str(tally.losses), str(tally.draws), rate]

    @staticmethod
    def _draw_row(surface, cells, lefts, widths, inner, y, size, colour, bold=False) -> int:
        height = 0
        for column, cell in enumerate(cells):
            width = int(inner * widths[column]) - 8
            image = text.fitted(cell, size, colour, max(width, 10), bold)
            if column < 2:
                surface.blit(image, (lefts[column], y))
            else:
                surface.blit(image, image.get_rect(topright=(lefts[column] + width, y)))
            height = max(height, image.get_height())
        return y + height + 8

    def _draw_rating(self, surface: pygame.Surface, size: int) -> None:
        """The player's rating with its uncertainty (one deviation, as the graph's band), how many
        rated games, and the graph of the rating after each; or how to get a rating."""
        area = self.rating_rect
        player = self.player
        if player.is_new:
            y = area.y
            for line in text.wrap(tr("stats.rating_none"), max(12, size - 2), area.width):
                image = text.render(line, max(12, size - 2), theme.TEXT_DIM)
                surface.blit(image, (area.x, y))
                y += image.get_height() + 2
            return
        rating = player.rating
        headline = text.fitted(tr("stats.rating", rating=round(rating.rating), deviation=round(rating.deviation)),
                               size, theme.ACCENT, area.width // 2, bold=True)
        surface.blit(headline, (area.x, area.y))
        count = text.fitted(tr("stats.rating_games", count=player.games), max(12, size - 2), theme.TEXT_DIM, area.width // 2 - 8)
        surface.blit(count, count.get_rect(topright=(area.right, area.y)))
        caption_size = max(11, size - 4)
        caption = text.fitted(tr("stats.rating_graph"), caption_size, theme.TEXT_DIM, area.width)
        top = area.y + headline.get_height() + 4
        surface.blit(caption, (area.x, top))
        top += caption.get_height() + 2
        graph = pygame.Rect(area.x, top, area.width, max(20, area.bottom - top))
        draw_rating_graph(surface, graph, [g.rating for g in player.history], [g.deviation for g in player.history],
                          caption_size)
