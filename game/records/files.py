"""Saving and loading records by file extension (.psq or .sgf)."""

from __future__ import annotations

import os
from pathlib import Path

from game.rules import Rule

from .atomic import atomic_write_text
from .errors import RecordError
from .psq import read_psq, write_psq
from .record import GameRecord
from .sgf import read_sgf, write_sgf

FORMATS = (".sgf", ".psq")


def _format_of(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise RecordError(f"unknown record format {path.suffix!r} for {str(path)!r} (expected .sgf or .psq)")
    return suffix


def save_record(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write `record` atomically as SGF or PSQ, chosen by the extension. Raises RecordError for others."""
    target = Path(path)
    text = write_sgf(record) if _format_of(target) == ".sgf" else write_psq(record)
    atomic_write_text(target, text)


def load_record(path: str | os.PathLike[str], psq_rule: Rule = Rule.FREESTYLE) -> GameRecord:
    """Read a .sgf or .psq file. PSQ cannot store the rule, so `psq_rule` supplies it.

    Raises RecordError for bad content or an unknown extension, OSError when unreadable.
    """
    source = Path(path)
    kind = _format_of(source)
    try:
        text = source.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError(f"{str(source)!r} is not UTF-8 text: {error.reason} at byte {error.start}") from error
    return read_sgf(text) if kind == ".sgf" else read_psq(text, psq_rule)
