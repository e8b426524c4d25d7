"""Errors raised for bad record text: narrow ValueError subclasses that quote the bad input."""

from __future__ import annotations


class RecordError(ValueError):
    """A game record (or a piece of one) that cannot be read or replayed.

    `line` and `column` are 1-based positions in the text when known, else None; the
    message already names them, so callers can show ``str(error)`` as it is.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        where = ""
        if line is not None:
            where = f"line {line}" + (f", column {column}" if column is not None else "") + ": "
        super().__init__(where + message)
        self.line = line
        self.column = column


class NotationError(RecordError):
    """A move in standard notation ("h8") that is malformed or off the board."""


class PsqError(RecordError):
    """Piskvork PSQ text that is malformed."""


class SgfError(RecordError):
    """SGF text that is malformed or describes something a Gomoku record cannot hold."""


class ReplayError(RecordError):
    """A recorded move the rules refuse. `move_number` is 1-based."""

    def __init__(self, message: str, move_number: int) -> None:
        super().__init__(message)
        self.move_number = move_number
