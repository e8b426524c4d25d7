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
