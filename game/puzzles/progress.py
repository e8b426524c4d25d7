"""The player's puzzle progress: a Glicko-2 puzzle rating, the history, the streak, and
failed puzzles that come back (spaced repetition).

A puzzle is rated like a player: solving it is a won game against it, failing a lost one.
Both ratings move (the puzzle's here, for this player only). A failed puzzle comes back
after a few other puzzles, then after more each time it is solved, and leaves the queue
once solved at the longest step; failing it again starts over. Counting puzzles rather
than days keeps "later" meaningful for someone who plays a few minutes a week.

Loading never fails: a damaged file is moved aside to `.bak`, a fresh start is used, and a
StoreNotice says so (as game/storage/store.py does for settings).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rating import Rating, rate_game
from game.storage.jsonfile import UnreadableFileError, move_aside, read_json, remove_stale_temps, write_json
from game.storage.store import NoticeProblem, StoreNotice

log = logging.getLogger(__name__)

FORMAT = "gomoku-puzzle-progress"
VERSION = 1
FILE_NAME = "puzzles.json"
#: The player's puzzle rating before the first puzzle (the bundled set starts near 900-1300).
START_RATING = Rating(1200.0, 350.0, 0.06)
#: How sure a new puzzle's starting rating is.
PUZZLE_DEVIATION = 150.0
#: After a failure the puzzle is due again after this many other puzzles; each solve moves it one step on.
REPEAT_STEPS = (3, 8, 20)
#: The history keeps the last this many attempts.
HISTORY_LENGTH = 1000


class ProgressError(ValueError):
    """A progress document that is not ours or is damaged; the message says what is wrong."""


@dataclass(frozen=True)
class Attempt:
    """One rated try: which puzzle, solved or not, and the player's rating after it."""

    puzzle_id: str
    solved: bool
    rating: float
    when: float  # seconds since the epoch


@dataclass
class Repeat:
    """A failed puzzle in the repetition queue: its step in REPEAT_STEPS and when it is due (attempt count)."""

    step: int
    due: int


