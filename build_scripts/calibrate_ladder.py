"""Measure the strength ladder and write the table the game uses (game/engine/levels/ladder_table.json).

    python build_scripts/calibrate_ladder.py [--games 40] [--time-ms 3000] [--top-time-ms 3000]
        [--rungs 650,850,...] [--seed-up-to 1550] [--extra 1850:1550,2350:2000,2500:2200]
        [--results runs/ladder/results.json] [--fresh] [--fit-only] [--table game/engine/levels/ladder_table.json]

Every rung plays its upper neighbour, and every rung up to --seed-up-to plays the seed bot
(/work/shared/arena/seedbots.py, pinned at 1000: the scale's fixed point), and --extra names
further pairings (upper:lower) that tie the ladder together across a rung, each match on the
arena's balanced openings with colours swapped. The results are kept in --results, so an
interrupted run resumes and a rerun with more --games plays only the games missing (from the
next opening on); all are fitted at once by maximum
likelihood (game/rating/ladder_fit.py) and the table is written with each rung's rating
and 95% interval. The rungs are node-capped, so --time-ms only bounds them (it is their own
cap in the game, so a slow machine plays them as the game does); the top rung (the full
engine, time-limited) plays at --top-time-ms, by default its time in the game, and its
rating is for that time.

Checks printed at the end: ratings in the order of the labels, adjacent rungs 100-200
apart, every label within 100 of its measurement. Rerun it whenever the engine changes.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import Level  # noqa: E402
from game.rating.ladder_fit import Pairing, fit  # noqa: E402

SHARED = Path(os.environ.get("GOMOKU_SHARED", ROOT.parent / "shared"))
if not SHARED.exists():
    SHARED = Path("/work/shared")
ARENA = SHARED / "arena" / "arena.py"
SEEDBOT = SHARED / "arena" / "seedbots.py"
SEED = "seed"
TABLE = ROOT / "game" / "engine" / "levels" / "ladder_table.json"
_SUMMARY = re.compile(r"^(?P<name>\S+): \+(?P<w>\d+) -(?P<l>\d+) =(?P<d>\d+)\s+score")


def brain(name: str) -> str:
    if name == SEED:
        return f"python3 {SEEDBOT}"
    return f"{sys.executable} -m game.protocol --level {name}"


#: Pairings across a rung played by default: they tie the ladder together where a single
#: chain of neighbours would let the errors add up.
EXTRA = "1850:1550,2350:2000,2500:2200"


def pairings_to_play(rungs: list[str], seed_up_to: int, extra: str = "") -> list[tuple[str, str]]:
    """Each rung against its upper neighbour, the rungs up to `seed_up_to` against the seed bot,
    and the `extra` pairings ("upper:lower,...") whose two rungs are both in `rungs`.

    Raises ValueError for an extra pairing that is not two names joined by a colon.
    """
    pairs = [(rung, SEED) for rung in rungs if int(rung) <= seed_up_to]
    pairs += [(upper, lower) for lower, upper in zip(rungs, rungs[1:])]
    for item in filter(None, (part.strip() for part in extra.split(","))):
        upper, colon, lower = item.partition(":")
        if not colon or not upper or not lower:
            raise ValueError(f"an extra pairing must read upper:lower, got {item!r}")
        if upper in rungs and lower in rungs and (upper, lower) not in pairs:
            pairs.append((upper, lower))
    return pairs


def play(first: str, second: str, games: int, time_ms: int, save_dir: Path | None, first_opening: int = 1) -> Pairing | None:
    """One arena match from opening `first_opening` on; the first engine's W/L/D, or None (with the
    arena's output) when it failed."""
    command = [sys.executable, str(ARENA), brain(first), brain(second), "--names", f"{first},{second}",
               "--time-per-move", str(time_ms), "--games", str(games), "--jobs", "1",
               "--first-opening", str(first_opening)]
    if save_dir is not None:
        command += ["--save-dir", str(save_dir / f"{first}-vs-{second}")]
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    for line in completed.stdout.splitlines():
        match = _SUMMARY.match(line.strip())
        if match and match["name"] == first:
            return Pairing(first, second, int(match["w"]), int(match["l"]), int(match["d"]))
    print(f"arena failed for {first} vs {second}:\n{completed.stdout[-1500:]}\n{completed.stderr[-1500:]}", file=sys.stderr)
    return None


def load_results(path: Path) -> dict[str, dict]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file, so an interrupted run leaves the old copy."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def save_results(path: Path, results: dict) -> None:
    write_atomically(path, json.dumps(results, indent=1, sort_keys=True))


