#!/usr/bin/env python3
"""Make assets/puzzles/puzzles.txt: puzzles from engine games, each proof checked on the rules board.

    .venv/bin/python build_scripts/make_puzzles.py [--per-rule 520] [--seed 32] [--out FILE]

Plays fast seeded games (Casual and Strong, node-limited, so the games are the same on
every machine) from the balanced openings in benchmarks/data/openings_200.txt and
game/match/openings.txt, freestyle and renju, and looks at every position:

* the side to move has a forced win (the engine's VCF, then VCT up to three threes):
  a win puzzle ("win-by-fours" when it is a VCF, else "win");
* it does not, the opponent would win if it passed, and it has no four to play: a
  defence puzzle.

Each candidate is checked, and the rejections are counted per check:
(a) the proof tree is a complete proof, replayed on the rules board to the five
    (game/puzzles/verify.py; for a defence also after every losing move);
(b) a win puzzle has exactly one winning first move: every other four or three is tried
    with the same budget;
(c) a defence puzzle has one to three saving moves (each proven: no win for the opponent
    within the budget after it) and every losing move has a refutation.
Only the first position of each winning streak in a game is kept, so one game gives a
few puzzles, not the same one several times. Single process, deterministic (node budgets,
no clock); prints counts per goal, rule and difficulty, the rejections and the time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import Level, Limit, Position, search  # noqa: E402
from game.engine.eval import patterns as pt  # noqa: E402
from game.match.openings import default_openings, load_openings  # noqa: E402
from game.puzzles import Puzzle, format_puzzle, read_puzzles  # noqa: E402
from game.puzzles.make import CHECK_NODES, defence_puzzle, rerate, win_puzzle  # noqa: E402
from game.puzzles.prove import Prover  # noqa: E402
from game.rules import Board, Rule, Stone  # noqa: E402

OUT = ROOT / "assets" / "puzzles" / "puzzles.txt"
OPENINGS = ROOT / "benchmarks" / "data" / "openings_200.txt"
SIZE = 15
#: Fewest stones before a position is looked at (the opening is not a puzzle).
MIN_STONES = 7


class Rejections(Counter):
    """Rejected candidates per check."""


def game_players(number: int) -> tuple[tuple[Level, Limit], tuple[Level, Limit]]:
    """Casual against Casual, or Strong against Casual (colours alternating): mistakes make puzzles."""
    casual = (Level.CASUAL, Limit(nodes=4000))
    strong = (Level.STRONG, Limit(nodes=3000))
    kinds = ((casual, casual), (strong, casual), (casual, strong))
    return kinds[number % 3]


def play_game(rule: Rule, opening: list[tuple[int, int]], number: int, seed: int) -> list[tuple[int, int]]:
    board = Board(SIZE, rule)
    for point in opening:
        board.push(point)
    players = game_players(number)
    while board.outcome() is None and not board.is_full and board.move_count < 120:
        level, limit = players[board.move_count % 2]
        result = search(Position.from_board(board), limit, level, seed=seed * 7919 + number * 131 + board.move_count)
        board.push(result.move)
    return board.moves


def puzzles_from_game(rule: Rule, moves, game_id: str, rejected: Rejections, counts: Counter) -> list[Puzzle]:
    """At most one win puzzle per winning streak of a side (the first position of it that
    passes the checks) and one defence puzzle per stretch of defending."""
    board = Board(SIZE, rule)
    found: list[Puzzle] = []
    kept_win = {Stone.BLACK: False, Stone.WHITE: False}
    kept_defence = {Stone.BLACK: False, Stone.WHITE: False}
    for ply, point in enumerate(moves):
        if board.move_count >= MIN_STONES and board.outcome() is None:
            side = board.to_move
            counts["positions"] += 1
            if not (_has_five_point(board, side) or _has_five_point(board, side.opponent)):
                ident = f"{rule.value[0]}{game_id}-{ply}"
                puzzle = None
                if _wins(board, side):
                    kept_defence[side] = False
                    if not kept_win[side]:
                        puzzle = win_puzzle(board, ident + "w", rejected)
                        kept_win[side] = puzzle is not None
                else:
                    kept_win[side] = False
                    if not kept_defence[side]:
                        puzzle = defence_puzzle(board, ident + "d", rejected)
                        kept_defence[side] = puzzle is not None
                if puzzle is not None:
                    found.append(puzzle)
        board.push(point)
    return found


def _wins(board: Board, side: Stone) -> bool:
    return bool(Prover.on(board, nodes=CHECK_NODES).has_win(int(side)))


def _has_five_point(board: Board, stone: Stone) -> bool:
    return bool(Prover.on(board, nodes=CHECK_NODES).engine.by_class[int(stone)][pt.C_FIVE])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-rule", type=int, default=520, help="puzzles to make per rule (freestyle, renju)")
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--max-games", type=int, default=2000, help="games per rule at most")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--rerate", action="store_true",
                        help="only give the puzzles in --out the ratings the current formula gives (no games)")
    args = parser.parse_args(argv)
    if args.rerate:
        return rerate_file(args.out)
    started = time.perf_counter()
    openings = load_openings(OPENINGS) + default_openings()
    rejected = Rejections()
    counts: Counter = Counter()
    puzzles: list[Puzzle] = []
    for rule in (Rule.FREESTYLE, Rule.RENJU):
        made = 0
        for number in range(args.max_games):
            opening = openings[number % len(openings)].points(SIZE)
            moves = play_game(rule, opening, number, args.seed)
            counts[f"games {rule.value}"] += 1
            for puzzle in puzzles_from_game(rule, moves, f"{number:04d}", rejected, counts):
                puzzles.append(puzzle)
                made += 1
            if number % 20 == 19:
                print(f"{rule.value}: {number + 1} games, {made} puzzles, {time.perf_counter() - started:.0f} s", flush=True)
            if made >= args.per_rule:
                break
    elapsed = time.perf_counter() - started
    header = [
        "# Gomoku puzzles: id|rule|to_move|goal|position|solution|accepted|refutations|theme|rating|difficulty",
        "# Made by build_scripts/make_puzzles.py (see the README, 'Puzzle file format'); every proof is",
        f"# checked on the rules board. --per-rule {args.per_rule} --seed {args.seed}: {len(puzzles)} puzzles.",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(header + [format_puzzle(p) for p in puzzles]) + "\n", encoding="utf-8")
    report(puzzles, rejected, counts, elapsed)
    return 0


def rerate_file(path: Path) -> int:
    """Rewrite the ratings and difficulties of a made set with the current formula (game/puzzles/rating.py)."""
    started = time.perf_counter()
    lines = path.read_text(encoding="utf-8").splitlines()
    header = [line for line in lines if line.startswith("#")]
    puzzles = [rerate(p) for p in read_puzzles(path)]
    path.write_text("\n".join(header + [format_puzzle(p) for p in puzzles]) + "\n", encoding="utf-8")
    report(puzzles, Rejections(), Counter({"rerated": len(puzzles)}), time.perf_counter() - started)
    return 0


def report(puzzles: list[Puzzle], rejected: Rejections, counts: Counter, elapsed: float) -> None:
    print(f"\n{len(puzzles)} puzzles in {elapsed:.0f} s ({', '.join(f'{k}: {v}' for k, v in sorted(counts.items()))})")
    by_kind = Counter((p.rule.value, p.goal.value) for p in puzzles)
    for (rule, goal), number in sorted(by_kind.items()):
        print(f"  {rule:9} {goal:12} {number}")
    print("by theme: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(p.theme for p in puzzles).items())))
    print("by difficulty: " + ", ".join(f"{k}: {v}" for k, v in sorted(Counter(p.difficulty for p in puzzles).items())))
    ratings = sorted(p.rating for p in puzzles)
    if ratings:
        print(f"ratings: {ratings[0]}..{ratings[-1]}, median {ratings[len(ratings) // 2]}")
    print("rejected: " + (", ".join(f"{k} {v}" for k, v in sorted(rejected.items())) or "none"))


if __name__ == "__main__":
    sys.exit(main())
