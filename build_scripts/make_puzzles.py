#!/usr/bin/env python3
"""Make assets/puzzles/puzzles.txt: puzzles from engine games, each proof checked on the rules board.

    nice -n 10 .venv/bin/python build_scripts/make_puzzles.py [--per-rule 520] [--defences-per-rule 160]
        [--seed 55] [--max-games 3000] [--out FILE]

Plays seeded games from the balanced openings in benchmarks/data/openings_200.txt and
game/match/openings.txt, freestyle and renju (the rules alternate game by game), between
players of many strengths: the ladder's rungs from 650 to 2350 and Casual against Strong
(node-limited, so the games are the same on every machine), and the engine against itself
(Master at a fixed node budget). It looks at every position:

* the side to move has a forced win (the engine's VCF, then VCT up to three threes):
  a win puzzle ("win-by-fours" when it is a VCF, else "win");
* it does not, the opponent would win if it passed, and it has no four to play: a
  defence puzzle.

Each candidate goes through the checks of game/puzzles/make.py, and the rejections are
counted per check: (a) the proof replays on the rules board; (b) a win is the only one, by
the threat searches and by the full search; (c) a defence has one to three saving moves and
every other move a refutation; (d) each saving move holds against the full search
(Master's PVS at game.puzzles.judge.JUDGE_NODES, mate scores are proofs); (e) after it the
defender is not clearly lost by the engine's evaluation (judge.CLEARLY_LOST).
Only the first position of each winning streak in a game is kept, so one game gives a
few puzzles, not the same one several times. Once a rule has its share of win puzzles
(--per-rule minus --defences-per-rule), only its defences are taken.

Deterministic (node budgets, no clock), and the same for any --jobs: the workers judge the
earlier positions and play and judge the games, which are taken in order. Each finished game is appended to
a progress file next to --out, so a stopped run resumes where it was (--fresh starts over);
the set written is the same as an uninterrupted run's. Prints counts per goal, theme, rule
and difficulty, the rejections per check and the time.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import Level, Limit, Position, default_limit, search  # noqa: E402
from game.engine.eval import patterns as pt  # noqa: E402
from game.match.openings import default_openings, load_openings  # noqa: E402
from game.puzzles import Goal, Puzzle, format_puzzle, parse_puzzle, read_puzzles  # noqa: E402
from game.puzzles.make import CHECK_NODES, defence_puzzle, rerate, win_puzzle  # noqa: E402
from game.puzzles.prove import Prover  # noqa: E402
from game.records.atomic import atomic_write_text  # noqa: E402
from game.records.notation import parse_moves  # noqa: E402
from game.rules import Board, Rule, Stone  # noqa: E402

OUT = ROOT / "assets" / "puzzles" / "puzzles.txt"
OPENINGS = ROOT / "benchmarks" / "data" / "openings_200.txt"
#: The positions of the previous set, judged again first (each as the goal it had).
POSITIONS = ROOT / "build_scripts" / "data" / "puzzle_positions_7885163.txt"
SIZE = 15
#: Fewest stones before a position is looked at (the opening is not a puzzle).
MIN_STONES = 7
#: Game numbers handed to the workers at a time (see main).
GAME_BLOCK = 10


class Rejections(Counter):
    """Rejected candidates per check."""


def _rung(level: Level) -> tuple[Level, Limit]:
    """A ladder rung at its own node budget alone (its time is only a safety net in play)."""
    return level, Limit(nodes=default_limit(level).nodes)


#: The pairings, in turn (colours alternate with each round of them): the ladder's rungs
#: at many strengths, mostly a weaker one against a stronger (mistakes make puzzles, a
#: stronger defender makes defences that hold), the old set's Casual and Strong, and the
#: engine against itself at a fixed budget.
PAIRINGS = (
    (_rung(Level.R650), _rung(Level.R1100)),
    (_rung(Level.R950), _rung(Level.R1550)),
    ((Level.CASUAL, Limit(nodes=4000)), (Level.STRONG, Limit(nodes=3000))),
    (_rung(Level.R1300), _rung(Level.R1850)),
    (_rung(Level.R850), _rung(Level.R1650)),
    ((Level.MASTER, Limit(nodes=20_000)), (Level.MASTER, Limit(nodes=20_000))),
    (_rung(Level.R1400), _rung(Level.R2200)),
    (_rung(Level.R1100), _rung(Level.R2000)),
    ((Level.CASUAL, Limit(nodes=4000)), (Level.CASUAL, Limit(nodes=4000))),
    (_rung(Level.R1550), _rung(Level.R2350)),
)


def game_players(number: int) -> tuple[tuple[Level, Limit], tuple[Level, Limit]]:
    """Black's and white's level and budget in game `number`.

    Each pass over the openings (every len(openings) games, a multiple of 2 * len(PAIRINGS))
    shifts the pairing and the colours by one: without it the next pass replayed the same games
    (the players are deterministic), and its puzzles were the same positions again."""
    cycle = number // len(_openings())
    first, second = PAIRINGS[(number + cycle) % len(PAIRINGS)]
    return (first, second) if (number // len(PAIRINGS) + cycle) % 2 == 0 else (second, first)


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


def puzzles_from_game(rule: Rule, moves, game_id: str, rejected: Rejections, counts: Counter,
                      wins_wanted: bool = True) -> list[Puzzle]:
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
                    if wins_wanted and not kept_win[side]:
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


def read_positions(path: Path) -> list[tuple[str, Rule, list[tuple[int, int]]]]:
    """(id, rule, stones) of each line `id|rule|stones` of a positions file, in the order
    they are judged: the defences first (the scarcer goal, and quick to judge), the rules
    taking turns, so that a run stopped early (--defence-positions, --win-positions) has some
    of each."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]
    rows = [line.split("|") for line in lines]
    groups: dict[tuple[bool, str], list] = {}
    for ident, rule, stones in rows:
        groups.setdefault((ident.endswith("w"), rule), []).append((ident, Rule(rule), parse_moves(stones, SIZE)))
    found = []
    for wins in (False, True):
        lists = [groups.get((wins, rule.value), []) for rule in (Rule.FREESTYLE, Rule.RENJU)]
        for index in range(max(map(len, lists))):
            found.extend(group[index] for group in lists if index < len(group))
    return found


