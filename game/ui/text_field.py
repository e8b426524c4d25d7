"""A one-line text entry (a path, a name) that works with the keyboard, the mouse and the clipboard.

Typed text arrives as TEXTINPUT events (any keyboard layout, IME included); Backspace deletes,
Ctrl+V (Cmd+V on macOS) pastes from the system clipboard through pygame-ce's SDL clipboard,
Ctrl+U clears. The scene gives key events to the field first while it has the focus, so
Space and letters type instead of pressing buttons.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from . import text, theme

MAX_LENGTH = 500


def clipboard_text() -> str:
    """The clipboard's text, or "" when there is none or no clipboard (the dummy video driver)."""
    try:
        import pygame.scrap as scrap

        value = scrap.get_text()
    except (pygame.error, ImportError, AttributeError):
        return ""
    return value.replace("\r", "").replace("\x00", "") if isinstance(value, str) else ""


@dataclass
class TextField:
    """An entry box. `placeholder` shows while it is empty; `action` names it for the scene."""

    action: str
    placeholder: str = ""
    text: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    visible: bool = True

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def insert(self, typed: str) -> None:
        """Add text at the end; line breaks (from a pasted block) end the text there."""
        first_line = typed.split("\n", 1)[0]
        self.text = (self.text + first_line)[:MAX_LENGTH]

    def handle(self, event: pygame.event.Event) -> bool:
        """Edit the text for `event`; True when the event was used."""
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        command = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            return True
        if command and event.key == pygame.K_v:
            self.insert(clipboard_text())
            return True
        if command and event.key == pygame.K_u:
            self.text = ""
            return True
        # letters, digits and space come as TEXTINPUT; swallow their KEYDOWN so no shortcut fires
        return bool(event.unicode) and event.unicode.isprintable() and not command

    def draw(self, target: pygame.Surface, focused: bool, hovered: bool, caret_on: bool = True) -> None:
        if not self.visible:
            return
        radius = max(4, self.rect.height // 5)
        pygame.draw.rect(target, (30, 34, 40), self.rect, border_radius=radius)
        edge = theme.FOCUS if focused else (theme.BUTTON_HOVER if hovered else theme.PANEL_EDGE)
        pygame.draw.rect(target, edge, self.rect, width=2, border_radius=radius)
        size = max(12, int(self.rect.height * 0.4))
        room = self.rect.width - 20
        shown = self.text or self.placeholder
        colour = theme.TEXT if self.text else theme.TEXT_DIM
        image = text.render(shown, size, colour)
        clip = pygame.Rect(self.rect.x + 10, self.rect.y, room, self.rect.height)
        # long paths show their end, where the program's name is
        offset = max(0, image.get_width() - room) if self.text else 0
        previous = target.get_clip()
        target.set_clip(clip.clip(previous) if previous else clip)
        indent = 0 if self.text else 6  # the caret stands before the placeholder, not on it
        target.blit(image, (clip.x - offset + indent, self.rect.centery - image.get_height() // 2))
        target.set_clip(previous)
        if focused and caret_on:
            x = clip.x + min(room, (image.get_width() if self.text else 0)) + 1
            pygame.draw.line(target, theme.TEXT, (x, self.rect.y + 8), (x, self.rect.bottom - 8), 2)
