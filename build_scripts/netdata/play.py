"""One labelled game: a seeded opening, then the teacher against itself (or against our
Master for one colour), the teacher asked about every position on the way.

Deterministic for (run seed, game index): the opening comes from a Random seeded by both,
the teacher searches a fixed number of nodes with its table cleared before each position,
and Master is limited by nodes with a seed of its own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from combo.teacher import MATE_SCORE, Teacher
from game.engine import Level, Limit, Position, search
from game.rules import Board, Rule, Stone

from .openings import random_opening
from .records import SIZE, GameRecord

#: A game that reaches this many stones stops, undecided.
MOVE_CAP = 200
#: Openings drawn before giving up on a balanced one (the last one is kept then).
OPENING_TRIES = 40


@dataclass(frozen=True)
class Settings:
    """What a run's games depend on (kept in its manifest)."""

    seed: int
    rule: str = "freestyle"
    nodes: int = 10000
    balance: int = 200          # |teacher score| an opening may have
    min_stones: int = 3
    max_stones: int = 6
    master_every: int = 8       # every n-th game Master plays one colour (0: never)
    master_nodes: int = 20000


def game_random(settings: Settings, index: int) -> random.Random:
    return random.Random(f"netdata:{settings.seed}:{settings.rule}:{index}")


def master_source(settings: Settings, index: int, rng: random.Random) -> int:
    """0 for a teacher-only game, 1 when Master plays black, 2 white."""
    if settings.master_every and index % settings.master_every == settings.master_every - 1:
        return 1 + rng.randrange(2)
    return 0


def cell(point: tuple[int, int]) -> int:
    return point[1] * SIZE + point[0]


def _master_move(board: Board, settings: Settings, index: int) -> tuple[int, int]:
    result = search(Position.from_board(board), Limit(nodes=settings.master_nodes), Level.MASTER,
                    seed=index * 7919 + board.move_count)
    return result.move


def play_game(teacher: Teacher, settings: Settings, index: int) -> GameRecord:
    """Game `index` of a run with `settings`, labelled by `teacher`."""
    rng = game_random(settings, index)
    source = master_source(settings, index, rng)
    for _ in range(OPENING_TRIES):
        opening = random_opening(rng, settings.min_stones, settings.max_stones)
        answer = teacher.think(opening)
        if answer.score is not None and not answer.mate and abs(answer.score) <= settings.balance:
            break
    board = Board(SIZE, Rule(settings.rule))
    for point in opening:
        board.push(point)
    scores: list[int] = []
    best: list[int] = []
    winner = 0
    while True:
        if answer.score is None or not board.in_bounds(answer.move) or not board.is_empty(answer.move):
            break  # no score or an impossible move: keep what came before
        scores.append(max(-MATE_SCORE, min(MATE_SCORE, answer.score)))
        best.append(cell(answer.move))
        mover = 1 + board.move_count % 2
        if answer.mate:
            winner = mover if answer.score > 0 else 3 - mover
            break
        move = _master_move(board, settings, index) if source == mover else answer.move
        board.push(move)
        outcome = board.outcome()
        if outcome is not None:
            if outcome.winner is not None:
                winner = 1 if outcome.winner is Stone.BLACK else 2
            break
        if board.move_count >= MOVE_CAP:
            break
        answer = teacher.think(board.moves)
    return GameRecord(index, settings.rule, source, winner, tuple(cell(p) for p in board.moves), len(opening),
                      tuple(scores), tuple(best))
