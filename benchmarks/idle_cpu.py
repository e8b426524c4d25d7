#!/usr/bin/env python3
"""CPU the game uses while nothing happens: at the menu, on the play screen waiting for the
human, and on the result screen.

    python benchmarks/idle_cpu.py [--seconds 10] [--size 1120x800] [--scenes menu,play,result]

Runs the real main loop (`App.step()` in real time, as `App.run` does) for `--seconds` on each
scene and prints the process's CPU time as a percentage of one core, with the number of loop
passes and redraws. The target is at most 2% with SDL's dummy driver (the default here; set
SDL_VIDEODRIVER=x11 and DISPLAY to measure a real window). The engine worker process is not
counted: it sleeps while waiting for a job.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.app import App, MemoryStore  # noqa: E402
from game.model import Game, GameConfig, Player  # noqa: E402
from game.rules import Rule, Stone  # noqa: E402

#: Black (the human) wins with a five on row 8 after white's four scattered replies.
_WINNING_GAME = [(3, 7), (10, 3), (4, 7), (11, 12), (5, 7), (2, 2), (6, 7), (12, 10), (7, 7)]


def vs_computer() -> Game:
    config = GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.human("Player"), white=Player.ai("casual"))
    return Game(config)


def finished_game() -> Game:
    game = vs_computer()
    for point in _WINNING_GAME:
        game.play(point)
    assert game.is_over and game.result is not None and game.result.winner is Stone.BLACK
    return game


def open_scene(app: App, name: str) -> None:
    if name == "play":
        app.manager.switch("play", game=vs_computer())
    elif name == "result":
        app.manager.switch("result", game=finished_game())
    else:
        app.manager.switch(name)
    app.step()


def settle(app: App, limit: float = 10.0) -> float:
    """Run the loop until the scene's entry animations are over (at least one second), so
    the measurement is of the idle scene; returns the seconds that took."""
    start = time.monotonic()
    scene = app.manager.current
    while time.monotonic() - start < limit:
        app.step()
        animating = getattr(scene, "animating", lambda: False)()
        if time.monotonic() - start >= 1.0 and not animating:
            break
    return time.monotonic() - start


def measure(app: App, seconds: float) -> tuple[float, int, int]:
    """CPU percent of one core, loop passes and redraws over `seconds` of the real loop."""
    passes_before, draws_before = app.frame, app.draws
    cpu_before, wall_before = time.process_time(), time.monotonic()
    while time.monotonic() - wall_before < seconds:
        app.step()
    cpu = time.process_time() - cpu_before
    wall = time.monotonic() - wall_before
    return 100.0 * cpu / wall, app.frame - passes_before, app.draws - draws_before


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--size", default="1120x800")
    parser.add_argument("--scenes", default="menu,play,result")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    app = App(store=MemoryStore(), size=(width, height), fullscreen=False)
    if not hasattr(app, "draws"):
        app.draws = 0  # an App from before idle redraws were counted
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    print(f"idle CPU over {args.seconds:.0f} s per scene, {width}x{height}, SDL video driver {driver!r}")
    try:
        for name in args.scenes.split(","):
            open_scene(app, name)
            settled = settle(app)
            percent, passes, draws = measure(app, args.seconds)
            print(
                f"{name:8s} {percent:5.1f}% of one core   {passes:5d} loop passes, {draws:5d} redraws"
                f"   (target <= 2%; measured after {settled:.1f} s of entry animation)"
            )
    finally:
        app.close()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (other processes compete for the cores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
