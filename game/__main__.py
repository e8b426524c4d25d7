"""`python -m game` starts the desktop game; `python -m game brain [...]` runs the Gomocup brain;
`python -m game analyse RECORD` reviews a game record (game/coach/cli.py).

pygame is imported only once the window is about to open, so `--help`, the brain and a frozen
build's worker processes (which re-enter here) stay light. `freeze_support` must run first: the
PyInstaller build starts the engine worker process through this entry point, and one frozen
executable serves as both the game and the brain.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="gomoku",
        description="Gomoku (five in a row) against the computer or a friend.",
        epilog="'gomoku brain --help' lists the options of the Gomocup-protocol brain; "
        "'gomoku match --help' plays engines against each other.",
    )
    parser.add_argument("--data-dir", type=Path, help="keep settings, statistics and saves in this folder")
    parser.add_argument("--windowed", action="store_true", help="start in a window even if full screen is saved")
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x860")
    parser.add_argument("--frames", type=int, help=argparse.SUPPRESS)  # smoke tests: quit after N frames
    parser.add_argument("--self-test", action="store_true", help="check assets and the engine worker, then exit")
    return parser.parse_args(argv)


def _window_size(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size must look like 1280x860, got {text!r}") from None
    return width, height


def _store(data_dir: Path | None) -> object | None:
    if data_dir is None:
        return None
    from game.storage import UserStore

    return UserStore(root=data_dir)


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["brain"]:
        from game.protocol.__main__ import main as brain_main

        return brain_main(argv[1:])
    if argv[:1] == ["analyse"]:
        from game.coach.cli import main as analyse_main

        return analyse_main(argv[1:])
    if argv[:1] == ["match"]:  # a headless engine match (game/match/cli.py)
        from game.match.cli import main as match_main

        return match_main(argv[1:])
    args = parse_args(argv)
    from game.logs import setup_logging

    # before anything can print: a windowed build has no stdout/stderr
    setup_logging(args.data_dir / "logs" if args.data_dir else None)
    if args.self_test:
        from game.selftest import run_self_test

        return run_self_test()
    from game.app import App  # imports pygame: only now that the window is wanted

    app = App(store=_store(args.data_dir), size=_window_size(args.size), fullscreen=False if args.windowed else None)
    try:
        app.run(max_frames=args.frames)
        if args.frames == 1:  # build_scripts/measure_startup.py: the first frame is on screen
            from game.startup_timing import report_first_frame

            report_first_frame()
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
