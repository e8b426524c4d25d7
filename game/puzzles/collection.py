"""Where puzzles come from: the bundled set, and the player's own "From your games" file.

The player's file is a puzzle file like the bundled one (assets/puzzles/puzzles.txt),
kept in the user data folder and written atomically. Moments found by "Analyse game"
are queued first (cheap: a few numbers), and turned into checked puzzles later by the
puzzle screen, since building and checking a proof takes the engine a little while.
A damaged file is moved aside to `.bak` and reported, never lost.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.records import atomic_write_text
from game.resources import asset_path
from game.rules import Rule
from game.storage.jsonfile import UnreadableFileError, move_aside, read_json, write_json
from game.storage.store import NoticeProblem, StoreNotice

from .puzzle import Puzzle
from .puzzle_file import PuzzleFormatError, format_puzzle, parse_puzzles

log = logging.getLogger(__name__)

GAMES_FILE = "puzzles_from_games.txt"
QUEUE_FILE = "puzzles_queue.json"
QUEUE_FORMAT = "gomoku-puzzle-queue"
#: The player's list keeps the newest this many puzzles.
MAX_OWN = 500


def puzzle_folder(store: Any) -> Path | None:
    """Where a user store keeps puzzle files (its data folder); None for a store that keeps
    nothing on disk (the in-memory store of screenshots and benchmarks)."""
    locations = getattr(store, "locations", None)
    return None if locations is None else Path(locations.data_dir)


def bundled_puzzles() -> list[Puzzle]:
    """The puzzles that ship with the game. Raises AssetNotFoundError, PuzzleFormatError or OSError."""
    return list(_read_bundled())


@lru_cache(maxsize=1)
def _read_bundled() -> tuple[Puzzle, ...]:
    """Read once per run: the file does not change while the game runs (failures are not cached)."""
    path = asset_path("puzzles", "puzzles.txt")
    text = path.read_text(encoding="utf-8")
    try:
        return tuple(parse_puzzles(text))
    except PuzzleFormatError as error:
        raise PuzzleFormatError(f"{path.name}: {error}") from None


@dataclass(frozen=True)
class Moment:
    """A position from the player's game worth a puzzle: `kind` "missed" (the mover had a
    forced win and played something else) or "allowed" (the move let the opponent win).
    `moves` are the game's moves up to and including the move judged (number `len(moves)`)."""

    rule: Rule
    moves: tuple[tuple[int, int], ...]
    kind: str
    source: str = ""

    def to_list(self) -> list[Any]:
        return [self.rule.value, [list(m) for m in self.moves], self.kind, self.source]

    @classmethod
    def from_list(cls, value: Any) -> "Moment":
        rule, moves, kind, source = value
        if kind not in ("missed", "allowed"):
            raise ValueError(f"unknown moment kind {kind!r}")
        points = tuple((int(x), int(y)) for x, y in moves)
        if not points or any(not (0 <= c < 15) for p in points for c in p):
            raise ValueError("moves off a 15x15 board")
        return cls(Rule(rule), points, kind, str(source))


class GamePuzzles:
    """The player's own puzzles and the queue of moments waiting to become puzzles.

    `folder` None keeps everything in memory (screenshots, a store without files).
    """

    def __init__(self, folder: Path | None) -> None:
        self.folder = None if folder is None else Path(folder)
        self.notices: list[StoreNotice] = []
        self._memory_puzzles: list[Puzzle] = []
        self._memory_queue: list[Moment] = []

    @property
    def puzzles_path(self) -> Path | None:
        return None if self.folder is None else self.folder / GAMES_FILE

    @property
    def queue_path(self) -> Path | None:
        return None if self.folder is None else self.folder / QUEUE_FILE

    # ------------------------------------------------------------ puzzles
    def load(self) -> list[Puzzle]:
        path = self.puzzles_path
        if path is None:
            return list(self._memory_puzzles)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        except (OSError, UnicodeDecodeError) as error:
            self._set_aside(path, str(error))
            return []
        try:
            return parse_puzzles(text)
        except PuzzleFormatError as error:
            self._set_aside(path, str(error))
            return []

    def add(self, new: list[Puzzle]) -> bool:
        """Keep `new` puzzles (ids already there are skipped); False when the file could not be written."""
        current = self.load()
        seen = {p.id for p in current}
        merged = (current + [p for p in new if p.id not in seen])[-MAX_OWN:]
        path = self.puzzles_path
        if path is None:
            self._memory_puzzles = merged
            return True
        header = "# Puzzles from your games (made by Gomoku's game analysis; format in the README)\n"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, header + "".join(format_puzzle(p) + "\n" for p in merged))
        except OSError as error:
            log.warning("cannot save %s: %s", path, error)
            self.notices.append(StoreNotice("puzzles", path, None, NoticeProblem.NOT_SAVED, str(error)))
            return False
        return True

    # ------------------------------------------------------------ the queue
    def queue(self, moments: list[Moment]) -> bool:
        """Add moments to the queue (duplicates are dropped)."""
        waiting = self.pending()
        known = {(m.rule, m.moves, m.kind) for m in waiting}
        for moment in moments:
            key = (moment.rule, moment.moves, moment.kind)
            if key not in known:
                known.add(key)
                waiting.append(moment)
        return self._write_queue(waiting)

    def pending(self) -> list[Moment]:
        path = self.queue_path
        if path is None:
            return list(self._memory_queue)
        try:
            data = read_json(path)
        except (UnreadableFileError, OSError) as error:
            self._set_aside(path, str(error))
            return []
        if data is None:
            return []
        try:
            if not isinstance(data, dict) or data.get("format") != QUEUE_FORMAT:
                raise ValueError("not a puzzle queue")
            return [Moment.from_list(item) for item in data["moments"]]
        except (ValueError, TypeError, KeyError) as error:
            self._set_aside(path, str(error))
            return []

    def done(self, moment: Moment) -> bool:
        """Take a moment off the queue (made into a puzzle, or found not to be one)."""
        return self._write_queue([m for m in self.pending() if m != moment])

    def _write_queue(self, moments: list[Moment]) -> bool:
        path = self.queue_path
        if path is None:
            self._memory_queue = list(moments)
            return True
        try:
            write_json(path, {"format": QUEUE_FORMAT, "moments": [m.to_list() for m in moments]})
        except OSError as error:
            log.warning("cannot save %s: %s", path, error)
            self.notices.append(StoreNotice("puzzles", path, None, NoticeProblem.NOT_SAVED, str(error)))
            return False
        return True

    def _set_aside(self, path: Path, detail: str) -> None:
        backup: Path | None = None
        try:
            backup = move_aside(path)
        except OSError as error:
            log.warning("cannot move %s aside: %s", path, error)
        log.warning("%s was unreadable (%s); kept as %s", path, detail, backup)
        self.notices.append(StoreNotice("puzzles", path, backup, NoticeProblem.UNREADABLE, detail))
