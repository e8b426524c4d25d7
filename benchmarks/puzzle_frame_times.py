#!/usr/bin/env python3
"""Frame times of the real main loop on the puzzle screen while a wrong move's refutation is searched.

    python benchmarks/puzzle_frame_times.py [--rounds 8] [--window 1.0] [--checkout DIR]

Runs the App headless (SDL dummy driver) on the puzzle screen with puzzle f0253-20w, clicks the
wrong move h1 (7, 0) (off the proof: the screen must search for another win and the defender's
counter-win, about 0.25 s of compiled threat search), watches the frames until the refutation
has been played out (at least `--window` seconds), then Retry, and again for `--rounds`. The
loop runs at a steady 60 FPS (`App.step(dt)` never idles longer than a frame), so a frame's time
is the loop's work plus the wait for the next frame. Prints the median, p99 and worst frame
time over those windows.

`--checkout DIR` imports the game from another checkout (e.g. a worktree of main), so before
and after can be run side by side: the search ran on the window's thread before issue 52, and
in the engine worker process after it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
HERE = Path(__file__).resolve().parent

PUZZLE, WRONG = "f0253-20w", (7, 0)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def run(rounds: int, window: float) -> dict[str, float]:
    import pygame

    from game.app import App

    try:
        from game.app import MemoryStore  # before issue 52
    except ImportError:
        sys.path.insert(0, str(HERE))
        from memory_store import MemoryStore

    app = App(store=MemoryStore(), size=(1120, 800), fullscreen=False)
    frame_ms: list[float] = []
    work_ms: list[float] = []  # the loop's own work per pass (events, update, draw), without the frame wait
    try:
        app.manager.switch("puzzles", source="bundled", puzzle_id=PUZZLE)
        app.step()
        app.engine.start()  # the process starts once, before the first round (as after any earlier game)
        scene = app.manager.current
        assert scene.attempt.puzzle.id == PUZZLE, "the puzzle is missing from the bundled set"
        for _ in range(rounds):
            scene.perform("retry")
            settle = time.perf_counter() + 0.3
            while time.perf_counter() < settle:
                app.step(1 / 60)
            x, y = scene.layout.grid.pixel_of(WRONG)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y)))
            start = last = time.perf_counter()
            attempt = scene.attempt
            while last - start < window or attempt.wrong != WRONG or attempt.pending:
                app.step(1 / 60)
                now = time.perf_counter()
                frame_ms.append((now - last) * 1000)
                work_ms.append(app.last_frame_ms)
                last = now
                if now - start > 60:
                    raise SystemExit("the refutation did not come within 60 s")
    finally:
        app.close()
    return {"frames": len(frame_ms), "median": statistics.median(frame_ms), "p99": percentile(frame_ms, 0.99),
            "worst": max(frame_ms), "work_median": statistics.median(work_ms), "work_p99": percentile(work_ms, 0.99),
            "work_worst": max(work_ms), "over_50": sum(ms > 50 for ms in frame_ms)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--window", type=float, default=1.0, help="seconds of frames watched after each wrong move")
    parser.add_argument("--checkout", type=Path, default=HERE.parent, help="the checkout whose game is run")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.checkout.resolve()))
    import game

    found = run(args.rounds, args.window)
    print(f"game from         {Path(game.__file__).parent}")
    print(f"frames            {found['frames']} in {args.rounds} windows of {args.window:.1f} s after a wrong move")
    print(f"median frame      {found['median']:.2f} ms")
    print(f"p99 frame         {found['p99']:.2f} ms")
    print(f"worst frame       {found['worst']:.2f} ms   ({found['over_50']} frames over 50 ms)")
    print(f"loop work/pass    median {found['work_median']:.2f} ms, p99 {found['work_p99']:.2f} ms, "
          f"worst {found['work_worst']:.2f} ms")
    print(f"load average      {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (other processes compete for the cores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
