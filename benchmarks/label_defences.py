"""Label the positions after each accepted defence of the must-defend set with Rapfi's verdict
(maintenance; needs ../shared/anchors/rapfi, which is never part of the game or its tests).

    python benchmarks/label_defences.py [--time-ms 1000] [--out tests/data/defences_by_rapfi.txt] [--recheck]

For every defend-vct file in tests/data/tactics/ and every accepted move in it, the position
after the move (the attacker to move) goes to Rapfi as a Gomocup BOARD, and its last reported
evaluation is written as one line: `NAME X,Y EVAL DEPTH`, EVAL being a number or +M<n>/-M<n>
(a mate for or against the attacker). The oracle that accepted the moves is bounded (so many
threes, fours and moves): Rapfi finds wins beyond those bounds in many of them, and the false
mate tests (tests/engine/test_pvs_search.py) only use the positions Rapfi does not call won.
--recheck asks again, at --time-ms, only about the positions the file does not call won (a
longer look finds some of the long wins), and keeps the other lines.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from engine_positions import load_tactics  # noqa: E402

RAPFI = ROOT.parent / "shared" / "anchors" / "rapfi" / "pbrain-rapfi-classical"
_EVAL = re.compile(r"Depth (\d+)-\d+ \| Eval ([+-]?M?\d+)")
_RULES = {"freestyle": 0, "standard": 1, "renju": 4}


def rapfi_verdict(stones, to_move: int, rule: str, time_ms: int) -> tuple[str, int]:
    """(evaluation, depth) Rapfi reports for `to_move` on `stones` ((x, y, colour) triples)."""
    process = subprocess.Popen([str(RAPFI)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                               cwd=RAPFI.parent)
    lines = ["START 15", f"INFO timeout_turn {time_ms}", "INFO timeout_match 0", f"INFO rule {_RULES[rule]}", "BOARD"]
    lines += [f"{x},{y},{1 if colour == to_move else 2}" for x, y, colour in stones]
    lines += ["DONE"]
    process.stdin.write("\n".join(lines) + "\n")
    process.stdin.flush()
    verdict = ("?", 0)
    try:
        for line in process.stdout:
            found = _EVAL.search(line)
            if found:
                verdict = (found.group(2), int(found.group(1)))
            if re.match(r"^\d+,\d+$", line.strip()):
                break
    finally:
        process.stdin.write("END\n")
        process.stdin.close()
        process.wait(timeout=10)
    return verdict


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-ms", type=int, default=1000)
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "data" / "defences_by_rapfi.txt")
    parser.add_argument("--recheck", action="store_true", help="ask again only where --out has no mate")
    args = parser.parse_args()
    known = {}
    if args.recheck:
        for line in args.out.read_text().splitlines():
            if line and not line.startswith("#") and "M" in line.split()[2]:
                known[tuple(line.split()[:2])] = line
    rows = [f"# Rapfi-classical on the position after each accepted defence of the defend-vct files, the attacker",
            "# to move: NAME X,Y EVAL DEPTH (EVAL +M<n>: Rapfi finds the attacker a win in n plies). Made by",
            f"# benchmarks/label_defences.py at 1000 ms, the positions it found no win in asked again at {args.time_ms} ms"
            if args.recheck else f"# benchmarks/label_defences.py at {args.time_ms} ms.",
            "# The accepted moves come from benchmarks/reference.py."]
    for tactic in load_tactics():
        if tactic.kind != "defend-vct":
            continue
        defender = int(tactic.position.to_move)
        for x, y in sorted(tactic.accept):
            if (tactic.name, f"{x},{y}") in known:
                rows.append(known[(tactic.name, f"{x},{y}")])
                continue
            stones = (*tactic.position.stones, (x, y, defender))
            verdict, depth = rapfi_verdict(stones, 3 - defender, tactic.position.rule.value, args.time_ms)
            rows.append(f"{tactic.name} {x},{y} {verdict} {depth}")
            print(rows[-1], flush=True)
    args.out.write_text("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
