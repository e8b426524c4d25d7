"""Finished (or unfinished) games as PSQ/SGF files in the records folder, and reading them back.

Saving writes both formats under one name: SGF keeps the rule and result, PSQ is what
Gomocup tools read. PSQ cannot store the rule, so a PSQ with an SGF twin takes the twin's rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..model import Game, GameConfig, Player
from ..records import GameRecord, RecordError, Result, load_record, save_record
from ..rules import Rule

RECORD_SUFFIXES = (".sgf", ".psq")


@dataclass(frozen=True)
class SavedRecord:
    """One file the Load screen lists."""

    path: Path
    modified: float  # seconds since the epoch, for sorting and showing the date

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def modified_at(self) -> datetime:
        return datetime.fromtimestamp(self.modified)


def record_from_game(game: Game, date: str = "") -> GameRecord:
    """The GameRecord of `game` so far: moves, rule, size, player names and result."""
    return GameRecord(
        size=game.config.size,
        rule=game.rule,
        moves=list(game.moves),
        black=game.config.black.name,
        white=game.config.white.name,
        result=None if game.result is None else Result.from_outcome(game.result),
        date=date,
        opening=game.config.opening.value,
        opening_name=game.config.opening_name,
        opening_choices=[f"{seat.value}:{choice.value}" for seat, choice in game.opening.choices],
        seed=game.seed,
    )


def save_game_records(game: Game, folder: Path, when: datetime | None = None) -> list[Path]:
    """Write `game` as `gomoku-<date>-<time>.sgf` and `.psq` in `folder`; returns both paths.

    Never overwrites: a name already taken gets "-2", "-3", ... Raises OSError when the folder
    cannot be written (the caller shows the message), RecordError if the game cannot be recorded.
    """
    when = when or datetime.now()
    folder.mkdir(parents=True, exist_ok=True)
    record = record_from_game(game, when.date().isoformat())
    stem = _free_stem(folder, f"gomoku-{when:%Y-%m-%d-%H%M%S}")
    paths = [folder / f"{stem}{suffix}" for suffix in RECORD_SUFFIXES]
    for path in paths:
        save_record(path, record)
    return paths


def _free_stem(folder: Path, base: str) -> str:
    stem, number = base, 1
    while any((folder / f"{stem}{suffix}").exists() for suffix in RECORD_SUFFIXES):
        number += 1
        stem = f"{base}-{number}"
    return stem


def list_records(folder: Path) -> list[SavedRecord]:
    """Every .sgf and .psq file directly in `folder`, newest first; [] if the folder is missing."""
    try:
        entries = [
            SavedRecord(path, path.stat().st_mtime)
            for path in folder.iterdir()
            if path.suffix.lower() in RECORD_SUFFIXES and path.is_file()
        ]
    except OSError:
        return []
    return sorted(entries, key=lambda entry: (-entry.modified, entry.name))


def open_record(path: Path, psq_rule: Rule = Rule.FREESTYLE) -> GameRecord:
    """Read a record file. A PSQ takes its rule from an SGF twin, else `psq_rule`.

    Raises RecordError (message ready to show) for bad content, OSError when unreadable.
    """
    if path.suffix.lower() == ".psq":
        twin = path.with_suffix(".sgf")
        if twin.is_file():
            try:
                psq_rule = load_record(twin).rule
            except (RecordError, OSError):
                pass  # a broken twin says nothing about the rule; the PSQ itself may be fine
    return load_record(path, psq_rule)


def game_from_record(
    record: GameRecord,
    black: Player,
    white: Player,
    undo_limit: int | None = 3,
    forbidden_loses: bool = True,
) -> Game:
    """A live Game at the record's last position, to play on from there.

    Raises RecordError if the rules refuse a recorded move (the message names it).
    """
    config = GameConfig(
        rule=record.rule,
        size=record.size,
        black=black,
        white=white,
        undo_limit=undo_limit,
        forbidden_loses=forbidden_loses,
    )
    game = Game(config)
    for number, point in enumerate(record.moves, start=1):
        try:
            game.play(tuple(point))
        except ValueError as error:  # IllegalMoveError and MoveRejectedError are ValueErrors
            raise RecordError(f"move {number} {tuple(point)!r} cannot be played: {error}") from error
    return game
