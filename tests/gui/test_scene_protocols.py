"""The small Protocols that let scene helpers stay apart from their screens must not lie:
every member a Protocol names exists on the live object that is passed in its place.

(The helpers type their screen by a Protocol instead of importing it, issue 29; nothing else
would notice a screen losing an attribute a helper still reads until that code path ran.)
"""

from typing import Protocol

import pytest
from gui_driver import click_button, frames

from game.records import GameRecord
from game.rules import Rule
from game.scenes.base import AppServices, SceneSwitcher
from game.scenes.coach_review.panel import ReviewSource
from game.scenes.play.coach import CoachHost
from game.scenes.play.engine_jobs import CoachGate, JobsHost
from game.scenes.play.panel import PanelSource
from game.scenes.review.coach import MoveIndex, ReviewHost


def members(protocol: type) -> set[str]:
    """The names a Protocol class asks for: its annotated attributes, methods and properties."""
    names: set[str] = set()
    for klass in protocol.__mro__:
        if klass in (Protocol, object) or not getattr(klass, "_is_protocol", False):
            continue
        names |= set(getattr(klass, "__annotations__", {}))
        names |= {name for name in vars(klass) if not name.startswith("_")}
    return names


def missing(protocol: type, thing: object) -> list[str]:
    return sorted(name for name in members(protocol) if not hasattr(thing, name))


def test_members_sees_attributes_methods_and_properties():
    assert {"settings", "manager", "engine", "notify", "quit"} <= members(AppServices)
    assert members(CoachGate) == {"holds_ai"}

    class Half:
        settings = manager = None

    assert "notify" in missing(AppServices, Half())  # the check can fail


class StillRunner:
    """Stands in for the review's background process; never finishes."""

    error = ""

    def start(self, size, rule, points, time_ms=None):
        self.points = list(points)

    def progress(self):
        return 0, len(self.points)

    def poll(self):
        return None

    def cancel(self):
        pass

    def close(self):
        pass


def test_the_app_and_its_manager_give_what_scenes_ask_for(app):
    assert missing(AppServices, app) == []
    assert missing(SceneSwitcher, app.manager) == []


def test_the_app_gives_each_group_of_services_and_its_parts_are_what_they_claim(app):
    from game.protocol.external_worker import ExternalEngineWorker
    from game.scenes.base import Engines, ExternalEngines, JobWorker, PlayerRecords, PlayerStore, Preferences, Window

    assert members(AppServices) == set().union(*(members(g) for g in (Window, Preferences, Engines, PlayerRecords)))
    for group in (Window, Preferences, Engines, PlayerRecords):
        assert missing(group, app) == [], group.__name__
    assert missing(PlayerStore, app.store) == []
    assert missing(ExternalEngines, app.external_engines) == []
    assert missing(JobWorker, app.engine) == [] and missing(JobWorker, ExternalEngineWorker("true")) == []


def test_the_play_screen_is_what_its_helpers_take(app):
    frames(app)
    click_button(app, "hot_seat")
    frames(app)
    scene = app.manager.current
    assert app.manager.current_name == "play"
    assert missing(JobsHost, scene) == []
    assert missing(CoachGate, scene.coach) == []
    assert missing(CoachHost, scene) == []
    assert missing(PanelSource, scene) == []


@pytest.mark.parametrize("name, protocols", [("review", (ReviewHost,)), ("coach_review", (ReviewSource,))])
def test_the_review_screens_are_what_their_helpers_take(app, monkeypatch, name, protocols):
    monkeypatch.setattr("game.scenes.coach_review.scene.ReviewRunner", StillRunner)
    frames(app)
    app.manager.switch(name, record=GameRecord(size=15, rule=Rule.FREESTYLE, moves=[(7, 7), (8, 8), (7, 8)]))
    frames(app, 2)
    scene = app.manager.current
    assert app.manager.current_name == name
    for protocol in protocols:
        assert missing(protocol, scene) == []
    if name == "review":
        assert missing(MoveIndex, scene.position) == []


def test_a_listed_screen_whose_package_is_not_written_yet_is_skipped(monkeypatch):
    import game.scenes as scenes

    monkeypatch.setitem(scenes._SCENES, "puzzles", ("game.scenes.no_such_screen.scene", "PuzzlesScene"))
    registry = scenes.scene_registry()
    assert "puzzles" not in registry and "play" in registry


def test_every_screen_lives_in_the_folder_named_after_it():
    from game.scenes import _SCENES

    for name, (module, class_name) in _SCENES.items():
        folder = module.split(".")[2]
        assert name == folder or name.startswith(folder + "_"), f"{name} lives in game/scenes/{folder}/"
        assert class_name == "".join(word.title() for word in name.split("_")) + "Scene"
