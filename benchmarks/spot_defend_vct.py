"""Spot candidate must-defend positions in recorded arena games (maintenance, stage 1 of 2).

Walks arena game logs (games.jsonl, as arena.py --save-dir writes them) and keeps positions
where the side to move, who went on to lose the game, seems to face a winning threat
sequence with open threes. Only the engine judges here, and only to spare the oracle: the
verdict and the accepted moves come from stage 2, benchmarks/verify_defend_vct.py, which
uses the independent oracle alone. Writes one JSON object a line:
{"where": "RUN game N ply P", "moves": ["x,y", ...]} (freestyle, 15x15, the moves so far).

    .venv/bin/python benchmarks/spot_defend_vct.py --per-game 3 --out /tmp/defend-candidates.jsonl \
        /work/runs/*/games.jsonl

The files take turns, one game each, so that the candidates come from many matches.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import zip_longest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Clock, EngineBoard, Level, SearchStopped, ThreatSearch, level_config  # noqa: E402
from game.engine.backend import AlphaBeta  # noqa: E402
from game.engine.move_search.defence import RootDefence  # noqa: E402
from game.records.atomic import atomic_write_text  # noqa: E402
from game.rules import Board, Rule, Stone  # noqa: E402

MIN_PLY = 8
MAX_PLY = 18  # later positions hold so many threats that the oracle takes minutes over each


def spotted(board: Board, defender: Stone) -> bool:
    """The engine's quick guess: the attacker (if the defender passed) wins by two or three
    threes but not by one, nobody wins by fours, and the engine's own root defence finds a
    few refutations, not none and not dozens."""
    engine = EngineBoard.from_board(board)
    threats = ThreatSearch(engine, Clock(None, 300_000))
    attacker = int(defender.opponent)
    try:
        if threats.vcf(int(defender), 12) is not None or threats.vcf(attacker, 12) is not None:
            return False
        if threats.vct(attacker, 1, 10) is not None:
            return False
        if not any(threats.vct(attacker, depth, 10) is not None for depth in (2, 3)):
            return False
    except SearchStopped:
        return False
    config = level_config(Level.MASTER)
    clock = Clock(None, None)
    ordered = AlphaBeta(engine, config, clock, ThreatSearch(engine, clock), 0).ordered_moves(int(defender), 0, -1, 10_000)
    defence = RootDefence(engine, int(defender), config, time.perf_counter() + 2.0, None, 30_000, 10)
    return 1 <= len(defence.refute(ordered, [])) <= 12


def candidates(paths: list[Path], per_game: int):
    """{"where", "moves"} for each spotted position, at most `per_game` per game."""
    games = [[(path, json.loads(line)) for line in path.read_text().splitlines() if line.strip()] for path in paths]
    turns = [entry for round_ in zip_longest(*games) for entry in round_ if entry is not None]
    for path, game in turns:
        if game.get("rule", "freestyle") != "freestyle" or game.get("winner") not in (1, 2):
            continue
        loser = Stone(3 - game["winner"])
        board = Board(15, Rule.FREESTYLE)
        found = 0
        for ply, text in enumerate(game["moves"][:MAX_PLY + 1]):
            if found >= per_game:
                break
            if MIN_PLY <= ply and board.to_move is loser and spotted(board, loser):
                found += 1
                yield {"where": f"{path.parent.name} game {game['game']} ply {ply}", "moves": game["moves"][:ply]}
            board.push(tuple(int(v) for v in text.split(",")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", type=Path, help="games.jsonl files")
    parser.add_argument("--out", type=Path, required=True, help="the JSONL file of candidates to write")
    parser.add_argument("--per-game", type=int, default=3, help="most candidates per game")
    parser.add_argument("--count", type=int, default=0, help="stop after this many candidates (0: no limit)")
    args = parser.parse_args()
    found: list[str] = []
    seen: set = set()
    for candidate in candidates(args.games, args.per_game):
        key = frozenset((i % 2, move) for i, move in enumerate(candidate["moves"]))
        if key in seen:
            continue
        seen.add(key)
        found.append(json.dumps(candidate))
        print(candidate["where"], flush=True)
        if len(found) == args.count:
            break
    atomic_write_text(args.out, "".join(line + "\n" for line in found))
    print(f"{len(found)} candidates written to {args.out}")


if __name__ == "__main__":
    main()
