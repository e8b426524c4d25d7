"""Where Master's lost games were lost: the move after which Rapfi proves its win, and whether
Master, given the position again, still plays into a proven loss.

    python benchmarks/lost_moves.py collect GAMES.jsonl [...] --name NAME --out runs/lost/suite.jsonl [--jobs 2]
    python benchmarks/lost_moves.py replay runs/lost/suite.jsonl --time-ms 900 [--jobs 2] [--half odd]

`collect` walks each game NAME lost back from its end, asking Rapfi-classical (at a fixed node
budget with its table cleared, so the same position always gets the same answer) for its score
at every position where the winner was to move, until a position where it no longer proves a
win. The move before the earliest proven win is the losing move. Each line of the suite holds
the position before it, the move, the mate's length and Rapfi's score (and win rate, on the
scale of move_regret.py) before the move: a position Rapfi already wins by a wide margin was
lost earlier, a near-even one was lost by that move.

`replay` searches each position with Master (`--time-ms`, the match's budget less the
protocol's margin) and judges its move: the losing move again ("same"), a move after which
Rapfi proves a win too ("lost"), or one after which it does not ("held"). Timed searches vary
from run to run, so compare builds on the same suite, side by side, and on both halves
(`--half odd|even`): a screen that picks what to match, never a verdict (benchmarks/LOG.md).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from move_regret import RAPFI, parse_moves, win_rate  # noqa: E402
from build_scripts.combo.teacher import MATE_SCORE, Teacher  # noqa: E402
from game.engine import Level, Limit, Position, search  # noqa: E402
from game.records.atomic import atomic_write_text  # noqa: E402
from game.rules import Rule, Stone  # noqa: E402

#: Rapfi's node budget: about half a second a position here; it proves the wins of these games
#: 15 to 35 plies ahead.
NODES = 300_000
#: A score at least this large is a proven win (teacher.py counts a mate as MATE_SCORE - plies).
PROVEN = MATE_SCORE - 1000

_teacher: Teacher | None = None


def _ask(moves: list[tuple[int, int]]) -> int:
    """Rapfi's score for the side to move (a mate as MATE_SCORE - plies; an immediate five, for
    which it gives no report, as a mate in 1)."""
    global _teacher
    if _teacher is None:
        _teacher = Teacher([str(RAPFI)], "freestyle", NODES, cwd=str(RAPFI.parent))
    answer = _teacher.think(moves)
    return MATE_SCORE - 1 if answer.score is None else answer.score


def losing_move(game: dict) -> dict | None:
    """The suite's line for one lost game, or None when no proven win reaches back into it."""
    moves = parse_moves(" ".join(game["moves"]))
    first = None
    scores = {}
    for k in range(len(moves) - 1, game["n_opening"] - 1, -1):
        if k % 2 != (len(moves) - 1) % 2:  # the winner was to move at the last move's parity
            continue
        scores[k] = _ask(moves[:k])
        if scores[k] < PROVEN:
            break
        first = k
    if first is None or first - 1 < game["n_opening"]:
        return None
    before = scores.get(first - 2)
    return {
        "source": f"{Path(game['_file']).parent.name}:{game['game']}",
        "position": [f"{x},{y}" for x, y in moves[:first - 1]],
        "losing": "%d,%d" % moves[first - 1], "mate_plies": MATE_SCORE - scores[first],
        "score_before": before, "win_before": None if before is None else round(win_rate(before), 3),
    }


def collect(paths: list[str], names: set[str], out: Path, jobs: int) -> None:
    games = []
    for path in paths:
        for line in Path(path).read_text().splitlines():
            game = json.loads(line)
            if game.get("rule", "freestyle") == "freestyle" and ({game["black"], game["white"]} & names) \
                    and game.get("winner_name") not in names | {None} and game.get("reason") == "five":
                game["_file"] = path
                games.append(game)
    with Pool(jobs) as pool:
        found = [line for line in pool.map(losing_move, games, chunksize=1) if line is not None]
    atomic_write_text(out, "".join(json.dumps(line) + "\n" for line in found))
    mates = sorted(line["mate_plies"] for line in found)
    wins = sorted(line["win_before"] for line in found if line["win_before"] is not None)
    print(f"{len(games)} lost games, {len(found)} losing moves -> {out}")
    if found:
        print(f"  mate after the move, plies: median {statistics.median(mates)}, quartiles "
              f"{mates[len(mates) // 4]}..{mates[3 * len(mates) // 4]}")
    if wins:
        print(f"  Rapfi's win rate before it: median {statistics.median(wins):.2f}, quartiles "
              f"{wins[len(wins) // 4]:.2f}..{wins[3 * len(wins) // 4]:.2f}; near even (<= 0.75): "
              f"{sum(w <= 0.75 for w in wins)}")


def judge(line: dict, time_ms: int) -> str:
    """Master's move on the line's position and its verdict: same, lost or held."""
    moves = parse_moves(" ".join(line["position"]))
    stones = tuple((x, y, 1 if ply % 2 == 0 else 2) for ply, (x, y) in enumerate(moves))
    to_move = Stone.BLACK if len(moves) % 2 == 0 else Stone.WHITE
    result = search(Position(15, Rule.FREESTYLE, stones, to_move), Limit(time_ms=time_ms), level=Level.MASTER)
    move = tuple(result.move)
    if "%d,%d" % move == line["losing"]:
        return "same"
    return "lost" if _ask(moves + [move]) >= PROVEN else "held"


def _judge_one(args) -> str:
    return judge(*args)


def replay(suite: Path, time_ms: int, jobs: int, half: str) -> None:
    lines = [json.loads(text) for text in suite.read_text().splitlines() if text.strip()]
    if half != "all":
        lines = lines[(0 if half == "odd" else 1)::2]
    with Pool(jobs) as pool:
        verdicts = pool.map(_judge_one, [(line, time_ms) for line in lines], chunksize=1)
    counts = {verdict: verdicts.count(verdict) for verdict in ("held", "same", "lost")}
    near = [v for line, v in zip(lines, verdicts) if line["win_before"] is not None and line["win_before"] <= 0.75]
    features = os.environ.get("GOMOKU_ENGINE_FEATURES", "default")
    print(f"{suite.name} ({half}), {time_ms} ms, features {features}: held {counts['held']}/{len(lines)}, "
          f"the same losing move {counts['same']}, another lost move {counts['lost']}; "
          f"near-even positions held {near.count('held')}/{len(near)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("collect", help="find the losing moves of arena games")
    make.add_argument("games", nargs="+", help="arena games.jsonl files")
    make.add_argument("--name", required=True, help="Master's name in those games (several: joined by commas)")
    make.add_argument("--out", type=Path, required=True)
    make.add_argument("--jobs", type=int, default=2)
    again = commands.add_parser("replay", help="Master on the suite's positions, judged by Rapfi")
    again.add_argument("suite", type=Path)
    again.add_argument("--time-ms", type=int, default=900)
    again.add_argument("--jobs", type=int, default=2)
    again.add_argument("--half", choices=("all", "odd", "even"), default="all")
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.games, set(args.name.split(",")), args.out, args.jobs)
    else:
        replay(args.suite, args.time_ms, args.jobs, args.half)


if __name__ == "__main__":
    main()
