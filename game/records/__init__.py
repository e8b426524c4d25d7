"""Game records: standard notation, Piskvork PSQ, SGF, and atomic saving.

Standard library only; records replay their moves through game.rules, so an illegal record
is refused with a RecordError instead of producing an impossible board.
"""

from .atomic import atomic_write_bytes, atomic_write_text
from .errors import NotationError, PsqError, RecordError, ReplayError, SgfError
from .files import load_record, save_record
from .notation import format_moves, notation_to_point, parse_moves, point_to_notation
from .psq import read_psq, write_psq
from .record import GameRecord, Result, replay_moves
from .sgf import read_sgf, write_sgf

__all__ = [
    "GameRecord",
    "NotationError",
    "PsqError",
    "RecordError",
    "ReplayError",
    "Result",
    "SgfError",
    "atomic_write_bytes",
    "atomic_write_text",
    "format_moves",
    "load_record",
    "notation_to_point",
    "parse_moves",
    "point_to_notation",
    "read_psq",
    "read_sgf",
    "replay_moves",
    "save_record",
    "write_psq",
    "write_sgf",
]
