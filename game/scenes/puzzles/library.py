"""The puzzle screen's data: the two lists, the player's progress, and the queue of moments
from the player's games waiting to become puzzles (engine_work.py has the engine worker make
them, one at a time, so the window keeps drawing).

No drawing here. The files live in the store's data folder; a store without one (the
in-memory store of screenshots and benchmarks) keeps progress in memory only.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from game.puzzles import Puzzle, PuzzleFormatError
from game.puzzles.choose import choose_next
from game.puzzles.collection import GamePuzzles, Moment, bundled_puzzles
from game.puzzles.progress import FILE_NAME, ProgressStore, PuzzleProgress
from game.resources import AssetNotFoundError
from game.rules import Rule

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
        self._queue: list[Moment] | None = None  # the moments still to make, once making has started
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
        """Turn the queued moments into puzzles from now on (see `next_moment` and `made`)."""
        if self._queue is None and self.waiting:
            self._queue = self.own.pending()

    def next_moment(self) -> Moment | None:
        """The next moment to make a puzzle of, or None when none is waiting (or making has not started)."""
        return self._queue[0] if self._queue else None

    def made(self, moment: Moment, puzzle: Puzzle | None) -> None:
        """The engine's answer for `moment` (None: no puzzle in it): keep the puzzle, take the moment off the queue."""
        if self._queue and moment in self._queue:
            self._queue.remove(moment)
        self.waiting = max(0, self.waiting - 1)
        if puzzle is not None:
            if puzzle.id not in {p.id for p in self.games}:
                self.games.append(puzzle)
            self.own.add([puzzle])
        self.own.done(moment)
        if not self._queue:
            self._queue = None

    @property
    def making(self) -> bool:
        return bool(self._queue)

    def stop(self) -> None:
        """Stop making puzzles (the moments left stay queued for the next visit)."""
        self._queue = None
