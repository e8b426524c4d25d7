"""How balanced the computer's own proposed openings are: self-play from its swap proposals.

    python benchmarks/opening_balance.py [--games 100] [--level strong] [--time-ms 150] [--seed 1] [--jobs 1] [-v]

For each game the level proposes three opening stones exactly as it does as the placer in
swap1/swap2 (`propose_opening`, with the level's own budget), then the same level plays
both colours from there at `--time-ms` per move. Prints each colour's score (a win is 1,
a draw 1/2) with a 95% interval, the W/D/L counts and the mean game length. The target
for a balanced proposer is 40-60% for each colour. Seeded: the proposals are the same for
a seed; the games depend on the clock like any timed search.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Level, Limit, Position, propose_opening, search  # noqa: E402
from game.rules import Board, Rule, Stone  # noqa: E402


def play_one(job: tuple[int, str, int, str]) -> tuple[int, tuple, str, int, int]:
    """One game: (index, opening stones, winner "black"/"white"/"draw", moves, proposal score)."""
    index, level_name, time_ms, rule_name = job
    level, rule = Level(level_name), Rule(rule_name)
    proposal = propose_opening(15, rule, level, seed=index)
    board = Board(15, rule)
    for point in proposal.stones:
        board.push(point)
    limit = Limit(time_ms=time_ms)
    while board.outcome() is None:
        result = search(Position.from_board(board), limit=limit, level=level, seed=index * 1000 + board.move_count)
        board.push(result.move)
    outcome = board.outcome()
    winner = "draw" if outcome.winner is None else outcome.winner.name.lower()
    return index, proposal.stones, winner, board.move_count, proposal.score


def interval(score: float, games: int) -> float:
    """Half-width of a 95% normal interval for a score fraction over `games` (draws count half)."""
    return 1.96 * math.sqrt(max(score * (1 - score), 1e-9) / max(games, 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--level", default="strong", choices=[level.value for level in Level])
    parser.add_argument("--time-ms", type=int, default=150)
    parser.add_argument("--rule", default="freestyle", choices=[rule.value for rule in Rule])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    jobs = [(args.seed * 100_000 + i, args.level, args.time_ms, args.rule) for i in range(args.games)]
    started = time.time()
    counts = {"black": 0, "white": 0, "draw": 0}
    lengths = []
    with Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for number, (index, stones, winner, moves, score) in enumerate(pool.imap_unordered(play_one, jobs), start=1):
            counts[winner] += 1
            lengths.append(moves)
            if args.verbose:
                print(f"game {number:3d}: opening {stones} (judged {score:+d}) -> {winner} in {moves} moves", flush=True)
    games = args.games
    black = (counts["black"] + counts["draw"] / 2) / games
    white = 1 - black
    print(f"{games} games, {args.level} self-play at {args.time_ms} ms/move from its own proposed openings ({args.rule})")
    print(f"black {counts['black']} wins, white {counts['white']} wins, {counts['draw']} draws; mean length {sum(lengths) / games:.1f} moves")
    print(f"black score {black:.1%} +- {interval(black, games):.1%}   white score {white:.1%} +- {interval(white, games):.1%}   (target 40-60% each)")
    print(f"{time.time() - started:.0f} s")


class _Serial:
    """The Pool interface for --jobs 1: play the games one after another in this process."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap_unordered(self, function, jobs):
        return map(function, jobs)


if __name__ == "__main__":
    main()
