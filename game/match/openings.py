"""Balanced short openings for engine matches: each game starts from one, and every opening
is played twice with colours swapped, so what is left of its bias cancels out.

File format (the Gomocup arena's): one opening per line, stones in play order (black first)
as centre-relative offsets "dx,dy" (0,0 is the centre, x to the right, y down); blank lines
and text after '#' are ignored. `game/match/openings.txt` is ours, made by
build_scripts/make_openings.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

Point = tuple[int, int]

OPENINGS_FILE = Path(__file__).with_name("openings.txt")
_NUMBER = re.compile(r"-?\d+")


class OpeningsError(ValueError):
    """An openings file that cannot be used; the message names the line."""


@dataclass(frozen=True)
class Opening:
    """Stones as offsets from the centre, in play order."""

    offsets: tuple[Point, ...]
    number: int = 0  # 1-based line number among the openings, for game lines

    def points(self, size: int) -> list[Point]:
        """The stones on a `size` board. Raises OpeningsError if one falls off it."""
        centre = size // 2
        points = [(centre + dx, centre + dy) for dx, dy in self.offsets]
        if not all(0 <= x < size and 0 <= y < size for x, y in points):
            raise OpeningsError(f"opening {self.number} does not fit on a {size}x{size} board")
        return points


def parse_openings(text: str, source: str = "openings") -> list[Opening]:
    """Every opening in `text`. Raises OpeningsError naming the bad line, or when there is none."""
    openings: list[Opening] = []
    for line_number, raw in enumerate(text.splitlines(), start=1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        numbers = [int(value) for value in _NUMBER.findall(body)]
        if len(numbers) % 2:
            raise OpeningsError(f"{source} line {line_number}: an odd number of coordinates in {raw.strip()!r}")
        offsets = tuple((numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2))
        if len(set(offsets)) != len(offsets):
            raise OpeningsError(f"{source} line {line_number}: two stones on one point in {raw.strip()!r}")
        openings.append(Opening(offsets, len(openings) + 1))
    if not openings:
        raise OpeningsError(f"{source} holds no openings")
    return openings


def load_openings(path: str | Path) -> list[Opening]:
    """Openings from a file. Raises OpeningsError (bad content) or OSError (unreadable)."""
    source = Path(path)
    return parse_openings(source.read_text(encoding="utf-8-sig"), str(source))


def default_openings() -> list[Opening]:
    """The openings that ship with the game."""
    return load_openings(OPENINGS_FILE)
