#!/usr/bin/env python3
"""Render the Puzzles screen in its three states to look at: solved, failed (the refutation
played out) and hinted (the area, then the move), in English and Chinese at three sizes.

    Xvfb :93 -screen 0 1920x1200x24 &
    SDL_VIDEODRIVER=x11 DISPLAY=:93 python build_scripts/puzzle_screenshots.py [OUT_DIR]

For each language (en, zh) and window (760x540, 1120x800, 1920x1080) writes
solved-, hinted-solved-, fresh-, failed-<lang>-<size>.png, hint-<lang>-<size>.png (the area) and
hint2-<lang>-<size>.png (the move) into OUT_DIR (default runs/screenshots/puzzles, not
committed). The puzzles are the bundled set's, picked by a fixed seed (the layout test,
tests/gui/test_gui_text_fits.py, opens the same states). A throwaway store keeps the
player's puzzle rating and settings untouched. Without a display it falls back to SDL's
dummy driver.
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
sys.path.insert(0, str(ROOT / "build_scripts"))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.storage import Settings, UserStore  # noqa: E402
from screenshots import frames, shoot  # noqa: E402  (the sibling script: same helpers)

SIZES = ((760, 540), (1120, 800), (1920, 1080))
#: state -> how the screen is opened (scenes/puzzles/scene.py `enter`); one seed a state, so
#: each shows a different puzzle.
STATES = {
    "solved": {"seed": 3, "demo": "solved"},
    "failed": {"seed": 1, "demo": "failed"},
    "hint": {"seed": 2, "demo": "hint"},
    "hinted-solved": {"seed": 3, "demo": "hinted-solved"},  # one sentence, not two that disagree
    "fresh": {"seed": 4},  # just opened: Next unlit; the first puzzle is of the player's rule
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "runs" / "screenshots" / "puzzles")
    parser.add_argument("--size", help="one window size only, WxH")
    args = parser.parse_args(argv)
    sizes = [tuple(map(int, args.size.split("x")))] if args.size else SIZES
    args.out.mkdir(parents=True, exist_ok=True)
    written, driver = [], ""
    for language in ("en", "zh"):
        for width, height in sizes:
            scratch = tempfile.TemporaryDirectory()
            store = UserStore(root=Path(scratch.name))
            store.save_settings(Settings(language=language))
            app = App(store=store, size=(width, height), fullscreen=False)
            driver = pygame.display.get_driver()
            tag = f"{language}-{width}x{height}"
            try:
                for state, params in STATES.items():
                    app.manager.switch("puzzles", **params)
                    frames(app, 10)
                    written.append(shoot(app, args.out, f"{state}-{tag}"))
                app.manager.current.perform("hint")  # the second hint names the move
                frames(app, 10)
                written.append(shoot(app, args.out, f"hint2-{tag}"))
            finally:
                app.close()
                scratch.cleanup()
    for path in written:
        print(path)
    print(f"{len(written)} screenshots, SDL video driver {driver}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
