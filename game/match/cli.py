"""`gomoku match "CMD A" "CMD B" --games N --time-ms T [--openings FILE]`: a headless engine match.

Players are brain commands or paths (run from their own folder), or "builtin:<level>" for our
engine. Prints one line per game and then the score from A's side with an Elo estimate and
its 95% interval. The same MatchRunner drives the Watch screen.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Sequence, TextIO

from game.console import attach_parent_console
from game.rules import Rule

from .elo import format_elo
from .game_runner import GameResult
from .match_runner import MatchRunner
from .openings import OpeningsError, default_openings, load_openings
from .players import PlayerSpecError, parse_player
from .records import save_game_result

POLL_SECONDS = 0.005


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="gomoku match",
        description="Play a match between two Gomocup brains (or built-in levels) and print the score with an Elo estimate.",
        epilog='Players: a brain\'s path or command line ("/engines/pbrain-rapfi", "python3 my_brain.py"), '
        'or builtin:beginner|casual|strong|master. Game i starts from opening i//2; colours swap every game.',
    )
    parser.add_argument("a", metavar="A", help="player A")
    parser.add_argument("b", metavar="B", help="player B")
    parser.add_argument("--games", type=int, default=2, help="number of games (default 2)")
    parser.add_argument("--time-ms", type=int, default=1000, help="time per move in milliseconds (default 1000)")
    parser.add_argument("--grace-ms", type=int, default=None, help="extra time before a late brain loses (default 1000)")
    parser.add_argument("--openings", type=Path, help="openings file (default: the game's balanced openings)")
    parser.add_argument("--no-openings", action="store_true", help="start every game on an empty board")
    parser.add_argument("--rule", choices=[rule.value for rule in Rule], default=Rule.FREESTYLE.value)
    parser.add_argument("--size", type=int, default=15, choices=(15, 19, 20))
    parser.add_argument("--records", type=Path, metavar="DIR", help="save every game as SGF and PSQ in DIR")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.time_ms < 10:
        parser.error("--time-ms must be at least 10")
    return args


def game_line(number: int, total: int, result: GameResult) -> str:
    winner = result.winner_name
    verdict = f"{winner} wins ({result.reason})" if winner else f"draw ({result.reason})"
    played = len(result.moves) - result.opening_stones
    detail = f" [{result.detail}]" if result.detail and result.reason != "five" else ""
    return (f"[{number}/{total}] black={result.black} white={result.white}  {result.score_text:>7}  "
            f"{verdict} after {played} moves{detail}")


def run_match(args: argparse.Namespace, out: TextIO) -> int:
    try:
        a, b = parse_player(args.a), parse_player(args.b)
        openings = None if args.no_openings else (load_openings(args.openings) if args.openings else default_openings())
    except (PlayerSpecError, OpeningsError, OSError) as error:
        print(f"gomoku match: {error}", file=sys.stderr)
        return 2

    def on_game_end(number: int, result: GameResult) -> None:
        print(game_line(number, args.games, result), file=out, flush=True)
        if args.records:
            try:
                save_game_result(result, args.records, f"game{number:03d}")
            except OSError as error:
                print(f"gomoku match: cannot save game {number} in {args.records}: {error}", file=sys.stderr)

    runner = MatchRunner(
        a, b, args.games, args.time_ms, openings, args.size, Rule(args.rule),
        grace_ms=args.grace_ms, on_game_end=on_game_end, wait_for_close=True,
    )
    openings_text = "empty board" if openings is None else f"{len(openings)} openings"
    print(f"match: {a.label} vs {b.label}, {args.games} games, {args.time_ms} ms/move, {args.rule} {args.size}x{args.size}, "
          f"{openings_text}", file=out, flush=True)
    try:
        while runner.step():
            time.sleep(POLL_SECONDS)
    except KeyboardInterrupt:
        runner.stop()
        print("match: stopped", file=out)
    finally:
        runner.close()
    score = runner.score
    print(f"{runner.names[0]} vs {runner.names[1]}: +{score.wins} -{score.losses} ={score.draws}, "
          f"score {100 * score.fraction:.1f}% for {runner.names[0]}", file=out)
    if score.games:
        low, high = score.elo_interval
        print(f"Elo difference (A - B): {format_elo(score.elo)}, 95% interval {format_elo(low)} to {format_elo(high)} "
              "(Wilson interval on the score; conservative)", file=out)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    attach_parent_console()
    args = parse_args(sys.argv[1:] if argv is None else argv)
    return run_match(args, sys.stdout)
