#!/usr/bin/env python3
"""Screenshots of the external-engine screens: the engine list, a game against an external
engine, and Watch mode, with real brain processes (our own pbrain-gomoku from this venv).

    python build_scripts/engine_screenshots.py [OUT_DIR] [--size 1120x800]

Runs under whatever SDL video driver is set (use Xvfb for the real X11 path); the store lives
in a temporary folder. Writes engines.png, menu_engine.png, vs_engine.png, vs_engine_analysis.png, watch_setup.png, watch.png.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.storage import Settings, UserStore  # noqa: E402
from game.storage.engines import WORKS  # noqa: E402


def run(app: App, seconds: float, until=None) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not (until and until()):
        app.step()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "runs" / "screenshots-engines"))
    parser.add_argument("--size", default="1120x800")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    size = tuple(int(v) for v in args.size.split("x"))
    brain = str(Path(sys.executable).parent / "pbrain-gomoku")
    crashing = f'"{sys.executable}" "{ROOT / "tests" / "protocol" / "fake_brain.py"}" --fault crash'
    with tempfile.TemporaryDirectory() as folder:
        store = UserStore(root=Path(folder))
        store.save_settings(Settings(
            engines=(
                {"command": brain, "name": "GomokuDesktop", "status": WORKS},
                {"command": crashing, "name": "FakeBrain", "status": ""},
                {"command": "/home/player/engines/rapfi/pbrain-rapfi", "name": "Rapfi", "status": WORKS},
            ),
            opponent_engine=brain, hint_engine=brain, analysis_engine=brain, engine_move_ms=500, human_colour="white",
        ))
        app = App(store=store, size=size, fullscreen=False)
        app.manager.switch("engines")
        run(app, 0.3)
        scene = app.manager.current
        scene.start_test(crashing)
        run(app, 15, lambda: not scene.tests)
        scene.field.text = "/home/player/engines/embryo/pbrain-embryo21_e"
        run(app, 0.3)
        pygame.image.save(app.screen, str(out / "engines.png"))
        app.manager.switch("menu")
        run(app, 0.3)
        pygame.image.save(app.screen, str(out / "menu_engine.png"))
        from game.scenes.menu.setup import VS_AI, new_game

        app.manager.switch("play", game=new_game(app.settings, VS_AI))
        run(app, 0.3)
        play = app.manager.current
        for reply in ((6, 6), (8, 6), (6, 8)):
            run(app, 20, lambda: play.game.is_ai_turn is False and play.jobs.job is None)
            empty = reply if play.game.board.is_empty(reply) else next(play.game.board.empty_points())
            play.place(empty)
        run(app, 20, lambda: play.game.is_ai_turn is False and play.jobs.job is None)
        play.ask_hint()
        run(app, 20, lambda: play.hint is not None)
        run(app, 0.5)
        pygame.image.save(app.screen, str(out / "vs_engine.png"))
        play.perform("analysis")  # the analysis panel, with the external engine as the analyst
        run(app, 20, lambda: play.coach.analysis.latest is not None)
        run(app, 0.5)
        pygame.image.save(app.screen, str(out / "vs_engine_analysis.png"))
        app.manager.switch("watch")
        run(app, 0.3)
        pygame.image.save(app.screen, str(out / "watch_setup.png"))
        watch = app.manager.current
        watch.picks.update(player_a=brain, player_b="builtin:strong", move_time=250, games=4)
        watch.start()
        run(app, 90, lambda: watch.runner.score.games >= 1 and watch.shown is not None and watch.shown.board.move_count >= 12)
        pygame.image.save(app.screen, str(out / "watch.png"))
        app.close()
    print(f"wrote screenshots to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
