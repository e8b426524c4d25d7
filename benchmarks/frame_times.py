#!/usr/bin/env python3
"""Frame times of the real main loop while Master thinks in the background.

    python benchmarks/frame_times.py [--seconds 10] [--level master] [--size 1120x800]

Runs the App headless (SDL dummy driver) on the play scene with a middlegame position where
the computer plays both sides, so the engine is thinking for the whole run. Prints the median,
p95, p99 and worst frame time and the frame rate. The target is p99 <= 20 ms at 60 FPS: the
search runs in a worker process, so the window's loop should not notice it.
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
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.app import App  # noqa: E402
from memory_store import MemoryStore  # noqa: E402  (beside this script)
from game.model import Game, GameConfig, Player  # noqa: E402
from game.rules import Rule  # noqa: E402

MIDDLEGAME = [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (6, 7), (7, 6), (9, 5), (6, 6), (8, 7), (10, 8), (5, 9), (7, 9), (9, 9)]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--level", default="master")
    parser.add_argument("--size", default="1120x800")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))

    app = App(store=MemoryStore(), size=(width, height), fullscreen=False)
    config = GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.ai(args.level), white=Player.ai(args.level))

    def middlegame() -> Game:
        game = Game(config)
        for point in MIDDLEGAME:
            game.play(point)
        return game

    app.manager.switch("play", game=middlegame())
    app.step()
    app.engine.start()
    while not app.manager.current.jobs.thinking:  # wait for the first search to be under way
        app.step()

    frame_ms: list[float] = []
    work_ms: list[float] = []  # time the loop itself used per frame, without the wait for 60 FPS
    thinking_frames = 0
    moves_played = 0
    start = time.perf_counter()
    last = start
    try:
        while time.perf_counter() - start < args.seconds:
            before = app.manager.current.game.move_count
            app.step()
            now = time.perf_counter()
            frame_ms.append((now - last) * 1000)
            work_ms.append(app.last_frame_ms)
            last = now
            scene = app.manager.current
            moves_played += scene.game.move_count - before if scene.game.move_count >= before else 0
            jobs = getattr(scene, "jobs", None)  # the play scene's engine work (the result scene has none)
            thinking_frames += bool(jobs is not None and jobs.thinking)
            if app.manager.current_name == "result":  # a game ended: start the same middlegame again
                app.manager.switch("play", game=middlegame())
    finally:
        app.close()

    elapsed = time.perf_counter() - start
    print(f"frames            {len(frame_ms)} in {elapsed:.1f} s ({len(frame_ms) / elapsed:.1f} FPS)")
    print(f"engine thinking   {thinking_frames / max(1, len(frame_ms)):.0%} of frames; {moves_played} moves played by {args.level}")
    print(f"median frame      {statistics.median(frame_ms):.2f} ms")
    print(f"p95 frame         {percentile(frame_ms, 0.95):.2f} ms")
    print(f"p99 frame         {percentile(frame_ms, 0.99):.2f} ms   (target <= 20 ms)")
    print(f"worst frame       {max(frame_ms):.2f} ms")
    print(f"loop work/frame   median {statistics.median(work_ms):.2f} ms, p99 {percentile(work_ms, 0.99):.2f} ms")
    print(f"load average      {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (other processes compete for the cores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
