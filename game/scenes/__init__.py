"""The game's screens, one class each, registered by name.

Adding a scene is one line in `_SCENES`. Scenes listed there whose module is not written
yet (review, load) are skipped, and buttons leading to them stay hidden until they exist.
"""

from __future__ import annotations

import importlib

from .manager import SceneFactory

# name -> (module, class)
_SCENES: dict[str, tuple[str, str]] = {
    "menu": ("game.scenes.menu", "MenuScene"),
    "settings": ("game.scenes.settings", "SettingsScene"),
    "play": ("game.scenes.play", "PlayScene"),
    "result": ("game.scenes.result", "ResultScene"),
    "review": ("game.scenes.review", "ReviewScene"),
    "load": ("game.scenes.load", "LoadScene"),
    "stats": ("game.scenes.stats", "StatsScene"),
    "coach_review": ("game.scenes.game_review", "GameReviewScene"),
    "engines": ("game.scenes.engines", "EnginesScene"),
    "watch": ("game.scenes.watch", "WatchScene"),
    "online_host": ("game.scenes.online", "OnlineHostScene"),
    "online_join": ("game.scenes.online", "OnlineJoinScene"),
    "online_game": ("game.scenes.online", "OnlineGameScene"),
}


def scene_registry() -> dict[str, SceneFactory]:
    """Every scene whose module is present, by name."""
    registry: dict[str, SceneFactory] = {}
    for name, (module_name, class_name) in _SCENES.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise  # a scene that exists but is broken must fail loudly
            continue
        registry[name] = getattr(module, class_name)
    return registry