def checks(rows: list[dict]) -> list[str]:
    """What is wrong with the fitted ladder: order, spacing and labels (empty when all hold)."""
    problems = []
    for lower, upper in zip(rows, rows[1:]):
        gap = upper["rating"] - lower["rating"]
        if gap <= 0:
            problems.append(f"{upper['level']} is not above {lower['level']} ({gap:+.0f})")
        elif not 100 <= gap <= 200:
            problems.append(f"{lower['level']} -> {upper['level']} is {gap:.0f} apart (want 100-200)")
    for row in rows:
        if abs(row["rating"] - int(row["level"])) > 100:
            problems.append(f"{row['level']} measured {row['rating']:.0f} (label off by more than 100)")
    return problems


def commit_id() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    except OSError:
        return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--time-ms", type=int, default=3000)
    parser.add_argument("--top-time-ms", type=int, default=3000)
    parser.add_argument("--rungs", default=",".join(level.value for level in Level.rungs()))
    parser.add_argument("--seed-up-to", type=int, default=1550)
    parser.add_argument("--extra", default=EXTRA, help="more pairings, upper:lower,... (default %(default)s)")
    parser.add_argument("--results", default=str(ROOT / "runs" / "ladder" / "results.json"))
    parser.add_argument("--save-dir", default="", help="keep each match's games and logs here")
    parser.add_argument("--fresh", action="store_true", help="replay every pairing, ignoring kept results")
    parser.add_argument("--fit-only", action="store_true", help="fit the kept results; play nothing")
    parser.add_argument("--table", default=str(TABLE))
    args = parser.parse_args()
    rungs = [name.strip() for name in args.rungs.split(",") if name.strip()]
    top = Level.rungs()[-1].value
    results_path = Path(args.results)
    results = {} if args.fresh else load_results(results_path)
    save_dir = Path(args.save_dir) if args.save_dir else None
    try:
        pairs = pairings_to_play(rungs, args.seed_up_to, args.extra)
    except ValueError as error:
        parser.error(str(error))
    for first, second in pairs:
        key = f"{first},{second}"
        kept = results.get(key) or {"wins": 0, "losses": 0, "draws": 0}
        played = kept["wins"] + kept["losses"] + kept["draws"]
        if args.fit_only or played >= args.games:
            continue
        time_ms = args.top_time_ms if top in (first, second) else args.time_ms
        # Each opening is played twice, colours swapped: more games go on from the next opening.
        pairing = play(first, second, args.games - played, time_ms, save_dir, first_opening=played // 2 + 1)
        if pairing is None:
            continue
        kept = {"wins": kept["wins"] + pairing.wins, "losses": kept["losses"] + pairing.losses,
                "draws": kept["draws"] + pairing.draws, "time_ms": time_ms}
        results[key] = kept
        save_results(results_path, results)
        print(f"{first:>5} vs {second:<5} +{kept['wins']} -{kept['losses']} ={kept['draws']}", flush=True)
    pairings = [Pairing(*key.split(","), r["wins"], r["losses"], r["draws"]) for key, r in results.items()
                if all(name in rungs or name == SEED for name in key.split(","))]
    try:
        fitted = fit(pairings, SEED, 1000.0)
    except ValueError as error:  # e.g. --rungs without a pairing that reaches the seed bot
        print(f"cannot fit these results ({error}); they are kept in {results_path}", file=sys.stderr)
        return 1
    rows = [{"level": rung, "rating": round(fitted[rung].rating), "low": round(fitted[rung].low),
             "high": round(fitted[rung].high), "games": fitted[rung].games} for rung in rungs if rung in fitted]
    print(f"\n{'rung':>6}{'measured':>10}   95% interval   games")
    for row in rows:
        print(f"{row['level']:>6}{row['rating']:>10}   [{row['low']}, {row['high']}]{row['games']:>8}")
    problems = checks(rows)
    print("\nchecks: " + ("all hold" if not problems else "; ".join(problems)))
    table = {
        "scale": "Elo; the seed bot (shared/arena/seedbots.py) is 1000",
        "measured": datetime.date.today().isoformat(),
        "commit": commit_id(),
        "time_ms": args.time_ms,
        "top_time_ms": args.top_time_ms,
        "pairings": [{"first": p.first, "second": p.second, "wins": p.wins, "losses": p.losses, "draws": p.draws}
                     for p in pairings],
        "rungs": rows,
    }
    if not args.fit_only or rows:
        write_atomically(Path(args.table), json.dumps(table, indent=1) + "\n")
        print(f"wrote {args.table}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
