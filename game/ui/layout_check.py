"""A debug recorder of where text lands and the box it must stay inside.

The drawing helpers report to it (text blits, panels, widgets, player cards); while nothing
records, each report is one `is None` check. A test draws a scene onto a `RecordingSurface`
inside `recording(...)` and asks for `problems()`: text whose ink leaves its container, and
panels or controls that leave the window. Because the helpers report, a new scene is checked
without writing anything for it.

Which container a piece of text belongs to: the widget or card being drawn when it is
blitted; otherwise the smallest panel its centre lies in; otherwise the window.
"""

from __future__ import annotations

import weakref
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

import pygame

#: Anti-aliasing may bleed a pixel over an edge without anything being cut off.
TOLERANCE = 1


@dataclass(frozen=True)
class DrawnText:
    text: str
    rect: pygame.Rect  # the ink, in window coordinates
    container: pygame.Rect
    container_kind: str  # "window", "panel", "widget", "card"


@dataclass(frozen=True)
class Container:
    rect: pygame.Rect
    kind: str


class LayoutRecorder:
    """What one drawing of a window put where."""

    def __init__(self, window: tuple[int, int]) -> None:
        self.window = pygame.Rect((0, 0), window)
        self.texts: list[DrawnText] = []
        self.containers: list[Container] = []
        self._open: list[Container] = []
        self.sizes: list[tuple[str, int]] = []  # (text, type size) of every label rendered
        self.shrunk: list[str] = []  # labels that no wording fitted, drawn a step smaller
        self.orphans: list[str] = []  # wrapped lines left holding a number or one character

    def add_container(self, rect: pygame.Rect, kind: str) -> Container:
        container = Container(pygame.Rect(rect), kind)
        self.containers.append(container)
        return container

    def add_text(self, text: str, rect: pygame.Rect) -> None:
        if rect.width <= 0 or rect.height <= 0:
            return  # nothing visible (a blank label)
        if self._open:
            container = self._open[-1]
        else:
            around = [c for c in self.containers if c.kind == "panel" and c.rect.collidepoint(rect.center)]
            container = min(around, key=lambda c: c.rect.width * c.rect.height, default=Container(self.window, "window"))
        self.texts.append(DrawnText(text, pygame.Rect(rect), container.rect, container.kind))

    def problems(self) -> list[str]:
        """Every text outside its container and every container outside the window, described."""
        found = []
        for drawn in self.texts:
            for box, kind in ((drawn.container, drawn.container_kind), (self.window, "window")):
                if not _inside(drawn.rect, box):
                    found.append(f"text {drawn.text!r} at {_tuple(drawn.rect)} leaves its {kind} {_tuple(box)}")
                    break
        for container in self.containers:
            if not _inside(container.rect, self.window):
                found.append(f"{container.kind} {_tuple(container.rect)} leaves the window {_tuple(self.window)}")
        found += self.shrunk + self.orphans
        found += [f"text {text!r} is drawn at {size}px, which is not on the type scale" for text, size in self.sizes
                  if size not in _type_scale()]
        return found


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(inner)


def _tuple(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.width, rect.height)


_active: LayoutRecorder | None = None
_texts: "weakref.WeakKeyDictionary[pygame.Surface, str]" = weakref.WeakKeyDictionary()
_sizes: "weakref.WeakKeyDictionary[pygame.Surface, int]" = weakref.WeakKeyDictionary()


@contextmanager
def recording(window: tuple[int, int]) -> Iterator[LayoutRecorder]:
    """Record what is drawn (onto a RecordingSurface) until the block ends."""
    global _active
    previous, _active = _active, LayoutRecorder(window)
    try:
        yield _active
    finally:
        _active = previous


def _type_scale() -> set[int]:
    from .theme import TYPE_SCALE

    return set(TYPE_SCALE.values())


def tag_text(surface: pygame.Surface, text: str, size: int | None = None) -> pygame.Surface:
    """Remember that `surface` shows `text` (text.render calls this for every label)."""
    _texts[surface] = text
    if size is not None:
        _sizes[surface] = size
    return surface


def note_shrunk(text: str, size: int, drawn: int) -> None:
    """No wording of `text` fitted its box at `size`: it was drawn at `drawn` instead."""
    if _active is not None:
        _active.shrunk.append(f"text {text!r} does not fit at {size}px in any wording (drawn at {drawn}px)")


def note_orphan(text: str, line: str) -> None:
    """Wrapping `text` left `line` (a number or one character) alone on a line."""
    if _active is not None:
        _active.orphans.append(f"text {text!r} wraps leaving {line!r} alone on a line")


def note_panel(rect: Any) -> None:
    """A panel was drawn: text whose centre lies in it must stay inside it."""
    if _active is not None:
        _active.add_container(pygame.Rect(rect), "panel")


def note_text(text: str, rect: Any) -> None:
    """Text drawn some other way than a blit of a tagged surface (a composed notice)."""
    if _active is not None:
        _active.add_text(text, pygame.Rect(rect))


@contextmanager
def inside(rect: Any, kind: str = "widget") -> Iterator[None]:
    """Text blitted in this block belongs to `rect` (a button, an option row, a card)."""
    if _active is None:
        yield
        return
    container = _active.add_container(pygame.Rect(rect), kind)
    _active._open.append(container)
    try:
        yield
    finally:
        _active._open.pop()


class RecordingSurface(pygame.Surface):
    """A window-sized surface that reports every blit of tagged text to the recorder."""

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:  # type: ignore[override]
        drawn = super().blit(source, dest, area, special_flags)
        text = _texts.get(source)
        if _active is not None and text is not None and area is None:
            position = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            ink = source.get_bounding_rect()
            _active.add_text(text, ink.move(position))
            if source in _sizes:
                _active.sizes.append((text, _sizes[source]))
        return drawn
