"""The hooks every scene has, so the manager can drive any of them the same way.

Also what a scene may ask of the app (`AppServices`) and of the manager (`SceneSwitcher`),
as Protocols: the scenes sit below `game.app`, so they name what they use instead of
importing the App (which would tie app -> scenes -> app in a circle).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import pygame

from game.engine import EngineJob, EngineReply, EngineWorker, Limit, Position
from game.model import Game
from game.services import GameStatistics, PlayerRatings, SavedGames
from game.storage import Settings, Statistics


class SceneSwitcher(Protocol):
    """The part of `SceneManager` a scene uses: move on to another screen by name."""

    def switch(self, name: str, **params: Any) -> None: ...

    def has_scene(self, name: str) -> bool: ...


class Window(Protocol):
    """The window and its loop: the surface to draw on, the way to other screens, sounds and notices."""

    screen: pygame.Surface
    manager: SceneSwitcher

    def play_sound(self, event: str) -> None: ...

    def notify(self, message: str) -> None: ...

    def quit(self) -> None: ...


class Preferences(Protocol):
    """The player's settings, and the way to change them (saved and applied at once)."""

    settings: Settings

    def update_settings(self, settings: Settings) -> None: ...


class JobWorker(Protocol):
    """An engine that answers jobs without blocking: the built-in EngineWorker or an external brain."""

    @property
    def busy(self) -> bool: ...

    def submit(self, job: EngineJob) -> int: ...

    def request_analysis(self, position: Position, n_best: int = 3, limit: Limit | None = None) -> int: ...

    def poll(self) -> EngineReply | None: ...

    def cancel(self) -> None: ...


class ExternalEngines(Protocol):
    """The external Gomocup brains in use, one worker each (game.protocol.engine_pool.EnginePool)."""

    def worker(self, command: str, name: str = "", turn_ms: int = 1000) -> JobWorker: ...

    def discard(self, command: str) -> None: ...


class Engines(Protocol):
    """The engine worker process (started on first use) and the external brains."""

    @property
    def engine(self) -> EngineWorker: ...

    @property
    def external_engines(self) -> ExternalEngines: ...

    @property
    def has_engine(self) -> bool: ...


class PlayerStore(Protocol):
    """What scenes read of the store themselves (game.storage.UserStore, or an in-memory one)."""

    @property
    def records_dir(self) -> Path | None: ...

    def load_stats(self) -> Statistics: ...

    def save_stats(self, stats: Statistics) -> bool: ...


class PlayerRecords(Protocol):
    """The player's data: the store, the saved game, the statistics and the rating (game.services)."""

    store: PlayerStore
    saves: SavedGames
    statistics: GameStatistics
    ratings: PlayerRatings

    def record_result(self, game: Game) -> None: ...


class AppServices(Window, Preferences, Engines, PlayerRecords, Protocol):
    """Everything `game.app.App` gives a scene. A helper that needs less names one of the groups."""


class Scene:
    """One screen of the game. Subclasses override the hooks they need.

    Order per frame: every event goes to `handle_event`, then `update(dt)` once, then `draw`.
    `draw` must not change state. A scene moves on with `self.app.manager.switch(name, ...)`,
    never by importing another scene.

    Redrawing. The app draws only when the picture may have changed, and while nothing moves
    it sleeps until input arrives, so a game waiting for a click uses almost no CPU. It always
    redraws after any event, after `enter`, after a resize and while a notice fades. Beyond
    that a scene tells the app what it needs:

    - `self.mark_dirty()` during `handle_event` or `update`: draw this frame (something
      changed without an event: an engine reply, a loaded file).
    - `animating()` -> True while something moves by itself (a spinner, a settling stone, a
      pulse): the app then runs every frame at 60 FPS, calling `update` and `draw` each time.
      Also return True while `update` must run promptly without input (waiting for the
      engine's reply, a move about to be requested).
    - `next_change()` -> seconds until the picture changes by itself (a clock's next whole
      second, a message timing out), or None. The app sleeps until then unless input comes,
      then updates and draws.
    - `next_update()` -> seconds until `update` must run again although nothing may change
      (polling an engine for news), or None. The app wakes then and updates, but draws only
      if `update` marks the scene dirty.
    """

    _dirty = True  # also a class default, for subclasses whose __init__ skips ours

    def __init__(self, app: AppServices) -> None:
        self.app = app
        self._dirty = True

    def enter(self, **params: Any) -> None:
        """Called when the scene becomes current, with the parameters given to `switch`."""

    def exit(self) -> None:
        """Called when another scene takes over; stop anything running here."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance time by `dt` seconds (animations, the AI, clocks)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole window."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; recompute the layout."""

    # ----------------------------------------------------------------- redraw hooks
    def mark_dirty(self) -> None:
        """Ask for a redraw this frame."""
        self._dirty = True

    def take_dirty(self) -> bool:
        """Whether a redraw was asked for since the last call (the app calls this once a frame)."""
        dirty, self._dirty = self._dirty, False
        return dirty

    def animating(self) -> bool:
        """True while the scene needs every frame (see the class docstring)."""
        return False

    def next_change(self) -> float | None:
        """Seconds until the picture changes by itself, or None (see the class docstring)."""
        return None

    def next_update(self) -> float | None:
        """Seconds until `update` must run again without a redraw, or None (see the class docstring)."""
        return None
