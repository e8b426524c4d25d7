"""Verify candidate must-defend positions and write them (maintenance, stage 2 of 2, slow).

Reads the candidates benchmarks/spot_defend_vct.py wrote and asks only the independent
oracle in benchmarks/reference.py (the rules core, no engine code) whether each is a
must-defend position: the defender (to move) has no five and no VCF; if he passed, the
attacker would win by fours and open threes in at least three moves (five plies) but not
by fours alone; and the points within 3 of the stones after which the attacker has no such
win are a few (at least one, at most half of them). Those points are the accepted moves.
Each position kept is written as tests/data/tactics/defend-vct-NN.txt, its header stating
the oracle's bounds.

The oracle is exhaustive pure Python, so run this under PyPy (`apt-get install pypy3`),
about four times faster than CPython; CPython works too:

    pypy3 benchmarks/verify_defend_vct.py /tmp/defend-candidates.jsonl --count 48

A position whose verdict costs more than the node caps is dropped (its verdict is unknown).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.rules import Board, Rule, Stone  # noqa: E402

import reference as ref  # noqa: E402
from tactic_files import write_position  # noqa: E402

KIND = "defend-vct"
BOUNDS = ref.VctBounds(threes=3, fours=6, moves=8, nodes=3_000_000)
QUICK_NODES = 300_000  # positions whose threats alone cost more are dropped early
DISTANCE = 3
MOST_ACCEPTED = 16  # more refutations than this and the position tests little


def verify(board: Board, defender: Stone, bounds: ref.VctBounds = BOUNDS):
    """(accepted moves, candidates, shortest VCT in attacker moves, a VCT line), or why the position is dropped.

    Raises ref.OracleBudgetExceeded when the verdict costs more than the node caps."""
    attacker = defender.opponent
    oracle = ref.ThreatOracle(board, bounds)
    oracle.node_limit = min(QUICK_NODES, bounds.nodes)
    if oracle.fives(defender) or oracle.fives(attacker):
        return "a five is on the board"
    if ref.has_vcf(oracle, defender) or ref.has_vcf(oracle, attacker):
        return "a VCF"
    shortest = ref.shortest_vct(oracle, attacker)
    if shortest is None or shortest < 3:
        return f"shortest VCT {shortest}"
    line = oracle.principal_line(attacker, bounds.threes, bounds.fours, shortest)
    oracle.node_limit = bounds.nodes
    accepted, candidates = ref.refutations(oracle, defender, DISTANCE)
    if not accepted or len(accepted) > MOST_ACCEPTED or len(accepted) * 2 > len(candidates):
        return f"{len(accepted)} of {len(candidates)} defend"
    return accepted, candidates, shortest, line


def explain(defender: Stone, accepted, candidates, shortest: int, line, bounds: ref.VctBounds, where: str) -> str:
    """The file's header: the verdict, the oracle's bounds and the source game."""
    attacker = defender.opponent
    shown = " ".join(f"{x},{y}" for x, y in line)
    return (f"{defender.label} to move; if {defender.label} passed, {attacker.label} would win by fours and open threes "
            f"in {shortest} moves ({2 * shortest - 1} plies; one line: {shown}), and by fours alone neither side wins. "
            f"The accepted points are every point within {DISTANCE} of the stones after which {attacker.label} has no "
            f"such win (a four of {defender.label}'s counts when a refutation follows the block); "
            f"{len(accepted)} of {len(candidates)}. Oracle (benchmarks/reference.py, exhaustive): "
            f"{bounds.describe()}. From {where}.")


def replay(moves: list[str]) -> Board:
    board = Board(15, Rule.FREESTYLE)
    for text in moves:
        board.push(tuple(int(v) for v in text.split(",")))
    return board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("candidates", type=Path, help="the JSONL file spot_defend_vct.py wrote")
    parser.add_argument("--out", type=Path, default=Path("tests/data/tactics"))
    parser.add_argument("--count", type=int, default=48, help="stop after writing this many positions")
    parser.add_argument("--first", type=int, default=1, help="number of the first file written (defend-vct-NN)")
    parser.add_argument("--skip", type=int, default=0, help="candidates to skip (to resume a run)")
    parser.add_argument("--threes", type=int, default=BOUNDS.threes, help="the oracle's bound on attacker threes")
    parser.add_argument("--fours", type=int, default=BOUNDS.fours, help="... on attacker fours")
    parser.add_argument("--moves", type=int, default=BOUNDS.moves, help="... on attacker moves in all")
    parser.add_argument("--nodes", type=int, default=BOUNDS.nodes, help="the node cap for one position's refutations")
    args = parser.parse_args()
    bounds = ref.VctBounds(threes=args.threes, fours=args.fours, moves=args.moves, nodes=args.nodes)
    lines = [line for line in args.candidates.read_text().splitlines() if line.strip()]
    written = 0
    for number, text in enumerate(lines[args.skip:], start=args.skip):
        candidate = json.loads(text)
        board, where = replay(candidate["moves"]), candidate["where"]
        defender = board.to_move
        started = time.perf_counter()
        try:
            verdict = verify(board, defender, bounds)
        except ref.OracleBudgetExceeded as error:
            verdict = str(error)
        seconds = time.perf_counter() - started
        if isinstance(verdict, str):
            print(f"[{number}] {where}: dropped, {verdict} ({seconds:.1f} s)", flush=True)
            continue
        accepted, candidates, shortest, line = verdict
        name = f"{KIND}-{args.first + written:02d}.txt"
        write_position(args.out / name, board, defender, KIND, accepted,
                       explain(defender, accepted, candidates, shortest, line, bounds, where))
        written += 1
        print(f"[{number}] {where}: {name} accept {len(accepted)} of {len(candidates)}, VCT {shortest} moves "
              f"({seconds:.1f} s)", flush=True)
        if written >= args.count:
            break
    print(f"{written} positions written")


if __name__ == "__main__":
    main()
