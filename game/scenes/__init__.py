"""The game's screens, one package each, registered by name.

Layout: `base.py` (the hooks every scene has, and `AppServices`, what a scene may ask of the
app), `manager.py` (switches scenes by name), `shared/` (what several screens use), and one
package per screen: `menu/`, `settings/`, `play/`, `result/`, `review/`, `load/`, `stats/`,
`coach_review/`, `engines/`, `watch/`, `puzzles/`, and `online/` (three screens of one feature: host,
join and the networked game, which share their texts and form layout).

Adding a screen:
1. make `game/scenes/<name>/` with an `__init__.py` (a docstring saying what the screen is)
   and `scene.py` holding `class <Name>Scene(Scene)`; its helpers go beside it;
2. add one line to `_SCENES` below; other screens reach it with
   `self.app.manager.switch("<name>", ...)`, never by importing it;
3. a helper that needs its screen gets the data, or a small `typing.Protocol`, passed in:
   it never imports `scene.py` back, not even under TYPE_CHECKING;
4. what a second screen also needs moves to `shared/` (or down into `game/ui/`, `game/coach/`).
`python build_scripts/import_graph.py` checks 2-4 (no screen imports another, no circles),
and so does tests/test_import_graph.py.

Scenes listed in `_SCENES` whose module is not written yet are skipped, and buttons leading
to them stay hidden until they exist.
"""

from __future__ import annotations

import importlib

from .manager import SceneFactory

# name -> (module, class)
_SCENES: dict[str, tuple[str, str]] = {
    "menu": ("game.scenes.menu.scene", "MenuScene"),
    "settings": ("game.scenes.settings.scene", "SettingsScene"),
    "play": ("game.scenes.play.scene", "PlayScene"),
    "result": ("game.scenes.result.scene", "ResultScene"),
    "review": ("game.scenes.review.scene", "ReviewScene"),
    "load": ("game.scenes.load.scene", "LoadScene"),
    "stats": ("game.scenes.stats.scene", "StatsScene"),
    "coach_review": ("game.scenes.coach_review.scene", "CoachReviewScene"),
    "engines": ("game.scenes.engines.scene", "EnginesScene"),
    "watch": ("game.scenes.watch.scene", "WatchScene"),
    "puzzles": ("game.scenes.puzzles.scene", "PuzzlesScene"),
    "online_host": ("game.scenes.online.host_screen", "OnlineHostScene"),
    "online_join": ("game.scenes.online.join_screen", "OnlineJoinScene"),
    "online_game": ("game.scenes.online.game_screen", "OnlineGameScene"),
}


def scene_registry() -> dict[str, SceneFactory]:
    """Every scene whose module is present, by name."""
    registry: dict[str, SceneFactory] = {}
    for name, (module_name, class_name) in _SCENES.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            package = module_name.rpartition(".")[0]
            if error.name not in (module_name, package):
                raise  # a scene that exists but is broken must fail loudly
            continue
        registry[name] = getattr(module, class_name)
    return registry
