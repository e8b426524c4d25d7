#!/usr/bin/env python3
"""Render each opening-rule decision prompt to PNG files (for checking by eye).

    SDL_VIDEODRIVER=x11 DISPLAY=:92 python build_scripts/opening_screenshots.py [OUT_DIR]

Writes the swap1 and swap2 colour prompts (vs the computer and hot-seat, English and
Chinese), a person placing the opening stones, a named renju opening, and the menu and
Settings with the opening rows, into OUT_DIR (default runs/screenshots/openings, not
committed). A throwaway store keeps the player's real settings and saves untouched.
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
from game.rules.named_openings import named_opening  # noqa: E402
from game.rules.opening import Choice, OpeningRule  # noqa: E402
from game.storage import UserStore  # noqa: E402
from screenshots import frames, shoot  # noqa: E402  (the sibling script: same helpers)

OPENING = [(7, 7), (8, 6), (9, 9)]
EXTRA = [(6, 9), (10, 5)]


def swap_game(rule: OpeningRule, first: Player, second: Player, stones: list, choices: list[Choice] = ()) -> Game:
    game = Game(GameConfig(opening=rule, black=first, white=second, undo_limit=3))
    for point in stones[:3]:
        game.play(point)
    for choice in choices:
        game.choose(choice)
    for point in stones[3:]:
        game.play(point)
    return game


def hover(app: App, point) -> None:
    scene = app.manager.current
    pos = scene.layout.grid.pixel_of(point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "runs" / "screenshots" / "openings")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    scratch = tempfile.TemporaryDirectory()
    app = App(store=UserStore(root=Path(scratch.name)), size=(1120, 800), fullscreen=False)
    you, computer = Player.human("Player"), Player.ai("strong")
    written = []
    try:
        app.update_settings(app.settings.with_changes(opening="swap2"))
        app.manager.switch("menu")  # built again, with the opening row showing Swap2
        frames(app, 4)
        written.append(shoot(app, args.out, "menu"))
        app.manager.switch("settings")
        frames(app, 4)
        written.append(shoot(app, args.out, "settings"))

        shots = [
            ("swap1_choose", swap_game(OpeningRule.SWAP1, computer, you, OPENING)),
            ("swap2_choose", swap_game(OpeningRule.SWAP2, computer, you, OPENING)),
            ("swap2_choose_after_two", swap_game(OpeningRule.SWAP2, you, computer, OPENING + EXTRA, [Choice.PLACE_TWO])),
            ("swap2_hotseat_choose", swap_game(OpeningRule.SWAP2, Player.human("Black"), Player.human("White"), OPENING)),
            ("swap2_place_two", swap_game(OpeningRule.SWAP2, computer, you, OPENING + EXTRA[:1], [Choice.PLACE_TWO])),
        ]
        for name, game in shots:
            app.manager.switch("play", game=game)
            frames(app, 4)
            written.append(shoot(app, args.out, name))

        app.manager.switch("play", game=swap_game(OpeningRule.SWAP2, you, computer, OPENING[:1]))
        frames(app, 4)
        hover(app, (8, 6))
        frames(app, 4)
        written.append(shoot(app, args.out, "swap2_you_place"))

        kagetsu = named_opening("kagetsu")
        game = Game(GameConfig(rule=Rule.RENJU, opening=OpeningRule.NAMED, setup=kagetsu.stones(15), opening_name=kagetsu.key, black=computer, white=you))
        app.manager.switch("play", game=game)
        frames(app, 4)
        written.append(shoot(app, args.out, "named_opening"))
        app.manager.switch("menu")

        from game.ui.layout import MIN_WINDOW

        app.resize_window(MIN_WINDOW)
        app.manager.switch("play", game=swap_game(OpeningRule.SWAP2, computer, you, OPENING))
        frames(app, 4)
        written.append(shoot(app, args.out, "swap2_choose_small_window"))
        app.resize_window((1120, 800))

        app.update_settings(app.settings.with_changes(language="zh"))
        app.manager.switch("play", game=swap_game(OpeningRule.SWAP2, computer, you, OPENING))
        frames(app, 4)
        written.append(shoot(app, args.out, "swap2_choose_zh"))
        app.manager.switch("play", game=swap_game(OpeningRule.SWAP1, Player.human("Black"), Player.human("White"), OPENING))
        frames(app, 4)
        written.append(shoot(app, args.out, "swap1_hotseat_choose_zh"))
        app.manager.switch("menu")
    finally:
        app.close()
        scratch.cleanup()
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
