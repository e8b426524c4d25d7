"""The 26 classic renju openings: black in the centre, white beside it, and black's third stone.

In the 13 *direct* openings white's stone touches black's along a line (h8, h9); in the 13
*indirect* ones it touches diagonally (h8, i9). Black's third stone is then one of the 13
points of the central 5x5 square that differ up to a mirror, and each has a name that
players in every renju country use (Japanese names, Chinese names).

The third stones are given as (right, up) steps from the centre, read off the standard
diagrams (white at h9 for direct, i9 for indirect); they were checked against a second,
independent listing (see tests/rules/data/renju_openings.txt).
"""

from __future__ import annotations

from dataclasses import dataclass

from .stone import Point


class UnknownOpeningError(ValueError):
    """A named-opening key that is not one of the 26 (the message quotes it)."""


@dataclass(frozen=True)
class NamedOpening:
    """One classic opening. `key` is stable (saved games, settings); names are for display."""

    key: str
    number: int  # 1..13 within its family, as in the diagrams ("D4", "I13")
    direct: bool
    english: str  # the usual romanised Japanese name
    chinese: str
    third: tuple[int, int]  # black's third stone as (right, up) steps from the centre

    @property
    def code(self) -> str:
        return f"{'D' if self.direct else 'I'}{self.number}"

    def stones(self, size: int) -> tuple[Point, Point, Point]:
        """The three stones (black, white, black) as (x, y) points on a `size` board, y from the top."""
        centre = size // 2
        white = (centre, centre - 1) if self.direct else (centre + 1, centre - 1)
        right, up = self.third
        return (centre, centre), white, (centre + right, centre - up)


def _family(direct: bool, rows: list[tuple[str, str, tuple[int, int]]]) -> list[NamedOpening]:
    return [
        NamedOpening(english.lower(), number, direct, english, chinese, third)
        for number, (english, chinese, third) in enumerate(rows, start=1)
    ]


#: Direct openings: white on h9, straight above black's h8.
DIRECT = _family(
    True,
    [
        ("Kansei", "寒星", (0, 2)),  # h10
        ("Keigetsu", "溪月", (1, 2)),  # i10
        ("Sosei", "疏星", (2, 2)),  # j10
        ("Kagetsu", "花月", (1, 1)),  # i9
        ("Zangetsu", "残月", (2, 1)),  # j9
        ("Ugetsu", "雨月", (1, 0)),  # i8
        ("Kinsei", "金星", (2, 0)),  # j8
        ("Shogetsu", "松月", (0, -1)),  # h7
        ("Kyugetsu", "丘月", (1, -1)),  # i7
        ("Shingetsu", "新月", (2, -1)),  # j7
        ("Zuisei", "瑞星", (0, -2)),  # h6
        ("Sangetsu", "山月", (1, -2)),  # i6
        ("Yusei", "游星", (2, -2)),  # j6
    ],
)

#: Indirect openings: white on i9, diagonally up-right of black's h8.
INDIRECT = _family(
    False,
    [
        ("Chosei", "长星", (2, 2)),  # j10
        ("Kyogetsu", "峡月", (2, 1)),  # j9
        ("Kosei", "恒星", (2, 0)),  # j8
        ("Suigetsu", "水月", (2, -1)),  # j7
        ("Ryusei", "流星", (2, -2)),  # j6
        ("Ungetsu", "云月", (1, 0)),  # i8
        ("Hogetsu", "浦月", (1, -1)),  # i7
        ("Rangetsu", "岚月", (1, -2)),  # i6
        ("Gingetsu", "银月", (0, -1)),  # h7
        ("Myojo", "明星", (0, -2)),  # h6
        ("Shagetsu", "斜月", (-1, -1)),  # g7
        ("Meigetsu", "名月", (-1, -2)),  # g6
        ("Suisei", "彗星", (-2, -2)),  # f6
    ],
)

ALL: tuple[NamedOpening, ...] = tuple(DIRECT + INDIRECT)
_BY_KEY = {opening.key: opening for opening in ALL}


def named_opening(key: str) -> NamedOpening:
    """The opening called `key` (e.g. "kagetsu"). Raises UnknownOpeningError."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise UnknownOpeningError(f"no renju opening called {key!r}") from None


def identify(stones: list[Point] | tuple[Point, ...], size: int) -> NamedOpening | None:
    """Which classic opening the first three stones are, in any of the eight board symmetries; None if none."""
    if len(stones) < 3:
        return None
    centre = size // 2
    rel = [(x - centre, centre - y) for x, y in stones[:3]]  # (right, up)
    for opening in ALL:
        shape = [(0, 0), (0, 1) if opening.direct else (1, 1), opening.third]
        for transform in _SYMMETRIES:
            if [transform(*p) for p in shape] == rel:
                return opening
    return None


_SYMMETRIES = (
    lambda x, y: (x, y),
    lambda x, y: (-x, y),
    lambda x, y: (x, -y),
    lambda x, y: (-x, -y),
    lambda x, y: (y, x),
    lambda x, y: (-y, x),
    lambda x, y: (y, -x),
    lambda x, y: (-y, -x),
)
