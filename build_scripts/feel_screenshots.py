#!/usr/bin/env python3
"""Screenshots of issue 56's play-feel fixes, from the real app (run it under Xvfb for a real window).

    SDL_VIDEODRIVER=x11 DISPLAY=:57 python build_scripts/feel_screenshots.py OUT_DIR [--size 1120x800]

Writes: swap2_teaching.png (teaching mode on, swap2: the computer has chosen a colour and the
status says who plays which colour now), proof_end.png (the review's "Show proof" played to its
last stone with no input), thinking.png (the computer thinking: the spinner), forbidden_hover.png
(the pointer on a forbidden point: the status names its kind), forbidden_loss.png (the result
screen after black played one). The store lives in a temporary folder.
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
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "gui"))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.engine import Limit  # noqa: E402
from game.model import Game, GameConfig, Player  # noqa: E402
from game.rules import Rule  # noqa: E402
from game.rules.opening import OpeningRule  # noqa: E402
from game.storage import Settings, UserStore  # noqa: E402


def run(app: App, seconds: float, until=None) -> None:
    """The real loop (real time, real pacing) for `seconds`, or until `until()` holds."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not (until is not None and until()):
        app.step()


def shoot(app: App, out: Path, name: str) -> None:
    pygame.image.save(app.screen, str(out / f"{name}.png"))
    print("wrote", out / f"{name}.png", flush=True)


def move_to(app: App, point) -> None:
    pos = app.manager.current.layout.grid.pixel_of(point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def click(app: App, point) -> None:
    pos = app.manager.current.layout.grid.pixel_of(point)
    move_to(app, point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run(app, 0.3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", default="1120x800")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    size = tuple(int(v) for v in args.size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        store = UserStore(root=Path(folder))
        store.save_settings(Settings(teaching_mode=True))
        app = App(store=store, size=size, fullscreen=False)
        try:
            # 1 and 13: teaching mode, swap2, the computer chooses after the player's three stones
            game = Game(GameConfig(opening=OpeningRule.SWAP2, black=Player.human("Player"), white=Player.ai("1300")))
            app.manager.switch("play", game=game)
            run(app, 0.5)
            for point in [(7, 7), (8, 6), (9, 9)]:
                click(app, point)
            run(app, 60, until=lambda: game.opening_actor is None or game.move_count > 3)
            run(app, 0.3)
            shoot(app, args.out, "swap2_teaching")
            # 4: the computer thinking (its spinner)
            from game.scenes.play.engine_jobs import EngineJobs

            EngineJobs._move_limit = lambda jobs, level: Limit(time_ms=20_000)
            thinking = Game(GameConfig(black=Player.human("Player"), white=Player.ai("master")))
            for point in [(7, 7), (8, 8), (7, 8), (6, 9), (8, 7)]:
                thinking.play(point)
            app.manager.switch("play", game=thinking)
            run(app, 1.5)
            shoot(app, args.out, "thinking")
            app.manager.current.jobs.stop()
            # 14: a forbidden point under the pointer, then played (it loses)
            renju = Game(GameConfig(rule=Rule.RENJU, black=Player.human("Player"), white=Player.ai("1300")))
            for point in [(5, 7), (0, 0), (6, 7), (0, 14), (7, 5), (14, 0), (7, 6), (14, 14)]:
                renju.play(point)
            app.manager.switch("play", game=renju)
            run(app, 0.5)
            move_to(app, (7, 7))
            run(app, 0.5)
            shoot(app, args.out, "forbidden_hover")
            click(app, (7, 7))
            run(app, 1.0)
            shoot(app, args.out, "forbidden_loss")
            # 2: the review's proof played out to its last stone, nobody touching anything
            from test_coach_review import MOVES, FakeRunner, hand_made_review

            import game.scenes.coach_review.scene as review_scene
            from game.records import GameRecord

            review_scene.ReviewRunner = FakeRunner
            app.manager.switch("coach_review", record=GameRecord(size=15, rule=Rule.FREESTYLE, moves=list(MOVES)))
            run(app, 0.3)
            FakeRunner.made[-1].result = hand_made_review()
            run(app, 0.5)
            scene = app.manager.current
            scene.go_to(5)
            scene.show_proof()
            run(app, 4.0)
            shoot(app, args.out, "proof_end")
        finally:
            app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
