"""Make the teacher-labelled games the network evaluation is trained on (issue 53).

    python build_scripts/make_net_data.py run --out /work/runs/netdata [--seed 1] [--rule freestyle]
        [--positions 2000000] [--jobs N] [--nodes 10000] [--master-every 8] [--master-nodes 20000]
        [--balance 200] [--min-stones 3] [--max-stones 6] [--teacher PATH]
    python build_scripts/make_net_data.py pack --out /work/runs/netdata [--rule R] [--seed S] --to FILE.bin.gz
        [--max-positions N]
    python build_scripts/make_net_data.py stats FILE...

`run`: every game starts from its own seeded random opening (3-6 stones within 3 of the
centre; redrawn while the teacher scores it beyond +-balance), then the teacher (Rapfi
classical, node-limited, table cleared before every position) plays itself; every
master-every-th game our Master (node-limited) plays one colour. Each position gets the
teacher's score and move, each game its result. Uses --jobs processes (default: every
core), appends whole games to <out>/<rule>-seed<seed>/games-<rule>.bin as they finish, resumes where it
stopped, and reports positions per second. Game i depends only on (seed, rule, i) and the
settings. `pack` writes the games sorted by index, gzipped; `stats` counts a file's games
and positions.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))

from netdata.play import Settings  # noqa: E402
from netdata.records import pack, read_games, repair  # noqa: E402
from netdata.run import RunError, run, run_folder  # noqa: E402

DEFAULT_TEACHER = ROOT.parent / "shared" / "anchors" / "rapfi" / "pbrain-rapfi-classical"


def stats_text(games) -> str:
    positions = sum(len(g.scores) for g in games)
    results = [sum(g.result == r for g in games) for r in (1, 2, 0)]
    master = sum(g.source != 0 for g in games)
    return (f"{len(games)} games, {positions} positions ({positions / max(1, len(games)):.1f} a game); "
            f"black won {results[0]}, white {results[1]}, undecided {results[2]}; {master} with Master")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run", help="play and label games (resumes)")
    go.add_argument("--out", required=True)
    go.add_argument("--seed", type=int, default=1)
    go.add_argument("--rule", default="freestyle", choices=("freestyle", "standard", "renju"))
    go.add_argument("--positions", type=int, default=2_000_000)
    go.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    go.add_argument("--nodes", type=int, default=10000)
    go.add_argument("--master-every", type=int, default=8)
    go.add_argument("--master-nodes", type=int, default=20000)
    go.add_argument("--balance", type=int, default=200)
    go.add_argument("--min-stones", type=int, default=3)
    go.add_argument("--max-stones", type=int, default=6)
    go.add_argument("--teacher", default=str(DEFAULT_TEACHER))
    go.add_argument("--report-every", type=float, default=60.0)
    packer = sub.add_parser("pack", help="write a run's games sorted and gzipped")
    packer.add_argument("--out", required=True)
    packer.add_argument("--rule", default="freestyle")
    packer.add_argument("--seed", type=int, default=1)
    packer.add_argument("--to", required=True)
    packer.add_argument("--max-positions", type=int)
    stats = sub.add_parser("stats", help="count the games and positions of record files")
    stats.add_argument("files", nargs="+")
    args = parser.parse_args(argv)

    if args.command == "run":
        settings = Settings(args.seed, args.rule, args.nodes, args.balance, args.min_stones, args.max_stones,
                            args.master_every, args.master_nodes)
        if not Path(args.teacher).is_file():
            print(f"no teacher at {args.teacher}", file=sys.stderr)
            return 2
        try:
            run(run_folder(Path(args.out), settings.rule, settings.seed), settings, [str(Path(args.teacher).resolve())],
                args.positions, max(1, args.jobs), args.report_every, log=lambda text: print(text, flush=True))
        except RunError as error:
            print(error, file=sys.stderr)
            return 2
        return 0
    if args.command == "pack":
        source = run_folder(Path(args.out), args.rule, args.seed) / f"games-{args.rule}.bin"
        games = repair(source)
        written = pack(games, Path(args.to), args.max_positions)
        print(f"{written} positions -> {args.to} ({Path(args.to).stat().st_size} bytes)")
        return 0
    for name in args.files:
        try:
            print(f"{name}: {stats_text(read_games(name))}")
        except OSError as error:
            print(f"{name}: {error}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
