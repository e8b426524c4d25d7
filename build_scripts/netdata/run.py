"""The run loop: game indices handed to worker processes (one teacher each), whole games
appended to one file as they finish, progress reported as positions per second.

A run lives in a folder: manifest.json (its Settings) and games-<rule>.bin (append-only
records). Started again on the same folder it repairs a torn tail, skips the game indices
already there and carries on; a folder made with other settings is refused.
"""

from __future__ import annotations

import json
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict
from pathlib import Path

from combo.teacher import Teacher, TeacherError

from .play import Settings, play_game
from .records import Appender, GameRecord, atomic_write_bytes, repair


class RunError(RuntimeError):
    """A run folder that cannot be used as asked; the message says why."""


_teacher: Teacher | None = None
_teacher_args: tuple = ()


def _start_teacher() -> Teacher:
    command, settings = _teacher_args
    # Rapfi reads its config.toml from its working folder: the one its executable is in.
    return Teacher(command, settings.rule, settings.nodes, cwd=str(Path(command[-1]).parent))


def _init_worker(command: list[str], settings: Settings) -> None:
    global _teacher_args
    _teacher_args = (command, settings)


def _play(settings: Settings, index: int) -> GameRecord | str:
    """Game `index`, or a message when the teacher failed twice."""
    global _teacher
    for attempt in range(2):
        try:
            if _teacher is None:
                _teacher = _start_teacher()
            return play_game(_teacher, settings, index)
        except TeacherError as error:
            if _teacher is not None:
                _teacher.close()
            _teacher = None
            message = f"game {index}: {error}"
    return message


def run_folder(out: Path, rule: str, seed: int) -> Path:
    """Where a run of `rule` and `seed` keeps its games under `out`."""
    return out / f"{rule}-seed{seed}"


def games_path(folder: Path, settings: Settings) -> Path:
    return folder / f"games-{settings.rule}.bin"


def open_run(folder: Path, settings: Settings) -> list[GameRecord]:
    """The games already in `folder` (made if missing); raises RunError if it holds a run
    with other settings."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / "manifest.json"
    wanted = asdict(settings)
    if manifest.exists():
        try:
            found = json.loads(manifest.read_text(encoding="utf-8"))
        except ValueError as error:
            raise RunError(f"{manifest} cannot be read: {error}") from error
        if found != wanted:
            raise RunError(f"{folder} holds a run with other settings: {found} (asked: {wanted})")
    else:
        atomic_write_bytes(manifest, (json.dumps(wanted, indent=1) + "\n").encode())
    return repair(games_path(folder, settings))


def run(folder: Path, settings: Settings, teacher: list[str], positions: int, jobs: int,
        report_every: float = 60.0, log=print) -> int:
    """Play games until the folder holds `positions` positions; returns how many it holds."""
    done = open_run(folder, settings)
    finished = {game.index for game in done}
    total = sum(len(game.scores) for game in done)
    log(f"{folder}: {len(done)} games, {total} positions already; target {positions}, {jobs} jobs, "
        f"teacher at {settings.nodes} nodes")
    appender = Appender(games_path(folder, settings))
    started = last_report = time.monotonic()
    new_positions = new_games = 0
    next_index = 0
    pending: dict = {}
    try:
        with ProcessPoolExecutor(jobs, initializer=_init_worker, initargs=(teacher, settings)) as pool:
            while True:
                while total < positions and len(pending) < 2 * jobs:
                    while next_index in finished:
                        next_index += 1
                    pending[pool.submit(_play, settings, next_index)] = next_index
                    next_index += 1
                if not pending:
                    break
                ready, _ = wait(pending, timeout=report_every, return_when=FIRST_COMPLETED)
                for future in ready:
                    pending.pop(future)
                    game = future.result()
                    if isinstance(game, str):
                        log(f"skipped {game}")
                        continue
                    appender.append(game)
                    finished.add(game.index)
                    total += len(game.scores)
                    new_positions += len(game.scores)
                    new_games += 1
                now = time.monotonic()
                if now - last_report >= report_every:
                    last_report = now
                    rate = new_positions / (now - started)
                    left = max(0, positions - total)
                    eta = f"{left / rate / 3600:.1f} h left" if rate > 0 else "no rate yet"
                    log(f"{time.strftime('%H:%M:%S')} {total} positions ({new_games} games, {new_positions} "
                        f"positions this run): {rate:.1f} positions/s, {eta}")
    finally:
        appender.close()
    elapsed = time.monotonic() - started
    log(f"done: {total} positions; this run {new_games} games, {new_positions} positions in {elapsed:.0f} s "
        f"({new_positions / max(elapsed, 1e-9):.1f} positions/s)")
    sys.stdout.flush()
    return total
