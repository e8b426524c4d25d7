#!/usr/bin/env python3
"""Frame times of the real main loop while an online game runs over 127.0.0.1.

    python benchmarks/net_frame_times.py [--seconds 10] [--size 1120x800] [--move-every 0.15]

The App runs headless (SDL dummy driver) on the online game screen as the host; the guest is a
second process (this script with --guest) that joins over the loopback interface and plays a
random legal move whenever it is its turn, and asks for a rematch when a game ends (the host
accepts). The host's moves go through the screen's own click handler. Prints the frame rate,
the median / p95 / p99 / worst frame, and the loop's own work per frame. The network is polled
from the loop, so its cost is inside "loop work".
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

LOOPBACK = "127.0.0.1"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def guest(port: int, code: str, seconds: float, move_every: float) -> int:
    """The other computer: join, then play random moves and ask for rematches until time is up."""
    from game.net import Client, LinkState

    client = Client(LOOPBACK, port, code, "Guest")
    rng = random.Random(5)
    deadline = time.monotonic() + seconds
    next_move = 0.0
    while time.monotonic() < deadline and client.state is not LinkState.DROPPED:
        client.poll()
        session = client.session
        if client.state is LinkState.PLAYING and session is not None and time.monotonic() >= next_move:
            if session.game.is_over and session.question is None:
                client.ask_rematch()
            elif session.my_turn and session.question is None:
                client.play(rng.choice(list(session.game.board.empty_points())))
                next_move = time.monotonic() + move_every
        time.sleep(0.005)
    client.leave()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--size", default="1120x800")
    parser.add_argument("--move-every", type=float, default=0.15, help="seconds between a side's moves")
    parser.add_argument("--guest", nargs=2, metavar=("PORT", "CODE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.guest:
        return guest(int(args.guest[0]), args.guest[1], args.seconds + 5, args.move_every)

    from game.app import App
    from memory_store import MemoryStore  # beside this script
    from game.net import Host, NetRules
    from game.rules import Rule

    width, height = (int(v) for v in args.size.split("x"))
    app = App(store=MemoryStore(), size=(width, height), fullscreen=False)
    host = Host(NetRules(rule=Rule.FREESTYLE, clock_seconds=600), "Host", LOOPBACK, 0)
    app.manager.switch("online_game", endpoint=host)
    app.step()
    other = subprocess.Popen([sys.executable, __file__, "--guest", str(host.address[1]), host.code,
                              "--seconds", str(args.seconds), "--move-every", str(args.move_every)])
    rng = random.Random(3)
    frame_ms: list[float] = []
    work_ms: list[float] = []
    moves = games = 0
    try:
        scene = app.manager.current
        deadline = time.monotonic() + 10
        while not scene.playing and time.monotonic() < deadline:
            app.step()
        if not scene.playing:
            print("the guest never connected")
            return 1
        start = last = time.perf_counter()
        next_move = 0.0
        while time.perf_counter() - start < args.seconds:
            app.step()
            now = time.perf_counter()
            frame_ms.append((now - last) * 1000)
            work_ms.append(app.last_frame_ms)
            last = now
            session = scene.session
            if session.asked is not None:
                scene.perform("accept")
                games += 1
            elif session.my_turn and not session.game.is_over and time.monotonic() >= next_move:
                scene.place(rng.choice(list(session.game.board.empty_points())))
                next_move = time.monotonic() + args.move_every
                moves += 1
    finally:
        app.close()
        other.wait(timeout=30)
    elapsed = time.perf_counter() - start
    print(f"frames            {len(frame_ms)} in {elapsed:.1f} s ({len(frame_ms) / elapsed:.1f} FPS)")
    print(f"host moves        {moves}; rematches started {games} (the guest, a second process, plays the other side)")
    print(f"median frame      {statistics.median(frame_ms):.2f} ms")
    print(f"p95 frame         {percentile(frame_ms, 0.95):.2f} ms")
    print(f"p99 frame         {percentile(frame_ms, 0.99):.2f} ms")
    print(f"worst frame       {max(frame_ms):.2f} ms")
    print(f"loop work/frame   median {statistics.median(work_ms):.2f} ms, p99 {percentile(work_ms, 0.99):.2f} ms")
    print(f"load average      {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (other processes compete for the cores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
