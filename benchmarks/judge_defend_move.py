"""Does a move lose a must-defend position? The oracle's answer (maintenance; PyPy or CPython).

For a move the engine played that is not among a defend-vct file's accepted moves: plays it
and asks the independent oracle (benchmarks/reference.py) for the attacker's shortest win by
fours and open threes, with the bounds given (default: the file's own, as its header states).
A win found is a proof that the move loses; none found means it holds within those bounds.

    pypy3 benchmarks/judge_defend_move.py tests/data/tactics/defend-vct-07.txt 6,5 [--threes 4 --fours 8 --moves 10]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference as ref  # noqa: E402
from tactic_files import read_position  # noqa: E402


def file_bounds(header: str) -> ref.VctBounds:
    """The bounds a file's header says it was verified with."""
    match = re.search(r"at most (\d+) threes, (\d+) fours and (\d+) attacker moves", header)
    if match is None:
        raise ValueError(f"the header states no oracle bounds: {header[:80]!r}")
    threes, fours, moves = map(int, match.groups())
    return ref.VctBounds(threes=threes, fours=fours, moves=moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="a defend-vct position file")
    parser.add_argument("move", help="the defender's move, x,y")
    parser.add_argument("--threes", type=int)
    parser.add_argument("--fours", type=int)
    parser.add_argument("--moves", type=int)
    parser.add_argument("--nodes", type=int, default=20_000_000)
    args = parser.parse_args()
    board, defender, accepted, header = read_position(args.file)
    own = file_bounds(header)
    bounds = ref.VctBounds(threes=own.threes if args.threes is None else args.threes,
                           fours=own.fours if args.fours is None else args.fours,
                           moves=own.moves if args.moves is None else args.moves, nodes=args.nodes)
    move = tuple(int(v) for v in args.move.split(","))
    attacker = defender.opponent
    oracle = ref.ThreatOracle(board, bounds)
    cell = move[1] * board.size + move[0]
    if not oracle.playable(cell, defender):
        sys.exit(f"{args.move} is not a playable point for {defender.label}")
    started = time.perf_counter()
    oracle.push(cell, defender)
    listed = "accepted" if move in accepted else "not accepted"
    # A four forces the block, and then the defender moves again: it holds if a refutation follows.
    held = oracle.after_counter_four(defender, cell, lambda: bool(ref.refutations(oracle, defender)[0]))
    if held is not None:
        print(f"{args.move} ({listed}) is a four; after the block {'a' if held else 'no'} refutation follows "
              f"({bounds.describe()}; {oracle.nodes} nodes, {time.perf_counter() - started:.1f} s)")
        return
    shortest = ref.shortest_vct(oracle, attacker)
    seconds = time.perf_counter() - started
    if shortest is None:
        print(f"{args.move} ({listed}) holds: {attacker.label} has no win with {bounds.describe()} "
              f"({oracle.nodes} nodes, {seconds:.1f} s)")
    else:
        line = " ".join(f"{x},{y}" for x, y in oracle.principal_line(attacker, bounds.threes, bounds.fours, shortest))
        print(f"{args.move} ({listed}) loses: {attacker.label} wins in {shortest} moves, one line: {line} "
              f"({bounds.describe()}; {oracle.nodes} nodes, {seconds:.1f} s)")


if __name__ == "__main__":
    main()