def puzzle_at(ident: str, rule: Rule, stones, rejected: Rejections) -> Puzzle | None:
    """The position judged again as the goal its id names (a trailing w or d)."""
    board = Board(SIZE, rule)
    for point in stones:
        board.push(point)
    return win_puzzle(board, ident, rejected) if ident.endswith("w") else defence_puzzle(board, ident, rejected)


def _judge_position(job) -> dict:
    """One earlier position judged again, as a progress entry (run in a worker with --jobs)."""
    index, (ident, rule, stones) = job
    found_rejected, cpu = Rejections(), time.process_time()
    found = puzzle_at(ident, rule, stones, found_rejected)
    return {"rule": "positions", "number": index, "puzzles": [] if found is None else [format_puzzle(found)],
            "rejected": dict(found_rejected), "counts": {"earlier positions": 1},
            "cpu_s": round(time.process_time() - cpu, 2)}


def _game_job(job) -> dict:
    """One game played and its positions judged, as a progress entry (run in a worker with
    --jobs). Its win puzzles are always looked for: whether a rule still wants wins depends
    on the games before it, which a worker does not know; take() drops those over the quota."""
    rule_name, number, seed = job
    rule = Rule(rule_name)
    cpu = time.process_time()
    openings = _openings()
    opening = openings[number % len(openings)].points(SIZE)
    moves = play_game(rule, opening, number, seed)
    found_rejected, found_counts = Rejections(), Counter()
    # its puzzles are named f/r + g + game number, apart from the earlier positions' ids
    found = puzzles_from_game(rule, moves, f"g{number:04d}", found_rejected, found_counts)
    return {"rule": rule.value, "number": number, "puzzles": [format_puzzle(p) for p in found],
            "rejected": dict(found_rejected), "counts": dict(found_counts),
            "cpu_s": round(time.process_time() - cpu, 2)}


_OPENINGS: list = []


def _openings() -> list:
    """The openings the games start from (read once per process)."""
    if not _OPENINGS:
        _OPENINGS.extend(load_openings(OPENINGS) + default_openings())
    return _OPENINGS


