"""Switches between scenes by name, so scenes never import each other."""

from __future__ import annotations

from typing import Any, Callable

from .base import AppServices, Scene

SceneFactory = Callable[[AppServices], Scene]


class UnknownSceneError(KeyError):
    """A switch to a scene name that is not registered."""


class SceneManager:
    """Holds the registry and the current scene.

    `switch` only records the request; the app applies it between frames, so the rest of
    this frame's events still go to the scene that received them.
    """

    def __init__(self, app: AppServices, registry: dict[str, SceneFactory]) -> None:
        self.app = app
        self.registry = dict(registry)
        self.current: Scene | None = None
        self.current_name = ""
        self._pending: tuple[str, dict[str, Any]] | None = None

    def has_scene(self, name: str) -> bool:
        return name in self.registry

    def switch(self, name: str, **params: Any) -> None:
        """Ask for scene `name` from the next frame on. Raises UnknownSceneError for a bad name."""
        if name not in self.registry:
            raise UnknownSceneError(f"no scene named {name!r}; known: {sorted(self.registry)}")
        self._pending = (name, params)

    @property
    def has_pending(self) -> bool:
        """Whether a switch waits to happen at the next frame."""
        return self._pending is not None

    def apply_pending(self) -> bool:
        """Make a requested switch happen: exit the old scene, enter the new one."""
        if self._pending is None:
            return False
        name, params = self._pending
        self._pending = None
        if self.current is not None:
            self.current.exit()
        self.current = self.registry[name](self.app)
        self.current_name = name
        self.current.enter(**params)
        return True

    def close(self) -> None:
        """Exit the current scene (at shutdown)."""
        if self.current is not None:
            self.current.exit()
            self.current = None
            self.current_name = ""
