"""`gomoku analyse RECORD.sgf|.psq`: review a game record from the command line.

    python -m game analyse game.sgf                      # a verdict per move, then each side's summary
    python -m game analyse game.psq --json               # one JSON object per move (JSON Lines)
    python -m game analyse game.sgf --out reviewed.sgf   # also write the annotated record
    python -m game analyse game.sgf --time-ms 2000       # think longer per position

Exit status: 0 when the review was printed, 2 for a bad or illegal record (the message
names the file and the line), 130 when interrupted. No pygame is imported.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from pathlib import Path
from typing import TextIO

from game.console import attach_parent_console
from game.engine.analysis import Proof
from game.records import RecordError, atomic_write_text, load_record, point_to_notation
from game.rules import IllegalMoveError, Rule, Stone

from .annotated_sgf import write_annotated
from .describe import describe, move_line, summary_lines
from .review import DEFAULT_TIME_MS, GameReview, MoveReview, ReviewCancelled, review_game

BAD_RECORD = 2
INTERRUPTED = 130


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="gomoku analyse",
        description="Review a game record: a class for every move, the better move, and the proof of every tactical mistake.",
    )
    parser.add_argument("record", type=Path, help="the game record (.sgf or .psq)")
    parser.add_argument("--time-ms", type=int, default=DEFAULT_TIME_MS, metavar="N",
                        help=f"thinking time per position in milliseconds (default {DEFAULT_TIME_MS})")
    parser.add_argument("--out", type=Path, metavar="FILE.sgf", help="also write the record with the review as SGF comments")
    parser.add_argument("--json", action="store_true", help="print one JSON object per move instead of text")
    parser.add_argument("--lang", choices=("en", "zh"), help="language of the comments (default: the system's)")
    parser.add_argument("--rule", choices=[rule.value for rule in Rule], default=Rule.FREESTYLE.value,
                        help="the rule of a .psq record, which cannot store it (default freestyle)")
    args = parser.parse_args(argv)
    if args.time_ms < 10:
        parser.error(f"--time-ms must be at least 10, got {args.time_ms}")
    if args.out is not None and args.out.suffix.lower() != ".sgf":
        parser.error(f"--out must name an .sgf file, got {str(args.out)!r}")
    return args


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    if out is None and err is None:
        attach_parent_console()
    out = out or sys.stdout
    err = err or sys.stderr
    args = parse_args(sys.argv[1:] if argv is None else argv)
    lang = args.lang or _system_language()
    try:
        record = load_record(args.record, Rule(args.rule))
    except (RecordError, OSError) as error:
        print(f"gomoku analyse: {args.record}: {error}", file=err)
        return BAD_RECORD
    stop = threading.Event()
    try:
        review = review_game(record.size, record.rule, record.moves, args.time_ms, stop=stop,
                             on_progress=_progress_printer(err))
    except IllegalMoveError as error:  # load_record replays already; kept for records built by hand
        print(f"gomoku analyse: {args.record}: {error}", file=err)
        return BAD_RECORD
    except (KeyboardInterrupt, ReviewCancelled):
        print("gomoku analyse: interrupted", file=err)
        return INTERRUPTED
    if args.json:
        for move in review.moves:
            print(json.dumps(move_json(move, lang), ensure_ascii=False), file=out)
    else:
        for move in review.moves:
            print(move_line(move, lang), file=out)
        for line in summary_lines(review, lang):
            print(line, file=out)
    if args.out is not None:
        try:
            atomic_write_text(args.out, write_annotated(record, review, lang))
        except OSError as error:
            print(f"gomoku analyse: cannot write {args.out}: {error}", file=err)
            return 1
    return 0


def move_json(move: MoveReview, lang: str = "en") -> dict:
    """One move of the review as plain JSON values (points in notation, like "h8")."""
    size = move.board_size
    proof = move.proof
    return {
        "move": move.number,
        "point": point_to_notation(move.point, size),
        "colour": "black" if move.stone is Stone.BLACK else "white",
        "class": move.move_class.value,
        "score_before": move.score_before,
        "score_after": move.score_after,
        "chance_before": round(move.chance_before, 3),
        "chance_after": round(move.chance_after, 3),
        "best_move": None if move.best_move is None else point_to_notation(move.best_move, size),
        "best_line": [point_to_notation(p, size) for p in move.best_line],
        "in_forced_win": move.in_forced_win,
        "missed_win": move.missed_win is not None,
        "allowed_win": move.allowed_win is not None,
        "proof": None if proof is None else proof_json(proof, size),
        "comment": describe(move, lang),
    }


def proof_json(proof: Proof, size: int) -> dict:
    return {
        "attacker": "black" if proof.attacker is Stone.BLACK else "white",
        "kind": proof.kind,
        "attacker_moves": proof.attacker_moves,
        "line": [point_to_notation(p, size) for p in proof.line],
    }


def _progress_printer(err: TextIO):
    """Progress on one terminal line, only when stderr is a terminal (not in pipes or logs)."""
    if not hasattr(err, "isatty") or not err.isatty():
        return None

    def show(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\ranalysing position {done}/{total}", end=end, file=err, flush=True)

    return show


def _system_language() -> str:
    from game.i18n import set_language

    return set_language("")


__all__ = ["main", "move_json", "GameReview"]
