"""The engine's public values: difficulty levels, search limits, positions and results.

Everything here is plain, frozen and picklable, so a position can cross a process
boundary to a worker and a result can come back.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.rules import Board, Rule, Stone


#: Rung values that were renamed when the ladder was measured again, old -> current. Ladder
#: version 3: the full engine, first named 2300, measured 2717 on its own 3000 ms once its
#: search went deep (benchmarks/README.md, "The strength ladder").
RENAMED_RUNGS = {"2300": "2650"}


class Level(Enum):
    """Difficulty levels. The values are the names used on the command line and in settings.

    The four named levels are the short list; the rungs of the strength ladder are named by
    their rating on the ladder's scale (the seed bot is 1000; see levels.py and
    game/rating/ladder.py), "650" for a first-time player up to "2650", the full engine.
    A rung's value, once saved, may outlive its name: RENAMED_RUNGS reads an old one.
    """

    BEGINNER = "beginner"
    CASUAL = "casual"
    STRONG = "strong"
    MASTER = "master"
    R650 = "650"
    R850 = "850"
    R950 = "950"
    R1100 = "1100"
    R1300 = "1300"
    R1400 = "1400"
    R1550 = "1550"
    R1650 = "1650"
    R1850 = "1850"
    R2000 = "2000"
    R2200 = "2200"
    R2350 = "2350"
    R2500 = "2500"
    R2650 = "2650"

    @classmethod
    def _missing_(cls, value: object) -> "Level | None":
        """An old rung's value (a saved setting, a game record) as the rung it became."""
        renamed = RENAMED_RUNGS.get(value) if isinstance(value, str) else None
        return cls(renamed) if renamed is not None else None

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def rating(self) -> int | None:
        """The ladder rating a rung is named by; None for the named levels."""
        return int(self.value) if self.value.isdigit() else None

    @classmethod
    def named(cls) -> tuple["Level", ...]:
        """The short list of named levels, weakest first."""
        return (cls.BEGINNER, cls.CASUAL, cls.STRONG, cls.MASTER)

    @classmethod
    def rungs(cls) -> tuple["Level", ...]:
        """The ladder's rungs, weakest first."""
        return tuple(sorted((level for level in cls if level.rating is not None), key=lambda level: level.rating))


@dataclass(frozen=True)
class Limit:
    """How long a search may run. Whoever runs the search owns the clock.

    time_ms is a hard deadline for the whole search; depth and nodes cap the work.
    Any field left None does not limit.
    """

    time_ms: int | None = None
    depth: int | None = None
    nodes: int | None = None


class PositionError(ValueError):
    """A position that cannot be searched: a point off the board, two stones on one point."""


@dataclass(frozen=True)
class Position:
    """A game state as plain data: stones in the order played and the side to move.

    Positions set up with the Gomocup BOARD command need not come from alternating play,
    so `to_move` is stored rather than derived.
    """

    size: int
    rule: Rule
    stones: tuple[tuple[int, int, int], ...]
    to_move: Stone

    @classmethod
    def from_board(cls, board: Board) -> "Position":
        stones = tuple((move.point[0], move.point[1], int(move.stone)) for move in board.history)
        return cls(board.size, board.rule, stones, board.to_move)

    def to_board(self) -> Board:
        """A rules Board holding these stones. Raises PositionError for stones it cannot place."""
        board = Board(self.size, self.rule)
        for x, y, value in self.stones:
            try:
                board.push((x, y), Stone(value))
            except ValueError as error:
                raise PositionError(f"cannot place stone {(x, y, value)!r}: {error}") from error
        return board


@dataclass(frozen=True)
class Candidate:
    """One root move of a multi-PV search: its score (side to move's view) and expected line.

    `pv` starts with `move`. `forced` names a proven tactical win ("win-in-1", "vcf",
    "vct") or the shortcut that chose the move, as in SearchResult; empty otherwise.
    """

    move: tuple[int, int]
    score: int
    pv: tuple[tuple[int, int], ...]
    forced: str = ""


@dataclass(frozen=True)
class SearchResult:
    """The engine's answer. `score` is from the side to move's view; large means winning.

    `forced` names a tactical shortcut that decided the move ("win-in-1", "block-four",
    "vcf", ...); it is empty for a normal search. `candidates` holds the best root moves,
    best first and distinct (one unless the search was asked for several, see `search`).
    """

    move: tuple[int, int]
    score: int
    depth: int
    nodes: int
    pv: tuple[tuple[int, int], ...]
    time_ms: int
    forced: str = ""
    candidates: tuple[Candidate, ...] = ()


#: Default per-move budgets. Master stays within 3 s on a shared 2-core machine.
_DEFAULT_LIMITS = {
    Level.BEGINNER: Limit(time_ms=300),
    Level.CASUAL: Limit(time_ms=800),
    Level.STRONG: Limit(time_ms=1500),
    Level.MASTER: Limit(time_ms=3000),
}


#: The ladder's rungs are capped by nodes, not time, so that a rung plays the same on a fast
#: and a slow machine (and its measured rating holds on both); the time is only a safety net.
#: The top rung is the full engine on Master's clock.
_RUNG_NODES = {
    "650": 20_000, "850": 20_000, "950": 20_000, "1100": 20_000, "1300": 20_000, "1400": 20_000,
    "1550": 50_000, "1650": 80_000, "1850": 100_000, "2000": 200_000, "2200": 60_000, "2350": 150_000,
    "2500": 500_000,
}


def default_limit(level: Level) -> Limit:
    """The budget a level uses when the caller gives no Limit."""
    if level in _DEFAULT_LIMITS:
        return _DEFAULT_LIMITS[level]
    if level.value in _RUNG_NODES:
        return Limit(time_ms=3000, nodes=_RUNG_NODES[level.value])
    return _DEFAULT_LIMITS[Level.MASTER]
