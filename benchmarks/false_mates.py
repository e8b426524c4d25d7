"""False mates: wins the engine claims on must-defend positions after their verified defence.

    python benchmarks/false_mates.py [--times 1000,5000,20000] [--only master,analyse] [-v]

The must-defend positions of tests/data/tactics/defend-vct-*.txt are played on with the
defence benchmarks/data/defended_vct.txt names (34 of the 47): one of the oracle's accepted
moves that Rapfi plays too, after which Rapfi sees no win for the attacker (some accepted
moves lose to attacks deeper than the oracle's bounds: benchmarks/rapfi_defences.py). The
attacker to move is searched by Master (`search`) and by the analysis (`analyse`,
what the coach and the panel show) at each time. A claimed win is a score beyond
WIN_THRESHOLD, a proof, or a 100% winning chance. Prints, per engine and time, how many of
the positions had a claimed win and how many only an unproven large score (which is allowed:
it is shown as an advantage, not as a win). GOMOKU_PURE_PYTHON=1 runs the Python fallback.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from engine_positions import defended_positions  # noqa: E402

from game.engine import Level, Limit, analyse, kernel_available, search  # noqa: E402
try:
    from game.engine.move_search import scores  # noqa: E402
except ImportError:  # a build from before scores.py kept the scale in alphabeta.py
    from game.engine.backend.pure import alphabeta as scores  # noqa: E402

WIN_THRESHOLD = scores.WIN_THRESHOLD
#: (A build from before mate scores were proofs has no unproven range: it counts as none.)
UNPROVEN_THRESHOLD = getattr(scores, "UNPROVEN_THRESHOLD", WIN_THRESHOLD)


def master_claim(position, time_ms: int) -> tuple[str, int]:
    """("win", "unproven" or "", score) of Master's search of the attacker's side."""
    result = search(position, Limit(time_ms=time_ms), Level.MASTER, seed=0)
    return _verdict(result.score, proven=result.score > WIN_THRESHOLD), result.score


def analyse_claim(position, time_ms: int) -> tuple[str, int]:
    """The same for `analyse` (a proof search, then a multi-PV search), as the coach runs it."""
    analysis = analyse(position, Limit(time_ms=time_ms), n_best=1)
    best = analysis.best
    score = 0 if best is None else best.score
    proven = analysis.win is not None or analysis.chance >= 1.0 or score > WIN_THRESHOLD
    return _verdict(score, proven), score


def _verdict(score: int, proven: bool) -> str:
    if proven:
        return "win"
    return "unproven" if score > UNPROVEN_THRESHOLD else ""


ENGINES = {"master": master_claim, "analyse": analyse_claim}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", default="1000,5000,20000", help="milliseconds per search, comma-separated")
    parser.add_argument("--only", default="master,analyse", help="engines to run: master, analyse")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every claimed win")
    args = parser.parse_args()
    positions = defended_positions()
    engine = "compiled" if kernel_available() else "pure Python"
    print(f"{len(positions)} defended positions (defend-vct), {engine} engine")
    print(f"{'engine':<10}{'ms':>7}{'wins claimed':>14}{'unproven':>10}{'avg s':>7}")
    for time_ms in (int(t) for t in args.times.split(",")):
        for name in args.only.split(","):
            claim = ENGINES[name.strip()]
            wins = unproven = 0
            started = time.perf_counter()
            for defended in positions:
                verdict, score = claim(defended.position, time_ms)
                wins += verdict == "win"
                unproven += verdict == "unproven"
                if args.verbose and verdict:
                    print(f"  {name} {time_ms} ms: {defended.name} after {defended.defence}: {verdict} (score {score})")
            seconds = (time.perf_counter() - started) / len(positions)
            print(f"{name:<10}{time_ms:>7}{wins:>8}/{len(positions):<5}{unproven:>10}{seconds:>7.1f}", flush=True)


if __name__ == "__main__":
    main()
