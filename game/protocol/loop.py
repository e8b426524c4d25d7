"""The brain's loop over input and output lines, with the search interruptible while it runs.

A reader thread reads every input line into a queue. It looks at each line once on the
way: ``YXSTOP``/``STOP`` stop the running search (the brain answers its best move so far
at once) and ``END`` stops it and tells the loop not to answer at all. Everything else is
handled in order by the main thread, which also runs the search, so only one thread
ever touches the session, the engine or the output.
"""

from __future__ import annotations

import logging
import queue
import threading
from typing import Callable, Iterable, TextIO

from game.engine import Level, SearchResult, search

from . import commands as cmd
from .clock import StopSignal
from .replies import error, move_line, protocol_line, search_message
from .session import Session, ThinkRequest
from .swap2 import Swap2Request, answer as swap2_answer
from .thinking import Decision, SearchFunction, decide, is_playable

log = logging.getLogger(__name__)

_END_OF_INPUT = None


class LineWriter:
    """Prints protocol lines, one flush per line, from any thread; a closed pipe is not a crash."""

    def __init__(self, output: TextIO) -> None:
        self._output = output
        self._lock = threading.Lock()
        self.closed = False

    def write(self, line: str) -> None:
        text = protocol_line(line)
        with self._lock:
            if self.closed:
                return
            try:
                self._output.write(text + "\n")
                self._output.flush()
            except (BrokenPipeError, OSError, ValueError) as problem:  # the manager went away
                log.warning("cannot write %r: %s", text, problem)
                self.closed = True
                return
        log.debug("<< %s", text)


class Brain:
    """Runs one brain over an input of lines until END or the end of the input.

    `search_function` is the engine's `search` (a test can pass a fake); `on_end` is called
    from the reader thread when END arrives, which is where the entry point arms its
    watchdog against a search that does not stop.
    """

    def __init__(
        self,
        output: TextIO,
        *,
        level: Level = Level.MASTER,
        seed: int = 0,
        search_function: SearchFunction = search,
        on_end: Callable[[], None] | None = None,
        report_progress: bool = True,
    ) -> None:
        self.session = Session()
        self.writer = LineWriter(output)
        self.level = level
        self.seed = seed
        self._search_function = search_function
        self._on_end = on_end
        self._report_progress = report_progress
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._lock = threading.Lock()
        self._current_stop: StopSignal | None = None
        self._unread_stops = 0  # YXSTOP lines read but not yet dequeued by the main thread
        self._ending = threading.Event()
        self._progress_reported = False
        self.moves_played = 0

    # --------------------------------------------------------------- reader thread
    def _read(self, lines: Iterable[str]) -> None:
        try:
            for line in lines:
                self._notice(line)
                self._lines.put(line)
                if cmd.keyword(line) == "END":
                    break
        except (OSError, ValueError) as problem:  # stdin closed under us
            log.warning("input failed: %s", problem)
        finally:
            self._lines.put(_END_OF_INPUT)

    def _notice(self, line: str) -> None:
        """Act at once on the lines that interrupt a search."""
        word = cmd.keyword(line)
        if word not in cmd.INTERRUPTING:
            return
        with self._lock:
            if word == "END":
                self._ending.set()
            else:
                self._unread_stops += 1
            if self._current_stop is not None:
                self._current_stop.set()
        if word == "END" and self._on_end is not None:
            self._on_end()

    # --------------------------------------------------------------- main loop
    def run(self, lines: Iterable[str]) -> None:
        """Serve `lines` (e.g. sys.stdin) until END or their end. Never raises on bad input."""
        reader = threading.Thread(target=self._read, args=(lines,), name="brain-reader", daemon=True)
        reader.start()
        while True:
            line = self._lines.get()
            if line is _END_OF_INPUT:
                log.info("end of input")
                return
            log.debug(">> %s", line.rstrip("\r\n"))
            if cmd.keyword(line) in ("YXSTOP", "STOP"):
                with self._lock:
                    self._unread_stops -= 1
            try:
                keep_going = self._handle(line)
            except Exception:  # a bug of ours must not lose the game: report it and carry on
                log.exception("internal error on %r", line)
                self.writer.write(error(f"internal error on {line.strip()!r}"))
                keep_going = True
            if not keep_going:
                return

    def _handle(self, line: str) -> bool:
        """Handle one line; False when the brain should quit."""
        reply = self.session.handle_line(line)
        for text in reply.lines:
            self.writer.write(text)
        if reply.think is not None:
            self._think(reply.think)
        if reply.swap2 is not None:
            self._answer_swap2(reply.swap2)
        return not reply.end

    def _think(self, request: ThinkRequest) -> None:
        stop = StopSignal(request.budget_ms)
        with self._lock:
            self._current_stop = stop
            if self._unread_stops > 0 or self._ending.is_set():
                stop.set()  # a YXSTOP or END already waits behind this command
        self._progress_reported = False
        try:
            decision = decide(
                request,
                level=self.level,
                seed=self.seed + self.moves_played,
                stop=stop,
                on_progress=self._progress if self._report_progress else None,
                search_function=self._search_function,
            )
        finally:
            with self._lock:
                self._current_stop = None
        if self._ending.is_set():
            log.info("END arrived while thinking; not answering %s", decision.move)
            return
        self._answer(request, decision)

    def _answer_swap2(self, request: Swap2Request) -> None:
        """Answer SWAP2BOARD with the level's opening judgement (interruptible like a search)."""
        stop = StopSignal(request.budget_ms)
        with self._lock:
            self._current_stop = stop
            if self._unread_stops > 0 or self._ending.is_set():
                stop.set()
        try:
            line, placed = swap2_answer(request, self.level, self.seed + self.moves_played, stop, self._search_function)
        finally:
            with self._lock:
                self._current_stop = None
        if self._ending.is_set():
            return
        self.session.play_opening(request.board.copy(), placed, took_black=line == "SWAP")
        self.moves_played += 1
        self.writer.write(line)

    def _answer(self, request: ThinkRequest, decision: Decision) -> None:
        # A fallback move has no engine result; report it as a depth-0 line like any other.
        result = decision.result or SearchResult(decision.move, 0, 0, 0, (decision.move,), 0)
        if not request.play:
            self._report_nbest(request, result)
            self.writer.write(move_line(decision.move))
            return
        if self._report_progress and not self._progress_reported:
            self._report(result)  # a forced or opening move still says what it was
        self.session.play(decision.move)
        self.moves_played += 1
        self.writer.write(move_line(decision.move))

    def _progress(self, result: SearchResult) -> None:
        self._progress_reported = True
        self._report(result)

    def _report_nbest(self, request: ThinkRequest, result: SearchResult) -> None:
        """YXNBEST: one MESSAGE line per distinct move (``multipv k``), as Yixin and Rapfi print them.

        The lines go from the Nth best to the best, so a client that keeps the last line
        (pygomo does) keeps the best move's line, which is also the move answered.
        """
        board, stone = request.board, request.to_move
        ranked = [c for c in result.candidates if is_playable(board, c.move, stone)][: request.nbest]
        if not ranked or ranked[0].move != result.move:
            self._report(result, multipv=1)
            return
        for rank in range(len(ranked), 0, -1):
            candidate = ranked[rank - 1]
            self.writer.write(
                search_message(result.depth, candidate.score, result.nodes, result.time_ms, candidate.pv, rank))

    def _report(self, result: SearchResult, multipv: int = 0) -> None:
        pv = result.pv or (result.move,)
        self.writer.write(search_message(result.depth, result.score, result.nodes, result.time_ms, pv, multipv))
