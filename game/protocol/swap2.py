"""The brain's opening rules: Yixin Board's swap rule codes and the Gomocup ``SWAP2BOARD`` command.

Gomocup's swap2 extension (2020) sends the stones placed so far, one ``x,y`` per line,
then ``DONE``; stones alternate black, white, black, ... Some managers send BOARD-style
``x,y,field`` lines instead (the form Rapfi reads); both are accepted, never mixed in one
block (`opening_points`, and `commands.parse_swap2_line` for what the field means). The
brain answers:

- no stones: its three opening stones, ``x,y x,y x,y``;
- three stones (it is the second player): ``SWAP`` (it takes black), one move ``x,y`` (it
  stays white and plays the fourth stone), or two moves ``x,y x,y`` (the fourth and fifth
  stones; the opponent then chooses the colour);
- five stones (it opened and the opponent placed two more): ``SWAP`` (it takes black) or one
  move (it takes white and plays the sixth stone).

``INFO rule`` codes 5 and 6 are Yixin Board's (and Rapfi's) freestyle swap1 and swap2; under
swap1 the three-stone answer is never two moves. Every answer is checked with the rules
core before it is printed; the engine's opening judgement comes from
`game.engine.coach.opening_choice`, at the brain's level.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from game.engine import Level, Limit, choose_colour, place_two, propose_opening
from game.rules import Board, IllegalMoveError, Point, Rule
from game.rules.opening import Choice, OpeningRule

from .commands import PointLine
from .fallback import fallback_move
from .replies import move_line

log = logging.getLogger(__name__)

#: Yixin Board's INFO rule codes for the swap openings (both on freestyle).
SWAP_RULE_CODES = {5: OpeningRule.SWAP1, 6: OpeningRule.SWAP2}
STONE_COUNTS = (0, 3, 5)


class Swap2Error(ValueError):
    """A SWAP2BOARD block that cannot be answered; the message says what was wrong."""


def rule_for_code(code: int) -> tuple[Rule, OpeningRule]:
    """The rule set and opening rule an ``INFO rule`` code asks for (5, 6: freestyle with swap)."""
    if code in SWAP_RULE_CODES:
        return Rule.FREESTYLE, SWAP_RULE_CODES[code]
    return Rule.from_gomocup(code), OpeningRule.FREE


@dataclass(frozen=True)
class Swap2Request:
    """A checked SWAP2BOARD position for the loop to answer: the stones in order and the opening rule."""

    board: Board
    opening: OpeningRule
    budget_ms: int | None


def opening_points(lines: list[PointLine]) -> list[Point]:
    """The stones of a SWAP2BOARD block in order, after checking that the block is all in one form.

    In the ``x,y,field`` form the fields must alternate (1, 2, 1, ... or 2, 1, 2, ...):
    the stones of a swap2 opening alternate in colour, so two stones in a row of one side
    cannot be an opening in the order sent. Raises Swap2Error naming the first stone that
    breaks the form or the alternation.
    """
    if not lines:
        return []
    with_field = lines[0].field is not None
    for number, line in enumerate(lines, start=1):
        if (line.field is not None) != with_field:
            forms = "x,y,field" if with_field else "x,y"
            raise Swap2Error(
                f"SWAP2BOARD stone {number} {_text(line)} mixes the two forms: the block began with {forms} lines"
            )
        if with_field and number > 1 and line.field == lines[number - 2].field:
            raise Swap2Error(
                f"SWAP2BOARD stone {number} {_text(line)} has the same field as the stone before it; "
                "the stones of a swap2 opening alternate in colour (fields 1,2,1,... or 2,1,2,...)"
            )
    return [line.point for line in lines]


def _text(line: PointLine) -> str:
    x, y = line.point
    return f"{x},{y}" if line.field is None else f"{x},{y},{line.field}"


def setup_board(size: int, rule: Rule, points: list[Point]) -> Board:
    """The SWAP2BOARD stones on a fresh board, alternating from black.

    Raises Swap2Error for a stone count other than 0, 3 or 5, or a point off the board or taken twice.
    """
    if len(points) not in STONE_COUNTS:
        raise Swap2Error(f"SWAP2BOARD needs 0, 3 or 5 stones, got {len(points)}")
    board = Board(size, rule)
    for number, point in enumerate(points, start=1):
        try:
            board.push(point)
        except IllegalMoveError as problem:
            raise Swap2Error(f"SWAP2BOARD stone {number} {point[0]},{point[1]}: {problem}") from None
        if board.outcome() is not None:
            raise Swap2Error(f"SWAP2BOARD stone {number} {point[0]},{point[1]} ends the game")
    return board


def answer(request: Swap2Request, level: Level, seed: int, stop=None, search_function=None) -> tuple[str, list[Point]]:
    """The reply line and the stones it places (in order, colours alternating from the side to move).

    A decision that the rules would not accept is replaced by a legal one, never printed.
    """
    board = request.board
    kwargs = {} if search_function is None else {"search_function": search_function}
    # The decision runs several searches in DECISION_BUDGET_FACTOR times the limit: keep the whole within the turn.
    limit = Limit(time_ms=max(30, int(request.budget_ms * 0.6))) if request.budget_ms else None
    stones = board.move_count
    if stones == 0:
        decision = propose_opening(board.size, board.rule, level, limit, seed, stop, **kwargs)
        placed = _legal(board, list(decision.stones))
        return " ".join(move_line(p) for p in placed), placed
    options = (Choice.BLACK, Choice.WHITE)
    if stones == 3 and request.opening is not OpeningRule.SWAP1:
        options += (Choice.PLACE_TWO,)
    decision = choose_colour(board, options, level, limit, seed, stop, **kwargs)
    if decision.choice == Choice.PLACE_TWO.value:
        placed = _legal(board, list(decision.stones)[:2])
        return " ".join(move_line(p) for p in placed), placed
    if decision.choice == Choice.BLACK.value:
        return "SWAP", []
    move = _white_move(board, level, limit, seed, stop, search_function)
    return move_line(move), [move]


def _white_move(board: Board, level: Level, limit: Limit | None, seed: int, stop, search_function) -> Point:
    """The brain stays white: the level's search picks its move (checked, with a fallback)."""
    from game.engine import search, Position

    function = search_function or search
    try:
        result = function(Position.from_board(board), limit=limit, level=level, seed=seed, stop=stop)
        move = result.move
    except Exception:  # an engine bug must cost at most a weak move
        log.exception("the engine failed on a SWAP2BOARD move")
        move = None
    return _legal(board, [move])[0]


def _legal(board: Board, points: list) -> list[Point]:
    """`points` placed in turn on a copy of `board`; any that the rules refuse is replaced by a legal point."""
    trial = board.copy()
    placed = []
    for point in points:
        stone = trial.to_move
        ok = isinstance(point, tuple) and trial.is_empty(point) and not trial.is_forbidden(point, stone)
        if not ok:
            log.error("the opening decision %r is not playable for %s; using a fallback", point, stone.label)
            point = fallback_move(trial, stone)
        trial.push(point, stone)
        placed.append(point)
    return placed
