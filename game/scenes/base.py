"""The hooks every scene has, so the manager can drive any of them the same way."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.app import App


class Scene:
    """One screen of the game. Subclasses override the hooks they need.

    Order per frame: every event goes to `handle_event`, then `update(dt)` once, then `draw`.
    `draw` must not change state. A scene moves on with `self.app.manager.switch(name, ...)`,
    never by importing another scene.
    """

    def __init__(self, app: "App") -> None:
        self.app = app

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
