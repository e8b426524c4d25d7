"""The window, the main loop and the services scenes share (settings, store, sound, engine).

One loop in a fixed order: events -> update -> draw -> flip -> pace. Only this thread
touches pygame; the engine runs in a worker process. The loop draws only when the picture may
have changed and, while nothing moves, sleeps until input or the scene's next change instead
of spinning at 60 FPS (the hooks are in `game.scenes.base.Scene`, the waiting in
`game.loop_pacing`). The App is drivable frame by frame (`step`, `run(max_frames=...)`) so
tests and benchmarks run the real loop headless.
"""

from __future__ import annotations

import os
import time
import warnings
from typing import Any

from game.engine import EngineWorker
from game.i18n import set_language, tr
from game.loop_pacing import MAX_IDLE_SECONDS, game_seconds, wait_for_input
from game.model import Game
from game.resources import AssetNotFoundError, asset_path
from game.services import GameStatistics, PlayerRatings, SavedGames, StoreNotices
from game.storage import Settings, UserStore

# Before pygame starts: crisp rendering on high-DPI Windows displays, and no hello banner.
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the environment above must be set first)

from game.scenes import scene_registry  # noqa: E402
from game.scenes.manager import SceneManager  # noqa: E402
from game.ui import chrome  # noqa: E402
from game.ui.layout import MIN_WINDOW  # noqa: E402

from game.ui.sound import SoundBoard  # noqa: E402

FPS = 60
TOAST_SECONDS = 4.0
TOAST_FADE_SECONDS = 0.4


