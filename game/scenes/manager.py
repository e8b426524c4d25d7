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
        self._visiting = False  # the pending switch keeps the current scene for a return
        self._kept: tuple[Scene, str] | None = None  # the scene a visit (F1's help) left, untouched

    def has_scene(self, name: str) -> bool:
        return name in self.registry

    def switch(self, name: str, **params: Any) -> None:
        """Ask for scene `name` from the next frame on. Raises UnknownSceneError for a bad name."""
        if name not in self.registry:
            raise UnknownSceneError(f"no scene named {name!r}; known: {sorted(self.registry)}")
        self._pending = (name, params)
        self._visiting = False

    def visit(self, name: str, **params: Any) -> None:
        """Like `switch`, but the current scene is kept as it is (not exited) until
        `return_from_visit`: help opened over a game goes back to that very game."""
        self.switch(name, **params)
        self._visiting = self.current is not None

    @property
    def visiting(self) -> bool:
        """Whether the current scene was opened by `visit` and can return."""
        return self._kept is not None

    def return_from_visit(self) -> bool:
        """Go back to the scene a visit left (from the next frame). False when there is none."""
        if self._kept is None:
            return False
        self._pending = ("", {})
        self._visiting = False
        return True

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
        if not name and self._kept is not None:  # back from a visit: the kept scene as it was
            if self.current is not None:
                self.current.exit()
            self.current, self.current_name = self._kept
            self._kept = None
            self.current.resize(self.app.screen.get_size())  # the window may have changed meanwhile
            self.current.mark_dirty()
            return True
        if self._visiting and self.current is not None:
            self._kept = (self.current, self.current_name)
        else:
            if self.current is not None:
                self.current.exit()
            if self._kept is not None:
                self._kept[0].exit()
                self._kept = None
        self._visiting = False
        self.current = self.registry[name](self.app)
        self.current_name = name
        self.current.enter(**params)
        return True

    def close(self) -> None:
        """Exit the current scene (at shutdown)."""
        if self._kept is not None:
            self._kept[0].exit()
            self._kept = None
        if self.current is not None:
            self.current.exit()
            self.current = None
            self.current_name = ""
