"""The compact game record the network data is stored in, and the append-only file of them.

One record is one game: its stones (one byte each, y * size + x) and, for every position the
teacher was asked about, its score (int16, mates as +-(30000 - n) as combo.teacher reads
them) and its best move (one byte). Labelled positions are the consecutive plies from
`first_label`: position k is the stones before ply first_label + k. A game stopped at a
mate the teacher announced has one more label than played moves after it.

Layout (little-endian): magic "NG", version, rule code, game index (u32), source (0 the
teacher against itself, 1 Master black, 2 Master white), result (0 none, 1 black won,
2 white won), stones (u16), first_label (u16), labels (u16), the stones, the labels
(score, best) and a CRC-32 of all of it. A record never spans a torn write undetected:
reading stops at the first record whose length or CRC is wrong, and `repair` cuts the
file there, so an interrupted run resumes from its last whole game.
About 5 bytes a position, 4.3 gzipped. `pack` writes the finished set in columns
instead (about 2.7 bytes a position gzipped: 2,000,000 positions in some 5.5 MB).
"""

from __future__ import annotations

import gzip
import os
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from game.records import atomic_write_bytes  # noqa: F401  (the shards' writer; run.py and train_net use it too)

MAGIC = b"NG"
MAGIC_PACKED = b"NGPK"
VERSION = 1
RULES = {"freestyle": 0, "standard": 1, "renju": 2}
RULE_NAMES = {code: name for name, code in RULES.items()}
_HEAD = struct.Struct("<2sBBIBBHHH")
_LABEL = struct.Struct("<hB")
_CRC = struct.Struct("<I")
SIZE = 15


class RecordError(ValueError):
    """A record that cannot be read or written; the message says why."""


@dataclass(frozen=True)
class GameRecord:
    index: int
    rule: str
    source: int
    result: int
    stones: tuple[int, ...]
    first_label: int
    scores: tuple[int, ...]
    best: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.scores) != len(self.best):
            raise RecordError("scores and best moves differ in number")
        if not 0 <= self.first_label <= len(self.stones):
            raise RecordError(f"first label {self.first_label} outside the {len(self.stones)} stones")
        if self.first_label + len(self.scores) > len(self.stones) + 1:
            raise RecordError("more labels than positions")
        if len(set(self.stones)) != len(self.stones) or any(not 0 <= s < SIZE * SIZE for s in self.stones):
            raise RecordError("a stone off the board or played twice")
        if self.result not in (0, 1, 2) or self.rule not in RULES:
            raise RecordError(f"bad result {self.result} or rule {self.rule!r}")

    def positions(self) -> Iterator[tuple[tuple[int, ...], int, int]]:
        """(stones before, score, best) for each labelled position, in order."""
        for k, (score, best) in enumerate(zip(self.scores, self.best)):
            yield self.stones[: self.first_label + k], score, best


def encode(game: GameRecord) -> bytes:
    body = _HEAD.pack(MAGIC, VERSION, RULES[game.rule], game.index, game.source, game.result,
                      len(game.stones), game.first_label, len(game.scores))
    body += bytes(game.stones) + b"".join(_LABEL.pack(s, b) for s, b in zip(game.scores, game.best))
    return body + _CRC.pack(zlib.crc32(body))


def decode_stream(data: bytes) -> tuple[list[GameRecord], int]:
    """The whole records at the start of `data` and how many bytes they fill (a torn or
    corrupt tail is left out)."""
    games, at = [], 0
    while at + _HEAD.size <= len(data):
        magic, version, rule, index, source, result, stones, first, labels = _HEAD.unpack_from(data, at)
        end = at + _HEAD.size + stones + labels * _LABEL.size
        if magic != MAGIC or version != VERSION or rule not in RULE_NAMES or end + _CRC.size > len(data):
            break
        if _CRC.unpack_from(data, end)[0] != zlib.crc32(data[at:end]):
            break
        cursor = at + _HEAD.size
        moves = tuple(data[cursor:cursor + stones])
        pairs = [_LABEL.unpack_from(data, cursor + stones + k * _LABEL.size) for k in range(labels)]
        try:
            games.append(GameRecord(index, RULE_NAMES[rule], source, result, moves, first,
                                    tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)))
        except RecordError:
            break
        at = end + _CRC.size
    return games, at


