"""Which must-defend positions really hold, by a second judge (maintenance): writes benchmarks/data/defended_vct.txt.

    python benchmarks/rapfi_defences.py [--time-ms 1000] [--after-ms 8000] [--out benchmarks/data/defended_vct.txt]

The accepted moves of tests/data/tactics/defend-vct-*.txt come from the oracle in
benchmarks/reference.py, which looks at most 4 threes deep: some of them lose to a longer
attack (Rapfi, and the oracle given 5 threes, find the win). For the false-mate check
(benchmarks/false_mates.py, tests/engine/test_false_mates.py) a position counts only when
Rapfi (../shared/anchors/, run as a Gomocup brain; a measuring tool, never part of the game)
agrees: in the position it plays one of the accepted moves without seeing itself lost, and
after that move, with the attacker to move, it sees no win for him (given longer: at 1 s it
missed a win of 23 moves that it found at 8 s, and that our search proves). Each kept position is a
line `name x,y eval-before eval-after` (Rapfi's evaluations, the mover's view).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from engine_positions import load_tactics  # noqa: E402

from game.engine import Position  # noqa: E402

RAPFI = ROOT.parent / "shared" / "anchors" / "rapfi" / "pbrain-rapfi-classical"
DEFAULT_OUT = ROOT / "benchmarks" / "data" / "defended_vct.txt"
_RULE_CODES = {"freestyle": 0, "standard": 1, "renju": 4}


def rapfi_answer(position: Position, time_ms: int) -> tuple[tuple[int, int], str]:
    """(Rapfi's move, its last evaluation: a number, or +Mn / -Mn for a mate it sees)."""
    me = int(position.to_move)
    lines = [f"START {position.size}", f"INFO rule {_RULE_CODES[position.rule.value]}", f"INFO timeout_turn {time_ms}",
             "INFO timeout_match 100000000", "BOARD"]
    lines += [f"{x},{y},{1 if colour == me else 2}" for x, y, colour in position.stones]
    lines.append("DONE")
    process = subprocess.Popen([str(RAPFI)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=RAPFI.parent)
    evaluation, move = "?", None
    try:
        process.stdin.write("\n".join(lines) + "\n")
        process.stdin.flush()
        # END only after the move: sent at once, it would cut the search short.
        for line in process.stdout:
            if "Eval" in line:
                evaluation = line.split("Eval", 1)[1].split("|")[0].strip()
            elif line[:1].isdigit():
                x, y = line.strip().split(",")
                move = (int(x), int(y))
                break
        process.stdin.write("END\n")
        process.stdin.flush()
    finally:
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
    if move is not None:
        return move, evaluation
    raise RuntimeError("Rapfi gave no move")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-ms", type=int, default=1000, help="Rapfi's time in the must-defend position")
    parser.add_argument("--after-ms", type=int, default=8000, help="its time after the defence, attacker to move")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    kept = []
    for tactic in load_tactics():
        if tactic.kind != "defend-vct":
            continue
        move, before = rapfi_answer(tactic.position, args.time_ms)
        verdict = "kept"
        after = "-"
        if move not in tactic.accept:
            verdict = "Rapfi plays outside the accepted moves"
        elif before.startswith("-M"):
            verdict = "Rapfi sees itself lost"
        else:
            board = tactic.position.to_board()
            board.push(move, tactic.position.to_move)
            _, after = rapfi_answer(Position.from_board(board), args.after_ms)
            if after.startswith("+M"):
                verdict = "Rapfi wins after it"
            else:
                kept.append(f"{tactic.name} {move[0]},{move[1]} {before} {after}")
        print(f"{tactic.name}: {move} before {before} after {after}: {verdict}", flush=True)
    header = (f"# Must-defend positions whose defence holds by two judges: the oracle's accepted move that Rapfi\n"
              f"# plays ({args.time_ms} ms), and after which Rapfi ({args.after_ms} ms) sees no win for the attacker. Written by\n"
              f"# benchmarks/rapfi_defences.py: name, defence x,y, Rapfi's evaluation before and after (mover's view).\n")
    args.out.write_text(header + "\n".join(kept) + "\n")
    print(f"{len(kept)} kept, written to {args.out}")


if __name__ == "__main__":
    main()
