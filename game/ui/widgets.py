"""Buttons and option rows that work the same with the mouse and the keyboard.

A `FocusGroup` holds a scene's widgets in reading order: Tab / Shift+Tab (and Up / Down)
move a visible focus ring, Enter or Space activates, Left / Right change an option. Widgets
carry an `action` name instead of a callback, so a scene handles all of its actions in one
place and tests can press buttons by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import pygame

from . import layout_check, text, theme


@dataclass
class Button:
    """A push button. `label` is already translated; `action` is what the scene receives."""

    action: str
    label: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    primary: bool = False
    visible: bool = True
    hint: str = ""  # a key shortcut shown small at the right, e.g. "U"

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def draw(self, target: pygame.Surface, focused: bool, hovered: bool) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        with layout_check.inside(self.rect):
            self._draw(target, focused, hovered)

    def _draw(self, target: pygame.Surface, focused: bool, hovered: bool) -> None:
        if not self.enabled:
            colour, label_colour = theme.BUTTON_DISABLED, theme.BUTTON_TEXT_DISABLED
        elif self.primary:
            colour = theme.BUTTON_PRIMARY_HOVER if hovered else theme.BUTTON_PRIMARY
            label_colour = theme.TEXT
        else:
            colour = theme.BUTTON_HOVER if hovered else theme.BUTTON
            label_colour = theme.TEXT
        radius = max(4, self.rect.height // 4)
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(target, (14, 16, 20), shadow, border_radius=radius)
        pygame.draw.rect(target, colour, self.rect, border_radius=radius)
        if self.enabled:
            top = pygame.Rect(self.rect.x + 2, self.rect.y + 1, self.rect.width - 4, 2)
            pygame.draw.rect(target, _lighter(colour, 24), top, border_radius=1)
        size = max(12, int(self.rect.height * 0.42))
        room = self.rect.width - 20
        centre = self.rect.center
        if self.hint:
            hint = text.render(self.hint, max(10, int(size * 0.7)), theme.TEXT_DIM if self.enabled else label_colour)
            target.blit(hint, hint.get_rect(midright=(self.rect.right - 10, self.rect.centery)))
            beside = room - hint.get_width() - 8  # the room left of the key hint
            if text.fits(self.label, size, room - 2 * (hint.get_width() + 8), bold=True):
                room -= 2 * (hint.get_width() + 8)  # centred on the button, clear of the hint
            else:
                room = beside
                centre = (self.rect.x + 10 + beside // 2, self.rect.centery)
        label = text.fitted(self.label, size, label_colour, max(room, 20), bold=True)
        target.blit(label, label.get_rect(center=centre))
        if focused:
            pygame.draw.rect(target, theme.FOCUS, self.rect.inflate(8, 8), width=3, border_radius=radius + 3)


@dataclass
class OptionRow:
    """A setting with a fixed list of choices, changed with < > arrows, clicks or Left / Right."""

    action: str
    label: str
    choices: Sequence[Any]
    index: int = 0
    describe: Callable[[Any], str] = str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    visible: bool = True

    @property
    def value(self) -> Any:
        return self.choices[self.index]

    def select(self, value: Any) -> None:
        if value in self.choices:
            self.index = list(self.choices).index(value)

    def step(self, delta: int) -> Any:
        self.index = (self.index + delta) % len(self.choices)
        return self.value

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The clickable < and > areas inside the value box."""
        box = self.value_rect()
        side = box.height
        return pygame.Rect(box.x, box.y, side, side), pygame.Rect(box.right - side, box.y, side, side)

    def value_rect(self) -> pygame.Rect:
        width = int(self.rect.width * 0.5)
        return pygame.Rect(self.rect.right - width, self.rect.y, width, self.rect.height)

    def click_delta(self, pos: tuple[int, int]) -> int:
        """-1 for a click on the left half of the value box (or the < arrow), +1 otherwise."""
        box = self.value_rect()
        return -1 if pos[0] < box.centerx and box.collidepoint(pos) else 1

    def draw(self, target: pygame.Surface, focused: bool, hovered: bool) -> None:
        if not self.visible:
            return
        with layout_check.inside(self.rect):
            self._draw(target, focused, hovered)

    def _draw(self, target: pygame.Surface, focused: bool, hovered: bool) -> None:
        size = max(12, int(self.rect.height * 0.42))
        colour = theme.TEXT if self.enabled else theme.BUTTON_TEXT_DISABLED
        label = text.fitted(self.label, size, colour, int(self.rect.width * 0.48) - 12)
        target.blit(label, label.get_rect(midleft=(self.rect.x + 12, self.rect.centery)))
        box = self.value_rect()
        radius = max(4, box.height // 4)
        pygame.draw.rect(target, theme.BUTTON_HOVER if hovered else theme.BUTTON, box, border_radius=radius)
        left, right = self.arrow_rects()
        for rect, glyph in ((left, "<"), (right, ">")):
            arrow = text.render(glyph, size, theme.ACCENT if self.enabled else colour, bold=True)
            target.blit(arrow, arrow.get_rect(center=rect.center))
        value = text.fitted(self.describe(self.value), size, colour, box.width - 2 * left.width - 8, bold=True)
        target.blit(value, value.get_rect(center=box.center))
        if focused:
            pygame.draw.rect(target, theme.FOCUS, self.rect.inflate(8, 8), width=3, border_radius=radius + 3)


Widget = Button | OptionRow


def _lighter(colour: tuple[int, int, int], amount: int) -> tuple[int, int, int]:
    return tuple(min(255, c + amount) for c in colour)  # type: ignore[return-value]


@dataclass(frozen=True)
class Activation:
    """A widget was used: its action name and, for an option row, the new value."""

    action: str
    value: Any = None


class FocusGroup:
    """A scene's widgets in keyboard order, with one focus ring and mouse hover."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus: int | None = None
        self.hover: int | None = None
        self.keyboard_used = False  # the ring shows once the player starts using the keyboard

    def set_widgets(self, widgets: Sequence[Widget]) -> None:
        focused_action = self.focused.action if self.focused else None
        self.widgets = list(widgets)
        self.focus = None
        for index, widget in enumerate(self.widgets):
            if widget.action == focused_action and self._usable(widget):
                self.focus = index

    @property
    def focused(self) -> Widget | None:
        return None if self.focus is None or self.focus >= len(self.widgets) else self.widgets[self.focus]

    def find(self, action: str) -> Widget | None:
        return next((widget for widget in self.widgets if widget.action == action), None)

    @staticmethod
    def _usable(widget: Widget) -> bool:
        return widget.visible and widget.enabled

    def move_focus(self, delta: int) -> None:
        usable = [i for i, widget in enumerate(self.widgets) if self._usable(widget)]
        if not usable:
            self.focus = None
            return
        self.keyboard_used = True
        if self.focus not in usable:
            self.focus = usable[0] if delta > 0 else usable[-1]
            return
        position = usable.index(self.focus)
        self.focus = usable[(position + delta) % len(usable)]

    def handle_event(self, event: pygame.event.Event, arrows_move_focus: bool = True) -> Activation | None:
        """Update hover/focus for `event`; return an Activation when a widget was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._index_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self._index_at(event.pos)
            if index is not None:
                widget = self.widgets[index]
                if isinstance(widget, OptionRow):
                    return Activation(widget.action, widget.step(widget.click_delta(event.pos)))
                return Activation(widget.action)
        elif event.type == pygame.KEYDOWN:
            return self._handle_key(event, arrows_move_focus)
        return None

    def _handle_key(self, event: pygame.event.Event, arrows_move_focus: bool) -> Activation | None:
        key = event.key
        if key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif arrows_move_focus and key in (pygame.K_DOWN, pygame.K_UP):
            self.move_focus(1 if key == pygame.K_DOWN else -1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            widget = self.focused
            if widget is not None and self._usable(widget):
                if isinstance(widget, OptionRow):
                    return Activation(widget.action, widget.step(1))
                return Activation(widget.action)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            widget = self.focused
            if isinstance(widget, OptionRow) and self._usable(widget):
                return Activation(widget.action, widget.step(-1 if key == pygame.K_LEFT else 1))
        return None

    def _index_at(self, pos: tuple[int, int]) -> int | None:
        for index, widget in enumerate(self.widgets):
            if self._usable(widget) and widget.contains(pos):
                return index
        return None

    def draw(self, target: pygame.Surface) -> None:
        for index, widget in enumerate(self.widgets):
            focused = self.keyboard_used and index == self.focus
            widget.draw(target, focused, index == self.hover and widget.enabled)
