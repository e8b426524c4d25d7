"""Must-defend positions that have no defence: every accepted move loses, by two judges (maintenance).

    python benchmarks/lost_defences.py [--times 3000,15000] [--out benchmarks/data/lost_defend_vct.txt]

The accepted moves of tests/data/tactics/defend-vct-*.txt come from a bounded oracle
(benchmarks/reference.py: at most 4 threes, 8 fours and 10 attacker moves). In some positions
the attacker also wins, by a longer attack, after every one of them: such a position has no
right answer, and scoring an engine on it measures luck. A position is written here when, for
every accepted move, both judges find the attacker a forced win after it:
- Rapfi, as tests/data/defences_by_rapfi.txt records it (benchmarks/label_defences.py), and
- our own search (Master, with the attacker to move), whose mate scores are proofs: each move
  is searched at the first of --times, and again at the next ones while no win is proven.
benchmarks/tactics.py shows these positions apart from the rate. One line per position:
`NAME X,Y:PLIES ...`, the plies of our proof after each accepted move.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from engine_positions import load_tactics, rapfi_labels  # noqa: E402

from game.engine import WIN, WIN_THRESHOLD, Level, Limit, Position, search  # noqa: E402
from game.records.atomic import atomic_write_text  # noqa: E402

DEFAULT_OUT = ROOT / "benchmarks" / "data" / "lost_defend_vct.txt"


def proven_win_plies(position: Position, times_ms: list[int]) -> int | None:
    """The plies of the attacker's forced win our search proves (at the first time that does), or None."""
    for time_ms in times_ms:
        result = search(position, Limit(time_ms=time_ms), Level.MASTER, seed=0)
        if result.score > WIN_THRESHOLD:
            return WIN - result.score
        if result.forced == "block-four":
            return None  # the defence was a four of his own: the block is not judged here
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", default="3000,15000", help="milliseconds per search, tried in turn")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    times = [int(t) for t in args.times.split(",")]
    labels = rapfi_labels()
    rows = ["# Must-defend positions (tests/data/tactics/defend-vct-*) where every accepted move loses:",
            "# Rapfi (tests/data/defences_by_rapfi.txt) and our search (Master, the attacker to move, at",
            f"# {args.times} ms) both find the attacker a forced win after each. Written by",
            "# benchmarks/lost_defences.py: NAME X,Y:PLIES ... (the plies of our proof)."]
    for tactic in load_tactics():
        if tactic.kind != "defend-vct":
            continue
        if not all(labels.get((tactic.name, move), "").startswith("+M") for move in tactic.accept):
            continue
        proofs = []
        for move in sorted(tactic.accept):
            board = tactic.position.to_board()
            board.push(move, tactic.position.to_move)
            plies = proven_win_plies(Position.from_board(board), times)
            print(f"  {tactic.name} after {move}: {'no proof' if plies is None else f'won in {plies} plies'}",
                  flush=True)
            if plies is None:
                break
            proofs.append(f"{move[0]},{move[1]}:{plies}")
        else:
            rows.append(f"{tactic.name} {' '.join(proofs)}")
    atomic_write_text(args.out, "\n".join(rows) + "\n")
    print(f"{len(rows) - 4} positions without a defence written to {args.out}")


if __name__ == "__main__":
    main()
