#!/usr/bin/env python3
"""Render the game's main screens to PNG files, headless (SDL dummy driver, no window needed).

    python build_scripts/screenshots.py [OUT_DIR] [--size 1120x800]

Writes menu.png, midgame.png, renju.png (black's forbidden points marked), result.png,
settings.png, board19.png and small.png (the minimum window) into OUT_DIR (default: runs/screenshots,
which is not committed). The app runs with a store in a temporary folder, so the player's real settings and
saves are never touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.model import Game, GameConfig, Player  # noqa: E402
from game.rules import Rule  # noqa: E402
from game.storage import UserStore  # noqa: E402
from game.ui.layout import MIN_WINDOW  # noqa: E402

MIDGAME = [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (6, 7), (7, 6), (9, 5), (6, 6), (8, 7), (10, 8), (5, 9), (7, 9), (10, 6)]
RENJU = [(5, 7), (0, 0), (6, 7), (14, 14), (7, 5), (0, 14), (7, 6), (14, 0), (9, 9), (10, 3)]
WIN = [(7, 7), (7, 8), (8, 7), (8, 8), (6, 7), (6, 8), (9, 7), (10, 7), (5, 7)]


def frames(app: App, count: int = 3) -> None:
    for _ in range(count):
        app.step(dt=1 / 60)


def shoot(app: App, out: Path, name: str) -> Path:
    path = out / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


def game_with(moves: list[tuple[int, int]], rule: Rule = Rule.FREESTYLE, size: int = 15, vs_ai: bool = True) -> Game:
    white = Player.ai("strong") if vs_ai else Player.human("White")
    game = Game(GameConfig(rule=rule, size=size, black=Player.human("Player"), white=white, undo_limit=3))
    for point in moves:
        game.play(point)
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "runs" / "screenshots")
    parser.add_argument("--size", default="1120x800")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    scratch = tempfile.TemporaryDirectory()  # a throwaway store: the player's files stay untouched
    store = UserStore(root=Path(scratch.name))
    app = App(store=store, size=(width, height), fullscreen=False)
    written = []
    try:
        frames(app)
        written.append(shoot(app, args.out, "menu"))

        app.manager.switch("settings")
        frames(app)
        written.append(shoot(app, args.out, "settings"))

        game = game_with(MIDGAME)
        game.undo()  # one take-back used, then the same move again: the counter shows 2 left
        game.play(MIDGAME[-2])
        game.play(MIDGAME[-1])
        app.manager.switch("play", game=game)
        frames(app)
        scene = app.manager.current
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.layout.grid.pixel_of((9, 6)), rel=(0, 0), buttons=(0, 0, 0)))
        frames(app)
        written.append(shoot(app, args.out, "midgame"))
        scene.perform("menu")
        frames(app)

        app.update_settings(app.settings.with_changes(rule="renju"))
        app.manager.switch("play", game=game_with(RENJU, Rule.RENJU, vs_ai=False))
        frames(app)
        written.append(shoot(app, args.out, "renju"))

        game = game_with(WIN, vs_ai=True)
        app.manager.switch("result", game=game)
        frames(app, 10)
        written.append(shoot(app, args.out, "result"))

        app.update_settings(app.settings.with_changes(show_move_numbers=True, rule="freestyle"))
        nineteen = game_with([(9 + dx, 9 + dy) for dx, dy in [(0, 0), (1, 1), (1, 0), (0, 1), (-1, 1), (2, 2), (2, -1), (-1, -1)]], size=19, vs_ai=False)
        app.manager.switch("play", game=nineteen)
        frames(app)
        written.append(shoot(app, args.out, "board19"))

        app.resize_window(MIN_WINDOW)
        app.update_settings(app.settings.with_changes(show_move_numbers=False))
        app.manager.switch("play", game=game_with(MIDGAME))
        frames(app)
        written.append(shoot(app, args.out, "small"))
    finally:
        app.close()
        scratch.cleanup()
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
