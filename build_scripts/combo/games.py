"""The teacher plays itself from our openings, and every position it moved in is kept
with its score and move: the labelled data the tables are fitted to.

Deterministic for a seed (given the teacher): the openings are taken in turn, each
followed by a few seeded random moves near the stones, and the teacher searches a fixed
number of nodes with its table cleared before every move.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterator

from game.match.openings import Opening
from game.rules import Board, Rule, Stone

from .teacher import Teacher

#: A game that reaches this many stones is not played further (its positions are kept).
MOVE_CAP = 150


@dataclass(frozen=True)
class Labelled:
    """One position the teacher moved in: the moves before it (black first), the teacher's
    move and score for the side to move, whether that score is a mate, and the game's
    number and result (1 black won, 2 white, 0 neither) for splitting and checking."""

    rule: str
    moves: tuple[tuple[int, int], ...]
    best: tuple[int, int]
    score: int
    mate: bool
    depth: int
    game: int
    winner: int = 0


def _random_near(board: Board, rng: random.Random) -> tuple[int, int] | None:
    """A random empty point within two steps of a stone that neither wins nor is forbidden."""
    near = sorted(
        {
            (x + dx, y + dy)
            for (x, y), _ in board.stones()
            for dx in range(-2, 3)
            for dy in range(-2, 3)
            if board.in_bounds((x + dx, y + dy)) and board.is_empty((x + dx, y + dy))
        }
    )
    near = [p for p in near if not board.is_winning_move(p) and not board.is_forbidden(p)]
    return rng.choice(near) if near else None


def play_game(teacher: Teacher, rule: str, opening: Opening, random_plies: int, rng: random.Random,
              number: int, size: int = 15) -> list[Labelled]:
    """One game of the teacher against itself; its positions, labelled. It stops at a five,
    a forbidden move, a mate the teacher announces, or MOVE_CAP stones."""
    board = Board(size, Rule(rule))
    for point in opening.points(size):
        board.push(point)
    for _ in range(random_plies):
        point = _random_near(board, rng)
        if point is not None:
            board.push(point)
    found: list[Labelled] = []
    winner = 0
    while board.move_count < MOVE_CAP and board.outcome() is None:
        answer = teacher.think(board.moves)
        if answer.score is None or not board.in_bounds(answer.move) or not board.is_empty(answer.move):
            break  # no score or an impossible move: keep what came before
        found.append(Labelled(rule, tuple(board.moves), answer.move, answer.score, answer.mate, answer.depth, number))
        if answer.mate:
            mover = 1 + board.move_count % 2
            winner = mover if answer.score > 0 else 3 - mover
            break
        board.push(answer.move)
    outcome = board.outcome()
    if outcome is not None and outcome.winner is not None:
        winner = 1 if outcome.winner is Stone.BLACK else 2
    return [Labelled(**{**asdict(p), "winner": winner}) for p in found]


def generate(teacher: Teacher, rule: str, openings: list[Opening], positions: int, seed: int,
             max_random: int = 3) -> Iterator[list[Labelled]]:
    """Games until `positions` positions are labelled, one list per game. Each game takes
    the next opening and 0..max_random random moves, drawn from `seed`."""
    master = random.Random(f"{seed}:{rule}")
    count = number = 0
    while count < positions:
        opening = openings[number % len(openings)]
        game_rng = random.Random(master.getrandbits(64))
        plies = game_rng.randint(0, max_random)
        labelled = play_game(teacher, rule, opening, plies, game_rng, number)
        count += len(labelled)
        number += 1
        yield labelled


def save(path: Path, rows: list[Labelled]) -> None:
    """JSON lines, one position each."""
    from game.records.atomic import atomic_write_text

    atomic_write_text(path, "".join(json.dumps(asdict(row)) + "\n" for row in rows))


class DataError(ValueError):
    """A data file that cannot be read; the message names the line."""


def load(path: Path) -> list[Labelled]:
    """The positions saved by `save`. Raises DataError naming a malformed line."""
    rows = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            raw["moves"] = tuple(tuple(m) for m in raw["moves"])
            raw["best"] = tuple(raw["best"])
            rows.append(Labelled(**raw))
        except (ValueError, TypeError, KeyError) as error:
            raise DataError(f"{path} line {number}: {error}: {line[:80]!r}") from error
    return rows
