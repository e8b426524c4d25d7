"""Module-level task functions for the engine worker's task jobs (pickled by name into its process)."""

from __future__ import annotations

import os
import time


def process_id(stop=None) -> int:
    """The id of the process that runs the task."""
    return os.getpid()


def fails(stop=None) -> None:
    raise ValueError("a bad task")


def waits_for_stop(seconds: float, stop=None) -> str:
    """Wait until the job is cancelled (or `seconds` pass): shows that a task sees its stop flag."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if stop is not None and stop.is_set():
            return "stopped"
        time.sleep(0.01)
    return "timed out"
