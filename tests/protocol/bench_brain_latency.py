"""Benchmark: how long the real brain takes to answer under a per-move limit (prints numbers).

    .venv/bin/python tests/protocol/bench_brain_latency.py [--level master] [--turn-ms 1000] [--moves 12]

Plays the brain against a fixed sequence of replies from a mid-game position and prints the
wall time from sending each command to reading the move, as a manager measures it. Not a
test: run it by hand (it uses one core for about --moves x --turn-ms).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from protocol_helpers import BrainProcess  # noqa: E402

START = ["7,7,2", "8,7,1", "7,8,2", "8,8,1", "6,9,2", "9,6,1", "7,6,2", "6,7,1", "5,8,2"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="master")
    parser.add_argument("--turn-ms", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=12)
    args = parser.parse_args()

    brain = BrainProcess("--level", args.level)
    assert brain.ask("START 15") == "OK"
    brain.send(f"INFO timeout_turn {args.turn_ms}", "INFO timeout_match 0", "INFO rule 0")
    taken = {tuple(map(int, stone.split(",")[:2])) for stone in START}
    times: list[float] = []
    sent = brain.send("BOARD", *START, "DONE")
    for _ in range(args.moves):
        arrived, line = brain.answer(timeout=args.turn_ms / 1000 + 10)
        times.append((arrived - sent) * 1000)
        ours = tuple(map(int, line.split(",")))
        taken.add(ours)
        # A simple opponent that stays in the fight: the free point nearest the brain's move.
        free = [(x, y) for y in range(15) for x in range(15) if (x, y) not in taken]
        reply = min(free, key=lambda p: (max(abs(p[0] - ours[0]), abs(p[1] - ours[1])), p[1], p[0]))
        taken.add(reply)
        sent = brain.send(f"TURN {reply[0]},{reply[1]}")
    brain.answer(timeout=args.turn_ms / 1000 + 10)
    brain.finish()
    print(f"level {args.level}, timeout_turn {args.turn_ms} ms, {len(times)} answers")
    print(f"answer time ms: mean {statistics.mean(times):.0f}, median {statistics.median(times):.0f}, "
          f"max {max(times):.0f}, min {min(times):.0f}")
    print(f"worst margin below the limit: {args.turn_ms - max(times):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
