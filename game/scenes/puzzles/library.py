"""The puzzle screen's data: the two lists, the player's progress, and the maker of puzzles
from the player's games, which works in a background thread so the window keeps drawing.

No drawing here. The files live in the store's data folder; a store without one (the
in-memory store of screenshots and benchmarks) keeps progress in memory only.
"""

from __future__ import annotations

import logging
import random
import threading
from pathlib import Path
from typing import Any

from game.puzzles import Puzzle, PuzzleFormatError
from game.puzzles.choose import choose_next
from game.puzzles.collection import GamePuzzles, bundled_puzzles
from game.puzzles.from_games import puzzle_from
from game.puzzles.progress import FILE_NAME, ProgressStore, PuzzleProgress
from game.resources import AssetNotFoundError
from game.rules import Rule

log = logging.getLogger(__name__)

BUNDLED, GAMES = "bundled", "games"
SOURCES = (BUNDLED, GAMES)


class PuzzleLibrary:
    """Both puzzle lists and the progress; `error` says why the bundled set is missing."""

    def __init__(self, folder: Path | None, seed: int | None = None) -> None:
        self.folder = folder
        self.rng = random.Random(seed)
        self.progress_store = None if folder is None else ProgressStore(folder / FILE_NAME)
        self.progress = PuzzleProgress() if self.progress_store is None else self.progress_store.load()
        self.own = GamePuzzles(folder)
        self.error = ""
        try:
            self.bundled = bundled_puzzles()
        except (AssetNotFoundError, PuzzleFormatError, OSError) as error:
            self.bundled = []
            self.error = str(error)
        self.games = self.own.load()
        self._lock = threading.Lock()
        self._made: list[Puzzle] = []
        self._worker: threading.Thread | None = None
        self._stop = threading.Event()
        self.waiting = len(self.own.pending())

    def puzzles(self, source: str) -> list[Puzzle]:
        return self.games if source == GAMES else self.bundled

    def find(self, puzzle_id: str) -> Puzzle | None:
        return next((p for p in self.bundled + self.games if p.id == puzzle_id), None)

    def next(self, source: str, skip: str | None = None, rule: Rule | None = None) -> Puzzle | None:
        """The next puzzle; new ones of `rule` (the player's) first."""
        return choose_next(self.puzzles(source), self.progress, self.rng, skip, rule)

    def record(self, puzzle: Puzzle, solved: bool) -> float:
        """Rate a result and save; returns the change of the player's rating."""
        before = self.progress.rating.rating
        self.progress.record(puzzle.id, puzzle.rating, solved)
        if self.progress_store is not None:
            self.progress_store.save(self.progress)
        return self.progress.rating.rating - before

    def take_notices(self) -> list[Any]:
        notices = list(self.own.notices)
        self.own.notices.clear()
        if self.progress_store is not None:
            notices += self.progress_store.notices
            self.progress_store.notices.clear()
        return notices

    # ------------------------------------------------------------ from your games
    def start_making(self) -> None:
        """Turn queued moments into puzzles in the background (one thread, one moment at a time)."""
        if self._worker is not None or self.waiting == 0:
            return
        self._stop.clear()
        self._worker = threading.Thread(target=self._make_all, name="puzzles-from-games", daemon=True)
        self._worker.start()

    def _make_all(self) -> None:
        for moment in self.own.pending():
            if self._stop.is_set():
                break
            try:
                puzzle = puzzle_from(moment)
            except Exception:  # noqa: BLE001 - one bad moment must not stop the others
                log.exception("cannot make a puzzle from %s", moment)
                puzzle = None
            with self._lock:
                if puzzle is not None:
                    self._made.append(puzzle)
                self.waiting = max(0, self.waiting - 1)
            if puzzle is not None:
                self.own.add([puzzle])
            self.own.done(moment)

    def collect(self) -> bool:
        """Move puzzles the background maker finished into the list; True when there were any."""
        with self._lock:
            made, self._made = self._made, []
        if made:
            known = {p.id for p in self.games}
            self.games += [p for p in made if p.id not in known]
        if self._worker is not None and not self._worker.is_alive():
            self._worker = None
        return bool(made)

    @property
    def making(self) -> bool:
        return self._worker is not None

    def stop(self) -> None:
        self._stop.set()