def _wins(board: Board, side: Stone) -> bool:
    return bool(Prover.on(board, nodes=CHECK_NODES).has_win(int(side)))


def _has_five_point(board: Board, stone: Stone) -> bool:
    return bool(Prover.on(board, nodes=CHECK_NODES).engine.by_class[int(stone)][pt.C_FIVE])


class Progress:
    """The finished games of a run, one JSON line each, so that a stopped run resumes.
    The first line holds the run's settings: a file made with others is not reused."""

    def __init__(self, path: Path, settings: dict, fresh: bool) -> None:
        self.path = path
        self.games: list[dict] = []
        if path.exists() and not fresh:
            lines = path.read_text(encoding="utf-8").splitlines()
            if lines and json.loads(lines[0]) == settings:
                for line in lines[1:]:
                    try:
                        self.games.append(json.loads(line))
                    except json.JSONDecodeError:  # a line cut short by a stop: from there on, again
                        atomic_write_text(path, "\n".join(lines[:len(self.games) + 1]) + "\n")
                        break
            else:
                sys.exit(f"{path} was made with other settings: remove it or pass --fresh")
        if not self.games:
            path.write_text(json.dumps(settings) + "\n", encoding="utf-8")

    def add(self, game: dict) -> None:
        with self.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(game) + "\n")
        self.games.append(game)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-rule", type=int, default=520, help="puzzles to make per rule (freestyle, renju)")
    parser.add_argument("--defences-per-rule", type=int, default=160,
                        help="of them defences at least (the rest are wins; once they are made, only defences)")
    parser.add_argument("--seed", type=int, default=55)
    parser.add_argument("--max-games", type=int, default=3000, help="games per rule at most")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--positions", type=Path, default=POSITIONS,
                        help="positions judged before any game is played (id|rule|stones lines); 'none' for none")
    parser.add_argument("--progress", type=Path, default=ROOT / "build" / "make_puzzles.progress",
                        help="where the finished games are kept for a resume")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes judging the earlier positions and playing the games "
                             "(the set is the same for any number)")
    parser.add_argument("--first-position", type=int, default=0,
                        help="judge the positions from this one on only (a helper run with its own --progress, "
                             "whose lines are then appended to the main progress file)")
    parser.add_argument("--defence-positions", type=int, default=None,
                        help="judge only the first this many defence positions of --positions")
    parser.add_argument("--win-positions", type=int, default=None,
                        help="judge only the first this many win positions of --positions")
    parser.add_argument("--fresh", action="store_true", help="start over, ignoring the progress file")
    parser.add_argument("--rerate", action="store_true",
                        help="only give the puzzles in --out the ratings the current formula gives (no games)")
    args = parser.parse_args(argv)
    if args.rerate:
        return rerate_file(args.out)
    started = time.perf_counter()
    settings = {"per_rule": args.per_rule, "defences_per_rule": args.defences_per_rule, "seed": args.seed,
                "positions": args.positions.name}
    args.progress.parent.mkdir(parents=True, exist_ok=True)
    progress = Progress(args.progress, settings, args.fresh)
    done = {(game["rule"], game["number"]): game for game in progress.games}
    rejected = Rejections()
    counts: Counter = Counter()
    puzzles: list[Puzzle] = []
    made: dict[Rule, Counter] = {rule: Counter() for rule in (Rule.FREESTYLE, Rule.RENJU)}
    wins_quota = args.per_rule - args.defences_per_rule
    seen: set = set()

    def take(puzzle: Puzzle, tally: Counter) -> None:
        kind = "defend" if puzzle.goal is Goal.DEFEND else "win"
        position = (puzzle.rule, puzzle.goal, frozenset(puzzle.moves[0::2]), frozenset(puzzle.moves[1::2]))
        if position in seen:
            rejected["the same position as an earlier puzzle"] += 1
        elif not (kind == "win" and tally["win"] >= wins_quota):
            seen.add(position)
            puzzles.append(puzzle)
            tally[kind] += 1

    known = read_positions(args.positions) if args.positions.name != "none" else []
    defences = sum(1 for ident, _, _ in known if not ident.endswith("w"))

    def chosen(index: int) -> bool:
        """Whether the earlier position `index` is judged in this run (the defences come first)."""
        if index < defences:
            return args.defence_positions is None or index < args.defence_positions
        return args.win_positions is None or index - defences < args.win_positions

    todo = [(index, row) for index, row in enumerate(known)
            if chosen(index) and index >= args.first_position and ("positions", index) not in done]
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 and todo else nullcontext() as pool:
        judged = pool.imap(_judge_position, todo) if pool is not None else map(_judge_position, todo)
        for game in judged:  # in order, whichever worker judged it: the file is the same
            progress.add(game)
            done[("positions", game["number"])] = game
            if game["number"] % 50 == 49:
                print(f"{game['number'] + 1} earlier positions judged, {time.perf_counter() - started:.0f} s", flush=True)
    for index, (ident, rule, stones) in enumerate(known):
        game = done.get(("positions", index))
        if not chosen(index):
            continue
        if game is None:
            sys.exit(f"earlier position {index} is not judged: merge the helper run's progress file first")
        counts.update(game["counts"])
        rejected.update(game["rejected"])
        for line in game["puzzles"]:
            take(parse_puzzle(line), made[rule])
    def met(tally: Counter) -> bool:
        return tally["win"] >= wins_quota and tally["defend"] >= args.defences_per_rule

    # The games in blocks of GAME_BLOCK numbers: a block's games (of the rules still short at
    # its start) are played and judged in the workers, then taken in order, so the set is the
    # same for any --jobs; a game played for a rule that filled up inside its block is kept in
    # the progress file only.
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        for block in range(0, args.max_games, GAME_BLOCK):
            numbers = range(block, min(block + GAME_BLOCK, args.max_games))
            short = [rule for rule in (Rule.FREESTYLE, Rule.RENJU) if not met(made[rule])]
            todo = [(rule.value, number, args.seed) for number in numbers for rule in short
                    if (rule.value, number) not in done]
            played = pool.imap(_game_job, todo) if pool is not None else map(_game_job, todo)
            for game in played:
                progress.add(game)
                done[(game["rule"], game["number"])] = game
            for number in numbers:
                for rule in (Rule.FREESTYLE, Rule.RENJU):
                    tally = made[rule]
                    if met(tally):
                        continue
                    game = done[(rule.value, number)]
                    counts[f"games {rule.value}"] += 1
                    counts.update(game["counts"])
                    rejected.update(game["rejected"])
                    for line in game["puzzles"]:
                        take(parse_puzzle(line), tally)
                if number % 10 == 9:
                    print(f"{number + 1} games a rule: " + "; ".join(f"{rule.value} {dict(tally)}"
                                                                      for rule, tally in made.items())
                          + f", {time.perf_counter() - started:.0f} s", flush=True)
            if all(met(t) for t in made.values()):
                break
    elapsed = time.perf_counter() - started
    cpu_total = sum(game.get("cpu_s", 0) for game in progress.games)
    print(f"CPU time of every game and position judged, this run and the runs it resumed: {cpu_total:.0f} s")
    header = [
        "# Gomoku puzzles: id|rule|to_move|goal|position|solution|accepted|refutations|theme|rating|difficulty",
        "# Made by build_scripts/make_puzzles.py (see the README, 'Puzzle file format'); every proof is",
        "# checked on the rules board, every defence against the full search (game/puzzles/judge.py).",
        f"# --per-rule {args.per_rule} --defences-per-rule {args.defences_per_rule} --seed {args.seed} "
        f"--max-games {args.max_games} --defence-positions {args.defence_positions} "
        f"--win-positions {args.win_positions}: {len(puzzles)} puzzles.",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(args.out, "\n".join(header + [format_puzzle(p) for p in puzzles]) + "\n")
    report(puzzles, rejected, counts, elapsed)
    return 0


def rerate_file(path: Path) -> int:
    """Rewrite the ratings and difficulties of a made set with the current formula (game/puzzles/rating.py)."""
    started = time.perf_counter()
    lines = path.read_text(encoding="utf-8").splitlines()
    header = [line for line in lines if line.startswith("#")]
    puzzles = [rerate(p) for p in read_puzzles(path)]
    atomic_write_text(path, "\n".join(header + [format_puzzle(p) for p in puzzles]) + "\n")
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
