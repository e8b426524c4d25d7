"""Settings → Engines: the player's Gomocup brains (pbrain-*), added by path, tested, and
chosen for hints; their move time.

An engine is added by typing or pasting its path (Ctrl+V) and pressing Enter or Add; it is
tested at once with a short conversation (START, ABOUT, BEGIN, TURN, END) in a thread, and
its ABOUT name and the outcome are kept in the settings file. A program that has gone
missing stays in the list, marked, so the player sees what happened.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pygame

from game.i18n import tr
from game.protocol.brain_process import split_command
from game.protocol.engine_check import EngineCheck, check_engine
from game.storage.engines import ENGINE_MOVE_TIMES, MAX_ENGINES, WORKS, EngineEntry, engine_entries, with_entries
from game.ui import chrome, text, theme
from game.ui.text_field import TextField, clipboard_text
from game.ui.widgets import Button, FocusGroup, OptionRow

from ..base import Scene


def _gap(row_h: int) -> int:
    return max(5, row_h // 5)


def _column_height(entries: int, row_h: int) -> int:
    """Pixels from the first entry to below Back, as resize lays them out."""
    gap = _gap(row_h)
    return entries * (int(row_h * 1.75) + gap) + gap + (row_h + gap) + int(row_h * 1.2) + gap + row_h + 2 * gap + row_h


def _seconds(ms: int) -> str:
    return tr("engines.seconds", seconds=f"{ms / 1000:g}")


class EnginesScene(Scene):
    def animating(self) -> bool:
        """Every frame while a test runs (its result must show at once)."""
        return bool(self.tests)

    def next_change(self) -> float | None:
        """The caret blinks while the path field has the keys."""
        return 0.5 if self.takes_text else None

    def enter(self, **params: Any) -> None:
        self.focus = FocusGroup()
        self.field = TextField("path", tr("engines.path_hint"))
        self.message = ""
        self.message_colour = theme.TEXT_DIM
        self.time = 0.0
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="engine-test")
        self.tests: dict[str, Future[EngineCheck]] = {}
        self.resize(self.app.screen.get_size())
        self._focus_field()

    def exit(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)  # a running test ends its brain itself

    @property
    def takes_text(self) -> bool:
        """While the path field has the focus, letters type (the app keeps M for the field)."""
        return self.focus.focused is self.field

    @property
    def entries(self) -> list[EngineEntry]:
        return engine_entries(self.app.settings)

    # ----------------------------------------------------------------- layout
    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        self.card_w = int(min(920, width * 0.88))
        x = (width - self.card_w) // 2
        top = int(height * 0.13)
        self.note_size = max(12, height // 58)
        rows = max(1, len(self.entries))
        # the largest rows that fit: entries, the path row, the message, move time, Back, footnote
        row_h = 44
        while row_h > 24 and top + _column_height(rows, row_h) + 40 + int(self.note_size * 1.6) > height:
            row_h -= 1
        gap = _gap(row_h)
        entry_h = int(row_h * 1.75)
        widgets: list[Any] = []
        self.rows: list[tuple[EngineEntry, pygame.Rect]] = []
        y = top
        button_w = int(min(110, self.card_w * 0.12))
        hint_engine = self.app.settings.hint_engine
        analysis_engine = self.app.settings.analysis_engine
        for index, entry in enumerate(self.entries):
            rect = pygame.Rect(x, y, self.card_w, entry_h)
            self.rows.append((entry, rect))
            bx = rect.right - 4 * (button_w + gap)
            by = rect.centery - row_h // 2
            hints = tr("engines.hints_on") if entry.command == hint_engine else tr("engines.hints")
            analyst = tr("engines.analyst_on") if entry.command == analysis_engine else tr("engines.analyst")
            widgets += [
                Button(f"test:{index}", tr("engines.test"), pygame.Rect(bx, by, button_w, row_h),
                       enabled=entry.command not in self.tests),
                Button(f"hints:{index}", hints, pygame.Rect(bx + button_w + gap, by, button_w, row_h),
                       primary=entry.command == hint_engine),
                Button(f"analyst:{index}", analyst, pygame.Rect(bx + 2 * (button_w + gap), by, button_w, row_h),
                       primary=entry.command == analysis_engine),
                Button(f"remove:{index}", tr("engines.remove"), pygame.Rect(bx + 3 * (button_w + gap), by, button_w, row_h)),
            ]
            y += entry_h + gap
        if not self.rows:
            self.empty_rect = pygame.Rect(x, y, self.card_w, entry_h)
            y += entry_h + gap
        y += gap
        small_w = int(min(120, self.card_w * 0.14))
        self.field.rect = pygame.Rect(x, y, self.card_w - 2 * (small_w + gap), row_h)
        self.field.enabled = len(self.rows) < MAX_ENGINES
        widgets.append(self.field)
        widgets.append(Button("paste", tr("engines.paste"), pygame.Rect(self.field.rect.right + gap, y, small_w, row_h)))
        widgets.append(Button("add", tr("engines.add"), pygame.Rect(self.field.rect.right + 2 * gap + small_w, y, small_w, row_h),
                              primary=True, enabled=self.field.enabled))
        y += row_h + gap
        self.message_y = y
        self.message_size = max(12, int(row_h * 0.42))
        y += int(row_h * 1.2) + gap
        move_time = OptionRow("engine_move_ms", tr("engines.move_time"), ENGINE_MOVE_TIMES, describe=_seconds)
        move_time.select(self.app.settings.engine_move_ms)
        move_time.rect = pygame.Rect(x, y, self.card_w, row_h)
        widgets.append(move_time)
        y += row_h + 2 * gap
        widgets.append(Button("back", tr("common.back"), pygame.Rect(x + self.card_w // 3, y, self.card_w // 3, row_h), hint="Esc"))
        y += row_h
        self.card = pygame.Rect(x - 20, top - 16, self.card_w + 40, y - top + 32)
        self.focus.set_widgets(widgets)

    def _focus_field(self) -> None:
        self.focus.focus = self.focus.widgets.index(self.field)

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:  # a brain (or a folder of brains) dropped on the window
            self.add(event.file)
            return
        if self.takes_text and self.field.enabled:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.add(self.field.text)
                return
            if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN) and self.field.handle(event):
                return
        activation = self.focus.handle_event(event)
        if activation is not None:
            self.app.play_sound("click")
            self.perform(activation.action, activation.value)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.switch("settings")

    def perform(self, action: str, value: Any = None) -> None:
        name, _, index_text = action.partition(":")
        entries = self.entries
        if name == "path":
            self._focus_field()
            self.focus.keyboard_used = True
        elif name == "paste":
            pasted = clipboard_text()
            if pasted:
                self.field.text = ""
                self.field.insert(pasted.strip())
                self._focus_field()
            else:
                self._say(tr("engines.clipboard_empty"), theme.BAD)
        elif name == "add":
            self.add(self.field.text)
        elif name == "engine_move_ms":
            self.app.update_settings(self.app.settings.with_changes(engine_move_ms=value))
        elif name == "back":
            self.app.manager.switch("settings")
        elif index_text.isdigit() and int(index_text) < len(entries):
            entry = entries[int(index_text)]
            if name == "test":
                self.start_test(entry.command)
            elif name == "remove":
                self._save([other for other in entries if other.command != entry.command])
                self.app.external_engines.discard(entry.command)
                self._say(tr("engines.removed", name=entry.label), theme.TEXT_DIM)
            elif name in ("hints", "analyst"):  # use this engine for hints / analysis, or stop
                field = "hint_engine" if name == "hints" else "analysis_engine"
                chosen = "" if getattr(self.app.settings, field) == entry.command else entry.command
                self.app.update_settings(self.app.settings.with_changes(**{field: chosen}))
                self.resize(self.app.screen.get_size())

    # ----------------------------------------------------------------- actions
    def add(self, typed: str) -> None:
        """Add the engine at `typed` (a path, quoted or not, maybe with arguments) and test it."""
        command = typed.strip()
        if len(command) >= 2 and command[0] == command[-1] and command[0] in "\"'":
            command = command[1:-1].strip()
        if not command:
            self._say(tr("engines.type_path"), theme.BAD)
            return
        if Path(command).is_dir():
            self.add_folder(Path(command))
            return
        try:
            program = split_command(command)[0]
        except ValueError as error:
            self._say(str(error), theme.BAD)
            return
        if not Path(program).is_file():
            self._say(tr("engines.no_file", path=program), theme.BAD)
            return
        entries = self.entries
        if any(entry.command == command for entry in entries):
            self._say(tr("engines.duplicate"), theme.BAD)
            return
        if len(entries) >= MAX_ENGINES:
            self._say(tr("engines.full", count=MAX_ENGINES), theme.BAD)
            return
        self._save(entries + [EngineEntry(command)])
        self.field.text = ""
        self.start_test(command)

    def add_folder(self, folder: Path) -> None:
        """Add every Gomocup brain (pbrain-*) in `folder` that is not listed yet, and test each."""
        listed = {entry.command for entry in self.entries}
        try:
            found = sorted(str(path) for path in folder.iterdir()
                           if path.is_file() and path.name.lower().startswith("pbrain") and str(path) not in listed)
        except OSError as error:
            self._say(str(error), theme.BAD)
            return
        room = MAX_ENGINES - len(listed)
        if not found:
            self._say(tr("engines.none_in_folder", path=str(folder)), theme.BAD)
            return
        added = found[:room]
        self._save(self.entries + [EngineEntry(command) for command in added])
        self.field.text = ""
        for command in added:
            self.start_test(command)
        self._say(tr("engines.added_folder", count=len(added), path=str(folder)), theme.ACCENT)

    def start_test(self, command: str) -> None:
        if command in self.tests:
            return
        self.tests[command] = self._pool.submit(check_engine, command)
        self._say(tr("engines.testing"), theme.ACCENT)
        self.resize(self.app.screen.get_size())

    def _save(self, entries: list[EngineEntry]) -> None:
        self.app.update_settings(with_entries(self.app.settings, entries))
        self.resize(self.app.screen.get_size())
        self.mark_dirty()

    def _say(self, message: str, colour: tuple[int, int, int]) -> None:
        self.message, self.message_colour = message, colour
        self.mark_dirty()

    def update(self, dt: float) -> None:
        self.time += dt
        for command, future in list(self.tests.items()):
            if not future.done():
                continue
            del self.tests[command]
            check = future.result()
            entries = self.entries
            for index, entry in enumerate(entries):
                if entry.command == command:
                    status = WORKS if check.ok else check.message
                    entries[index] = EngineEntry(command, check.name if check.ok or check.about else entry.name, status)
                    break
            else:
                continue  # removed while it was being tested
            self._save(entries)
            label = entries[index].label
            if check.ok:
                (x1, y1), (x2, y2) = check.moves
                detail = tr("engines.test_detail", first=f"{x1},{y1}", second=f"{x2},{y2}",
                            ms=max(check.times_ms))
                if check.ignored_end:
                    detail += tr("engines.ignored_end")
                self._say(tr("engines.test_ok", name=label, detail=detail), theme.GOOD)
            else:
                self._say(tr("engines.test_failed", name=label, detail=check.message), theme.BAD)

    # ----------------------------------------------------------------- drawing
    def _status(self, entry: EngineEntry) -> tuple[str, tuple[int, int, int]]:
        if entry.command in self.tests:
            return tr("engines.testing"), theme.ACCENT
        if entry.is_missing:
            return tr("engines.status_missing", path=entry.program), theme.BAD
        if entry.status == WORKS:
            return tr("engines.status_ok"), theme.GOOD
        if entry.status:
            return tr("engines.status_failed", detail=entry.status), theme.BAD
        return tr("engines.status_untested"), theme.TEXT_DIM

    def draw(self, surface: pygame.Surface) -> None:
        chrome.draw_background(surface)
        width, height = surface.get_size()
        chrome.draw_panel(surface, self.card)
        title = text.render(tr("engines.title"), int(min(52, max(28, height * 0.055))), theme.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midbottom=(width // 2, self.card.top - 8)))
        size = max(13, int(height * 0.021))
        for entry, rect in self.rows:
            pygame.draw.rect(surface, (54, 61, 72), rect, border_radius=10)
            room = rect.width - int(rect.width * 0.55) - 24
            name = text.fitted(entry.label, max(13, int(rect.height * 0.3)), theme.TEXT, room, bold=True)
            status, colour = self._status(entry)
            line = text.fitted(status, max(11, int(rect.height * 0.2)), colour, room)
            command = text.fitted(entry.command, max(10, int(rect.height * 0.18)), theme.TEXT_DIM, room)
            lines = [name, command, line]
            if sum(image.get_height() for image in lines) + 8 > rect.height:
                lines = [name, line]  # a small window: the path gives way to the status
            spare = rect.height - sum(image.get_height() for image in lines)
            y = rect.y + spare // 2
            for image in lines:
                surface.blit(image, (rect.x + 14, y))
                y += image.get_height()
            radius = max(4, size // 3)
            dot = (rect.x + 14 + name.get_width() + radius + 8, rect.y + spare // 2 + name.get_height() // 2)
            pygame.draw.circle(surface, colour, dot, radius)
        if not self.rows:
            for i, line in enumerate(text.wrap(tr("engines.empty"), size, self.empty_rect.width - 20)[:3]):
                image = text.render(line, size, theme.TEXT_DIM)
                surface.blit(image, (self.empty_rect.x + 10, self.empty_rect.y + 4 + i * int(size * 1.4)))
        caret_on = (self.time * 2) % 2 < 1.2
        for index, widget in enumerate(self.focus.widgets):
            focused = index == self.focus.focus and (self.focus.keyboard_used or widget is self.field)
            if widget is self.field:
                widget.draw(surface, focused, index == self.focus.hover, caret_on)
            else:
                widget.draw(surface, focused and self.focus.keyboard_used, index == self.focus.hover and widget.enabled)
        if self.message:
            message_size = self.message_size
            lines = text.wrap(self.message, message_size, self.card_w)
            if len(lines) > 2:
                message_size = max(10, int(message_size * 0.8))
                lines = text.wrap(self.message, message_size, self.card_w)[:2]
            for i, line in enumerate(lines):
                image = text.fitted(line, message_size, self.message_colour, self.card_w)
                surface.blit(image, (self.card.x + 20, self.message_y + i * int(message_size * 1.25)))
        note = text.fitted(tr("engines.note"), self.note_size, theme.TEXT_DIM, width - 20)
        surface.blit(note, note.get_rect(midtop=(width // 2, self.card.bottom + 8)))
