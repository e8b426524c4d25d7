"""The coach's proof check: records with a planted ignored defence, each classed and proven.

    python benchmarks/coach_planted.py [--limit N] [--time-ms 200] [--proof-ms 3000] [--seed 0] [--only NAME,...]

Every must-defend position of tests/data/tactics (defend-NN: a four-threat to stop;
defend-vct-NN: a VCT to stop) becomes a game record whose last move, by the side that must
defend, is a seeded point far from every stone (tests/coach/planted_records.py), so the
attacker is to move with a forced win. `review_game` reviews the record at `--time-ms` per
position with `--proof-ms` for the proof search, as the coach's "Analyse game" does. The
ignoring move passes when it is classed mistake or blunder, carries `allowed_win`, and that
proof plays out to five on the rules board from the position after the move. A record the
review finds lost before the move (the attacker's previous move already follows a proven win)
passes only if every accepted defence of the file loses too, by a proof that plays out: then
the file's position has no defence, and the move gave nothing away.

Prints one line per position with -v, then per group (defend; defend-vct whose defence a
second judge holds, benchmarks/data/defended_vct.txt; the other defend-vct) the counts
classed, with a proof, proven (played out), lost before the move with every accepted defence
shown to lose, and the proofs' kinds; then the failures by name.
Exits 1 when any position fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "coach"))

from planted_records import Verdict, judge_planted, must_defend_tactics, planted_record  # noqa: E402

from game.coach import review_game  # noqa: E402
from game.engine import kernel_available  # noqa: E402

GROUPS = ("defend", "defend-vct held", "defend-vct")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0, help="only the first N positions (0: all)")
    parser.add_argument("--time-ms", type=int, default=200, help="review time per position")
    parser.add_argument("--proof-ms", type=int, default=3000, help="proof search time per position")
    parser.add_argument("--seed", type=int, default=0, help="seed of the ignoring moves")
    parser.add_argument("--only", default="", help="comma-separated position names")
    parser.add_argument("-v", "--verbose", action="store_true", help="a line per position")
    args = parser.parse_args()

    chosen = must_defend_tactics()
    if args.only:
        names = {name.strip() for name in args.only.split(",")}
        chosen = [(tactic, group) for tactic, group in chosen if tactic.name in names]
    if args.limit:
        chosen = chosen[: args.limit]
    engine = "compiled" if kernel_available() else "pure Python"
    print(f"{len(chosen)} planted records, review at {args.time_ms} ms a position, proofs {args.proof_ms} ms, "
          f"seed {args.seed}, {engine} engine")

    verdicts: list[Verdict] = []
    started = time.perf_counter()
    for tactic, group in chosen:
        record = planted_record(tactic, group, args.seed)
        began = time.perf_counter()
        review = review_game(record.size, record.rule, list(record.points), time_ms=args.time_ms, proof_ms=args.proof_ms)
        verdict = judge_planted(record, review, tactic, args.time_ms, args.proof_ms)
        verdicts.append(verdict)
        if args.verbose:
            proof = f"{verdict.proof_kind} {verdict.proof_plies} plies" if verdict.proof_kind else "no proof"
            if verdict.lost_before:
                proof = "lost before" + (", defences lose" if verdict.defences_lose else "")
            print(f"  {verdict.name:<15} ignores with {record.ignoring}: {verdict.move_class.name.lower():<10} "
                  f"{proof:<28} {'ok' if verdict.ok else 'FAIL: ' + verdict.failure()}  "
                  f"({time.perf_counter() - began:.1f} s)", flush=True)
    elapsed = time.perf_counter() - started

    print(f"{'group':<17}{'records':>8}{'classed':>9}{'proof':>7}{'proven':>8}{'lost before':>13}  proof kinds")
    for group in GROUPS + ("all",):
        own = [v for v in verdicts if group in ("all", v.group)]
        if not own:
            continue
        kinds = Counter(v.proof_kind for v in own if v.proof_kind)
        print(f"{group:<17}{len(own):>8}{sum(v.classed for v in own):>9}{sum(bool(v.proof_kind) for v in own):>7}"
              f"{sum(v.proven for v in own):>8}{sum(v.ok and not v.proven for v in own):>13}  " + ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())))
    failures = [v for v in verdicts if not v.ok]
    proven = sum(v.proven for v in verdicts)
    print(f"{proven} of {len(verdicts)} classed and proven, {len(verdicts) - len(failures) - proven} lost before "
          f"the move (every accepted defence shown to lose), {len(failures)} failed; {elapsed:.1f} s "
          f"({elapsed / max(1, len(verdicts)):.1f} s a record)")
    for verdict in failures:
        print(f"  FAIL {verdict.name} ({verdict.group}): {verdict.failure()}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
