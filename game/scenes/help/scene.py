"""Help: a list of topics on one side, the chosen topic's text on the other.

The texts live in the catalogues (`help.<topic>.title`, `help.<topic>.text`; paragraphs
split by blank lines), so they read in the player's language. A topic longer than its panel
scrolls (wheel, Page Up / Page Down) and says so with a mark at the panel's foot.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import tr
from game.ui import chrome, layout_check, text, theme
from game.ui.widgets import Button, FocusGroup

from ..base import Scene

#: The topics in reading order.
TOPICS = ("rules", "openings", "forbidden", "ladder", "puzzles", "coach")


def topic_paragraphs(topic: str) -> list[str]:
    """The topic's text as paragraphs (blank lines part them in the catalogue)."""
    return [part.strip() for part in tr(f"help.{topic}.text").split("\n\n") if part.strip()]


class HelpScene(Scene):
    reports_redraws = True  # nothing moves by itself: drawn after input only

    def enter(self, **params: Any) -> None:
        self.topic = params.get("topic") if params.get("topic") in TOPICS else TOPICS[0]
        self.scroll = 0
        self.focus = FocusGroup()
        self.resize(self.app.screen.get_size())

    # ----------------------------------------------------------------- layout
    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = max(16, width // 40)
        self.title_size = theme.type_size(min(56, max(30, height * 0.06)))
        top = margin + int(self.title_size * 1.4)
        self.body_size = theme.TYPE_SCALE["small"] if height < 640 else theme.TYPE_SCALE["body"] if height < 950 else theme.TYPE_SCALE["label"]
        list_w = int(min(300, max(200, width * 0.25)))
        rows = len(TOPICS) + 1
        row_h = int(min(52, max(30, (height - top - margin) / (rows * 1.25 + 0.5))))
        gap = max(4, row_h // 4)
        widgets: list[Any] = []
        y = top
        for topic in TOPICS:
            widgets.append(Button(f"topic_{topic}", tr(f"help.{topic}.title"), pygame.Rect(margin, y, list_w, row_h),
                                  primary=topic == self.topic))
            y += row_h + gap
        y += gap
        widgets.append(Button("back", tr("common.back"), pygame.Rect(margin, y, list_w, row_h), hint="Esc"))
        self.focus.set_widgets(widgets)
        left = margin + list_w + margin
        self.panel = pygame.Rect(left, top, width - left - margin, height - top - margin)
        self.pad = max(12, self.panel.width // 28)
        self._lay_out_text()

    def _lay_out_text(self) -> None:
        """The topic's lines (text, size, colour, bold) and how far they may scroll."""
        room = self.panel.width - 2 * self.pad
        heading = theme.type_size(self.body_size * 1.3)
        lines: list[tuple[str, int, tuple[int, int, int], bool]] = []
        for line in text.wrap(tr(f"help.{self.topic}.title"), heading, room, bold=True):
            lines.append((line, heading, theme.ACCENT, True))
        lines.append(("", self.body_size, theme.TEXT, False))
        for paragraph in topic_paragraphs(self.topic):
            for line in text.wrap(paragraph, self.body_size, room):
                lines.append((line, self.body_size, theme.TEXT, False))
            lines.append(("", self.body_size, theme.TEXT, False))
        self.lines = lines
        self.line_h = int(self.body_size * 1.45)
        self.visible_lines = max(1, (self.panel.height - 2 * self.pad - self.line_h) // self.line_h)
        self.max_scroll = max(0, len(lines) - 1 - self.visible_lines)
        self.scroll = min(self.scroll, self.max_scroll)

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        activation = self.focus.handle_event(event)
        if activation is not None:
            self.app.play_sound("click")
            if activation.action == "back":
                self.leave()
            elif activation.action.startswith("topic_"):
                self.show(activation.action.removeprefix("topic_"))
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.leave()
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.scroll_by(self.visible_lines - 1 if event.key == pygame.K_PAGEDOWN else 1 - self.visible_lines)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)

    def show(self, topic: str) -> None:
        """Open `topic` (one of TOPICS) at its top."""
        if topic in TOPICS:
            self.topic, self.scroll = topic, 0
            self.resize(self.app.screen.get_size())

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + lines))
        self.mark_dirty()

    def leave(self) -> None:
        """Back to the screen F1 was pressed over, or to the menu."""
        manager = self.app.manager
        if not (getattr(manager, "visiting", False) and manager.return_from_visit()):
            manager.switch("menu")

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        chrome.draw_background(surface)
        width, _ = surface.get_size()
        title = text.render(tr("help.title"), self.title_size, theme.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midtop=(width // 2, max(8, self.panel.top - int(self.title_size * 1.3)))))
        self.focus.draw(surface)
        chrome.draw_panel(surface, self.panel)
        x, y = self.panel.x + self.pad, self.panel.y + self.pad
        for line, size, colour, bold in self.lines[self.scroll:self.scroll + self.visible_lines]:
            if line:
                image = text.render(line, size, colour, bold)
                surface.blit(image, (x, y))
            y += self.line_h
        if self.max_scroll:
            self._draw_scroll_mark(surface)

    def _draw_scroll_mark(self, surface: pygame.Surface) -> None:
        """"More below / above" at the panel's foot, so a long topic never ends silently."""
        key = "help.more_below" if self.scroll < self.max_scroll else "help.more_above"
        size = theme.TYPE_SCALE["caption"]
        image = text.render(tr(key), size, theme.TEXT_DIM)
        where = image.get_rect(bottomright=(self.panel.right - self.pad, self.panel.bottom - self.pad // 2))
        with layout_check.inside(self.panel, "panel"):
            surface.blit(image, where)
