"""How many puzzles of the bundled set each level solves: a sanity check of the difficulty ordering.

    python benchmarks/puzzle_solvers.py [--count 50] [--time-ms 1000] [--levels master,strong,casual,beginner]
                                        [--seed 32] [--file assets/puzzles/puzzles.txt]

A seeded sample of `count` puzzles, the same for every level. The level plays the puzzle
as a person does (game/puzzles/attempt.py): its move, the proof's strongest reply, its next
move, until the puzzle is solved or failed; a defence is solved by one saving move.
Prints the solve rate per level, per goal and per difficulty band (1 easiest .. 5).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import Level, Limit, Position, search  # noqa: E402
from game.puzzles import Puzzle, read_puzzles  # noqa: E402
from game.puzzles.attempt import Attempt, Phase  # noqa: E402

#: A puzzle is given up after this many of the solver's moves (no proof here is longer).
MAX_MOVES = 30


def solve(puzzle: Puzzle, level: Level, time_ms: int, seed: int) -> bool:
    attempt = Attempt(puzzle)
    for _ in range(MAX_MOVES):
        while attempt.pending:
            attempt.advance()
        if attempt.phase is not Phase.PLAYING:
            break
        result = search(Position.from_board(attempt.board), Limit(time_ms=time_ms), level, seed=seed)
        attempt.play(result.move)
    return attempt.phase is Phase.SOLVED


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--time-ms", type=int, default=1000)
    parser.add_argument("--levels", default="master,strong,casual,beginner")
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--file", type=Path, default=ROOT / "assets" / "puzzles" / "puzzles.txt")
    args = parser.parse_args(argv)
    puzzles = read_puzzles(args.file)
    sample = random.Random(args.seed).sample(puzzles, min(args.count, len(puzzles)))
    bands = defaultdict(int)
    for puzzle in sample:
        bands[puzzle.difficulty] += 1
    print(f"{len(sample)} puzzles of {len(puzzles)} (seed {args.seed}), {args.time_ms} ms a move; "
          f"difficulty {dict(sorted(bands.items()))}")
    header = f"{'level':<10}{'solved':>8}{'rate':>7}  {'by goal':<44}{'by difficulty 1..5':<30}{'s':>6}"
    print(header)
    for name in args.levels.split(","):
        level = Level(name.strip())
        started = time.perf_counter()
        solved = 0
        goals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        difficulty: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        for number, puzzle in enumerate(sample):
            ok = solve(puzzle, level, args.time_ms, args.seed + number)
            solved += ok
            goals[puzzle.goal.value][0] += ok
            goals[puzzle.goal.value][1] += 1
            difficulty[puzzle.difficulty][0] += ok
            difficulty[puzzle.difficulty][1] += 1
        by_goal = " ".join(f"{goal} {a}/{b}" for goal, (a, b) in sorted(goals.items()))
        by_band = " ".join(f"{a}/{b}" for _, (a, b) in sorted(difficulty.items()))
        print(f"{level.value:<10}{solved:>5}/{len(sample):<3}{solved / len(sample):>6.0%}  {by_goal:<44}{by_band:<30}"
              f"{time.perf_counter() - started:>6.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
