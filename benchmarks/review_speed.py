"""Game review speed: a 60-move game reviewed at the default time per position, and how fast a cancel lands.

    python benchmarks/review_speed.py [--record benchmarks/data/review_60.psq] [--time-ms N] [--skip-review]

Prints the wall time of the whole review (the target is at most 60 s on a 2-core machine),
the mean time per position, the move classes found, then three cancel latencies: a review
in this process (the stop flag set to review_game raising), the ReviewRunner's child
process (cancel() to the process having exited), and a live, endless analysis (stop to
analyse returning). The game is a Casual-level self-play game (seed 0), cut at move 60.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.coach import DEFAULT_TIME_MS, MoveClass, ReviewCancelled, ReviewRunner, review_game  # noqa: E402
from game.coach.review import positions_of  # noqa: E402
from game.engine import analyse  # noqa: E402
from game.records import load_record  # noqa: E402
from game.rules import Stone  # noqa: E402

RECORD = ROOT / "benchmarks" / "data" / "review_60.psq"


def time_review(record, time_ms: int) -> None:
    started = time.perf_counter()
    review = review_game(record.size, record.rule, record.moves, time_ms)
    took = time.perf_counter() - started
    positions = len(record.moves) + 1
    counts = {cls.value: sum(1 for m in review.moves if m.move_class is cls) for cls in MoveClass}
    print(f"review: {len(record.moves)} moves, {positions} positions at {time_ms} ms: {took:.1f} s "
          f"({took / positions * 1000:.0f} ms per position; target <= 60 s)")
    print(f"  classes: {counts}")
    print(f"  accuracy: black {review.summaries[Stone.BLACK].accuracy:.1f}, white {review.summaries[Stone.WHITE].accuracy:.1f}; "
          f"missed wins {sum(1 for m in review.moves if m.missed_win)}, allowed wins {sum(1 for m in review.moves if m.allowed_win)}")


def cancel_in_process(record, time_ms: int, trials: int = 5) -> list[float]:
    latencies = []
    for trial in range(trials):
        stop = threading.Event()
        ended: list[float] = []

        def work() -> None:
            try:
                review_game(record.size, record.rule, record.moves, time_ms, stop=stop)
            except ReviewCancelled:
                ended.append(time.perf_counter())

        thread = threading.Thread(target=work)
        thread.start()
        time.sleep(0.3 + 0.37 * trial)  # land in different phases (proof search, alpha-beta)
        stopped = time.perf_counter()
        stop.set()
        thread.join()
        latencies.append((ended[0] - stopped) * 1000)
    return latencies


def cancel_runner(record, time_ms: int, trials: int = 3) -> list[float]:
    latencies = []
    for _ in range(trials):
        with ReviewRunner() as runner:
            runner.start(record.size, record.rule, record.moves, time_ms)
            while runner.progress()[0] < 2:
                time.sleep(0.01)
            started = time.perf_counter()
            runner.cancel()
            runner.wait_stopped(5.0)
            latencies.append((time.perf_counter() - started) * 1000)
    return latencies


def cancel_live_analysis(record, trials: int = 8) -> list[float]:
    positions = positions_of(record.size, record.rule, record.moves)
    latencies = []
    for trial in range(trials):
        stop = threading.Event()
        fired: list[float] = []

        def fire() -> None:
            fired.append(time.perf_counter())
            stop.set()

        timer = threading.Timer(0.5 + 0.4 * (trial % 5), fire)
        timer.start()
        analyse(positions[(8 + 5 * trial) % len(positions)], None, n_best=3, stop=stop)
        if not fired:  # the analysis ended by itself (a proven win): nothing to measure
            timer.cancel()
            continue
        latencies.append((time.perf_counter() - fired[0]) * 1000)
    return latencies or [float("nan")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", type=Path, default=RECORD)
    parser.add_argument("--time-ms", type=int, default=DEFAULT_TIME_MS)
    parser.add_argument("--skip-review", action="store_true", help="only measure the cancels")
    args = parser.parse_args(argv)
    record = load_record(args.record)
    if not args.skip_review:
        time_review(record, args.time_ms)
    for label, values in (
        ("cancel, review in this process", cancel_in_process(record, args.time_ms)),
        ("cancel, ReviewRunner child process (to exit)", cancel_runner(record, args.time_ms)),
        ("stop, endless live analysis", cancel_live_analysis(record)),
    ):
        print(f"{label}: max {max(values):.1f} ms, median {statistics.median(values):.1f} ms over {len(values)} "
              f"({', '.join(f'{v:.1f}' for v in values)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
