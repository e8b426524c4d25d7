"""An external Gomocup brain as the game review's analyst (Settings -> Engines -> analyst).

The brain gives each position's score and best move (YXBOARD + YXNBEST 1, its MESSAGE
report); our own proof search still looks for forced wins first, because only it proves
them: a position where it finds a VCF/VCT is judged by the proof, as in a built-in review.
Scores are the brain's own, read on our scale (win_chance): a brain whose scale differs
makes the classes stricter or milder, never wrong about proven wins.

The brain runs for the whole review and is killed the moment the review is cancelled (a
watcher thread polls the stop flag), so no process outlives the review. A brain that fails
raises AnalystFailed with the brain's own failure message; the runner then reviews the game
with the built-in engine instead. No pygame.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from game.engine import WIN, Analysis, Candidate, Limit, Position, StopFlag, analyse, find_win, proven_analysis
from game.protocol.client import GAME_TYPE_BRAIN, GomocupClient
from game.protocol.external_worker import as_analysis
from game.protocol.failures import EngineFailure

#: How often the watcher looks at the stop flag (a cancel kills the brain within this).
_WATCH_SECONDS = 0.02


@dataclass(frozen=True)
class AnalystSpec:
    """Which brain analyses: the command from the engine list and the name to show. Picklable."""

    command: str
    name: str


class AnalystFailed(Exception):
    """The external analyst failed; the message says how (and names the brain)."""


class ExternalAnalyst:
    """Analyses positions one by one with a brain, for review_game(analyst=...). Use as a context manager."""

    def __init__(self, spec: AnalystSpec, time_ms: int, proof_ms: int, stop: StopFlag | None = None) -> None:
        self.client = GomocupClient(spec.command, name=spec.name)
        self.time_ms = max(1, time_ms)
        self.proof_ms = proof_ms
        self.stop = stop
        self._done = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="analyst-watch", daemon=True)

    @property
    def name(self) -> str:
        return self.client.name

    def __enter__(self) -> "ExternalAnalyst":
        self._watcher.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._done.set()
        self._watcher.join(timeout=1.0)
        self.client.kill() if self._stopped() else self.client.close()

    def _stopped(self) -> bool:
        return self.stop is not None and self.stop.is_set()

    def _watch(self) -> None:
        while not self._done.wait(_WATCH_SECONDS):
            if self._stopped():
                self.client.kill()  # its answer is not wanted: the review was cancelled
                return

    def __call__(self, position: Position) -> Analysis:
        """The analysis of `position`: a proven win from our search, else the brain's best move and score.

        Raises AnalystFailed when the brain fails (unless the review was cancelled meanwhile:
        then the caller's stop check ends the review).
        """
        board = position.to_board()
        if board.outcome() is not None or board.is_full:
            return analyse(position, Limit(time_ms=1), n_best=1)  # nothing to ask: the game is over
        win = find_win(position, self.proof_ms, self.stop)
        if win is not None:
            candidate = Candidate(win.line[0], WIN - len(win.line), win.line, "win-in-1" if win.kind == "five" else win.kind)
            return Analysis(position.to_move, (candidate,), len(win.line), 0, 0, win, True)
        if self._stopped():
            return Analysis(position.to_move, (), 0, 0, 0, None, True)
        try:
            if not self.client.running or self.client.size != board.size:
                self.client.start(size=board.size, rule=position.rule, turn_ms=self.time_ms, game_type=GAME_TYPE_BRAIN)
            found = self.client.analyse(board, 1, turn_ms=self.time_ms)
        except EngineFailure as failure:
            if self._stopped():
                return Analysis(position.to_move, (), 0, 0, 0, None, True)
            raise AnalystFailed(str(failure)) from failure
        # The brain's mate score is its claim, not a line we can show: only a win our search
        # plays out is called one, the rest is a large advantage.
        return proven_analysis(as_analysis(found, board), board, self.stop)
