"""Puzzles from the player's own games: every missed win and allowed win the review finds.

`moments_of` only reads a finished review (no engine work), so the review screen can queue
the moments at once; `puzzle_from` builds and checks the puzzle later (see collection.py).
A missed win becomes a win puzzle from the position before the move, accepting every
winning first move (it is the player's own game, not a curated one). An allowed win
becomes a defence puzzle from the same position when a saving move exists; otherwise the
position after the move becomes a win puzzle for the opponent: the win that was allowed.
Both go through make.py's checks: the proof replays, and a defence's saving moves hold
against the full search (OWN_JUDGING: a smaller budget than the bundled set's).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import replace
from typing import Any

from game.engine import FOUR_CLASSES, THREE_CLASSES, Clock
from game.rules import Board, Rule

from .collection import Moment
from .make import CHECK_NODES, Judging, defence_puzzle, win_puzzle
from .prove import Prover
from .puzzle import Puzzle
from .verify import ProofError, verify

#: A defence from the player's own game may have more saving moves than a bundled one.
MAX_SAVING_OWN = 8
#: A defence from the player's own game goes through the bundled set's checks, the full
#: search's judge (d, e) included, at a smaller budget: it runs in the engine worker while
#: the player waits. About 2 s a saving move on one core (the bundled set's: about 5 s).
OWN_JUDGING = Judging(nodes=1_000_000, reply_lines=2, reply_nodes=500_000)


def moments_of(review: Any, rule: Rule, moves: list[tuple[int, int]], source: str = "") -> list[Moment]:
    """The missed and allowed wins of a GameReview, as moments (a move can be both)."""
    found: list[Moment] = []
    for move in review.moves:
        prefix = tuple(tuple(p) for p in moves[: move.number])
        if move.missed_win is not None:
            found.append(Moment(rule, prefix, "missed", source))
        if move.allowed_win is not None:
            found.append(Moment(rule, prefix, "allowed", source))
    return found


def moment_id(moment: Moment) -> str:
    digest = hashlib.sha1(repr((moment.rule.value, moment.moves, moment.kind)).encode()).hexdigest()[:8]
    return f"g{moment.rule.value[0]}-{moment.kind[0]}{len(moment.moves)}-{digest}"


def puzzle_from(moment: Moment, stop=None) -> Puzzle | None:
    """The checked puzzle for a moment, or None when no proof holds up (then there is none).

    `stop` (anything with is_set) ends the searches early; then the answer means nothing (the
    engine worker runs this as a task and drops a cancelled task's answer)."""
    before = _board(moment.rule, moment.moves[:-1])
    if before is None:
        return None
    ident = moment_id(moment)
    rejected: Counter = Counter()
    if moment.kind == "missed":
        return _with_every_winner(win_puzzle(before, ident, rejected, unique=False, stop=stop), stop)
    puzzle = defence_puzzle(before, ident, rejected, max_saving=MAX_SAVING_OWN, plain_blocks=True, stop=stop,
                            judging=OWN_JUDGING)
    if puzzle is not None:
        return puzzle
    after = _board(moment.rule, moment.moves)
    return None if after is None else _with_every_winner(win_puzzle(after, ident, rejected, unique=False, stop=stop), stop)


def _with_every_winner(puzzle: Puzzle | None, stop=None) -> Puzzle | None:
    """Accept every first move that wins within the budget, the proof's first."""
    if puzzle is None:
        return None
    board = _board(puzzle.rule, puzzle.moves)
    prover = Prover.on(board, nodes=CHECK_NODES, stop=stop)
    engine = prover.engine
    side = int(puzzle.to_move)
    others = set()
    for cls in FOUR_CLASSES + THREE_CLASSES:
        others.update(engine.by_class[side][cls])
    root = puzzle.solution.move
    winners = [root]
    for cell in sorted(others):
        point = engine.point(cell)
        if point != root and Prover(engine, Clock(None, CHECK_NODES, stop)).wins_with(side, cell):
            winners.append(point)
    widened = replace(puzzle, accepted=tuple(winners))
    try:
        verify(widened)
    except ProofError:
        return puzzle
    return widened


def _board(rule: Rule, moves) -> Board | None:
    board = Board(15, rule)
    try:
        for point in moves:
            board.push(tuple(point))
    except ValueError:
        return None
    return None if board.outcome() is not None else board
