#!/usr/bin/env python3
"""Frame rate of the real loop while the analysis panel runs the engine without end.

    python build_scripts/coach_fps.py [--seconds 8]

Runs the app headless (SDL dummy driver) in a hot-seat game with the panel open (the worker
analysing, a move played halfway to force a restart) and prints the frames per second and
the slowest frame while the engine analysed. The store is a throwaway folder.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.app import App  # noqa: E402
from game.model import Game, GameConfig, Player  # noqa: E402
from game.storage import UserStore  # noqa: E402

OPENING = [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (6, 7), (7, 6)]


def measure(app: App, seconds: float, move_at_half: tuple[int, int] | None) -> tuple[float, float, float]:
    """(frames per second, slowest frame in ms, seconds measured) over the frames run while
    the engine analysed. The idle loop sleeps when nothing moves (an analysis that has ended),
    so only frames that start and end with the analysis running are counted."""
    coach = app.manager.current.coach
    frames, slowest, busy = 0, 0.0, 0.0
    start = time.perf_counter()
    moved = False
    while time.perf_counter() - start < seconds:
        if move_at_half and not moved and time.perf_counter() - start > seconds / 2:
            app.manager.current.place(move_at_half)
            moved = True
        running = coach.animating()
        before = time.perf_counter()
        app.step()
        took = time.perf_counter() - before
        if running and coach.animating():  # a frame that ends the analysis also ends in the idle wait
            frames += 1
            busy += took
            slowest = max(slowest, took)
    return (frames / busy if busy else 0.0), slowest * 1000, busy


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args(argv)
    scratch = tempfile.TemporaryDirectory()
    app = App(store=UserStore(root=Path(scratch.name)), size=(1120, 800), fullscreen=False)
    try:
        game = Game(GameConfig(black=Player.human("A"), white=Player.human("B")))
        for point in OPENING:
            game.play(point)
        app.manager.switch("play", game=game)
        app.step()
        app.engine.start()
        time.sleep(2)  # the worker process is up before anything is measured
        coach = app.manager.current.coach
        coach.toggle()
        fps, slowest, busy = measure(app, args.seconds, (10, 10))
        print(f"panel open, engine analysing: {fps:.1f} fps over {busy:.1f} s, slowest frame {slowest:.1f} ms "
              f"({coach.analysis.requests} analyses started, depth {coach.analysis.latest.depth if coach.analysis.latest else 0})")
    finally:
        app.close()
        scratch.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
