#!/usr/bin/env python3
"""Screenshots of the online screens with a friend simulated on 127.0.0.1, in English and Chinese.

    xvfb-run -s "-screen 0 1120x800x24" python build_scripts/net_screenshots.py OUT_DIR [--size 1120x800] [--grab]

Shows hosting (the address and code), joining from the list of games discovered on the
network, a game in progress with a chat line, a lost connection on both sides, and the game
resumed. The friend is a headless game.net endpoint in this process; every socket is on
127.0.0.1 (discovery included). With --grab each picture is taken from the X display with
ImageMagick's `import -window root` (so it is what the X server shows), else from the
window's surface. The store is a temporary folder: the player's files are never touched.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.net import Client, Host, LinkState, NetRules  # noqa: E402
from game.net.discovery import Announcer  # noqa: E402
from game.rules import Rule  # noqa: E402
from game.storage import Settings, UserStore  # noqa: E402

LOOPBACK = "127.0.0.1"


def step(app: App, others=(), seconds: float = 0.3, until=None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.step(dt=1 / 60)
        for other in others:
            other.poll()
        if until is not None and until():
            break
        time.sleep(0.005)


def shoot(app: App, out: Path, name: str, grab: bool) -> None:
    app.manager.current.mark_dirty()
    app.step(dt=1 / 60)
    path = out / f"{name}.png"
    if grab:
        subprocess.run(["import", "-window", "root", str(path)], check=True, timeout=30)
    else:
        pygame.image.save(app.screen, str(path))
    print(path)


def type_text(app: App, typed: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=typed))
    app.step(dt=1 / 60)


def run_language(language: str, out: Path, size: tuple[int, int], grab: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = UserStore(root=Path(folder))
        name = "Alice" if language == "en" else "小红"
        friend = "Bob" if language == "en" else "小明"
        store.save_settings(Settings(language=language, player_name=name, online_interface=LOOPBACK, online_port=0,
                                     discovery_interface=LOOPBACK, discovery_address=LOOPBACK))
        app = App(store=store, size=size, fullscreen=False)
        try:
            # 1. hosting: the host screen's Start, then the address and the code to give the friend
            app.manager.switch("online_host")
            step(app, seconds=0.1)
            shoot(app, out, f"{language}-1-host-options", grab)
            app.manager.current.perform("start")
            step(app, seconds=0.2)
            shoot(app, out, f"{language}-2-hosting-waiting", grab)
            app.manager.switch("menu")
            step(app, seconds=0.1)

            # 2. joining from the list of discovered games
            rules = NetRules(rule=Rule.RENJU, clock_seconds=600, undo_limit=2)
            host = Host(rules, friend, LOOPBACK, 0)
            app.manager.switch("online_join", discovery_port=0)
            step(app, seconds=0.1)
            scene = app.manager.current
            announcer = Announcer((LOOPBACK, scene.listener.port), friend, host.address[1], "renju", "free", "a1",
                                  interface=LOOPBACK, every=0.2)
            step(app, [host, announcer], seconds=3, until=lambda: scene.games)
            scene.perform("pick:0")
            type_text(app, host.code)
            step(app, seconds=0.1)
            shoot(app, out, f"{language}-3-join-discovered", grab)
            scene.perform("join")
            announcer.close()
            step(app, [host], seconds=0.2)
            game_scene = app.manager.current
            step(app, [host], seconds=3, until=lambda: game_scene.playing and host.state is LinkState.PLAYING)

            # 3. a game in progress (the guest here is white: the host opened)
            for theirs, mine in [((7, 7), (8, 8)), ((8, 7), (6, 7)), ((7, 8), (9, 9)), ((6, 9), (5, 10)), ((8, 6), None)]:
                host.play(theirs)
                step(app, [host], seconds=2, until=lambda: game_scene.session.ply == host.session.ply)
                if mine is not None:
                    game_scene.place(mine)
                    step(app, [host], seconds=2, until=lambda: host.session.ply == game_scene.session.ply)
            host.chat("good_move")
            step(app, [host], seconds=0.5)
            shoot(app, out, f"{language}-4-game-in-progress", grab)
            game_scene.place((9, 7))
            step(app, [host], seconds=2, until=lambda: host.session.ply == game_scene.session.ply)
            host.ask_takeback()
            step(app, [host], seconds=2, until=lambda: game_scene.session.asked is not None)
            step(app, [host], seconds=0.2)
            shoot(app, out, f"{language}-4b-takeback-asked", grab)
            game_scene.perform("decline")
            step(app, [host], seconds=0.3)

            # 4. the connection drops (the friend's cable), then the game is resumed with the same code
            host.connection.sock.close()
            host.connection.sock = None
            step(app, seconds=4, until=lambda: game_scene.state is LinkState.DROPPED)
            host.state, host.connection = LinkState.WAITING, None
            step(app, seconds=0.2)
            shoot(app, out, f"{language}-5-connection-lost", grab)
            game_scene.perform("resume")
            step(app, [host], seconds=3, until=lambda: game_scene.playing and host.state is LinkState.PLAYING)
            step(app, [host], seconds=0.3)
            shoot(app, out, f"{language}-6-resumed", grab)
            host.leave()
        finally:
            app.close()


def run_host_side_drop(language: str, out: Path, size: tuple[int, int], grab: bool) -> None:
    """The host's view of a dropped guest: the game kept, the code to come back with."""
    with tempfile.TemporaryDirectory() as folder:
        store = UserStore(root=Path(folder))
        store.save_settings(Settings(language=language, player_name="Alice" if language == "en" else "小红",
                                     online_interface=LOOPBACK, online_port=0, discovery_interface=LOOPBACK,
                                     discovery_address=LOOPBACK))
        app = App(store=store, size=size, fullscreen=False)
        try:
            app.manager.switch("online_host")
            step(app, seconds=0.1)
            app.manager.current.perform("start")
            step(app, seconds=0.2)
            scene = app.manager.current
            guest = Client(*scene.endpoint.address, scene.endpoint.code, "Bob" if language == "en" else "小明")
            step(app, [guest], seconds=3, until=lambda: scene.playing and guest.state is LinkState.PLAYING)
            for mine, theirs in [((7, 7), (8, 8)), ((7, 8), (7, 9))]:
                scene.place(mine)
                step(app, [guest], seconds=2, until=lambda: guest.session.ply == scene.session.ply)
                guest.play(theirs)
                step(app, [guest], seconds=2, until=lambda: guest.session.ply == scene.session.ply)
            guest.connection.sock.close()
            guest.connection.sock = None
            step(app, seconds=4, until=lambda: scene.state is LinkState.WAITING)
            step(app, seconds=0.2)
            shoot(app, out, f"{language}-7-host-waits-for-resume", grab)
            guest.state = LinkState.DROPPED
            guest.resume()
            step(app, [guest], seconds=3, until=lambda: scene.playing)
            step(app, [guest], seconds=0.3)
            shoot(app, out, f"{language}-8-host-resumed", grab)
            guest.leave()
        finally:
            app.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", default="1120x800")
    parser.add_argument("--grab", action="store_true", help="take each picture from the X display (under Xvfb)")
    parser.add_argument("--languages", default="en,zh")
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    for language in args.languages.split(","):
        run_language(language, args.out, size, args.grab)
        run_host_side_drop(language, args.out, size, args.grab)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
