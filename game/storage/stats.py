"""Games, wins, losses and draws per (AI level, rule): what the statistics screen shows.

Games against an external engine are counted per engine name, under the level
`engine_level(name)` ("engine:Rapfi"), and online games per opponent name under
`online_level(name)` ("online:Bob"): the file format stays the same, and an older version
shows such a row under its stored text.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

FORMAT = "gomoku-stats"
VERSION = 1


#: The level text that marks an external engine's row: ENGINE_PREFIX + the engine's name.
ENGINE_PREFIX = "engine:"


def engine_level(name: str) -> str:
    """The statistics level under which games against the external engine `name` are counted."""
    return ENGINE_PREFIX + (name.strip() or "?")


def engine_name(level: str) -> str | None:
    """The engine's name if `level` is an external engine's row, else None."""
    return level[len(ENGINE_PREFIX):] if level.startswith(ENGINE_PREFIX) else None


#: The level text that marks games against a friend online: ONLINE_PREFIX + the friend's name.
ONLINE_PREFIX = "online:"


def online_level(name: str) -> str:
    """The statistics level under which online games against the player `name` are counted."""
    return ONLINE_PREFIX + (name.strip() or "?")


def online_name(level: str) -> str | None:
    """The friend's name if `level` is an online opponent's row, else None."""
    return level[len(ONLINE_PREFIX):] if level.startswith(ONLINE_PREFIX) else None


class GameResult(Enum):
    """How a game ended for the human player."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


@dataclass(frozen=True)
class Tally:
    """The counts for one (level, rule) pair. `games` is always wins + losses + draws;
    `teaching` counts the games among them played with teaching mode's free retries."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    teaching: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def win_rate(self) -> float:
        """Wins per game played, 0.0 before the first game."""
        return self.wins / self.games if self.games else 0.0

    def plus(self, result: GameResult, teaching: bool = False) -> "Tally":
        tally = replace(self, teaching=self.teaching + 1) if teaching else self
        if result is GameResult.WIN:
            return replace(tally, wins=tally.wins + 1)
        if result is GameResult.LOSS:
            return replace(tally, losses=tally.losses + 1)
        return replace(tally, draws=tally.draws + 1)

    def __add__(self, other: "Tally") -> "Tally":
        return Tally(self.wins + other.wins, self.losses + other.losses, self.draws + other.draws,
                     self.teaching + other.teaching)


class StatisticsError(ValueError):
    """A statistics file whose content is not what `Statistics.to_dict` writes."""


class Statistics:
    """Per-(level, rule) tallies. Mutable on purpose: the game records a result, then saves."""

    def __init__(self, tallies: dict[tuple[str, str], Tally] | None = None) -> None:
        self._tallies: dict[tuple[str, str], Tally] = dict(tallies or {})

    def record(self, level: str, rule: str, result: str | GameResult, teaching: bool = False) -> Tally:
        """Count one finished game (`teaching`: played with teaching retries); returns the new
        tally for (level, rule).

        Raises ValueError for an empty level/rule or a result other than "win", "loss", "draw".
        """
        if not isinstance(level, str) or not level or not isinstance(rule, str) or not rule:
            raise ValueError(f"level and rule must be non-empty text, got {level!r} and {rule!r}")
        try:
            outcome = result if isinstance(result, GameResult) else GameResult(result)
        except ValueError:
            raise ValueError(f"result must be 'win', 'loss' or 'draw', got {result!r}") from None
        tally = self.tally(level, rule).plus(outcome, teaching)
        self._tallies[(level, rule)] = tally
        return tally

    def tally(self, level: str, rule: str) -> Tally:
        """The counts for one (level, rule); all zero if never played."""
        return self._tallies.get((level, rule), Tally())

    def total(self) -> Tally:
        """Everything added up."""
        return sum(self._tallies.values(), Tally())

    def summary(self) -> list[tuple[str, str, Tally]]:
        """Every (level, rule, tally) played at least once, sorted by level then rule."""
        return [(level, rule, tally) for (level, rule), tally in sorted(self._tallies.items()) if tally.games]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Statistics) and self.summary() == other.summary()

    def __repr__(self) -> str:
        return f"Statistics({dict(self._tallies)!r})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "entries": [
                {"level": level, "rule": rule, "wins": t.wins, "losses": t.losses, "draws": t.draws}
                | ({"teaching": t.teaching} if t.teaching else {})
                for level, rule, t in self.summary()
            ],
        }

    @classmethod
    def from_dict(cls, data: Any) -> "Statistics":
        """Read `to_dict` output. Raises StatisticsError naming the first thing that is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise StatisticsError("not a Gomoku statistics file")
        if data.get("version") != VERSION:
            raise StatisticsError(f"unsupported statistics version {data.get('version')!r}")
        entries = data.get("entries")
        if not isinstance(entries, list):
            raise StatisticsError(f"'entries' must be a list, got {entries!r}")
        tallies: dict[tuple[str, str], Tally] = {}
        for number, entry in enumerate(entries, start=1):
            key = _entry_key(entry, number)  # checks the entry is an object before its counts are read
            tallies[key] = _entry_tally(entry, number)
        return cls(tallies)


def _entry_key(entry: Any, number: int) -> tuple[str, str]:
    if not isinstance(entry, dict):
        raise StatisticsError(f"entry {number} must be an object, got {entry!r}")
    level, rule = entry.get("level"), entry.get("rule")
    if not isinstance(level, str) or not level or not isinstance(rule, str) or not rule:
        raise StatisticsError(f"entry {number} has a bad level/rule: {level!r}/{rule!r}")
    return level, rule


def _entry_tally(entry: dict[str, Any], number: int) -> Tally:
    counts = []
    for name in ("wins", "losses", "draws", "teaching"):  # "teaching" is newer and optional
        value = entry.get(name, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise StatisticsError(f"entry {number} has a bad {name} count: {value!r}")
        counts.append(value)
    return Tally(*counts)
