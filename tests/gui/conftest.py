"""GUI tests run the real app headless: SDL dummy video and audio, a store in a temp folder."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App  # noqa: E402
from game.storage import Settings, UserStore  # noqa: E402

WINDOW = (1000, 720)


@pytest.fixture
def store(tmp_path):
    """A real store rooted in a temporary folder: tests never touch the player's files."""
    return UserStore(root=tmp_path)


@pytest.fixture
def make_app(store):
    """Build an App with given settings; every app made is closed after the test."""
    made: list[App] = []

    def build(settings: Settings | None = None, size: tuple[int, int] = WINDOW) -> App:
        if settings is not None:
            store.save_settings(settings)
        app = App(store=store, size=size, fullscreen=False)
        pygame.event.clear()  # nothing left over from an earlier test reaches this app
        made.append(app)
        return app

    yield build
    for app in made:
        app.close()


@pytest.fixture
def app(make_app):
    return make_app()


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


def run_until(app: App, condition, seconds: float = 30.0) -> bool:
    """Step real frames until `condition()` holds (True) or `seconds` pass (False)."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        frames(app)
    return condition()
