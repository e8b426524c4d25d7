"""The player's external engines, as kept in the settings file.

Each entry is the command the player gave (usually a path to a pbrain-* program), the name
its ABOUT answer gave, and what its last test said. A missing program is a state to show,
never an error: the list must load even when a folder of engines has moved.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Move times the player can choose for external engines (ms).
ENGINE_MOVE_TIMES = (250, 500, 1000, 2000, 3000, 5000, 10000)
DEFAULT_ENGINE_MOVE_MS = 1000
MAX_ENGINES = 8
#: An entry's status: not tested yet, worked last time, or failed (the text says how).
UNTESTED, WORKS = "", "ok"


@dataclass(frozen=True)
class EngineEntry:
    """One engine in the list. `command` is what the player typed or pasted."""

    command: str
    name: str = ""
    status: str = UNTESTED

    @property
    def label(self) -> str:
        """Its ABOUT name, else its file name."""
        if self.name:
            return self.name
        program = self.program
        return Path(program).stem if program else self.command

    @property
    def program(self) -> str:
        """The program part of the command (a path with spaces stays whole)."""
        from game.protocol.brain_process import split_command

        try:
            return split_command(self.command)[0]
        except ValueError:
            return ""

    @property
    def is_missing(self) -> bool:
        """The program is given as a path and nothing is there (moved, deleted, unplugged drive)."""
        program = self.program
        if not program:
            return True
        looks_like_path = any(sep in program for sep in ("/", "\\")) or Path(program).suffix.lower() == ".exe"
        return looks_like_path and not Path(program).is_file()

    @property
    def works(self) -> bool:
        return self.status == WORKS and not self.is_missing

    def to_dict(self) -> dict[str, str]:
        return {"command": self.command, "name": self.name, "status": self.status}

    @classmethod
    def from_dict(cls, data: Any) -> "EngineEntry | None":
        """An entry from saved data, or None when the data is not one."""
        if not isinstance(data, dict) or not isinstance(data.get("command"), str) or not data["command"].strip():
            return None
        name = data.get("name") if isinstance(data.get("name"), str) else ""
        status = data.get("status") if isinstance(data.get("status"), str) else UNTESTED
        return cls(data["command"], name[:80], status[:300])


def is_engine_list(value: Any) -> bool:
    """Whether saved settings hold a usable engine list (entries that are not are dropped later)."""
    return isinstance(value, (list, tuple)) and len(value) <= MAX_ENGINES


def engine_entries(settings: Any) -> list[EngineEntry]:
    """The settings' engine list, skipping any entry that cannot be read."""
    entries = (EngineEntry.from_dict(item) for item in getattr(settings, "engines", ()) or ())
    return [entry for entry in entries if entry is not None]


def find_entry(settings: Any, command: str) -> EngineEntry | None:
    return next((entry for entry in engine_entries(settings) if entry.command == command), None)


def with_entries(settings: Any, entries: list[EngineEntry]) -> Any:
    """Settings holding `entries`; the opponent, hint and analysis engines are cleared if they were removed."""
    commands = {entry.command for entry in entries}
    changes: dict[str, Any] = {"engines": tuple(entry.to_dict() for entry in entries[:MAX_ENGINES])}
    if settings.opponent_engine and settings.opponent_engine not in commands:
        changes["opponent_engine"] = ""
    if settings.hint_engine and settings.hint_engine not in commands:
        changes["hint_engine"] = ""
    if settings.analysis_engine and settings.analysis_engine not in commands:
        changes["analysis_engine"] = ""
    return settings.with_changes(**changes)
