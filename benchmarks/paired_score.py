"""A match's score counted by opening pairs: how many openings decided their two games.

    python benchmarks/paired_score.py GAMES.jsonl ... --name NAME
    python benchmarks/paired_score.py NEW.jsonl --name NEW --against BASE.jsonl --against-name BASE

Reads arena game logs (arena.py --save-dir writes games.jsonl). The arena plays each
opening twice, colours swapped; this groups the games of a log by opening, two by two,
and prints from NAME's side how many pairs it won both games of, split one each (the
opening's stronger colour won both: the opening, not the engines, decided them), lost
both, or drew in. Then the score with two 95% intervals: the arena's, every game a trial
(Wilson), and one with every pair a trial, which uses the spread the pairs really show.
Games left without a partner (a match stopped mid-pair) count in neither interval.

With --against, two builds that met the same opponent over the same openings, side by side:
the mean difference of their scores opening by opening (each the mean of the opening's two
games) with its standard error. Pairing removes what the opening decides, so this is sharper
than the two matches' intervals side by side.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.match.elo import elo_from_score, format_elo, paired_interval, wilson_interval  # noqa: E402

KINDS = ("won both", "split", "lost both", "with a draw")


def game_points(game: dict, name: str) -> float:
    """NAME's points in one logged game: 1, 1/2 or 0."""
    if game["winner_name"] is None:
        return 0.5
    return 1.0 if game["winner_name"] == name else 0.0


def points_by_opening(games: list[dict], name: str) -> dict[int, list[float]]:
    """NAME's points in each opening's games of one log, in the order played."""
    by_opening = defaultdict(list)
    for game in sorted(games, key=lambda game: game["game"]):
        if name not in (game["black"], game["white"]):
            raise ValueError(f"game {game['game']} has no player named {name!r}")
        by_opening[game["opening_index"]].append(game_points(game, name))
    return by_opening


def pairs(logs: list[list[dict]], name: str) -> tuple[list[tuple[float, float]], list[float]]:
    """NAME's points in each pair of games of one opening (in the order played), and the
    points of the games left without a partner. Openings are told apart per log: two logs
    may number different openings alike."""
    paired, single = [], []
    for games in logs:
        for points in points_by_opening(games, name).values():
            for first in range(0, len(points) - 1, 2):
                paired.append((points[first], points[first + 1]))
            if len(points) % 2:
                single.append(points[-1])
    return paired, single


def kind(pair: tuple[float, float]) -> str:
    if 0.5 in pair:
        return "with a draw"
    return {2.0: "won both", 1.0: "split", 0.0: "lost both"}[sum(pair)]


def _elo_range(interval: tuple[float, float]) -> str:
    low, high = interval
    return f"[{format_elo(elo_from_score(low))}, {format_elo(elo_from_score(high))}]"


def report(paired: list[tuple[float, float]], single: list[float], name: str) -> str:
    counts = {k: 0 for k in KINDS}
    for pair in paired:
        counts[kind(pair)] += 1
    paired_points, in_pairs = sum(map(sum, paired)), 2 * len(paired)
    games = in_pairs + len(single)
    fraction = (paired_points + sum(single)) / games if games else 0.5
    wilson = wilson_interval(paired_points / in_pairs if in_pairs else 0.5, in_pairs)
    by_pair = paired_interval([sum(pair) / 2 for pair in paired])
    lines = [
        f"{name}: {games} games, {len(paired)} pairs" + (f" and {len(single)} unpaired" if single else ""),
        "  pairs: " + ", ".join(f"{k} {counts[k]}" for k in KINDS),
        f"  score {100 * fraction:.1f}%  Elo {format_elo(elo_from_score(fraction))}",
        f"  95% interval over the {in_pairs} paired games, Elo:",
        f"    every game a trial (Wilson, as arena.py)  {_elo_range(wilson)}",
        f"    every pair a trial                         {_elo_range(by_pair)}",
    ]
    return "\n".join(lines)


def opening_scores(games: list[dict], name: str) -> dict[int, float]:
    """NAME's mean score per opening over the openings whose two games were both played."""
    return {opening: sum(got) / 2 for opening, got in points_by_opening(games, name).items() if len(got) == 2}


def paired_difference(new: dict[int, float], base: dict[int, float]) -> tuple[float, float, int]:
    """(mean difference new - base over the openings both have, its standard error, how many)."""
    common = sorted(set(new) & set(base))
    differences = [new[opening] - base[opening] for opening in common]
    if len(differences) < 2:
        raise ValueError("fewer than two openings played in full by both builds")
    mean = sum(differences) / len(differences)
    variance = sum((d - mean) ** 2 for d in differences) / (len(differences) - 1)
    return mean, (variance / len(differences)) ** 0.5, len(differences)


def read_log(path: str) -> list[dict]:
    games = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                games.append(json.loads(line))
            except json.JSONDecodeError as error:
                raise ValueError(f"{path}:{number}: not a JSON game record ({error.msg})") from None
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", help="games.jsonl files written by arena.py --save-dir")
    parser.add_argument("--name", required=True, help="the player to score (a name given to arena.py --names)")
    parser.add_argument("--against", metavar="LOG", help="a base build's games.jsonl over the same openings")
    parser.add_argument("--against-name", metavar="NAME", help="the base build's name in that log")
    args = parser.parse_args()
    if bool(args.against) != bool(args.against_name):
        parser.error("--against and --against-name go together")
    if args.against and len(args.logs) != 1:
        parser.error("--against compares one log with one log (openings are numbered per log)")
    try:
        logs = [read_log(path) for path in args.logs]
        paired, single = pairs(logs, args.name)
        print(report(paired, single, args.name))
        if args.against:
            new = opening_scores(logs[0], args.name)
            base = opening_scores(read_log(args.against), args.against_name)
            mean, error, count = paired_difference(new, base)
            print(f"{args.name} - {args.against_name}: {100 * mean:+.1f} +- {100 * error:.1f} points "
                  f"by opening ({count} openings, one standard error)")
    except (OSError, ValueError, KeyError) as error:
        sys.exit(f"paired_score: {error}")


if __name__ == "__main__":
    main()