@dataclass
class PuzzleProgress:
    rating: Rating = START_RATING
    history: list[Attempt] = field(default_factory=list)
    streak: int = 0
    best_streak: int = 0
    attempts: int = 0
    repeats: dict[str, Repeat] = field(default_factory=dict)
    puzzle_ratings: dict[str, Rating] = field(default_factory=dict)

    # ----------------------------------------------------------- playing
    def puzzle_rating(self, puzzle_id: str, starting: int) -> Rating:
        return self.puzzle_ratings.get(puzzle_id, Rating(float(starting), PUZZLE_DEVIATION, 0.06))

    def record(self, puzzle_id: str, starting: int, solved: bool, now: float | None = None) -> Attempt:
        """Rate one try and update the streak and the repetition queue; returns the attempt."""
        puzzle = self.puzzle_rating(puzzle_id, starting)
        score = 1.0 if solved else 0.0
        player = self.rating
        self.rating = rate_game(player, puzzle, score)
        self.puzzle_ratings[puzzle_id] = rate_game(puzzle, player, 1.0 - score)
        self.attempts += 1
        if solved:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            repeat = self.repeats.get(puzzle_id)
            if repeat is not None:
                if repeat.step + 1 >= len(REPEAT_STEPS):
                    del self.repeats[puzzle_id]
                else:
                    repeat.step += 1
                    repeat.due = self.attempts + REPEAT_STEPS[repeat.step]
        else:
            self.streak = 0
            self.repeats[puzzle_id] = Repeat(0, self.attempts + REPEAT_STEPS[0])
        attempt = Attempt(puzzle_id, solved, round(self.rating.rating, 1), time.time() if now is None else now)
        self.history.append(attempt)
        del self.history[:-HISTORY_LENGTH]
        return attempt

    def due(self) -> list[str]:
        """Failed puzzles due again now, the longest waiting first."""
        ready = [(repeat.due, pid) for pid, repeat in self.repeats.items() if repeat.due <= self.attempts]
        return [pid for _, pid in sorted(ready)]

    def solved_ids(self) -> set[str]:
        return {a.puzzle_id for a in self.history if a.solved}

    def tried_ids(self) -> set[str]:
        return {a.puzzle_id for a in self.history}

    # ----------------------------------------------------------- files
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "rating": _rating_dict(self.rating),
            "streak": self.streak,
            "best_streak": self.best_streak,
            "attempts": self.attempts,
            "history": [[a.puzzle_id, a.solved, a.rating, a.when] for a in self.history],
            "repeats": {pid: [r.step, r.due] for pid, r in self.repeats.items()},
            "puzzle_ratings": {pid: _rating_dict(r) for pid, r in self.puzzle_ratings.items()},
        }

    @classmethod
    def from_dict(cls, data: Any) -> "PuzzleProgress":
        """Raises ProgressError naming the bad part."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressError("not a puzzle progress file")
        if data.get("version") != VERSION:
            raise ProgressError(f"unsupported version {data.get('version')!r}")
        try:
            history = [Attempt(str(pid), bool(solved), float(rating), float(when))
                       for pid, solved, rating, when in data["history"]]
            repeats = {str(pid): Repeat(_count(step, "step"), _count(due, "due"))
                       for pid, (step, due) in data["repeats"].items()}
            if any(r.step >= len(REPEAT_STEPS) for r in repeats.values()):
                raise ProgressError("a repetition step is out of range")
            return cls(
                rating=_rating_from(data["rating"]),
                history=history,
                streak=_count(data["streak"], "streak"),
                best_streak=_count(data["best_streak"], "best_streak"),
                attempts=_count(data["attempts"], "attempts"),
                repeats=repeats,
                puzzle_ratings={str(pid): _rating_from(r) for pid, r in data["puzzle_ratings"].items()},
            )
        except ProgressError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ProgressError(f"damaged progress: {type(error).__name__}: {error}") from None


def _count(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ProgressError(f"{name} must be a whole number >= 0, got {value!r}")
    return value


def _rating_dict(rating: Rating) -> list[float]:
    return [rating.rating, rating.deviation, rating.volatility]


def _rating_from(value: Any) -> Rating:
    rating, deviation, volatility = (float(v) for v in value)
    if not (0 < deviation <= 1000 and 0 < volatility < 1 and -5000 < rating < 10000):
        raise ProgressError(f"rating out of range: {value!r}")
    return Rating(rating, deviation, volatility)


class ProgressStore:
    """Loads and saves PuzzleProgress in one file; never raises (see the module docstring)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.notices: list[StoreNotice] = []

    def load(self) -> PuzzleProgress:
        remove_stale_temps(self.path)
        try:
            data = read_json(self.path)
            return PuzzleProgress() if data is None else PuzzleProgress.from_dict(data)
        except (UnreadableFileError, ProgressError) as error:
            backup = None
            try:
                backup = move_aside(self.path)
            except OSError as move_error:
                log.warning("cannot move %s aside: %s", self.path, move_error)
            log.warning("puzzle progress %s was unreadable (%s); starting afresh, kept as %s", self.path, error, backup)
            self.notices.append(StoreNotice("puzzles", self.path, backup, NoticeProblem.UNREADABLE, str(error)))
        except OSError as error:
            log.warning("cannot read %s: %s", self.path, error)
            self.notices.append(StoreNotice("puzzles", self.path, None, NoticeProblem.UNREADABLE, str(error)))
        return PuzzleProgress()

    def save(self, progress: PuzzleProgress) -> bool:
        try:
            write_json(self.path, progress.to_dict())
        except OSError as error:
            log.warning("cannot save puzzle progress to %s: %s", self.path, error)
            self.notices.append(StoreNotice("puzzles", self.path, None, NoticeProblem.NOT_SAVED, str(error)))
            return False
        return True
