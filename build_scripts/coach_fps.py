#!/usr/bin/env python3
"""Frame rate of the real loop while the analysis panel runs the engine without end.

    python build_scripts/coach_fps.py [--seconds 8]

Runs the app headless (SDL dummy driver) in a hot-seat game, first with the panel closed,
then open (the worker analysing, a move played halfway to force a restart), and prints the
frames per second and the slowest frame of each run. The store is a throwaway folder.
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


def measure(app: App, seconds: float, move_at_half: tuple[int, int] | None) -> tuple[float, float]:
    """(frames per second, slowest frame in ms) over `seconds` of real frames."""
    frames, slowest = 0, 0.0
    start = last = time.perf_counter()
    moved = False
    while time.perf_counter() - start < seconds:
        if move_at_half and not moved and time.perf_counter() - start > seconds / 2:
            app.manager.current.place(move_at_half)
            moved = True
        app.step()
        now = time.perf_counter()
        slowest = max(slowest, now - last)
        last = now
        frames += 1
    return frames / (time.perf_counter() - start), slowest * 1000


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
        fps, slowest = measure(app, args.seconds, None)
        print(f"panel closed: {fps:.1f} fps, slowest frame {slowest:.1f} ms")
        coach = app.manager.current.coach
        coach.toggle()
        fps, slowest = measure(app, args.seconds, (10, 10))
        print(f"panel open:   {fps:.1f} fps, slowest frame {slowest:.1f} ms "
              f"({coach.analysis.requests} analyses started, depth {coach.analysis.latest.depth if coach.analysis.latest else 0})")
    finally:
        app.close()
        scratch.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
