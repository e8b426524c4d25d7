"""Learn the shape-combination evaluation and move-ordering tables from a teacher's play.

    python build_scripts/make_combo_tables.py --teacher PATH [--seed 1] [--positions 1500]
        [--nodes 20000] [--rules freestyle,standard,renju] [--data-dir runs/combo] [--write]

For each rule, the teacher (a Gomocup brain, e.g. ../shared/anchors/rapfi/
pbrain-rapfi-classical) plays itself from our openings (game/match/openings.txt and
benchmarks/data/openings_200.txt), each followed by 0-3 seeded random moves, at a fixed
node budget with its table cleared before every move, until --positions positions are
labelled with its score and move (saved as JSON lines in --data-dir). Then the tables
are fitted (combo/fit.py) on four games in five and judged on the fifth: the held-out
log-loss and accuracy of today's evaluation and of the new table against the teacher's
win rate, and how often the teacher's move is in the top 1/3/6 of today's move order and
of the new one. With --write the tables go to game/engine/combo_tables.json and
game/engine/native/eval/combo_tables.h. --skip-play refits the saved data without the teacher.

The same seed, settings and teacher give the same data and tables. Needs numpy.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))

from combo.games import generate, load, save  # noqa: E402
from combo.teacher import Teacher  # noqa: E402
from game.match.openings import OPENINGS_FILE, load_openings  # noqa: E402

OPENING_FILES = (OPENINGS_FILE, ROOT / "benchmarks" / "data" / "openings_200.txt")
DEFAULT_TEACHER = ROOT.parent / "shared" / "anchors" / "rapfi" / "pbrain-rapfi-classical"


def play(args: argparse.Namespace, rule: str, path: Path) -> None:
    """Let the teacher play until `args.positions` positions of `rule` are labelled; save them."""
    openings = [opening for name in OPENING_FILES for opening in load_openings(name)]
    teacher_path = Path(args.teacher).resolve()
    started = time.perf_counter()
    rows = []
    # The teacher reads its config.toml from its working folder.
    with Teacher([str(teacher_path)], rule, args.nodes, cwd=str(teacher_path.parent)) as teacher:
        for number, game in enumerate(generate(teacher, rule, openings, args.positions, args.seed)):
            rows.extend(game)
            if (number + 1) % 10 == 0:
                print(f"  {rule}: {number + 1} games, {len(rows)} positions, {time.perf_counter() - started:.0f} s",
                      flush=True)
    save(path, rows)
    print(f"{rule}: {len(rows)} positions from {number + 1} games in {time.perf_counter() - started:.0f} s -> {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teacher", default=str(DEFAULT_TEACHER), help="the teacher brain's executable")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=1500, help="labelled positions per rule")
    parser.add_argument("--nodes", type=int, default=20000, help="the teacher's node budget per move")
    parser.add_argument("--rules", default="freestyle,standard,renju")
    parser.add_argument("--data-dir", default=str(ROOT / "runs" / "combo"))
    parser.add_argument("--skip-play", action="store_true", help="fit the saved data again, without the teacher")
    parser.add_argument("--skip-fit", action="store_true", help="only make the data")
    parser.add_argument("--write", action="store_true", help="write the tables into game/engine")
    args = parser.parse_args()
    data_dir = Path(args.data_dir)
    os.makedirs(data_dir, exist_ok=True)
    rules = args.rules.split(",")
    paths = {rule: data_dir / f"seed{args.seed}-{rule}.jsonl" for rule in rules}
    if not args.skip_play:
        for rule in rules:
            play(args, rule, paths[rule])
    if args.skip_fit:
        return
    from combo.fit import fit_rules  # numpy only when fitting

    fit_rules({rule: load(paths[rule]) for rule in rules}, args)


if __name__ == "__main__":
    main()
