"""Write the must-defend positions (kind defend-vct) into tests/data/tactics/ (maintenance, slow).

Walks recorded arena games (games.jsonl, as arena.py --save-dir writes them) and keeps
positions where the side to move, who went on to lose the game, faces a winning threat
sequence with open threes: the engine's threat search only *spots* candidates; the
verdict and the accepted moves come from the independent oracle in benchmarks/reference.py,
which checks that the attacker, if the defender passed, has a VCT of at least three moves
(five plies) that needs threes (no VCF), that the defender has no five and no VCF, and
which moves near the stones leave the attacker no VCT. A game gives at most --per-game
positions; positions where every or no candidate defends are dropped.

    python benchmarks/make_defend_vct.py --out tests/data/tactics --count 48 --per-game 3 \
        /work/runs/{new100,union100,before100,clockonly100}-vs-old1000/games.jsonl \
        /work/runs/new100-vs-old1000-jobs2/games.jsonl /work/runs/soak200-67915a6/games.jsonl \
        /work/runs/{new-vs-old-1000,tm1000-vs-old1000,union1000-vs-old1000}/games.jsonl \
        /work/runs/final-master-peer{,2}/games.jsonl \
        /work/runs/defend100-vs-old1000/games.jsonl /work/runs/defend100-vs-main100/games.jsonl

(the set in tests/data/tactics/ today: the first positions that run wrote). The oracle is
pure Python and exhaustive: a position whose refutations it cannot settle within its node
cap is dropped, and most positions from real games are (most need 3 threes, or cost more).
"""

from __future__ import annotations

import argparse
import json
from itertools import zip_longest
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.engine import Level  # noqa: E402
from game.engine.alphabeta import AlphaBeta  # noqa: E402
from game.engine.clock import Clock, SearchStopped  # noqa: E402
from game.engine.defence import RootDefence  # noqa: E402
from game.engine.levels import level_config  # noqa: E402
from game.engine.state import EngineBoard  # noqa: E402
from game.engine.threats import ThreatSearch  # noqa: E402
from game.rules import Board, Rule, Stone  # noqa: E402

import reference as ref  # noqa: E402
from make_tactics import write_position  # noqa: E402

KIND = "defend-vct"
BOUNDS = ref.VctBounds(threes=2, fours=4, moves=6, nodes=250_000)
QUICK_NODES = 60_000
DISTANCE = 3
MOST_ACCEPTED = 16  # more refutations than this and the position tests little
MIN_PLY = 8
MAX_PLY = 18  # later positions hold so many threats that the oracle takes minutes over each


def spotted(board: Board, defender: Stone) -> bool:
    """The engine's quick guess, to spare the oracle: the attacker (if the defender passed)
    wins by two or three threes but not by one, nobody wins by fours, and the engine's own
    root defence finds a few refutations, not none and not dozens."""
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


def verify(board: Board, defender: Stone) -> tuple[list, list, int, list] | str:
    """(accepted moves, candidates, shortest VCT in attacker moves, a VCT line) from the oracle, or why it is dropped."""
    attacker = defender.opponent
    oracle = ref.ThreatOracle(board, BOUNDS)
    oracle.node_limit = QUICK_NODES  # positions whose threats alone cost more are dropped early
    if oracle.fives(defender) or oracle.fives(attacker):
        return "a five is on the board"
    if ref.has_vcf(oracle, defender) or ref.has_vcf(oracle, attacker):
        return "a VCF"
    shortest = ref.shortest_vct(oracle, attacker)
    if shortest is None or shortest < 3:
        return f"shortest VCT {shortest}"
    line = oracle.principal_line(attacker, BOUNDS.threes, BOUNDS.fours, shortest)
    oracle.node_limit = BOUNDS.nodes
    accepted, candidates = ref.refutations(oracle, defender, DISTANCE)
    if not accepted or len(accepted) > MOST_ACCEPTED or len(accepted) * 2 > len(candidates):
        return f"{len(accepted)} of {len(candidates)} defend"
    return accepted, candidates, shortest, line


def positions(paths: list[Path], per_game: int):
    """(board, defender, where) for each spotted position, at most `per_game` per game; the
    files take turns, one game each, so that the positions come from many matches."""
    games = [[(path, json.loads(line)) for line in path.read_text().splitlines()] for path in paths]
    turns = [entry for round_ in zip_longest(*games) for entry in round_ if entry is not None]
    for path, game in turns:
        if game.get("rule", "freestyle") != "freestyle" or game.get("winner") not in (1, 2):
            continue
        loser = Stone(3 - game["winner"])
        board = Board(15, Rule.FREESTYLE)
        found = 0
        for ply, text in enumerate(game["moves"]):
            if found >= per_game:
                break
            if MIN_PLY <= ply <= MAX_PLY and board.to_move is loser and spotted(board, loser):
                found += 1
                yield board.copy(), loser, f"{path.parent.name} game {game['game']} ply {ply}"
            board.push(tuple(int(v) for v in text.split(",")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", type=Path, help="games.jsonl files, read in the order given")
    parser.add_argument("--out", default="tests/data/tactics")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--per-game", type=int, default=2, help="most positions spotted (and tried) per game")
    parser.add_argument("--first", type=int, default=1, help="number of the first file written")
    args = parser.parse_args()
    out = Path(args.out)
    written = 0
    seen: set = set()
    for board, defender, where in positions(args.games, args.per_game):
        key = tuple(board.cells)
        if key in seen:
            continue
        seen.add(key)
        started = time.perf_counter()
        try:
            verdict = verify(board, defender)
        except ref.OracleBudgetExceeded as error:
            verdict = str(error)
        seconds = time.perf_counter() - started
        if isinstance(verdict, str):
            print(f"{where}: dropped, {verdict} ({seconds:.0f} s)", flush=True)
            continue
        accepted, candidates, shortest, line = verdict
        attacker = defender.opponent
        shown = " ".join(f"{x},{y}" for x, y in line)
        why = (f"{defender.label} to move; if {defender.label} passed, {attacker.label} would win by fours and open threes "
               f"in {shortest} moves ({2 * shortest - 1} plies; one line: {shown}), and by fours alone neither side wins. "
               f"The accepted points are every point within {DISTANCE} of the stones after which {attacker.label} has no "
               f"such win (a four of {defender.label}'s counts when a refutation follows the block); "
               f"{len(accepted)} of {len(candidates)}. Oracle (benchmarks/reference.py, exhaustive): "
               f"{BOUNDS.describe()}. From {where}.")
        name = f"{KIND}-{args.first + written:02d}.txt"
        write_position(out / name, board, defender, KIND, accepted, why)
        written += 1
        print(f"{where}: {name} accept={accepted} of {len(candidates)}, VCT {shortest} moves ({seconds:.0f} s)", flush=True)
        if written >= args.count:
            break
    print(f"{written} positions written")


if __name__ == "__main__":
    main()
