"""Helpers for the manager-side tests: fake brains by fault, our own brain by the path a user
would give, and a check of the process table that no brain (or brain's child) is left."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

FAKE_BRAIN = Path(__file__).resolve().with_name("fake_brain.py")


def fake_brain(fault: str = "none", *extra: str) -> list[str]:
    return [sys.executable, str(FAKE_BRAIN), "--fault", fault, *extra]


def own_brain_path() -> Path:
    """The installed `pbrain-gomoku` next to this Python: exactly what a player would pick."""
    folder = Path(sys.executable).parent
    for name in ("pbrain-gomoku", "pbrain-gomoku.exe"):
        if (folder / name).is_file():
            return folder / name
    raise FileNotFoundError(f"no pbrain-gomoku in {folder} (is the game installed in this venv?)")


def is_running(pid: int) -> bool:
    """Whether `pid` is a live process (a zombie waiting to be reaped does not count)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    if stat.exists():
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return False
        return state not in ("Z", "X")
    return True


def wait_gone(pids: list[int], seconds: float = 5.0) -> list[int]:
    """The pids still running after up to `seconds` (orphans are reaped by init a moment later)."""
    deadline = time.monotonic() + seconds
    while True:
        alive = [pid for pid in pids if is_running(pid)]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.05)


def pids_from(path: Path) -> list[int]:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().strip():
            return [int(word) for word in path.read_text().split()]
        time.sleep(0.02)
    raise AssertionError(f"the fake brain wrote no pid file at {path}")
