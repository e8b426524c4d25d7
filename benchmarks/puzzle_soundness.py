"""Are the puzzles sound by an outside judge? Rapfi-classical, node-limited, on a seeded sample (measurement).

    python benchmarks/puzzle_soundness.py [--file assets/puzzles/puzzles.txt] [--per-goal 50] [--seed 4]
        [--nodes 2500000]

(or --sample N: N puzzles drawn from the whole set, whatever their goal)

Rapfi (../shared/anchors/rapfi/pbrain-rapfi-classical, a Gomocup brain; a measuring tool,
never part of the game) is asked each position with its table cleared and a node budget
(build_scripts/combo/teacher.py), so the verdicts are the same on every run. A puzzle is:

* a defence: sound when, after every accepted move, Rapfi (the attacker to move) finds no
  forced win ("+M"). Every rejected move's proof is replayed on the rules board too
  (game.puzzles.verify with every losing move).
* a win: sound when its proof replays, and Rapfi's own first choice, where it is not an
  accepted move and Rapfi calls it a win, is no second win: after it, Rapfi with the
  defender to move must not see itself lost ("-M").

Prints the sound share per goal and names each unsound puzzle with what Rapfi saw.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build_scripts.combo.teacher import Teacher  # noqa: E402
from game.puzzles import Goal, Puzzle, ProofError, read_puzzles, verify  # noqa: E402
from game.records.notation import point_to_notation  # noqa: E402

RAPFI = ROOT.parent / "shared" / "anchors" / "rapfi" / "pbrain-rapfi-classical"
DEFAULT_FILE = ROOT / "assets" / "puzzles" / "puzzles.txt"


def sample(puzzles: list[Puzzle], size: int, seed: int) -> list[Puzzle]:
    """`size` puzzles drawn at random (seeded), in file order."""
    chosen = set(random.Random(seed).sample(range(len(puzzles)), min(size, len(puzzles))))
    return [p for i, p in enumerate(puzzles) if i in chosen]


def sample_per_goal(puzzles: list[Puzzle], size: int, seed: int) -> list[Puzzle]:
    """`size` win puzzles and `size` defences (or all there are), each drawn at random (seeded)."""
    wins = sample([p for p in puzzles if p.goal.is_win], size, seed)
    defences = sample([p for p in puzzles if p.goal is Goal.DEFEND], size, seed)
    return wins + defences


def _name(point) -> str:
    return point_to_notation(point, 15)


def _mate(answer) -> str:
    """'+M' / '-M' when Rapfi's score is a mate, else ''."""
    if not answer.mate or answer.score is None:
        return ""
    return "+M" if answer.score > 0 else "-M"


def judge_defence(teacher: Teacher, puzzle: Puzzle) -> str | None:
    """None when sound, else why not."""
    for move in puzzle.accepted:
        answer = teacher.think(list(puzzle.moves) + [move])
        if _mate(answer) == "+M":
            return f"after the accepted {_name(move)} Rapfi wins for the attacker (score {answer.score}, plays {_name(answer.move)})"
    return None


def judge_win(teachers: dict, puzzle: Puzzle) -> str | None:
    teacher = teachers[puzzle.rule.value]
    first = teacher.think(list(puzzle.moves))
    if _mate(first) == "-M":
        return f"Rapfi sees the side to move lost (plays {_name(first.move)})"
    if first.move in puzzle.accepted or _mate(first) != "+M":
        return None
    after = teacher.think(list(puzzle.moves) + [first.move])
    if _mate(after) == "-M":
        return f"a second win: {_name(first.move)} (Rapfi, defender to move, sees itself lost; score {after.score})"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--per-goal", type=int, default=50, help="win puzzles and defences sampled, each")
    parser.add_argument("--sample", type=int, default=None, help="instead: this many from the whole set")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--nodes", type=int, default=2_500_000, help="Rapfi's node budget per search")
    parser.add_argument("--jobs", type=int, default=1, help="puzzles judged at once (each with its own Rapfi)")
    args = parser.parse_args()
    if not RAPFI.exists():
        sys.exit(f"Rapfi is not at {RAPFI}")
    every = read_puzzles(args.file)
    puzzles = sample(every, args.sample, args.seed) if args.sample else sample_per_goal(every, args.per_goal, args.seed)
    started = time.perf_counter()
    local = threading.local()
    made: list[Teacher] = []
    lock = threading.Lock()

    def judged_one(puzzle: Puzzle) -> str | None:
        """None when sound, else why not (each worker thread has its own two Rapfi processes)."""
        if not hasattr(local, "teachers"):
            local.teachers = {rule: Teacher([str(RAPFI)], rule, args.nodes, cwd=str(RAPFI.parent))
                              for rule in ("freestyle", "renju")}
            with lock:
                made.extend(local.teachers.values())
        try:
            verify(puzzle, every_losing_move=puzzle.goal is Goal.DEFEND)
        except ProofError as error:
            return f"its proof does not replay: {error}"
        if puzzle.goal is Goal.DEFEND:
            return judge_defence(local.teachers[puzzle.rule.value], puzzle)
        return judge_win(local.teachers, puzzle)

    judged, sound = Counter(), Counter()
    unsound: list[str] = []
    try:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for puzzle, why in zip(puzzles, pool.map(judged_one, puzzles)):
                kind = "defence" if puzzle.goal is Goal.DEFEND else "win"
                judged[kind] += 1
                if why is None:
                    sound[kind] += 1
                else:
                    unsound.append(f"  {puzzle.id} ({puzzle.rule.value} {puzzle.goal.value}): {why}")
                print(f"{puzzle.id}: {'sound' if why is None else 'UNSOUND'}", flush=True)
    finally:
        for teacher in made:
            teacher.close()
    print(f"\n{args.file.name}: {sum(judged.values())} of {len(every)} puzzles sampled (seed {args.seed}), Rapfi-classical at "
          f"{args.nodes:,} nodes a search, table cleared; {time.perf_counter() - started:.0f} s")
    for kind in ("win", "defence"):
        if judged[kind]:
            print(f"  {kind:8} {sound[kind]} of {judged[kind]} sound ({100 * sound[kind] / judged[kind]:.1f}%)")
    print("unsound:" if unsound else "unsound: none")
    print("\n".join(unsound))
    return 0


if __name__ == "__main__":
    sys.exit(main())
