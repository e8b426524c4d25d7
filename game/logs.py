"""Logging for the game: a rotating file in the user's log folder, and print() that never crashes.

A windowed build (PyInstaller `console=False`, pythonw.exe) starts with `sys.stdout` and
`sys.stderr` set to None, so the first stray print or traceback would raise. `setup_logging`
runs first thing in the game's entry: it replaces missing streams with writers that forward
to the log, and sends uncaught exceptions to the log file too, where a player can find them.

The Gomocup brain does not use this: it logs only with `--log FILE` (see game.protocol).
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import sys
from pathlib import Path
from types import TracebackType

from game.storage.locations import APP_NAME, ROOT_ENV_VAR

LOG_FILE_NAME = "gomoku.log"
#: A log the size of a few games' worth of debug lines; three old files are kept.
MAX_LOG_BYTES = 512 * 1024
BACKUP_COUNT = 3
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_dir() -> Path:
    """The folder for log files: `<GOMOKU_USER_DIR>/logs` if set, else platformdirs' user log dir."""
    override = os.environ.get(ROOT_ENV_VAR)
    if override:
        return Path(override) / "logs"
    import platformdirs

    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


class StreamToLog:
    """A text stream that sends each complete line to a logger. Stands in for a missing console."""

    def __init__(self, logger: logging.Logger, level: int) -> None:
        self._logger = logger
        self._level = level
        self._pending = ""
        self._writing = False  # guards against a handler that writes back to this stream
        self.encoding = "utf-8"
        self.errors = "replace"

    def write(self, text: str) -> int:
        if self._writing:
            return len(text)
        self._pending += text
        *lines, self._pending = self._pending.split("\n")
        self._writing = True
        try:
            for line in lines:
                if line.strip():
                    self._logger.log(self._level, line.rstrip())
        finally:
            self._writing = False
        return len(text)

    def flush(self) -> None:
        if self._pending.strip():
            self._logger.log(self._level, self._pending.rstrip())
        self._pending = ""

    def isatty(self) -> bool:
        return False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        # The error io raises for streams without a descriptor; callers such as faulthandler expect it.
        raise io.UnsupportedOperation("the log stream has no file descriptor")


class GameLogHandler(logging.handlers.RotatingFileHandler):
    """The game's log file; its own type so a second `setup_logging` call can find it."""


def _file_handler(directory: Path) -> GameLogHandler | None:
    """A rotating handler in `directory`, or None if the folder cannot be created or written."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handler = GameLogHandler(
            directory / LOG_FILE_NAME, maxBytes=MAX_LOG_BYTES, backupCount=BACKUP_COUNT, encoding="utf-8"
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    return handler


def _log_uncaught(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
    """sys.excepthook: the traceback goes to the log (a windowed build has nowhere else to show it)."""
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, trace)
        return
    logging.getLogger("game").critical("uncaught exception", exc_info=(kind, error, trace))
    if not isinstance(sys.stderr, StreamToLog):  # a console run also shows it as usual
        sys.__excepthook__(kind, error, trace)


def replace_missing_streams() -> None:
    """Point a None `sys.stdout`/`sys.stderr` at the log so print() and tracebacks are safe."""
    if sys.stdout is None:
        sys.stdout = StreamToLog(logging.getLogger("stdout"), logging.INFO)
    if sys.stderr is None:
        sys.stderr = StreamToLog(logging.getLogger("stderr"), logging.ERROR)


def setup_logging(directory: Path | None = None, level: int = logging.INFO) -> Path | None:
    """Log to a rotating file and make the standard streams safe. Returns the log file's path.

    Returns None when no log file could be opened (a read-only home, say): the game still
    runs, and the standard streams are still made safe. Calling it again does not add a
    second file handler.
    """
    replace_missing_streams()
    sys.excepthook = _log_uncaught
    root = logging.getLogger()
    root.setLevel(level)
    for existing in root.handlers:
        if isinstance(existing, GameLogHandler):
            return Path(existing.baseFilename)
    handler = _file_handler(Path(directory) if directory is not None else log_dir())
    if handler is None:
        # Without any handler, logging's last resort writes to sys.stderr, which may be a
        # StreamToLog feeding back into logging; a NullHandler keeps the records quiet instead.
        root.addHandler(logging.NullHandler())
        return None
    root.addHandler(handler)
    return Path(handler.baseFilename)
