#!/usr/bin/env python3
"""Two real game windows (two processes) playing online over 127.0.0.1 under Xvfb: kill the guest, resume from the menu, kill the host.

    xvfb-run -s "-screen 0 2060x720x24" python build_scripts/net_two_windows.py OUT_DIR

The host and the guest are separate programs, each with its own window and its own
temporary store. The guest is killed with SIGKILL mid-game and started again: its menu
offers "Resume online game with Alice", which is clicked with xdotool on the X display.
Then the host is killed with SIGKILL, as the guest sees it. Pictures of the whole X screen
are taken with ImageMagick's `import -window root`. Every socket is on 127.0.0.1.

The same file is each window's program: `--role host|guest|guest-again`, driven by its own
small script (moves in turn) and reporting its state in a JSON file the conductor reads.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WINDOW = (1000, 700)
GUEST_X = 1040
MOVES = {"host": [(7, 7), (7, 8), (7, 9), (3, 3), (3, 4)], "guest": [(8, 8), (9, 9), (10, 10), (11, 3), (12, 3)]}


# ----------------------------------------------------------------- one window
def window(role: str, store_dir: Path, info: Path, status: Path) -> int:
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.app import App
    from game.net import LinkState
    from game.storage import Settings, UserStore

    name = "Alice" if role == "host" else "Bob"
    store = UserStore(root=store_dir)
    if role != "guest-again":
        store.save_settings(Settings(player_name=name, online_interface="127.0.0.1", online_port=0,
                                     discovery_interface="127.0.0.1", discovery_address="127.0.0.1", clock_minutes=5))
    app = App(store=store, size=WINDOW, fullscreen=False)
    pygame.display.set_caption(f"Gomoku - {role}")
    moves = list(MOVES["host" if role == "host" else "guest"])
    if role == "host":
        app.manager.switch("online_host")
        app.step(dt=1 / 60)
        app.manager.current.perform("start")
        app.step(dt=1 / 60)
        host = app.manager.current.endpoint
        _write(info, {"address": host.address[0], "port": host.address[1], "code": host.code})
    elif role == "guest":
        details = json.loads(info.read_text())
        app.manager.switch("online_join", discovery_port=0)
        app.step(dt=1 / 60)
        scene = app.manager.current
        scene.address_field.text = f"{details['address']}:{details['port']}"
        scene.code_field.text = details["code"]
        scene.perform("join")
    last_move = time.monotonic()
    stop = time.monotonic() + 180
    while time.monotonic() < stop and app.step():  # the real pacing: redraws as the scene asks
        scene = app.manager.current
        report = {"scene": app.manager.current_name, "time": time.monotonic()}
        endpoint = getattr(scene, "endpoint", None)
        session = getattr(scene, "session", None)
        if endpoint is not None:
            report["state"] = endpoint.state.value
        if session is not None:
            report["ply"] = session.ply
            if scene.playing and session.my_turn and not session.game.is_over and moves \
                    and time.monotonic() - last_move > 0.6:
                point = moves.pop(0)
                if session.game.board.is_empty(point):
                    scene.place(point)
                last_move = time.monotonic()
            report["moves_left"] = len(moves)
        entry = scene.focus.find("resume_online") if app.manager.current_name == "menu" else None
        if entry is not None and entry.visible:
            report["resume_entry"] = [entry.rect.centerx, entry.rect.centery, entry.label]
        _write(status, report)
    app.close()
    return 0


def _write(path: Path, data: dict) -> None:
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(data))
    os.replace(temp, path)


# ----------------------------------------------------------------- the conductor
def read(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


def wait_for(path: Path, check, seconds: float = 20.0) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        data = read(path)
        if data and check(data):
            return data
        time.sleep(0.1)
    raise SystemExit(f"timed out waiting on {path.name}: {read(path)}")


def shoot(out: Path, name: str) -> None:
    time.sleep(0.5)
    path = out / f"{name}.png"
    subprocess.run(["import", "-window", "root", str(path)], check=True, timeout=30)
    print(path, flush=True)


def conduct(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        (work / "host").mkdir()
        (work / "guest").mkdir()
        info, host_status, guest_status = work / "info.json", work / "host.json", work / "guest.json"
        me = [sys.executable, str(Path(__file__).resolve())]

        def start(role: str, x: int, store: str, status: Path) -> subprocess.Popen:
            env = dict(os.environ, SDL_VIDEO_WINDOW_POS=f"{x},0", SDL_AUDIODRIVER="dummy")
            return subprocess.Popen(me + ["--role", role, "--store", str(work / store), "--info", str(info),
                                          "--status", str(status)], env=env, cwd=ROOT)

        host = start("host", 0, "host", host_status)
        guest = None
        try:
            wait_for(info, lambda d: "code" in d)
            wait_for(host_status, lambda d: d.get("state") == "waiting")
            shoot(out, "1-host-waiting")
            guest = start("guest", GUEST_X, "guest", guest_status)
            wait_for(guest_status, lambda d: d.get("ply", 0) >= 4 and d.get("state") == "playing")
            shoot(out, "2-both-playing")
            guest.send_signal(signal.SIGKILL)  # the guest's program dies mid-game
            guest.wait(10)
            wait_for(host_status, lambda d: d.get("state") == "waiting")
            shoot(out, "3-guest-killed-host-waits")
            guest = start("guest-again", GUEST_X, "guest", guest_status)
            entry = wait_for(guest_status, lambda d: "resume_entry" in d)["resume_entry"]
            shoot(out, "4-guest-menu-offers-resume")
            subprocess.run(["xdotool", "mousemove", str(GUEST_X + entry[0]), str(entry[1])], check=True, timeout=10)
            time.sleep(0.3)
            subprocess.run(["xdotool", "click", "1"], check=True, timeout=10)
            wait_for(guest_status, lambda d: d.get("state") == "playing")
            wait_for(host_status, lambda d: d.get("state") == "playing")
            time.sleep(1.5)
            shoot(out, "5-resumed-from-the-menu")
            host.send_signal(signal.SIGKILL)  # now the host's program dies
            host.wait(10)
            wait_for(guest_status, lambda d: d.get("state") == "dropped", seconds=30)
            shoot(out, "6-host-killed-guest-sees")
        finally:
            for process in (host, guest):
                if process is not None and process.poll() is None:
                    process.send_signal(signal.SIGKILL)
                    process.wait(10)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, nargs="?")
    parser.add_argument("--role", choices=["host", "guest", "guest-again"])
    parser.add_argument("--store", type=Path)
    parser.add_argument("--info", type=Path)
    parser.add_argument("--status", type=Path)
    args = parser.parse_args()
    if args.role:
        return window(args.role, args.store, args.info, args.status)
    if args.out is None:
        parser.error("OUT_DIR is needed")
    return conduct(args.out)


if __name__ == "__main__":
    raise SystemExit(main())
