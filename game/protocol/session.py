"""The brain's game state and what each command does to it, with no threads and no I/O.

`Session.handle` takes one parsed command and returns a `Reply`: the lines to print and,
for BEGIN, TURN, BOARD and YXNBEST, a `ThinkRequest` that the loop hands to the engine.
The loop reports the move it played back with `Session.play`. Keeping this pure lets the
tests script whole conversations without a process, a thread or a clock.

The rules core is the referee for everything here: bounds, occupied points and renju
forbidden points all come from `game.rules.Board`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from importlib import metadata

from game.engine import warm_up
from game.rules import MAX_SIZE, MIN_SIZE, Board, IllegalMoveError, Point, Rule, Stone

from game.rules.opening import OpeningRule

from . import commands as cmd
from .clock import TimeControl, think_time_ms
from .replies import error, forbid_line
from .swap2 import Swap2Error, Swap2Request, opening_points, rule_for_code, setup_board

log = logging.getLogger(__name__)

BRAIN_NAME = "GomokuDesktop"
AUTHOR = "gomoku-desktop contributors"
COUNTRY = "International"

# BOARD fields: 1 is the brain's own stone, 2 the opponent's, 3 a stone left from a
# continuous game. Neither side may play on a field-3 stone and it helps neither, which
# is closest to an opponent stone in a two-colour board; see Session._finish_board.
OWN, OPPONENT, CONTINUOUS = 1, 2, 3

_TIME_KEYS = ("timeout_turn", "timeout_match", "time_left")
_NUMERIC_KEYS = _TIME_KEYS + ("max_memory", "game_type", "rule")


def _version() -> str:
    try:
        return metadata.version("gomoku-desktop")
    except metadata.PackageNotFoundError:
        return "dev"


def about_line() -> str:
    return f'name="{BRAIN_NAME}", version="{_version()}", author="{AUTHOR}", country="{COUNTRY}"'


@dataclass(frozen=True)
class ThinkRequest:
    """A search the loop must run: the position (a private copy), whose move, and for how long.

    `play` is False for YXNBEST, which reports moves without making one; `budget_ms` None
    means the manager set no limit and the engine's level budget applies.
    """

    board: Board
    to_move: Stone
    budget_ms: int | None
    play: bool = True
    nbest: int = 1


@dataclass(frozen=True)
class Reply:
    """What one command produced: lines to print now, maybe a search to run, maybe the end."""

    lines: tuple[str, ...] = ()
    think: ThinkRequest | None = None
    end: bool = False
    swap2: Swap2Request | None = None  # a SWAP2BOARD position the loop must answer


@dataclass
class _PendingBoard:
    """A BOARD/YXBOARD block being read: stones in the order given, and whether to move after DONE."""

    think: bool
    stones: list[cmd.StoneLine] = field(default_factory=list)
    started: bool = True  # False when BOARD came before START: read the block, then refuse it


class Session:
    """One brain's view of the game: board, rule, its own colour, the side to move and the clock."""

    def __init__(self) -> None:
        self.rule = Rule.FREESTYLE
        self.board: Board | None = None
        self.me: Stone | None = None  # unknown until BEGIN, the first TURN or BOARD
        self.to_move = Stone.BLACK
        self.time = TimeControl()
        self.settings: dict[str, str] = {}  # every INFO value, for the log and for tools
        self.opening = OpeningRule.FREE  # INFO rule 5 / 6: swap1 / swap2 (Yixin Board's codes)
        self._pending: _PendingBoard | None = None
        self._swap2: list[cmd.PointLine] | None = None  # a SWAP2BOARD block being read
        self._swap2_problem = ""  # the first malformed line of that block, reported at DONE

    # --------------------------------------------------------------- queries
    @property
    def in_board(self) -> bool:
        """Whether a BOARD/YXBOARD block is open, so ``x,y,field`` lines are stones."""
        return self._pending is not None

    # --------------------------------------------------------------- dispatch
    def handle_line(self, line: str) -> Reply:
        """Parse one input line in the current context and handle it; bad input becomes ``ERROR``."""
        try:
            command = cmd.parse_command(line, in_board=self.in_board, in_swap2=self._swap2 is not None)
        except cmd.ProtocolError as problem:
            if self._swap2 is not None:  # one ERROR at DONE, so the manager reads exactly one answer
                self._swap2_problem = self._swap2_problem or str(problem)
                return Reply()
            return Reply((error(str(problem)),))
        return self.handle(command)

    def handle(self, command: cmd.Command) -> Reply:
        """Apply one command. Bad input becomes an ``ERROR`` line and leaves the state as it was."""
        handler = getattr(self, f"_on_{type(command).__name__.lower()}")
        try:
            return handler(command)
        except (IllegalMoveError, cmd.ProtocolError) as problem:
            return Reply((error(str(problem)),))

    def play(self, point: Point) -> None:
        """Record the brain's own move, chosen for the last ThinkRequest. Raises IllegalMoveError."""
        board = self._require_board("play")
        me = self.me or self.to_move
        board.push(point, me)
        self.to_move = me.opponent

    # --------------------------------------------------------------- game set-up
    def _on_start(self, command: cmd.Start) -> Reply:
        return self._new_game(command.size, command.size, f"START {command.size}")

    def _on_rectstart(self, command: cmd.RectStart) -> Reply:
        return self._new_game(command.width, command.height, f"RECTSTART {command.width},{command.height}")

    def _new_game(self, width: int, height: int, text: str) -> Reply:
        if width != height:
            return Reply((error(f"only square boards are supported, got {text!r}"),))
        if not MIN_SIZE <= width <= MAX_SIZE:
            return Reply((error(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {text!r}"),))
        self.board = Board(width, self.rule)
        self._reset_game()
        warm_up(self.rule)  # build the engine's tables now, not inside the first move's time
        return Reply(("OK",))

    def _on_restart(self, command: cmd.Restart) -> Reply:
        board = self._require_board("RESTART")
        self.board = Board(board.size, self.rule)
        self._reset_game()
        return Reply(("OK",))

    def _reset_game(self) -> None:
        self.me = None
        self.to_move = Stone.BLACK
        self._pending = None

    def _on_end(self, command: cmd.End) -> Reply:
        return Reply(end=True)

    def _on_about(self, command: cmd.About) -> Reply:
        return Reply((about_line(),))

    def _on_blank(self, command: cmd.Blank) -> Reply:
        return Reply()

    def _on_unknown(self, command: cmd.Unknown) -> Reply:
        text = command.line if len(command.line) <= 60 else command.line[:57] + "..."
        return Reply((f"UNKNOWN command {text!r}",))

    def _on_stop(self, command: cmd.Stop) -> Reply:
        return Reply()  # nothing is running when the session sees it; the loop stops searches

    # --------------------------------------------------------------- INFO
    def _on_info(self, command: cmd.Info) -> Reply:
        key, value = command.key, command.value
        if key in _NUMERIC_KEYS:
            number = cmd.parse_number(value, f"INFO {key}", f"INFO {key} {value}")
            if key in _TIME_KEYS:
                self.time = self.time.with_value(key, number)
            elif key == "rule":
                rule, self.opening = rule_for_code(number)
                self._set_rule(rule)
        self.settings[key] = value
        log.debug("INFO %s = %s", key, value)
        return Reply()

    def _set_rule(self, rule: Rule) -> None:
        """Switch rules; a game in progress is replayed so forbidden marks follow the new rule."""
        self.rule = rule
        warm_up(rule)  # cached: only a new rule costs anything
        if self.board is not None and self.board.rule is not rule:
            replayed = Board(self.board.size, rule)
            for move in self.board.history:
                replayed.push(move.point, move.stone)
            self.board = replayed

    # --------------------------------------------------------------- moves
    def _on_begin(self, command: cmd.Begin) -> Reply:
        board = self._require_board("BEGIN")
        self.me = self.to_move
        return self._think(board)

    def _on_turn(self, command: cmd.Turn) -> Reply:
        board = self._require_board("TURN")
        opponent = self.me.opponent if self.me else self.to_move
        board.push(command.point, opponent)
        self.me = opponent.opponent
        self.to_move = self.me
        return self._think(board)

    def _on_takeback(self, command: cmd.Takeback) -> Reply:
        board = self._require_board("TAKEBACK")
        if not board.in_bounds(command.point) or board.is_empty(command.point):
            raise IllegalMoveError(f"TAKEBACK {command.point[0]},{command.point[1]}: no stone there")
        kept = [move for move in board.history if move.point != command.point]
        removed = next(move for move in board.history if move.point == command.point)
        if board.last_move is not None and board.last_move.point == command.point:
            board.pop()
        else:  # not the last stone: rebuild without it, keeping the order of the others
            rebuilt = Board(board.size, board.rule)
            for move in kept:
                rebuilt.push(move.point, move.stone)
            self.board = rebuilt
        self.to_move = removed.stone
        return Reply(("OK",))

    def _think(self, board: Board, *, play: bool = True, nbest: int = 1) -> Reply:
        """Ask the loop to search for the side to move (the brain itself, unless YXNBEST analyses)."""
        if board.is_full:
            return Reply((error("the board is full: there is no move to make"),))
        budget = think_time_ms(self.time, board.move_count, board.size)
        return Reply(think=ThinkRequest(board.copy(), self.to_move, budget, play, nbest))

    # --------------------------------------------------------------- BOARD blocks
    def _on_boardstart(self, command: cmd.BoardStart) -> Reply:
        started = self.board is not None
        self._pending = _PendingBoard(command.think, started=started)
        if not started:
            return Reply((error("BOARD before START: send START first"),))
        return Reply()

    def _on_stoneline(self, command: cmd.StoneLine) -> Reply:
        pending, board = self._pending, self.board
        if pending is None:
            return Reply((f"UNKNOWN command '{command.point[0]},{command.point[1]},{command.field}'",))
        if not pending.started or board is None:
            return Reply()
        if not board.in_bounds(command.point):
            raise IllegalMoveError(f"point {command.point!r} is off a {board.size}x{board.size} board")
        if any(stone.point == command.point for stone in pending.stones):
            raise IllegalMoveError(f"point {command.point!r} is already taken in this BOARD block")
        pending.stones.append(command)
        return Reply()

    def _on_done(self, command: cmd.Done) -> Reply:
        if self._swap2 is not None:
            return self._finish_swap2()
        pending, self._pending = self._pending, None
        if pending is None:
            return Reply((error("DONE without BOARD"),))
        if not pending.started or self.board is None:
            return Reply()
        self._finish_board(pending.stones)
        if pending.think:
            return self._think(self.board)
        return Reply()

    def _finish_board(self, stones: list[cmd.StoneLine]) -> None:
        """Set up the position from a BOARD block; the side to move is black when the counts are equal."""
        own = sum(1 for stone in stones if stone.field == OWN)
        other = sum(1 for stone in stones if stone.field == OPPONENT)
        self.me = Stone.WHITE if other > own else Stone.BLACK
        board = Board(self.board.size, self.rule)
        for stone in stones:
            colour = self.me if stone.field == OWN else self.me.opponent
            board.push(stone.point, colour)
        if any(stone.field == CONTINUOUS for stone in stones):
            log.info("BOARD: continuous-game stones (field 3) are treated as opponent stones")
        self.board = board
        self.to_move = self.me

    # --------------------------------------------------------------- SWAP2BOARD
    def _on_swap2boardstart(self, command: cmd.Swap2BoardStart) -> Reply:
        self._swap2, self._swap2_problem = [], ""
        return Reply()

    def _on_pointline(self, command: cmd.PointLine) -> Reply:
        if self._swap2 is None:
            return Reply((f"UNKNOWN command '{command.point[0]},{command.point[1]}'",))
        self._swap2.append(command)
        return Reply()

    def _finish_swap2(self) -> Reply:
        """Check the SWAP2BOARD block; a bad one is an ERROR and leaves the game as it was."""
        lines, problem = self._swap2 or [], self._swap2_problem
        self._swap2, self._swap2_problem = None, ""
        if self.board is None:
            return Reply((error("SWAP2BOARD before START: send START first"),))
        if problem:
            return Reply((error(f"SWAP2BOARD ignored: {problem}"),))
        try:
            board = setup_board(self.board.size, self.rule, opening_points(lines))
        except Swap2Error as bad:
            return Reply((error(str(bad)),))
        budget = think_time_ms(self.time, board.move_count, board.size)
        opening = self.opening if self.opening.has_choices else OpeningRule.SWAP2
        return Reply(swap2=Swap2Request(board, opening, budget))

    def play_opening(self, board: Board, placed: list[Point], took_black: bool) -> None:
        """Record the brain's SWAP2BOARD answer: the stones it placed, and its colour from now on."""
        for point in placed:
            board.push(point)
        self.board = board
        self.to_move = board.to_move
        if took_black:
            self.me = Stone.BLACK
        elif len(placed) == 1:
            self.me = Stone.WHITE  # it stayed white and played white's move
        else:
            self.me = None  # after proposing three or placing two stones the opponent picks the colours

    # --------------------------------------------------------------- Yixin extensions
    def _on_showforbid(self, command: cmd.ShowForbid) -> Reply:
        board = self._require_board("YXSHOWFORBID")
        return Reply((forbid_line(board.forbidden_points(self.to_move)),))

    def _on_nbest(self, command: cmd.NBest) -> Reply:
        board = self._require_board("YXNBEST")
        if command.count < 1:
            return Reply((error(f"YXNBEST needs a count of at least 1, got {command.count}"),))
        return self._think(board, play=False, nbest=command.count)

    # --------------------------------------------------------------- helpers
    def _require_board(self, what: str) -> Board:
        if self.board is None:
            raise cmd.ProtocolError(f"{what} before START: send START first")
        return self.board

