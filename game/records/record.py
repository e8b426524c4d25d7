"""A finished or unfinished game as plain data, and replaying it through the rules core."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Board, IllegalMoveError, Outcome, Point, Reason, Rule, Stone

from .errors import RecordError, ReplayError


@dataclass(frozen=True)
class Result:
    """Who won and why. `winner` None is a draw; `reason` None means "not recorded"."""

    winner: Stone | None
    reason: Reason | None = None

    @classmethod
    def from_outcome(cls, outcome: Outcome) -> "Result":
        return cls(outcome.winner, outcome.reason)

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@dataclass
class GameRecord:
    """Everything a saved game holds.

    `moves` alternate from black. `result` None means unfinished or unknown. `date` is an
    ISO date ("2026-11-21") or empty. `times_ms`, when given, has one think time per move.
    The opening rule, the named opening and the swap choices are kept so a record shows how
    the colours were decided (the opening stones are the first moves).
    """

    size: int = DEFAULT_SIZE
    rule: Rule = Rule.FREESTYLE
    moves: list[Point] = field(default_factory=list)
    black: str = ""
    white: str = ""
    result: Result | None = None
    date: str = ""
    times_ms: list[int] | None = None
    opening: str = "free"  # the opening rule (game.rules.opening.OpeningRule value)
    opening_name: str = ""  # a named renju opening's key, or "book-N"
    opening_choices: list[str] = field(default_factory=list)  # "second:place_two", "first:white", in order
    seed: int | None = None  # the computer's seed for the game (its moves replay from it); None: not kept

    def __post_init__(self) -> None:
        if not MIN_SIZE <= self.size <= MAX_SIZE:
            raise RecordError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {self.size!r}")
        if self.times_ms is not None and len(self.times_ms) != len(self.moves):
            raise RecordError(f"{len(self.times_ms)} move times for {len(self.moves)} moves")

    def replay(self) -> Board:
        """A Board with every move played in order, black first.

        Raises ReplayError (a RecordError) naming the move (1-based) that is off the board, on a stone, or
        played after a five already ended the game.
        """
        return replay_moves(self.moves, self.size, self.rule)


def replay_moves(moves: list[Point], size: int, rule: Rule) -> Board:
    """Play `moves` on a fresh board (see GameRecord.replay)."""
    board = Board(size, rule)
    for number, point in enumerate(moves, start=1):
        previous = board.outcome()
        if previous is not None and previous.reason is Reason.FIVE:
            raise ReplayError(f"move {number} {point!r} comes after {previous.winner.label} already made five", number)
        try:
            board.push(tuple(point))
        except IllegalMoveError as error:
            raise ReplayError(f"move {number} is illegal: {error}", number) from error
    return board
