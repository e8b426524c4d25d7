"""Who plays in a match: a built-in level ("builtin:master") or an external brain (a path or a
command line), and the worker that asks it for moves. Both workers have the same poll-based
contract, so the runner never cares which kind it talks to."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import Level
from game.protocol.brain_process import split_command
from game.protocol.client import GAME_TYPE_BRAIN

BUILTIN_PREFIX = "builtin"


class PlayerSpecError(ValueError):
    """A player description that names no built-in level and no command."""


@dataclass(frozen=True)
class PlayerSpec:
    """One side of a match. `level` is set for a built-in player, `command` for an external brain."""

    level: Level | None = None
    command: str = ""
    name: str = ""

    @property
    def is_builtin(self) -> bool:
        return self.level is not None

    @property
    def label(self) -> str:
        """A name to show before the brain has told us its own (ABOUT)."""
        if self.name:
            return self.name
        if self.level is not None:
            return f"Built-in {self.level.label}"
        return command_label(self.command)

    def make_worker(self, turn_ms: int, grace_ms: int | None = None) -> Any:
        """A fresh worker for this player (an EngineWorker or an ExternalEngineWorker)."""
        if self.level is not None:
            from game.engine import EngineWorker

            return EngineWorker()
        from game.protocol.external_worker import ExternalEngineWorker

        return ExternalEngineWorker(self.command, name=self.label, turn_ms=turn_ms, game_type=GAME_TYPE_BRAIN, grace_ms=grace_ms)


_LAUNCHERS = {"python", "python3", "py", "pythonw", "node", "env", "bash", "sh", "exec", "wine", "mono"}


def command_label(command: str) -> str:
    """A short name for a command line: its program, or the script a launcher runs
    ("python3 my_brain.py --fast" -> "my_brain")."""
    words = split_command(command)
    for word in words:
        stem = Path(word).stem
        if stem.lower().rstrip("0123456789.") not in _LAUNCHERS and not word.startswith("-"):
            return stem or word
    return Path(words[0]).stem or words[0]


def parse_player(text: str) -> PlayerSpec:
    """"builtin:master" (or "builtin", Master) is our engine at a level; anything else is a brain's
    command line or path. Raises PlayerSpecError for an unknown level or an empty command."""
    stripped = text.strip()
    head, _, tail = stripped.partition(":")
    if head.lower() == BUILTIN_PREFIX and not Path(stripped).exists():
        level_name = tail.strip().lower() or Level.MASTER.value
        try:
            return PlayerSpec(level=Level(level_name))
        except ValueError:
            levels = ", ".join(f"builtin:{level.value}" for level in Level)
            raise PlayerSpecError(f"unknown built-in level {tail!r} in {text!r}; expected one of {levels}") from None
    try:
        split_command(stripped)
    except ValueError as error:
        raise PlayerSpecError(f"no engine command in {text!r}") from error
    return PlayerSpec(command=stripped)
