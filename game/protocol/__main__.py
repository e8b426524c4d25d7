"""Entry point of the Gomocup brain: ``pbrain-gomoku`` or ``python -m game.protocol``.

stdout belongs to the protocol alone: the real stdout is handed to the brain and
`sys.stdout` is pointed at stderr, so a stray print anywhere cannot corrupt the
conversation. Logging goes to ``--log FILE`` (or only warnings to stderr).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
from typing import Sequence

from game.engine import Level

from .loop import Brain

#: How long the search may take to notice END before the process exits regardless.
END_GRACE_SECONDS = 2.0


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="pbrain-gomoku", description="Gomocup-protocol Gomoku brain.")
    parser.add_argument(
        "--level",
        choices=[level.value for level in Level],
        default=Level.MASTER.value,
        help="engine difficulty (default: master, the strongest)",
    )
    parser.add_argument("--log", metavar="FILE", help="write a debug log of the conversation to FILE")
    parser.add_argument("--seed", type=int, default=0, help="seed for the engine's choices (default 0)")
    return parser.parse_args(argv)


def configure_logging(path: str | None) -> None:
    """Debug log to `path`, or warnings to stderr. An unusable path is reported, not fatal:
    a brain that cannot log can still play."""
    root = logging.getLogger()
    handler: logging.Handler = logging.StreamHandler(sys.stderr)
    root.setLevel(logging.WARNING)
    if path:
        try:
            handler = logging.FileHandler(path, encoding="utf-8")
            root.setLevel(logging.DEBUG)
        except OSError as problem:
            print(f"pbrain-gomoku: cannot write the log {path!r}: {problem}; logging to stderr", file=sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)


def _exit_after_grace() -> None:
    """Arm a timer that ends the process if the loop has not returned shortly after END."""
    timer = threading.Timer(END_GRACE_SECONDS, lambda: os._exit(0))
    timer.daemon = True
    timer.start()


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    configure_logging(args.log)
    # Bytes that are not UTF-8 must not kill the reader; a closed pipe must not garble output.
    for stream in (sys.stdin, sys.stdout):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    protocol_out = sys.stdout
    sys.stdout = sys.stderr
    brain = Brain(protocol_out, level=Level(args.level), seed=args.seed, on_end=_exit_after_grace)
    logging.getLogger(__name__).info("brain started: level %s, seed %d", args.level, args.seed)
    brain.run(sys.stdin)
    return 0


if __name__ == "__main__":
    sys.exit(main())
