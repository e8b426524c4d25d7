"""Reading what a brain prints: move lines, ABOUT answers and MESSAGE search reports.

Pure functions over one line each, so the client's judgement of a brain's output can be
tested without a process. MESSAGE lines follow the "UCI-like" form Rapfi made common and
Yixin Board reads: ``MESSAGE depth 8-12 multipv 2 ev 35 n 120k n/ms 900 tm 1500 pv 7,7 8,8``
(pv moves as ``x,y`` or in notation such as ``h8``; ``ev`` may be a mate score ``+M5``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

Point = tuple[int, int]

#: A brain's move: "x,y" with optional spaces (Windows brains end lines with \r).
MOVE_LINE = re.compile(r"^\s*(-?\d{1,4})\s*,\s*(-?\d{1,4})\s*$", re.ASCII)
_ABOUT_PAIR = re.compile(r'(\w+)\s*=\s*"([^"]*)"')
_NOTATION = re.compile(r"^([a-z])(\d{1,2})$", re.ASCII)
_COUNT = re.compile(r"^(\d+(?:\.\d+)?)([kKmMgG]?)$", re.ASCII)
_MATE = re.compile(r"^([+-]?)[mM](\d+)$", re.ASCII)
#: A mate score: what a forced win in `n` plies is worth on our engine's scale.
MATE_SCORE = 1_000_000
_KEYS = {"depth", "seldepth", "multipv", "ev", "eval", "score", "n", "nodes", "n/ms", "nps", "tm", "time", "pv", "winrate"}


def parse_move(line: str) -> Point | None:
    """The point of a move line "x,y", or None if `line` is not one."""
    match = MOVE_LINE.match(line)
    return None if match is None else (int(match.group(1)), int(match.group(2)))


def is_chatter(line: str) -> bool:
    """MESSAGE and DEBUG lines (and blank ones) may come at any time and answer nothing."""
    word = line.split(None, 1)[0].upper() if line.strip() else ""
    return word in ("", "MESSAGE", "DEBUG")


def parse_about(line: str) -> dict[str, str]:
    """``name="Rapfi", version="0.43"`` -> {"name": "Rapfi", "version": "0.43"}; {} if none."""
    return {key.lower(): value.strip() for key, value in _ABOUT_PAIR.findall(line)}


@dataclass(frozen=True)
class SearchInfo:
    """One MESSAGE search report. `multipv` is 0 when the line has none (a plain report)."""

    depth: int = 0
    score: int | None = None
    nodes: int = 0
    time_ms: int = 0
    pv: tuple[Point, ...] = ()
    multipv: int = 0


def _count(text: str) -> int | None:
    match = _COUNT.match(text)
    if match is None:
        return None
    scale = {"": 1, "k": 1_000, "m": 1_000_000, "g": 1_000_000_000}[match.group(2).lower()]
    return int(float(match.group(1)) * scale)


def _score(text: str) -> int | None:
    mate = _MATE.match(text)
    if mate is not None:
        plies = int(mate.group(2))
        value = MATE_SCORE - plies
        return -value if mate.group(1) == "-" else value
    try:
        return int(float(text))
    except ValueError:
        return None


def _point(text: str, size: int) -> Point | None:
    move = parse_move(text)
    if move is None:
        notation = _NOTATION.match(text.lower())
        if notation is None:
            return None
        move = (ord(notation.group(1)) - ord("a"), size - int(notation.group(2)))
    x, y = move
    return move if 0 <= x < size and 0 <= y < size else None


def parse_search_message(line: str, size: int) -> SearchInfo | None:
    """A MESSAGE line's search report, or None when it carries no pv and no score (free text)."""
    words = line.split()
    if not words or words[0].upper() != "MESSAGE":
        return None
    fields: dict[str, str] = {}
    pv: list[Point] = []
    index = 1
    while index < len(words):
        key = words[index].lower()
        if key not in _KEYS:
            index += 1
            continue
        if key == "pv":
            index += 1
            while index < len(words) and words[index].lower() not in _KEYS:
                point = _point(words[index], size)
                if point is not None:
                    pv.append(point)
                index += 1
            continue
        if index + 1 < len(words):
            fields[key] = words[index + 1]
        index += 2
    score_text = fields.get("ev", fields.get("eval", fields.get("score")))
    score = _score(score_text) if score_text is not None else None
    if score is None and not pv:
        return None
    depth_text = fields.get("depth", "0").split("-")[0]
    return SearchInfo(
        depth=int(depth_text) if depth_text.isdigit() else 0,
        score=score,
        nodes=_count(fields.get("n", fields.get("nodes", "0"))) or 0,
        time_ms=_count(fields.get("tm", fields.get("time", "0"))) or 0,
        pv=tuple(pv),
        multipv=int(fields["multipv"]) if fields.get("multipv", "").isdigit() else 0,
    )
