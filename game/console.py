"""Console output for the packaged game's command-line subcommands (`analyse`, `match`).

The packaged game is a windowed program on Windows, so it has no console of its own; its
subcommands print into the console they were started from, if there is one.
"""

from __future__ import annotations

import os
import sys


def attach_parent_console() -> None:
    """On Windows, point stdout and stderr at the parent's console unless they are real streams.

    A stream the caller redirected (a file or a pipe) is kept. Elsewhere, or without a
    parent console, nothing changes: the output goes where it already goes.
    """
    if os.name != "nt" or _is_real_stream(sys.stdout):
        return
    try:
        import ctypes

        if ctypes.windll.kernel32.AttachConsole(-1):  # type: ignore[attr-defined]  # ATTACH_PARENT_PROCESS
            sys.stdout = open("CONOUT$", "w", encoding="utf-8", errors="replace", buffering=1)  # noqa: SIM115 (lives as long as the process)
            sys.stderr = sys.stdout
    except (AttributeError, OSError):
        pass  # no parent console: the output goes to the log, as the game's does


def _is_real_stream(stream: object) -> bool:
    try:
        stream.fileno()  # type: ignore[attr-defined]
        return True
    except (AttributeError, OSError, ValueError):
        return False
