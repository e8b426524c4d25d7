"""Load: the records folder as a list; a file opens in Review (where play can go on from it).

A file that cannot be read leaves the list in place and shows the reader's message (it
names the line or move that is wrong); nothing the file holds can crash the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.i18n import tr
from game.records import RecordError
from game.storage import SavedRecord, list_records, open_record
from game.ui import chrome, text, theme
from game.ui.widgets import Button, FocusGroup

from ..base import Scene

_MOVES = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -8, pygame.K_PAGEDOWN: 8}


def visible_window(selected: int, first: int, rows: int, total: int) -> int:
    """The first row to show so that `selected` is on screen, scrolling as little as possible."""
    if total <= rows:
        return 0
    first = min(first, selected)
    first = max(first, selected - rows + 1)
    return max(0, min(first, total - rows))


class LoadScene(Scene):
    def enter(self, **params: Any) -> None:
        self.folder = self._folder()
        self.entries: list[SavedRecord] = list_records(self.folder) if self.folder is not None else []
        self.selected = 0
        self.first = 0
        self.error = ""
        self.focus = FocusGroup()
        self.resize(self.app.screen.get_size())

    def _folder(self) -> Path | None:
        folder = getattr(self.app.store, "records_dir", None)
        return Path(folder) if folder is not None else None

    # ----------------------------------------------------------------- layout
    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        panel_w = int(min(820, max(480, width * 0.7)))
        self.panel = pygame.Rect((width - panel_w) // 2, int(height * 0.05), panel_w, int(height * 0.9))
        self.row_h = int(min(46, max(32, height * 0.055)))
        self.gap = max(6, self.row_h // 6)
        self.pad = max(14, panel_w // 30)
        self.title_size = int(min(40, max(24, height * 0.05)))
        self.list_top = self.panel.y + self.pad + int(self.title_size * 1.2) + int(self.title_size * 0.9) + self.pad
        back_y = self.panel.bottom - self.pad - self.row_h
        error_room = int(self.row_h * 1.6)
        self.list_bottom = back_y - self.gap - error_room
        self.rows = max(1, (self.list_bottom - self.list_top + self.gap) // (self.row_h + self.gap))
        self.back_rect = pygame.Rect(self.panel.x + self.pad, back_y, self.panel.width - 2 * self.pad, self.row_h)
        self._rebuild()

    def _rebuild(self) -> None:
        """Buttons for the rows in view, then Back; the selected row keeps the focus."""
        self.first = visible_window(self.selected, self.first, self.rows, len(self.entries))
        buttons: list[Button] = []
        y = self.list_top
        for index in range(self.first, min(len(self.entries), self.first + self.rows)):
            entry = self.entries[index]
            stamp = entry.modified_at.strftime("%Y-%m-%d %H:%M")
            rect = pygame.Rect(self.panel.x + self.pad, y, self.panel.width - 2 * self.pad, self.row_h)
            buttons.append(Button(f"open:{index}", entry.name, rect, hint=stamp))
            y += self.row_h + self.gap
        buttons.append(Button("back", tr("common.back"), self.back_rect, hint="Esc"))
        keyboard = self.focus.keyboard_used
        self.focus.set_widgets(buttons)
        self.focus.keyboard_used = keyboard
        target = f"open:{self.selected}" if self.entries else "back"
        self.focus.focus = next(i for i, b in enumerate(buttons) if b.action == target)

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in _MOVES and self.entries:
            self.focus.keyboard_used = True
            self.select(self.selected + _MOVES[event.key])
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END) and self.entries:
            self.select(0 if event.key == pygame.K_HOME else len(self.entries) - 1)
            return
        if event.type == pygame.MOUSEWHEEL and self.entries:
            self.first = max(0, min(self.first - event.y, len(self.entries) - self.rows))
            self.selected = min(max(self.selected, self.first), self.first + self.rows - 1)
            self._rebuild()
            return
        activation = self.focus.handle_event(event, arrows_move_focus=False)
        if activation is not None:
            self.app.play_sound("click")
            self.perform(activation.action)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.perform("back")

    def select(self, index: int) -> None:
        self.selected = max(0, min(len(self.entries) - 1, index))
        self._rebuild()

    def perform(self, action: str) -> None:
        if action == "back":
            self.app.manager.switch("menu")
        elif action.startswith("open:"):
            self.selected = int(action.split(":", 1)[1])
            self.open(self.entries[self.selected])

    def open(self, entry: SavedRecord) -> bool:
        """Read `entry` and show it in Review; on failure keep the list and say why."""
        try:
            record = open_record(entry.path, self.app.settings.rule_value)
        except (RecordError, OSError) as error:
            self.error = tr("load.error", name=entry.name, error=error)
            self.app.play_sound("invalid")
            self._rebuild()
            return False
        self.error = ""
        self.app.manager.switch("review", record=record, back="load", source=entry.name, path=str(entry.path))
        return True

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        chrome.draw_background(surface)
        chrome.draw_panel(surface, self.panel)
        inner = self.panel.width - 2 * self.pad
        x, y = self.panel.x + self.pad, self.panel.y + self.pad
        title = text.fitted(tr("load.title"), self.title_size, theme.ACCENT, inner, bold=True)
        surface.blit(title, (x, y))
        y += int(self.title_size * 1.2)
        folder = tr("load.folder", path=self.folder if self.folder is not None else "—")
        image = text.fitted(folder, max(12, int(self.title_size * 0.45)), theme.TEXT_DIM, inner)
        surface.blit(image, (x, y))
        if not self.entries:
            body = max(14, int(self.title_size * 0.5))
            y = self.list_top
            for line in text.wrap(tr("load.empty"), body, inner):
                image = text.render(line, body, theme.TEXT)
                surface.blit(image, (x, y))
                y += image.get_height() + 2
        elif len(self.entries) > self.rows:
            shown = tr("load.range", first=self.first + 1, last=min(len(self.entries), self.first + self.rows),
                       total=len(self.entries))
            image = text.render(shown, max(12, int(self.title_size * 0.4)), theme.TEXT_DIM)
            surface.blit(image, image.get_rect(topright=(self.panel.right - self.pad, self.panel.y + self.pad)))
        if self.error:
            size = max(13, int(self.title_size * 0.42))
            y = self.list_bottom + self.gap
            for line in text.wrap(self.error, size, inner)[:2]:
                image = text.render(line, size, theme.BAD)
                surface.blit(image, (x, y))
                y += image.get_height()
        self.focus.draw(surface)
