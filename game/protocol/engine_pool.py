"""The external engines the window uses, one ExternalEngineWorker per engine command, kept
while the app runs (starting a brain can take seconds) and all ended when it closes."""

from __future__ import annotations

import threading

from .client import GAME_TYPE_HUMAN
from .external_worker import ExternalEngineWorker


class EnginePool:
    def __init__(self) -> None:
        self._workers: dict[str, ExternalEngineWorker] = {}

    def worker(self, command: str, name: str = "", turn_ms: int = 1000) -> ExternalEngineWorker:
        """The worker for `command`, made on first use; `turn_ms` applies to its next jobs."""
        worker = self._workers.get(command)
        if worker is None:
            worker = ExternalEngineWorker(command, name=name, turn_ms=turn_ms, game_type=GAME_TYPE_HUMAN)
            self._workers[command] = worker
        worker.turn_ms = turn_ms
        return worker

    def has(self, command: str) -> bool:
        return command in self._workers

    def discard(self, command: str) -> None:
        """Forget a worker (after it failed, or the engine was removed), ending it in the background."""
        worker = self._workers.pop(command, None)
        if worker is not None:
            threading.Thread(target=worker.close, name="close-engine", daemon=True).start()

    def close(self) -> None:
        """End every engine (the app is closing). Each gets END and its grace; a hung one is killed."""
        workers, self._workers = list(self._workers.values()), {}
        threads = [threading.Thread(target=worker.close, daemon=True) for worker in workers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=15)
