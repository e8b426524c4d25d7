#!/usr/bin/env python3
"""CPU the game uses while nothing happens: at the menu, on the play screen waiting for the
human, on the result screen, and on a hot-seat game with the analysis panel open.

    python benchmarks/idle_cpu.py [--seconds 10] [--size 1120x800] [--scenes menu,play,result,analysis,thinking]
                                  [--every 60]

Runs the real main loop (`App.step()` in real time, as `App.run` does) for `--seconds` on each
scene and prints the window process's CPU time as a percentage of one core, with the number of
loop passes and redraws, and the engine worker process's CPU the same way (read from /proc, so
Linux only; "-" elsewhere). The target for the window is at most 2% with SDL's dummy driver (the
default here; set SDL_VIDEODRIVER=x11 and DISPLAY to measure a real window).

`analysis` opens the panel (key A) on a hot-seat game and then touches nothing: the engine
analyses, and the panel should pause it once the position is settled or nobody has touched
anything for a while. `--every` prints a line per that many seconds of it, so the pause shows.

`thinking` is the play screen while the computer (Master) works on its move for longer than the
measurement: only the spinner and the thinking card move. The target for the window there is at
most 5% of a core (issue 56); the worker takes a core of its own.
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

from game.app import App  # noqa: E402
from memory_store import MemoryStore  # noqa: E402  (beside this script)
from game.engine import Limit  # noqa: E402
from game.model import Game, GameConfig, Player  # noqa: E402
from game.rules import Rule, Stone  # noqa: E402

#: Black (the human) wins with a five on row 8 after white's four scattered replies.
_WINNING_GAME = [(3, 7), (10, 3), (4, 7), (11, 12), (5, 7), (2, 2), (6, 7), (12, 10), (7, 7)]


def hot_seat() -> Game:
    """Two people at one board, a few moves in: the analysis has something to chew on."""
    config = GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.human("Black"), white=Player.human("White"))
    game = Game(config)
    for point in [(7, 7), (8, 8), (7, 8), (6, 9), (8, 7)]:
        game.play(point)
    return game


def vs_computer() -> Game:
    config = GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.human("Player"), white=Player.ai("casual"))
    return Game(config)


def computer_to_move() -> Game:
    config = GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.human("Player"), white=Player.ai("master"))
    game = Game(config)
    for point in [(7, 7), (8, 8), (7, 8), (6, 9), (8, 7)]:  # past the opening book: Master searches
        game.play(point)
    return game


def finished_game() -> Game:
    game = vs_computer()
    for point in _WINNING_GAME:
        game.play(point)
    assert game.is_over and game.result is not None and game.result.winner is Stone.BLACK
    return game


def open_scene(app: App, name: str) -> None:
    if name == "play":
        app.manager.switch("play", game=vs_computer())
    elif name == "thinking":
        from game.scenes.play.engine_jobs import EngineJobs

        EngineJobs._move_limit = lambda jobs, level: Limit(time_ms=600_000)  # thinks all along
        app.manager.switch("play", game=computer_to_move())
    elif name == "result":
        app.manager.switch("result", game=finished_game())
    elif name == "analysis":
        app.manager.switch("play", game=hot_seat())
        app.step()
        app.manager.current.coach.toggle()  # what key A does: the panel opens, the engine starts
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


def worker_cpu_seconds(app: App) -> float | None:
    """CPU seconds the engine worker process has used (user + system), or None: no worker
    started yet, or no /proc to read it from."""
    worker = getattr(app, "_worker", None)
    pid = None if worker is None else worker.pid
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def measure(
    app: App, seconds: float, every: float | None = None, label: str = ""
) -> tuple[float, float | None, int, int]:
    """Window CPU percent of one core, worker CPU percent (None: not measurable), loop passes
    and redraws over `seconds` of the real loop; with `every`, also prints each interval."""
    passes_before, draws_before = app.frame, app.draws
    cpu_before, wall_before = time.process_time(), time.monotonic()
    worker_before = worker_cpu_seconds(app)
    mark = (wall_before, cpu_before, worker_before, app.draws)
    while time.monotonic() - wall_before < seconds:
        app.step()
        if every is not None and time.monotonic() - mark[0] >= every:
            mark = _print_interval(app, label, wall_before, mark)
    cpu = time.process_time() - cpu_before
    wall = time.monotonic() - wall_before
    worker_after = worker_cpu_seconds(app)
    worker = None if worker_after is None else 100.0 * (worker_after - (worker_before or 0.0)) / wall
    return 100.0 * cpu / wall, worker, app.frame - passes_before, app.draws - draws_before


def _print_interval(app: App, label: str, start: float, mark: tuple) -> tuple:
    """One line for the interval since `mark`; returns the mark for the next one."""
    wall, cpu, worker, draws = mark
    now, cpu_now, worker_now = time.monotonic(), time.process_time(), worker_cpu_seconds(app)
    span = max(1e-9, now - wall)
    worker_text = "-" if worker_now is None else f"{100.0 * (worker_now - (worker or 0.0)) / span:5.1f}%"
    print(f"  {label} {now - start:6.0f} s: window {100.0 * (cpu_now - cpu) / span:5.1f}%   worker {worker_text}"
          f"   {app.draws - draws:5d} redraws", flush=True)
    return now, cpu_now, worker_now, app.draws


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--size", default="1120x800")
    parser.add_argument("--scenes", default="menu,play,result")
    parser.add_argument("--every", type=float, default=None, help="print a line per this many seconds")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    app = App(store=MemoryStore(), size=(width, height), fullscreen=False)
    if not hasattr(app, "draws"):
        app.draws = 0  # an App from before idle redraws were counted
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    import game

    print(f"idle CPU over {args.seconds:.0f} s per scene, {width}x{height}, SDL video driver {driver!r}, "
          f"code in {Path(game.__file__).parent}", flush=True)
    try:
        for name in args.scenes.split(","):
            open_scene(app, name)
            settled = 0.0 if name in ("analysis", "thinking") else settle(app)  # measured from the moment it opens
            percent, worker, passes, draws = measure(app, args.seconds, args.every, name)
            worker_text = "-" if worker is None else f"{worker:5.1f}%"
            print(
                f"{name:8s} {percent:5.1f}% of one core   {passes:5d} loop passes, {draws:5d} redraws"
                f"   worker {worker_text}   (target <= {5 if name == 'thinking' else 2}%; "
                f"measured after {settled:.1f} s of entry animation)",
                flush=True,
            )
    finally:
        app.close()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (other processes compete for the cores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
