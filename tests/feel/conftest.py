"""Feel tests run headless: pygame gets the dummy video and audio drivers."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.i18n import set_language  # noqa: E402
from game.storage import Settings, UserStore  # noqa: E402

WINDOW = (1000, 720)


@pytest.fixture
def store(tmp_path):
    """A store in a temporary folder: tests never touch the player's files."""
    return UserStore(root=tmp_path)


@pytest.fixture
def make_app(store):
    """Build the real App headless (optionally with settings); closed after the test."""
    from game.app import App

    made = []

    def build(settings: Settings | None = None):
        if settings is not None:
            store.save_settings(settings)
        app = App(store=store, size=WINDOW, fullscreen=False)
        made.append(app)
        return app

    yield build
    for app in made:
        app.close()
    set_language("en")

