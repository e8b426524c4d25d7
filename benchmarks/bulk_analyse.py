"""Bulk review speed: `gomoku analyse` over a folder of engine games, and the total it prints.

    python benchmarks/bulk_analyse.py [--records DIR] [--games 50] [--time-ms 100] [--keep DIR]

Without --records, the games are played first: `python -m game match builtin:casual
builtin:strong --games N --time-ms 50 --records DIR` (balanced openings, colours swapping),
and the SGF copies are reviewed (the match writes each game as SGF and as PSQ). Prints the
match time, then the batch's wall time, the time per record and per position, and the batch's
own total (results, each side's accuracy and moves per class). The per-game summaries go to
DIR/summary.json and DIR/summary.csv.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.coach.cli import main as analyse_main  # noqa: E402


def play_games(folder: Path, games: int) -> float:
    began = time.perf_counter()
    command = [sys.executable, "-m", "game", "match", "builtin:casual", "builtin:strong",
               "--games", str(games), "--time-ms", "50", "--records", str(folder)]
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - began


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=Path, help="review the .sgf files in this folder instead of playing games")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--time-ms", type=int, default=100, help="time per position (default 100)")
    parser.add_argument("--keep", type=Path, help="where the played games and the summaries go (default: a temporary folder)")
    args = parser.parse_args(argv)
    folder = args.records or args.keep or Path(tempfile.mkdtemp(prefix="bulk_analyse_"))
    if args.records is None:
        folder.mkdir(parents=True, exist_ok=True)
        print(f"match: {args.games} games Casual vs Strong at 50 ms/move in {play_games(folder, args.games):.1f} s -> {folder}")
    records = sorted(folder.glob("*.sgf"))[: args.games]
    out, err = io.StringIO(), io.StringIO()
    began = time.perf_counter()
    status = analyse_main([*map(str, records), "--time-ms", str(args.time_ms), "--lang", "en",
                           "--json", str(folder / "summary.json"), "--csv", str(folder / "summary.csv")], out=out, err=err)
    took = time.perf_counter() - began
    document = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    positions = sum(game["moves"] + 1 for game in document["games"])
    print(f"analyse: {len(records)} records, {positions} positions at {args.time_ms} ms: {took:.1f} s wall "
          f"({took / max(1, len(records)):.2f} s per record, {took / max(1, positions) * 1000:.0f} ms per position), exit {status}")
    total_from = out.getvalue().splitlines()
    start = next(i for i, line in enumerate(total_from) if line.startswith("Total:"))
    print("\n".join(total_from[start:]))
    worst = sorted((g for g in document["games"] if g["worst"]), key=lambda g: -g["worst"]["drop"])[:3]
    for game in worst:
        print(f"  biggest drop: {Path(game['path']).name} {game['worst']['comment']}")
    return status


if __name__ == "__main__":
    sys.exit(main())
