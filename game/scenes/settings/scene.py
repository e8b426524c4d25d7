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


def _column_height(widgets: list[Any], row_h: int) -> int:
    """Pixels from the first row's top to below the Back button, as resize lays them out."""
    gap = _gap(row_h)
    buttons = sum(isinstance(widget, Button) for widget in widgets)
    return len(widgets) * (row_h + gap) + buttons * 2 * gap


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

    def enter(self, **params: Any) -> None:
        self.focus = FocusGroup()
        self.resize(self.app.screen.get_size())

    def _widgets(self) -> list[Any]:
        settings = self.app.settings
        rows: list[Any] = []
        for field_name, label_key, choices, describe in self.ROWS:
            row = OptionRow(field_name, tr(label_key), choices, describe=describe)
            row.select(getattr(settings, field_name))
            rows.append(row)
        rows.append(Button("engines", tr("settings.engines"), visible=self.app.manager.has_scene("engines")))
        rows.append(Button("back", tr("common.back"), primary=True, hint="Esc"))
        return rows

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        widgets = self._widgets()
        top = int(height * 0.17)
        self.note_size = max(12, height // 55)
        # below the last row: the card's padding, then the footnote under the card, then a margin
        room = height - top - (28 + 8 + int(self.note_size * 1.6) + 6)
        options = [widget for widget in widgets if not isinstance(widget, Button)]
        buttons = [widget for widget in widgets if isinstance(widget, Button) and widget.visible]
        row_h = 48
        while row_h > 30 and _column_height(widgets, row_h) > room:
            row_h -= 1
        if _column_height(widgets, row_h) <= room:
            self._one_column(options, buttons, width, top, row_h)
        else:  # a short window: the options side by side in two columns, the buttons below
            half = (len(options) + 1) // 2
            while row_h > 26 and half * (row_h + _gap(row_h)) + 3 * _gap(row_h) + row_h > room:
                row_h -= 1
            self._two_columns(options[:half], options[half:], buttons, width, top, row_h)
        self.focus.set_widgets(widgets)

    def _one_column(self, options: list[Any], buttons: list[Any], width: int, top: int, row_h: int) -> None:
        gap = _gap(row_h)
        column_w = int(min(640, width * 0.7))
        x = (width - column_w) // 2
        y = top
        for widget in options:
            widget.rect = pygame.Rect(x, y, column_w, row_h)
            y += row_h + gap
        for widget in buttons:
            y += gap * 2
            widget.rect = pygame.Rect(x + column_w // 4, y, column_w // 2, row_h)
            y += row_h + gap
        self.card = pygame.Rect(x - 24, top - 20, column_w + 48, y - top + 28)

    def _two_columns(self, left: list[Any], right: list[Any], buttons: list[Any], width: int, top: int, row_h: int) -> None:
        gap, between = _gap(row_h), 24
        total_w = int(min(1180, width - 64))
        column_w = (total_w - between) // 2
        x = (width - total_w) // 2
        for column, widgets in enumerate((left, right)):
            for index, widget in enumerate(widgets):
                widget.rect = pygame.Rect(x + column * (column_w + between), top + index * (row_h + gap), column_w, row_h)
        y = top + len(left) * (row_h + gap) + 2 * gap
        button_w = min(column_w, 320)
        start = (width - (len(buttons) * button_w + (len(buttons) - 1) * between)) // 2
        for index, widget in enumerate(buttons):
            widget.rect = pygame.Rect(start + index * (button_w + between), y, button_w, row_h)
        y += row_h + gap
        self.card = pygame.Rect(x - 24, top - 20, total_w + 48, y - top + 28)

    def handle_event(self, event: pygame.event.Event) -> None:
        activation = self.focus.handle_event(event)
        if activation is not None:
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
            if activation.action == "language":
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
        note = text.fitted(tr("settings.note"), self.note_size, theme.TEXT_DIM, width - 32)
        surface.blit(note, note.get_rect(midtop=(width // 2, self.card.bottom + 8)))