class App:
    """The game: a window, a scene manager and the services every scene uses.

    `store` is where settings, statistics and the autosave live (tests pass one rooted in a
    temporary folder, benchmarks an in-memory one); None is the player's own store. What is
    kept there is reached through the services `saves`, `statistics` and `ratings`
    (game.services). `size` overrides the
    saved window size; `fullscreen` the saved full-screen choice.
    """

    def __init__(self, store: Any = None, size: tuple[int, int] | None = None, fullscreen: bool | None = None) -> None:
        self.store = store if store is not None else UserStore()
        self.store_notices = StoreNotices(self.store, self.notify)
        self.saves = SavedGames(self.store, self.notify, self.store_notices)
        self.statistics = GameStatistics(self.store, self.notify, self.store_notices)
        self.ratings = PlayerRatings(self.store, self.store_notices)
        self.settings: Settings = self._load_settings()
        set_language(self.settings.language)
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(320, 45)
        self.window_size = size or (self.settings.window_width, self.settings.window_height)
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self._set_icon()
        self.screen = self._open_window()
        pygame.display.set_caption(tr("app.title"))
        self.clock = pygame.time.Clock()
        self.sound = self._make_sound()
        self._worker: EngineWorker | None = None
        self._external: Any = None  # game.protocol.engine_pool.EnginePool, made on first use
        self.manager = SceneManager(self, scene_registry())
        self.running = True
        self.frame = 0
        self.last_frame_ms = 0.0
        self.draws = 0  # frames actually drawn (an idle loop passes without drawing)
        self._redraw = True  # the app's own reasons: a resize, a notice appearing or leaving
        self._last_update = time.monotonic()
        self._waited = 0.0  # seconds the last pass slept on purpose (they count as game time)
        self._wake_at: float | None = None  # when the current scene said its picture changes
        self._toast = ""
        self._toast_left = 0.0
        self._closed = False
        self.store_notices.show()
        self.manager.switch("menu")
        self.manager.apply_pending()

    # ----------------------------------------------------------------- services
    @property
    def engine(self) -> EngineWorker:
        """The engine worker process, started on first use and reused."""
        if self._worker is None:
            self._worker = EngineWorker()
        return self._worker

    @property
    def external_engines(self) -> Any:
        """The external Gomocup brains in use (one worker each), all ended when the app closes."""
        if self._external is None:
            from game.protocol.engine_pool import EnginePool

            self._external = EnginePool()
        return self._external

    @property
    def has_engine(self) -> bool:
        return self._worker is not None

    def _load_settings(self) -> Settings:
        try:
            return self.store.load_settings()
        except (OSError, ValueError):
            return Settings()  # unreadable settings must never stop the game from starting

    def update_settings(self, settings: Settings) -> None:
        """Keep and save new settings, and apply the ones that take effect at once."""
        old, self.settings = self.settings, settings
        if settings.language != old.language:
            set_language(settings.language)
            pygame.display.set_caption(tr("app.title"))
        self.sound.set_volume(settings.sound_volume)
        self.sound.set_muted(settings.muted)
        if settings.fullscreen != self.fullscreen:
            self.set_fullscreen(settings.fullscreen)
        self._save_settings()

    def _save_settings(self) -> None:
        try:
            self.store.save_settings(self.settings)
        except OSError as error:
            self.notify(tr("notice.save_failed", error=error))
        self.store_notices.show()

    def _make_sound(self) -> SoundBoard:
        # SoundBoard opens the mixer lazily and falls silent by itself without an audio device.
        return SoundBoard(self.settings.sound_volume, self.settings.muted)

    def play_sound(self, event: str) -> None:
        self.sound.play(event)

    def notify(self, message: str) -> None:
        """Show a short notice at the bottom of the window for a few seconds."""
        self._toast = message
        self._toast_left = TOAST_SECONDS
        self._redraw = True

    @property
    def toast(self) -> str:
        return self._toast if self._toast_left > 0 else ""

    # ----------------------------------------------------------------- games
    def record_result(self, game: Game) -> None:
        """A finished game against the computer: count it in the statistics and rate it."""
        if self.statistics.record(game):
            self.ratings.rate(game)

    # ----------------------------------------------------------------- window
    def _open_window(self) -> pygame.Surface:
        flags = pygame.RESIZABLE
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            width = max(self.window_size[0], MIN_WINDOW[0])
            height = max(self.window_size[1], MIN_WINDOW[1])
            screen = pygame.display.set_mode((width, height), flags)
        self._enforce_minimum_size()
        return screen

    @staticmethod
    def _set_icon() -> None:
        """The window and taskbar icon (set before the window opens, as some platforms require)."""
        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon", "gomoku-64.png"))))
        except (AssetNotFoundError, pygame.error):
            pass  # a missing icon is cosmetic

    @staticmethod
    def _enforce_minimum_size() -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        except (AttributeError, pygame.error):
            pass  # older pygame: VIDEORESIZE below clamps instead

    def set_fullscreen(self, fullscreen: bool) -> None:
        if fullscreen == self.fullscreen:
            return
        self.fullscreen = fullscreen
        try:
            self.screen = self._open_window()
        except pygame.error:
            self.fullscreen = False
            self.screen = self._open_window()
        if self.settings.fullscreen != self.fullscreen:
            self.settings = self.settings.with_changes(fullscreen=self.fullscreen)
            self._save_settings()
        self._resized()

    def toggle_mute(self) -> None:
        self.update_settings(self.settings.with_changes(muted=not self.settings.muted))
        self.notify(tr("notice.muted" if self.settings.muted else "notice.unmuted"))

    def _resized(self) -> None:
        self._redraw = True
        if self.manager.current is not None:
            self.manager.current.resize(self.screen.get_size())

    def resize_window(self, size: tuple[int, int]) -> None:
        """Set the window to `size` (at least the minimum) and lay every scene out again."""
        if self.fullscreen:
            return
        self.window_size = (max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1]))
        self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        self._resized()

    def _on_window_resized(self, width: int, height: int) -> None:
        if self.fullscreen:
            return
        clamped = (max(width, MIN_WINDOW[0]), max(height, MIN_WINDOW[1]))
        if clamped != (width, height):
            self.screen = pygame.display.set_mode(clamped, pygame.RESIZABLE)
        else:
            self.screen = pygame.display.get_surface()
        self.window_size = clamped
        self._resized()

    # ----------------------------------------------------------------- loop
    def quit(self) -> None:
        """Leave the loop after this frame."""
        self.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if event.type == pygame.VIDEORESIZE:
                self._on_window_resized(event.w, event.h)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.set_fullscreen(not self.fullscreen)
                return
            typing = getattr(self.manager.current, "takes_text", False)  # a text field has the keys
            if event.key == pygame.K_m and not typing and not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
                self.toggle_mute()
                return
        if self.manager.current is not None:
            self.manager.current.handle_event(event)

    def step(self, dt: float | None = None) -> bool:
        """Run one pass: events -> update -> draw (if anything changed) -> flip -> pace.
        Returns False once quitting.

        Pacing: 60 FPS while something animates; otherwise sleep until input arrives or the
        scene's next change is due. `dt` overrides the measured frame time (tests use it to
        make time pass quickly); with it the pass never sleeps longer than one 60 FPS frame.
        """
        if not self.running:
            return False
        started = time.perf_counter()
        events = pygame.event.get()  # empty the queue every frame
        for event in events:
            self.handle_event(event)
        switched = self.manager.apply_pending()  # a scene switch asked for during the events above
        now = time.monotonic()
        elapsed = game_seconds(now - self._last_update, self._waited) if dt is None else dt
        self._last_update = now
        toast_was_shown = self._toast_left > 0
        self._toast_left = max(0.0, self._toast_left - elapsed)
        scene = self.manager.current
        if scene is not None:
            scene.update(elapsed)
        if self._needs_draw(scene, bool(events) or switched or toast_was_shown != (self._toast_left > 0), now):
            if scene is not None:
                scene.draw(self.screen)
            if self._toast_left > 0:
                chrome.draw_toast(self.screen, self._toast, min(1.0, self._toast_left / TOAST_FADE_SECONDS))
            pygame.display.flip()
            self.draws += 1
        self.last_frame_ms = (time.perf_counter() - started) * 1000
        self.frame += 1
        self._pace(scene, sleep=dt is None)
        return self.running

    def _needs_draw(self, scene: Any, changed: bool, now: float) -> bool:
        """Whether this pass must draw: see the redraw hooks in game.scenes.base.Scene."""
        needed = changed or self._redraw or 0 < self._toast_left <= TOAST_FADE_SECONDS
        self._redraw = False
        if scene is None:
            return needed
        needed = scene.take_dirty() or needed
        due = self._wake_at is not None and now >= self._wake_at
        return needed or due or scene.animating()

    def _pace(self, scene: Any, sleep: bool) -> None:
        """Hold the next pass back: one 60 FPS frame while anything moves, else until input."""
        self._waited = 0.0
        self._wake_at = None
        if not self.running:
            return  # quitting: no reason to wait for anything
        if scene is None or not sleep or self.manager.has_pending or 0 < self._toast_left <= TOAST_FADE_SECONDS:
            self.clock.tick(FPS)
            return
        if scene.animating():
            self.clock.tick(FPS)
            return
        change = scene.next_change()
        poll = scene.next_update()
        timeout = MAX_IDLE_SECONDS
        if change is not None:
            timeout = min(timeout, max(0.0, change))
            self._wake_at = time.monotonic() + max(0.0, change)
        if poll is not None:
            timeout = min(timeout, max(0.0, poll))  # an update, not a redraw: _wake_at stays
        if self._toast_left > 0:
            timeout = min(timeout, self._toast_left - TOAST_FADE_SECONDS)
        self._waited = wait_for_input(timeout)
        self.clock.tick()  # keep the clock's frame time meaningful for the next animated frame

    def run(self, max_frames: int | None = None) -> int:
        """The main loop; returns the number of frames run. Closes the app when it ends."""
        start = self.frame
        try:
            while self.step():
                if max_frames is not None and self.frame - start >= max_frames:
                    break
        finally:
            if not self.running:
                self.close()
        return self.frame - start

    def close(self) -> None:
        """Stop the engine, save the window size, and shut pygame down. Idempotent."""
        if self._closed:
            return
        self._closed = True
        self.running = False
        self.manager.close()
        if self._worker is not None:
            self._worker.close()
        if self._external is not None:
            self._external.close()
        if not self.fullscreen:
            width, height = self.window_size
            if (width, height) != (self.settings.window_width, self.settings.window_height):
                self.settings = self.settings.with_changes(window_width=width, window_height=height)
                self._save_settings()
        pygame.display.quit()
