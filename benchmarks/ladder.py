"""The strength ladder: every level against the seed bot, the threatspace peer and the next level.

    python benchmarks/ladder.py [--levels casual,strong,master] [--games 40] [--time-ms 1000]
                                [--opponents seed,threat,next] [--save-dir runs/ladder] [--jobs 1]

Each match is /work/shared/arena/arena.py over its balanced openings with colours
swapped, at --time-ms per move. The brain is `python -m game.protocol --level LEVEL`.
The threatspace peer needs its venv (bash /work/shared/peers/setup_venv.sh, with
PEERS_VENV or --peers-venv pointing at it); it ignores time limits, so its matches get
--peer-grace extra milliseconds before a slow answer counts as a loss (our brain still
thinks within --time-ms). Prints a table of score and Elo difference per match.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("GOMOKU_SHARED", ROOT.parent / "shared"))
if not SHARED.exists():
    SHARED = Path("/work/shared")
ARENA = SHARED / "arena" / "arena.py"
SEEDBOT = SHARED / "arena" / "seedbots.py"
PEER = SHARED / "peers" / "gomoku_brain.py"
LEVELS = ["beginner", "casual", "strong", "master"]
_SUMMARY = re.compile(r"^(?P<name>\S+): \+(?P<w>\d+) -(?P<l>\d+) =(?P<d>\d+)\s+score (?P<score>[\d.]+)%\s+Elo diff vs \S+ (?P<elo>\S+) \[95% CI (?P<lo>[^,]+), (?P<hi>[^\]]+)\]")


def brain(level: str) -> str:
    return f"{sys.executable} -m game.protocol --level {level}"


def play(first: str, second: str, names: str, args, grace: int) -> dict | None:
    """Run one arena match; the summary line of the first engine, parsed."""
    command = [
        sys.executable, str(ARENA), first, second, "--names", names,
        "--time-per-move", str(args.time_ms), "--games", str(args.games), "--grace", str(grace),
        "--jobs", str(args.jobs),
    ]
    if args.save_dir:
        command += ["--save-dir", str(Path(args.save_dir) / names.replace(",", "-vs-"))]
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if args.verbose:
        print(completed.stdout)
    own = names.split(",")[0]
    for line in completed.stdout.splitlines():
        match = _SUMMARY.match(line.strip())
        if match and match["name"] == own:
            return match.groupdict()
    print(f"arena failed for {names}:\n{completed.stdout[-2000:]}\n{completed.stderr[-2000:]}", file=sys.stderr)
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="casual,strong,master")
    parser.add_argument("--opponents", default="seed,threat,next")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--time-ms", type=int, default=1000)
    parser.add_argument("--grace", type=int, default=300)
    parser.add_argument("--peer-grace", type=int, default=60000)
    parser.add_argument("--peers-venv", default=os.environ.get("PEERS_VENV", str(SHARED / "peers" / ".venv")))
    parser.add_argument("--jobs", type=int, default=1,
                        help="games at once; more than 1 only with a free core per thinking engine (timing changes results)")
    parser.add_argument("--save-dir", default="")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    levels = [name.strip() for name in args.levels.split(",")]
    opponents = [name.strip() for name in args.opponents.split(",")]
    peer_python = Path(args.peers_venv) / "bin" / "python"
    rows = []
    for level in levels:
        for opponent in opponents:
            if opponent == "seed":
                result = play(brain(level), f"python3 {SEEDBOT}", f"{level},seed", args, args.grace)
            elif opponent == "threat":
                if not peer_python.exists():
                    print(f"skipping threatspace: no peer venv at {args.peers_venv}", file=sys.stderr)
                    continue
                result = play(brain(level), f"{peer_python} {PEER} --player threatspace", f"{level},threat", args, args.peer_grace)
            elif opponent == "next":
                index = LEVELS.index(level)
                if index == 0:
                    continue
                lower = LEVELS[index - 1]
                result = play(brain(level), brain(lower), f"{level},{lower}", args, args.grace)
                opponent = lower
            else:
                raise SystemExit(f"unknown opponent {opponent!r}: use seed, threat or next")
            if result is not None:
                rows.append((level, opponent, result))
                print(f"{level:<10} vs {opponent:<10} +{result['w']} -{result['l']} ={result['d']}  "
                      f"score {result['score']}%  Elo {result['elo']} [{result['lo']}, {result['hi']}]", flush=True)
    print()
    print(f"{'level':<10}{'opponent':<11}{'W-L-D':>10}{'score':>8}{'Elo':>7}   95% CI")
    for level, opponent, r in rows:
        wld = f"{r['w']}-{r['l']}-{r['d']}"
        print(f"{level:<10}{opponent:<11}{wld:>10}{r['score'] + '%':>8}{r['elo']:>7}   [{r['lo']}, {r['hi']}]")


if __name__ == "__main__":
    main()
