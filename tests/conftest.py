"""Fixtures shared by the window tests (tests/gui, tests/feel): the real App, headless.

SDL gets its dummy video and audio drivers before anything imports pygame, so no test needs a
display or a sound card. The store lives in a temporary folder: tests never touch the
player's files.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from hypothesis import HealthCheck  # noqa: E402
from hypothesis import settings as hypothesis_settings  # noqa: E402

# Property tests check results, not speed: a per-example deadline only fails them on a busy
# machine (CI's two cores also run the engine worker), so there is none, and no slow-input check.
hypothesis_settings.register_profile("no_deadline", deadline=None, suppress_health_check=[HealthCheck.too_slow])
hypothesis_settings.load_profile("no_deadline")

from game.storage import Settings, UserStore  # noqa: E402

WINDOW = (1000, 720)


@pytest.fixture
def store(tmp_path):
    """A real store rooted in a temporary folder."""
    return UserStore(root=tmp_path)


@pytest.fixture
def make_app(store):
    """Build the real App with given settings; every app made is closed after the test."""
    import pygame

    from game.app import App
    from game.i18n import set_language

    made = []

    def build(settings: Settings | None = None, size: tuple[int, int] = WINDOW):
        if settings is not None:
            store.save_settings(settings)
        app = App(store=store, size=size, fullscreen=False)
        pygame.event.clear()  # nothing left over from an earlier test reaches this app
        made.append(app)
        return app

    yield build
    for app in made:
        app.close()
    set_language("en")


@pytest.fixture
def app(make_app):
    return make_app()
