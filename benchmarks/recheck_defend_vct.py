"""Re-check the accepted moves of must-defend files with larger oracle bounds (maintenance, slow).

verify_defend_vct.py accepts every move after which the attacker has no VCT *within its
bounds*; a longer VCT, or one with more threes, may still beat some of them. This asks the
oracle again, with larger bounds and a node cap per move, and rewrites each file: a move the
attacker now beats is removed (a VCT found is a proof, whatever the bounds), the header says
how many held, lost or stayed unsettled, and a file none of whose moves holds is reported
(delete it: the position has no defence). Rules core and oracle only: run it under PyPy.

    pypy3 benchmarks/recheck_defend_vct.py tests/data/tactics/defend-vct-*.txt
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.rules import Board, Stone  # noqa: E402

import reference as ref  # noqa: E402
from tactic_files import read_position, write_position  # noqa: E402

BOUNDS = ref.VctBounds(threes=4, fours=8, moves=10, nodes=1_000_000)  # nodes: the cap for one move


def judge(board: Board, defender: Stone, move, bounds: ref.VctBounds) -> str:
    """"loses", "holds" or "unsettled" (the node cap, or a four of his: kept as it was)."""
    attacker = defender.opponent
    oracle = ref.ThreatOracle(board, bounds)
    cell = move[1] * board.size + move[0]
    oracle.push(cell, defender)
    if oracle.fives(defender, cell):
        return "unsettled"
    try:
        wins = (oracle.attacker_wins(attacker, bounds.threes, bounds.fours, 3)
                or oracle.attacker_wins(attacker, bounds.threes, bounds.fours, bounds.moves))
    except ref.OracleBudgetExceeded:
        return "unsettled"
    return "loses" if wins else "holds"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, help="defend-vct files, rewritten in place")
    parser.add_argument("--threes", type=int, default=BOUNDS.threes)
    parser.add_argument("--fours", type=int, default=BOUNDS.fours)
    parser.add_argument("--moves", type=int, default=BOUNDS.moves)
    parser.add_argument("--nodes", type=int, default=BOUNDS.nodes, help="node cap for one move's check")
    args = parser.parse_args()
    bounds = ref.VctBounds(threes=args.threes, fours=args.fours, moves=args.moves, nodes=args.nodes)
    for path in args.files:
        board, defender, accepted, header = read_position(path)
        started = time.perf_counter()
        if ref.has_vcf(ref.ThreatOracle(board, bounds), defender) or ref.has_vcf(ref.ThreatOracle(board, bounds), defender.opponent):
            print(f"{path.name}: a VCF within {bounds.fours} fours: delete it", flush=True)
            continue
        verdicts = {move: judge(board, defender, move, bounds) for move in accepted}
        kept = [move for move in accepted if verdicts[move] != "loses"]
        tally = {kind: sum(v == kind for v in verdicts.values()) for kind in ("holds", "loses", "unsettled")}
        seconds = time.perf_counter() - started
        print(f"{path.name}: {tally} ({seconds:.0f} s)", flush=True)
        if not kept:
            print(f"{path.name}: every accepted move loses: delete it", flush=True)
            continue
        kind, _, why = header[2:].partition(": ")
        why = why.split(" Re-checked with")[0]
        why += (f" Re-checked with {bounds.describe()} ({bounds.nodes} nodes a move): {tally['loses']} of the "
                f"{len(accepted)} lose and were removed, {tally['holds']} hold, {tally['unsettled']} unsettled.")
        write_position(path, board, defender, kind, kept, why)


if __name__ == "__main__":
    main()
