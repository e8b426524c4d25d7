"""Who sits at each side of the board, and the settings a game is started with."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..rules import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Point, Rule, Stone
from ..rules.opening import OpeningRule


class PlayerKind(Enum):
    HUMAN = "human"
    AI = "ai"  # our engine at a difficulty level
    ENGINE = "engine"  # an external Gomocup brain (its command in Player.level)


@dataclass(frozen=True)
class Player:
    """One side's player. `level` is an engine level name (e.g. "master") for AI players."""

    kind: PlayerKind = PlayerKind.HUMAN
    name: str = "Player"
    level: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind is PlayerKind.HUMAN

    @classmethod
    def human(cls, name: str = "Player") -> "Player":
        return cls(PlayerKind.HUMAN, name)

    @classmethod
    def engine(cls, command: str, name: str) -> "Player":
        """An external Gomocup brain; its command line is kept in `level`."""
        return cls(PlayerKind.ENGINE, name, command)

    @property
    def engine_command(self) -> str:
        """The brain's command for an ENGINE player, else ""."""
        return (self.level or "") if self.kind is PlayerKind.ENGINE else ""

    @classmethod
    def ai(cls, level: str, name: str | None = None) -> "Player":
        return cls(PlayerKind.AI, name or f"Computer ({level.capitalize()})", level)


#: The value of `GameConfig.undo_limit` that means "take back as often as you like".
UNLIMITED: None = None


@dataclass(frozen=True)
class GameConfig:
    """Everything fixed when a game starts.

    undo_limit: take-backs per side per game; 0 = none, None (UNLIMITED) = no limit.
    forbidden_loses: under renju, a forbidden black move loses (True) or is refused (False).
    clock_seconds: total thinking time per side, or None for no clocks.
    opening: the opening rule (swap1, swap2, a named opening, a book opening, or free).
    setup: stones on the board before play (a named or book opening), alternating from black.
    opening_name: which named or book opening `setup` is (for display and records).
    """

    rule: Rule = Rule.FREESTYLE
    size: int = DEFAULT_SIZE
    black: Player = field(default_factory=lambda: Player.human("Black"))
    white: Player = field(default_factory=lambda: Player.human("White"))
    undo_limit: int | None = 3
    forbidden_loses: bool = True
    clock_seconds: float | None = None
    opening: OpeningRule = OpeningRule.FREE
    setup: tuple[Point, ...] = ()
    opening_name: str = ""

    def __post_init__(self) -> None:
        if not MIN_SIZE <= self.size <= MAX_SIZE:
            raise ValueError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {self.size!r}")
        if self.undo_limit is not None and self.undo_limit < 0:
            raise ValueError(f"undo limit must be >= 0 or None, got {self.undo_limit!r}")
        if self.clock_seconds is not None and self.clock_seconds <= 0:
            raise ValueError(f"clock must be positive seconds or None, got {self.clock_seconds!r}")

    def player(self, stone: Stone) -> Player:
        if stone is Stone.BLACK:
            return self.black
        if stone is Stone.WHITE:
            return self.white
        raise ValueError(f"no player for {stone!r}")

    @property
    def human_sides(self) -> tuple[Stone, ...]:
        return tuple(stone for stone in (Stone.BLACK, Stone.WHITE) if self.player(stone).is_human)

    @property
    def is_hot_seat(self) -> bool:
        return len(self.human_sides) == 2

    @property
    def is_vs_ai(self) -> bool:
        return len(self.human_sides) == 1
