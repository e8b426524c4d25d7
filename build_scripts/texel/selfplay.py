"""Self-play games at a fixed node budget, and the quiet positions taken from them.

Deterministic for a seed: the searches are limited by nodes, not time, and what makes the
games differ is seeded: each game starts from a balanced opening (each twice, colours
swapped) followed by a few random moves near the stones, then the engine plays both sides.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterator

from game.engine import EngineBoard, Level, Limit, Position, search
from game.match.openings import Opening
from game.rules import Board, Rule

from .features import PositionCounts, is_quiet, side_counts

#: A game that reaches this many stones without a five is scored a draw.
MOVE_CAP = 150


@dataclass(frozen=True)
class SelfPlay:
    """How the games are played."""

    level: Level = Level.MASTER
    nodes: int = 8000
    random_plies: int = 2
    size: int = 15


@dataclass(frozen=True)
class Game:
    """One finished game: its moves in order and the winner (1 black, 2 white, 0 drawn)."""

    moves: tuple[tuple[int, int], ...]
    winner: int
    first_engine_ply: int  # moves before this index were the opening and random moves
    scores: tuple[int, ...] = ()  # the search's score (side to move's view) of each engine move


def _random_near(board: Board, rng: random.Random) -> tuple[int, int]:
    """A random empty point within two steps of a stone."""
    near = sorted(
        {
            (x + dx, y + dy)
            for (x, y), _ in board.stones()
            for dx in range(-2, 3)
            for dy in range(-2, 3)
            if board.in_bounds((x + dx, y + dy)) and board.is_empty((x + dx, y + dy))
        }
    )
    return rng.choice(near)


def play_game(opening: Opening, swap: bool, game_seed: int, settings: SelfPlay) -> Game:
    """One self-play game: `opening`, then the random moves (one more with `swap`, so that
    the other colour makes the first engine move), then the engine for both sides."""
    board = Board(settings.size, Rule.FREESTYLE)
    for point in opening.points(settings.size):
        board.push(point)
    rng = random.Random(game_seed)
    for _ in range(settings.random_plies + (1 if swap else 0)):
        board.push(_random_near(board, rng))
    first_engine_ply = board.move_count
    limit = Limit(nodes=settings.nodes)
    scores = []
    while True:
        outcome = board.outcome()
        if outcome is not None or board.move_count >= MOVE_CAP:
            winner = 0 if outcome is None or outcome.winner is None else int(outcome.winner)
            return Game(tuple(board.moves), winner, first_engine_ply, tuple(scores))
        result = search(Position.from_board(board), limit, settings.level, seed=game_seed)
        scores.append(result.score)
        board.push(result.move)


def games(openings: list[Opening], count: int, seed: int, settings: SelfPlay,
          progress: Callable[[int, Game], None] | None = None) -> Iterator[Game]:
    """`count` games: the openings in turn, each with its own seed drawn from `seed`. Every
    second pass over the openings adds one random move more, so the other colour moves
    first out of the book (a stand-in for swapping colours, which self-play does not need)."""
    master = random.Random(seed)
    for number in range(count):
        opening = openings[number % len(openings)]
        swap = (number // len(openings)) % 2 == 1
        game = play_game(opening, swap, master.getrandbits(32), settings)
        if progress is not None:
            progress(number, game)
        yield game


def quiet_positions(game: Game, number: int, size: int = 15) -> list[PositionCounts]:
    """The quiet positions of `game` from its first engine move on, labelled by its result
    from the side to move's view."""
    board = EngineBoard(size, Rule.FREESTYLE)
    found = []
    for ply, (x, y) in enumerate(game.moves):
        if ply >= game.first_engine_ply:
            side = 1 + ply % 2
            mine, theirs = side_counts(board, side), side_counts(board, 3 - side)
            if is_quiet(mine, theirs):
                label = 0.5 if game.winner == 0 else (1.0 if game.winner == side else 0.0)
                score = game.scores[ply - game.first_engine_ply]
                found.append(PositionCounts(tuple(mine), tuple(theirs), label, number, score))
        board.make(board.index(x, y), 1 + ply % 2)
    return found
