"""Driving the real app from a test: frames, clicks and key presses posted as pygame events."""

from __future__ import annotations

import time
from typing import Callable

import pygame

from game.app import App


def frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.step(dt=1 / 60)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app)


def click_point(app: App, point: tuple[int, int]) -> None:
    """Click the intersection `point` of the board in the current scene."""
    click(app, app.manager.current.layout.grid.pixel_of(point))


def click_button(app: App, action: str) -> None:
    widget = app.manager.current.focus.find(action)
    assert widget is not None and widget.visible, f"no visible button {action!r}"
    click(app, widget.rect.center)


def press(app: App, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    frames(app)


def run_until(app: App, condition: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Step real frames until `condition()` holds (True) or `seconds` pass (False)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        frames(app)
    return condition()
