#!/usr/bin/env python3
"""Screens of the strength ladder and the player's rating, in English and Chinese at three sizes.

    python build_scripts/rating_screenshots.py [OUT_DIR]

For each language (en, zh) and window (760x540, 1120x800, 1920x1080) writes
menu-<lang>-<size>.png (the full ladder chosen, with the rung's description and the level
the rating suggests), result-<lang>-<size>.png (a rated win and its rating change) and
stats-<lang>-<size>.png (the rating with its uncertainty and the history graph) into OUT_DIR
(default runs/screenshots/rating, not committed). A store in a temporary folder holds a
made-up history of rated games, so the player's own files are never touched.
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
from game.rating.glicko2 import Rating, rate_game  # noqa: E402
from game.rating.ladder import LADDER_VERSION, opponent_rating  # noqa: E402
from game.engine import Level  # noqa: E402
from game.storage import Settings, UserStore  # noqa: E402
from game.storage.rating_store import START, PlayerRating  # noqa: E402

SIZES = ((760, 540), (1120, 800), (1920, 1080))
WIN = [(7, 7), (7, 8), (8, 7), (8, 8), (6, 7), (6, 8), (9, 7), (10, 7), (5, 7)]
#: A made-up run of results against the rungs Adaptive would pick: (rung, score).
HISTORY = [("1100", 1), ("1400", 1), ("1550", 0), ("1400", 1), ("1550", 1), ("1850", 0), ("1550", 0.5),
           ("1550", 1), ("1850", 0), ("1550", 1), ("1850", 1), ("2000", 0)]


def rated_history() -> PlayerRating:
    player, rating = PlayerRating(ladder_version=LADDER_VERSION), START
    for rung, score in HISTORY:
        opponent = opponent_rating(Level(rung))
        rating = rate_game(rating, opponent, score)
        player = player.after(rung, opponent.rating, score, rating)
    return player


def frames(app: App, count: int = 3) -> None:
    for _ in range(count):
        app.step(dt=1 / 60)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "runs" / "screenshots" / "rating")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    written = []
    for language in ("en", "zh"):
        for width, height in SIZES:
            scratch = tempfile.TemporaryDirectory()
            store = UserStore(root=Path(scratch.name))
            store.save_settings(Settings(language=language, ai_level="ladder", ladder_rung="1550"))
            store.save_rating(rated_history(), LADDER_VERSION)
            app = App(store=store, size=(width, height), fullscreen=False)
            tag = f"{language}-{width}x{height}"
            try:
                frames(app)
                written.append(_shoot(app, args.out, f"menu-{tag}"))
                game = Game(GameConfig(black=Player.human("Player"), white=Player.ai("1550")))
                for point in WIN:
                    game.play(point)
                app.record_result(game)  # rated: the change shows on the result screen
                app.manager.switch("result", game=game, rating=app.ratings.outcome(game))
                frames(app, 10)
                written.append(_shoot(app, args.out, f"result-{tag}"))
                app.manager.switch("stats")
                frames(app)
                written.append(_shoot(app, args.out, f"stats-{tag}"))
            finally:
                app.close()
                scratch.cleanup()
    for path in written:
        print(path)
    return 0


def _shoot(app: App, out: Path, name: str) -> Path:
    path = out / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


if __name__ == "__main__":
    raise SystemExit(main())