def read_games(path: str | os.PathLike[str]) -> list[GameRecord]:
    """Every whole game in a record file (as a run appends them) or a packed one (.gz).
    Raises RecordError for a packed file that is damaged."""
    path = Path(path)
    data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    if data.startswith(MAGIC_PACKED):
        return unpack_columns(data)
    return decode_stream(data)[0]


def repair(path: Path) -> list[GameRecord]:
    """The whole games of an append-only file, after cutting off a torn tail."""
    if not path.exists():
        return []
    data = path.read_bytes()
    games, good = decode_stream(data)
    if good < len(data):
        with open(path, "r+b") as stream:
            stream.truncate(good)
    return games


class Appender:
    """Appends whole records to a file, each flushed to disk as it is written."""

    def __init__(self, path: Path) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def append(self, game: GameRecord) -> None:
        os.write(self._fd, encode(game))
        os.fsync(self._fd)

    def close(self) -> None:
        os.close(self._fd)


def pack_columns(games: list[GameRecord]) -> bytes:
    """Games as columns, which compress to about half of the records' size: b"NGPK",
    version, the count (u32); per game its index (u32), rule, source, result, stones,
    first_label and labels (u8 each); then every game's stones; then every score (int16);
    then the best moves that are not simply the move played next, as (label number (u32),
    cell (u8)) after their count (u32)."""
    head = [MAGIC_PACKED, struct.pack("<BI", VERSION, len(games))]
    meta, stones, scores, odd = [], [], [], []
    ordinal = 0
    for game in games:
        meta.append(struct.pack("<I6B", game.index, RULES[game.rule], game.source, game.result, len(game.stones),
                                game.first_label, len(game.scores)))
        stones.append(bytes(game.stones))
        scores.append(struct.pack(f"<{len(game.scores)}h", *game.scores))
        for k, best in enumerate(game.best):
            ply = game.first_label + k
            if ply >= len(game.stones) or game.stones[ply] != best:
                odd.append(struct.pack("<IB", ordinal, best))
            ordinal += 1
    return b"".join(head + meta + stones + scores + [struct.pack("<I", len(odd))] + odd)


def unpack_columns(data: bytes) -> list[GameRecord]:
    """The games of pack_columns. Raises RecordError when the data is cut short or wrong."""
    try:
        version, count = struct.unpack_from("<BI", data, len(MAGIC_PACKED))
        if data[:len(MAGIC_PACKED)] != MAGIC_PACKED or version != VERSION:
            raise RecordError("not a packed game file of this version")
        at = len(MAGIC_PACKED) + 5
        meta = [struct.unpack_from("<I6B", data, at + 10 * k) for k in range(count)]
        at += 10 * count
        moves = []
        for row in meta:
            moves.append(tuple(data[at:at + row[4]]))
            at += row[4]
        labels = sum(row[6] for row in meta)
        scores = struct.unpack_from(f"<{labels}h", data, at)
        at += 2 * labels
        (odd_count,) = struct.unpack_from("<I", data, at)
        odd = dict(struct.unpack_from("<IB", data, at + 4 + 5 * k) for k in range(odd_count))
        if at + 4 + 5 * odd_count != len(data):
            raise RecordError("packed game file of the wrong length")
    except struct.error as error:
        raise RecordError(f"packed game file cut short: {error}") from error
    games, ordinal = [], 0
    for (index, rule, source, result, _, first, count_labels), played in zip(meta, moves):
        if rule not in RULE_NAMES:
            raise RecordError(f"unknown rule code {rule}")
        best = tuple(odd[ordinal + k] if ordinal + k in odd else played[first + k] for k in range(count_labels))
        games.append(GameRecord(index, RULE_NAMES[rule], source, result, played, first,
                                tuple(scores[ordinal:ordinal + count_labels]), best))
        ordinal += count_labels
    return games


def pack(games: list[GameRecord], path: Path, max_positions: int | None = None) -> int:
    """Write `games` sorted by index as gzipped columns, deterministically (no time stamp),
    up to `max_positions` positions (whole games). Returns the positions written."""
    chosen, total = [], 0
    for game in sorted(games, key=lambda g: g.index):
        if max_positions is not None and total + len(game.scores) > max_positions:
            break
        chosen.append(game)
        total += len(game.scores)
    atomic_write_bytes(path, gzip.compress(pack_columns(chosen), compresslevel=9, mtime=0))
    return total
