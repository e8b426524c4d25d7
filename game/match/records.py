"""Saving a match game as a record (SGF, which keeps the rule and result, and PSQ for Gomocup tools)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from game.records import save_record

from .game_runner import GameResult

SUFFIXES = (".sgf", ".psq")


def save_game_result(result: GameResult, folder: Path, stem: str = "", when: datetime | None = None) -> list[Path]:
    """Write `result` into `folder` as `<stem>.sgf` and `.psq` (never overwriting: "-2", "-3", ...).

    Raises OSError when the folder cannot be written.
    """
    when = when or datetime.now()
    folder.mkdir(parents=True, exist_ok=True)
    base = stem or f"match-{when:%Y-%m-%d-%H%M%S}"
    name, number = base, 1
    while any((folder / f"{name}{suffix}").exists() for suffix in SUFFIXES):
        number += 1
        name = f"{base}-{number}"
    record = result.to_record(when.date().isoformat())
    paths = [folder / f"{name}{suffix}" for suffix in SUFFIXES]
    for path in paths:
        save_record(path, record)
    return paths
