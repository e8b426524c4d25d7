"""JSON files that are written atomically and, when unreadable, moved aside rather than lost."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from ..records import atomic_write_text


class UnreadableFileError(ValueError):
    """A file that exists but is not the JSON we wrote (truncated, edited, or someone else's)."""


def read_json(path: Path) -> Any | None:
    """The parsed content of `path`, or None when it does not exist.

    Raises UnreadableFileError for bytes that are not UTF-8 JSON, OSError if unreadable.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise UnreadableFileError(f"{str(path)!r} is not UTF-8 text ({error.reason} at byte {error.start})") from None
    except json.JSONDecodeError as error:
        raise UnreadableFileError(f"{str(path)!r} is not valid JSON: {error.msg} at line {error.lineno}") from None


def write_json(path: Path, data: Any) -> None:
    """Replace `path` with `data` as JSON, atomically, creating its folder if needed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def move_aside(path: Path) -> Path:
    """Rename `path` to `<name>.bak` (replacing an older backup) so the player can recover it."""
    backup = backup_path(path)
    os.replace(path, backup)
    return backup


def remove_stale_temps(path: Path, older_than: float = 60.0) -> list[Path]:
    """Delete temporary files a killed atomic write left beside `path`; returns what was removed.

    Only files older than `older_than` seconds go, so a write in progress in another copy of
    the game is not pulled from under it.
    """
    removed: list[Path] = []
    cutoff = time.time() - older_than
    try:
        candidates = list(path.parent.glob(f".{path.name}.*.tmp"))
    except OSError:
        return removed
    for candidate in candidates:
        try:
            if candidate.stat().st_mtime < cutoff:
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            continue
    return removed
