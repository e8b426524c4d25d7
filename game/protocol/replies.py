"""Formatting the brain's answers: moves, errors, FORBID and MESSAGE lines.

Every line the brain prints goes through `protocol_line`, so that no quoted input can
smuggle a line break or a control character onto the manager's pipe.
"""

from __future__ import annotations

from typing import Iterable

from game.rules import Point

_MAX_LINE = 400


def protocol_line(text: str) -> str:
    """`text` as one printable line: control characters and line separators become '?'."""
    clean = "".join(ch if ch.isprintable() else "?" for ch in text)
    return clean if len(clean) <= _MAX_LINE else clean[: _MAX_LINE - 3] + "..."


def move_line(point: Point) -> str:
    return f"{point[0]},{point[1]}"


def error(message: str) -> str:
    return f"ERROR {message}"


def forbid_line(points: Iterable[Point]) -> str:
    """Yixin's answer to YXSHOWFORBID: ``FORBID `` then xxyy per point, then ``.``."""
    return "FORBID " + "".join(f"{x:02d}{y:02d}" for x, y in points) + "."


def search_message(depth: int, score: int, nodes: int, time_ms: int, pv: Iterable[Point], multipv: int = 0) -> str:
    """A progress line in Rapfi's "UCI-like" MESSAGE format, which Yixin Board and pygomo read.

    ``MESSAGE depth 6-6 ev 120 n 5300 n/ms 12 tm 450 pv 7,7 8,8`` (the pv in our x,y form).
    `multipv` > 0 adds ``multipv k`` for YXNBEST answers.
    """
    moves = " ".join(move_line(point) for point in pv) or "none"
    speed = nodes // max(1, time_ms)
    rank = f"multipv {multipv} " if multipv else ""
    return f"MESSAGE depth {depth}-{depth} {rank}ev {score} n {nodes} n/ms {speed} tm {time_ms} pv {moves}"
