"""A short match: N games between players A and B, colours swapped every game, each pair of
games from the next balanced opening, scored from A's side.

`step()` never waits, so the Watch scene calls it once a frame and the command line in a
loop. Built-in players keep one engine process for the whole match; an external brain gets a
fresh process every game (as Gomocup managers do), and the old one is ended in the background
so a brain that ignores END cannot freeze the window.
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from game.rules import Rule, Stone

from .elo import MatchScore
from .game_runner import GameResult, GameRunner, Seat
from .openings import Opening
from .players import PlayerSpec


def close_in_background(worker: Any) -> None:
    """End a worker without waiting for it (an external brain may take its END grace)."""
    threading.Thread(target=worker.close, name="close-engine", daemon=True).start()


class MatchRunner:
    """Plays `games` games of `a` against `b`. `openings` None starts every game on an empty board."""

    def __init__(
        self,
        a: PlayerSpec,
        b: PlayerSpec,
        games: int = 2,
        turn_ms: int = 1000,
        openings: list[Opening] | None = None,
        size: int = 15,
        rule: Rule = Rule.FREESTYLE,
        grace_ms: int | None = None,
        on_game_end: Callable[[int, GameResult], None] | None = None,
        seed: int = 0,
        wait_for_close: bool = False,
    ) -> None:
        if games < 1:
            raise ValueError(f"a match needs at least one game, got {games}")
        self.specs = (a, b)
        self.names = [a.label, b.label]
        self.games = games
        self.turn_ms = turn_ms
        self.openings = openings
        self.size = size
        self.rule = rule
        self.grace_ms = grace_ms
        self.on_game_end = on_game_end
        self.seed = seed
        self.wait_for_close = wait_for_close  # the command line waits; a window must not
        self.results: list[GameResult] = []
        self.current: GameRunner | None = None
        self.stopped = False
        self._builtin_workers: dict[int, Any] = {}
        self._game_workers: list[Any] = []
        self._paused = False

    # ----------------------------------------------------------------- reading
    @property
    def finished(self) -> bool:
        return self.stopped or len(self.results) >= self.games

    @property
    def game_number(self) -> int:
        """1-based number of the game being played (or the last one)."""
        return min(len(self.results) + 1, self.games)

    @property
    def score(self) -> MatchScore:
        """A's wins, losses and draws so far."""
        wins = losses = draws = 0
        for index, result in enumerate(self.results):
            a_colour = self.colour_of_a(index)
            if result.winner is None:
                draws += 1
            elif result.winner is a_colour:
                wins += 1
            else:
                losses += 1
        return MatchScore(wins, losses, draws)

    def colour_of_a(self, index: int) -> Stone:
        """A plays black in the even games (0-based), white in the odd ones."""
        return Stone.BLACK if index % 2 == 0 else Stone.WHITE

    def opening_for(self, index: int) -> Opening | None:
        if not self.openings:
            return None
        return self.openings[(index // 2) % len(self.openings)]

    @property
    def paused(self) -> bool:
        return self._paused

    @paused.setter
    def paused(self, value: bool) -> None:
        self._paused = value
        if self.current is not None:
            self.current.paused = value

    # ----------------------------------------------------------------- playing
    def step(self) -> bool:
        """Advance without waiting; False once the match is over or stopped."""
        if self.finished:
            return False
        if self.current is None:
            self.current = self._start_game(len(self.results))
        if self.current.step():
            return True
        result = self.current.result
        assert result is not None
        for seat in (Stone.BLACK, Stone.WHITE):
            player = 0 if self.colour_of_a(len(self.results)) is seat else 1
            self.names[player] = self.current.seats[seat].name  # brains name themselves in ABOUT
        self.results.append(result)
        self._end_game_workers()
        self.current = None
        if self.on_game_end is not None:
            self.on_game_end(len(self.results), result)
        return not self.finished

    def _worker(self, player: int) -> Any:
        spec = self.specs[player]
        if spec.is_builtin:
            if player not in self._builtin_workers:
                self._builtin_workers[player] = spec.make_worker(self.turn_ms)
            return self._builtin_workers[player]
        worker = spec.make_worker(self.turn_ms, self.grace_ms)
        self._game_workers.append(worker)
        return worker

    def _start_game(self, index: int) -> GameRunner:
        a_seat = Seat(self.names[0], self._worker(0), self.specs[0].level)
        b_seat = Seat(self.names[1], self._worker(1), self.specs[1].level)
        black, white = (a_seat, b_seat) if self.colour_of_a(index) is Stone.BLACK else (b_seat, a_seat)
        opening = self.opening_for(index)
        runner = GameRunner(
            black,
            white,
            self.size,
            self.rule,
            opening.points(self.size) if opening else None,
            self.turn_ms,
            seed=self.seed + 1000 * index,
        )
        runner.paused = self._paused
        return runner

    def _end_game_workers(self) -> None:
        workers, self._game_workers = self._game_workers, []
        for worker in workers:
            worker.close() if self.wait_for_close else close_in_background(worker)

    def stop(self) -> None:
        """Abandon the match: the game in progress gets no result."""
        self.stopped = True
        if self.current is not None:
            self.current.stop()
        self.close()

    def close(self) -> None:
        """End every engine this match started (waiting for them with `wait_for_close`)."""
        workers = self._game_workers + list(self._builtin_workers.values())
        self._game_workers, self._builtin_workers = [], {}
        for worker in workers:
            if self.wait_for_close:
                worker.close()
            else:
                close_in_background(worker)
