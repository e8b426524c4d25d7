"""Settings: rule set, board size, take-backs, display options, sound and language.

Every change is saved at once (no Apply button to forget); Esc or Back returns to the menu.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import tr
from game.storage.settings import BOARD_SIZES, CLOCK_MINUTES, LANGUAGES, MAX_UNDO_CHOICE, NAMED_OPENING_CHOICES, OPENINGS
from game.ui import chrome, text, theme
from game.ui.widgets import Button, FocusGroup, OptionRow

from ..base import Scene
from ..shared.opening_texts import named_opening_label, opening_rule_name

RULES = ("freestyle", "standard", "renju")
UNDO_CHOICES: tuple[int | None, ...] = tuple(range(MAX_UNDO_CHOICE + 1)) + (None,)
CLOCK_CHOICES: tuple[int | None, ...] = (None, *CLOCK_MINUTES)
VOLUMES = tuple(round(step / 10, 1) for step in range(11))
ON_OFF = (True, False)


def _on_off(value: bool) -> str:
    return tr("common.on") if value else tr("common.off")


def _undos(value: int | None) -> str:
    return tr("common.unlimited") if value is None else str(value)


def _clock(minutes: int | None) -> str:
    return tr("settings.no_clock") if minutes is None else tr("settings.minutes", minutes=minutes)


def _language(code: str) -> str:
    return tr(f"language.{code or 'system'}")


def _gap(row_h: int) -> int:
    return max(4, row_h // 6)


class SettingsScene(Scene):
    # (setting field, label key, choices, how a choice reads)
    ROWS: tuple[tuple[str, str, tuple[Any, ...], Any], ...] = (
        ("rule", "settings.rule", RULES, lambda v: tr(f"rule.{v}")),
        ("opening", "settings.opening", OPENINGS, opening_rule_name),
        ("named_opening", "settings.named_opening", NAMED_OPENING_CHOICES, named_opening_label),
        ("board_size", "settings.board_size", BOARD_SIZES, lambda v: f"{v} × {v}"),
        ("undo_limit", "settings.undo_limit", UNDO_CHOICES, _undos),
        ("clock_minutes", "settings.clock", CLOCK_CHOICES, _clock),
        ("forbidden_loses", "settings.forbidden", ON_OFF, lambda v: tr("settings.forbidden_loses" if v else "settings.forbidden_refused")),
        ("show_move_numbers", "settings.move_numbers", ON_OFF, _on_off),
        ("show_coordinates", "settings.coordinates", ON_OFF, _on_off),
        ("sound_volume", "settings.volume", VOLUMES, lambda v: f"{round(v * 100)}%"),
        ("muted", "settings.mute", ON_OFF, _on_off),
        ("language", "settings.language", LANGUAGES, _language),
        ("fullscreen", "settings.fullscreen", ON_OFF, _on_off),
        ("teaching_mode", "settings.teaching", ON_OFF, _on_off),
    )

    #: The rows are shown a page at a time, so each reads at a comfortable size (issue 56).
    PAGES: dict[str, tuple[str, ...]] = {
        "rules": ("rule", "opening", "named_opening", "board_size", "forbidden_loses"),
        "game": ("undo_limit", "clock_minutes", "teaching_mode"),
        "display": ("show_move_numbers", "show_coordinates", "sound_volume", "muted", "language", "fullscreen"),
    }
    #: Rows that only mean something under renju: hidden under the other rules.
    RENJU_ONLY = ("named_opening", "forbidden_loses")

    def enter(self, **params: Any) -> None:
        self.focus = FocusGroup()
        self.page = params["page"] if params.get("page") in self.PAGES else next(iter(self.PAGES))
        self.resize(self.app.screen.get_size())

    def _shown(self, field_name: str) -> bool:
        if field_name not in self.PAGES[self.page]:
            return False
        return self.app.settings.rule == "renju" or field_name not in self.RENJU_ONLY

    def _widgets(self) -> list[Any]:
        settings = self.app.settings
        rows: list[Any] = [
            Button(f"page_{page}", tr(f"settings.page_{page}"), primary=page == self.page) for page in self.PAGES
        ]
        for field_name, label_key, choices, describe in self.ROWS:
            row = OptionRow(field_name, tr(label_key), choices, describe=describe, visible=self._shown(field_name))
            row.select(getattr(settings, field_name))
            rows.append(row)
        rows.append(Button("engines", tr("settings.engines"), visible=self.app.manager.has_scene("engines")))
        rows.append(Button("back", tr("common.back"), hint="Esc"))
        return rows

    def note(self) -> str:
        """The footnote under the card: what teaching mode does on its page, else when changes apply."""
        return tr("settings.teaching_note") if self.page == "game" else tr("settings.note")

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        widgets = self._widgets()
        tabs = widgets[: len(self.PAGES)]
        options = [widget for widget in widgets[len(self.PAGES):] if isinstance(widget, OptionRow) and widget.visible]
        buttons = [widget for widget in widgets[len(self.PAGES):] if isinstance(widget, Button) and widget.visible]
        top = int(height * 0.15)
        self.note_size = theme.TYPE_SCALE["small"] if height < 900 else theme.TYPE_SCALE["body"]
        # below the last row: the card's padding, then two lines of footnote under the card, then a margin
        room = height - top - (28 + 8 + int(self.note_size * 3.2) + 6)
        # the page tabs, the options, the buttons side by side; rows as tall on every page (the
        # longest page's), so the type does not change size from page to page
        longest = max(sum(1 for name in names if self.app.settings.rule == "renju" or name not in self.RENJU_ONLY)
                      for names in self.PAGES.values())
        rows = 2 + longest
        row_h = 52
        while row_h > 28 and rows * (row_h + _gap(row_h)) + 4 * _gap(row_h) > room:
            row_h -= 1
        gap = _gap(row_h)
        column_w = int(min(680, width * 0.8))
        x = (width - column_w) // 2
        y = top
        tab_w = (column_w - 2 * gap * (len(tabs) - 1)) // len(tabs)
        for index, tab in enumerate(tabs):
            tab.rect = pygame.Rect(x + index * (tab_w + 2 * gap), y, tab_w, row_h)
        y += row_h + 2 * gap
        for widget in options:
            widget.rect = pygame.Rect(x, y, column_w, row_h)
            y += row_h + gap
        y += gap
        shown = len(buttons)
        button_w = (column_w - (shown - 1) * 2 * gap) // max(1, shown)
        for index, widget in enumerate(buttons):
            widget.rect = pygame.Rect(x + index * (button_w + 2 * gap), y, button_w, row_h)
        y += row_h + gap
        self.card = pygame.Rect(x - 24, top - 20, column_w + 48, y - top + 28)
        self.focus.set_widgets(widgets)

    def handle_event(self, event: pygame.event.Event) -> None:
        activation = self.focus.handle_event(event)
        if activation is not None:
            if activation.action.startswith("page_"):
                self.app.play_sound("click")
                self.page = activation.action.removeprefix("page_")
                self.resize(self.app.screen.get_size())
                return
            if activation.action == "engines":
                self.app.play_sound("click")
                self.app.manager.switch("engines")
                return
            if activation.action == "back":
                self.app.play_sound("click")
                self.app.manager.switch("menu")
                return
            self.app.update_settings(self.app.settings.with_changes(**{activation.action: activation.value}))
            self.app.play_sound("click")
            if activation.action in ("language", "rule"):
                self.resize(self.app.screen.get_size())  # every label changes
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.switch("menu")

    def draw(self, surface: pygame.Surface) -> None:
        chrome.draw_background(surface)
        width, height = surface.get_size()
        chrome.draw_panel(surface, self.card)
        title = text.render(tr("settings.title"), int(min(56, max(30, height * 0.06))), theme.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midbottom=(width // 2, self.card.top - 10)))
        self.focus.draw(surface)
        y = self.card.bottom + 8
        for line in text.wrap(self.note(), self.note_size, min(width - 32, self.card.width))[:2]:
            image = text.render(line, self.note_size, theme.TEXT_DIM)
            surface.blit(image, image.get_rect(midtop=(width // 2, y)))
            y += int(self.note_size * 1.5)
