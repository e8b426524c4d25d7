"""`gomoku analyse RECORD|FOLDER ...`: review game records from the command line.

    python -m game analyse game.sgf                      # a verdict per move, then each side's summary
    python -m game analyse game.psq --json               # one JSON object per move (JSON Lines)
    python -m game analyse game.sgf --out reviewed.sgf   # also write the annotated record
    python -m game analyse game.sgf --time-ms 2000       # think longer per position
    python -m game analyse games/ a.sgf b.psq            # many records (folders recursively): a summary each, and a total
    python -m game analyse games/ --json all.json --csv all.csv --time-ms 200

One record gives the review move by move. Several records, a folder, or ``--json FILE`` /
``--csv FILE`` give the batch (game/coach/batch.py): per game the players, the result, each
side's accuracy and moves per class, and the worst moment, then the total; progress goes to
stderr, one line per record ("[3/50] games/a.sgf"). A record that cannot be read is reported
by name with the reason and the others go on.

Exit status: 0 when every record was reviewed; 2 for a bad or illegal record (the message
names the file and the line; in a batch, when at least one was refused); 1 when an output
file cannot be written; 130 when interrupted (a batch still prints and writes what it
finished). No pygame is imported.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from pathlib import Path
from typing import TextIO

from game.console import attach_parent_console
from game.engine import Proof
from game.i18n import tr_in
from game.records import RecordError, atomic_write_text, load_record, point_to_notation
from game.rules import IllegalMoveError, Rule, Stone

from .annotated_sgf import write_annotated
from .batch import BatchResult, Failure, GameSummary, Totals, analyse_records, batch_csv, batch_json, find_records
from .describe import describe, move_line, side_name, summary_line, summary_lines
from .review import DEFAULT_TIME_MS, GameReview, MoveReview, PlayerSummary, ReviewCancelled, review_game

BAD_RECORD = 2
INTERRUPTED = 130


#: `--json` given without a file: the single-record JSON Lines on stdout.
JSON_LINES = "-"


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="gomoku analyse",
        description="Review game records: a class for every move, the better move, and the proof of every tactical mistake. "
        "Several records or folders get a summary per game and a total.",
    )
    parser.add_argument("records", type=Path, nargs="*", metavar="RECORD",
                        help="game records (.sgf or .psq), or folders searched recursively for them")
    parser.add_argument("--time-ms", type=int, default=DEFAULT_TIME_MS, metavar="N",
                        help=f"thinking time per position in milliseconds (default {DEFAULT_TIME_MS})")
    parser.add_argument("--out", type=Path, metavar="FILE.sgf",
                        help="one record only: also write it with the review as SGF comments")
    parser.add_argument("--json", nargs="?", const=JSON_LINES, metavar="FILE",
                        help="without FILE (one record): print one JSON object per move instead of text; "
                        "with FILE: write the batch summary there as JSON")
    parser.add_argument("--csv", type=Path, metavar="FILE", help="write the batch summary there as CSV, one row per record")
    parser.add_argument("--lang", choices=("en", "zh"), help="language of the comments (default: the system's)")
    parser.add_argument("--rule", choices=[rule.value for rule in Rule], default=Rule.FREESTYLE.value,
                        help="the rule of a .psq record, which cannot store it (default freestyle)")
    args = parser.parse_args(argv)
    if args.time_ms < 10:
        parser.error(f"--time-ms must be at least 10, got {args.time_ms}")
    if args.out is not None and args.out.suffix.lower() != ".sgf":
        parser.error(f"--out must name an .sgf file, got {str(args.out)!r}")
    if args.json not in (None, JSON_LINES) and _is_record_or_folder(Path(args.json)):
        # `--json game.sgf` is the old flag before a record, never an output file to overwrite
        args.records.insert(0, Path(args.json))
        args.json = JSON_LINES
    if args.csv is not None and _is_record_or_folder(args.csv):
        parser.error(f"--csv {str(args.csv)!r} names a record or a folder, not an output file")
    if not args.records:
        parser.error("give at least one record (.sgf or .psq) or folder")
    args.batch = (
        len(args.records) > 1
        or any(path.is_dir() for path in args.records)
        or args.json not in (None, JSON_LINES)
        or args.csv is not None
    )
    if args.batch and args.out is not None:
        parser.error("--out writes one annotated record; give a single record with it")
    if args.batch and args.json == JSON_LINES:
        parser.error("--json without FILE prints one record's moves; for several records give --json FILE")
    return args


def _is_record_or_folder(path: Path) -> bool:
    return path.suffix.lower() in (".sgf", ".psq") or path.is_dir()


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    if out is None and err is None:
        attach_parent_console()
    out = out or sys.stdout
    err = err or sys.stderr
    args = parse_args(sys.argv[1:] if argv is None else argv)
    lang = args.lang or _system_language()
    if args.batch:
        return run_batch(args, lang, out, err)
    return review_one(args, lang, out, err)


def review_one(args: argparse.Namespace, lang: str, out: TextIO, err: TextIO) -> int:
    """The single-record review: a verdict per move (text or JSON Lines), and optionally the annotated SGF."""
    path = args.records[0]
    try:
        record = load_record(path, Rule(args.rule))
    except (RecordError, OSError) as error:
        print(f"gomoku analyse: {path}: {error}", file=err)
        return BAD_RECORD
    stop = threading.Event()
    try:
        review = review_game(record.size, record.rule, record.moves, args.time_ms, stop=stop,
                             on_progress=_progress_printer(err))
    except IllegalMoveError as error:  # load_record replays already; kept for records built by hand
        print(f"gomoku analyse: {path}: {error}", file=err)
        return BAD_RECORD
    except (KeyboardInterrupt, ReviewCancelled):
        print("gomoku analyse: interrupted", file=err)
        return INTERRUPTED
    if args.json == JSON_LINES:
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


def run_batch(args: argparse.Namespace, lang: str, out: TextIO, err: TextIO) -> int:
    """Review every record found, print a summary per game and the total, write the files asked for."""
    paths, missing = find_records(args.records)
    for failure in missing:
        print(tr_in(lang, "coach.batch.failed", name=failure.path, reason=failure.reason), file=out)

    def started(index: int, total: int, path: Path) -> None:
        print(f"[{index}/{total}] {path}", file=err, flush=True)

    def finished(outcome: GameSummary | Failure) -> None:
        for line in game_lines(outcome, lang):
            print(line, file=out, flush=True)

    result = analyse_records(paths, args.time_ms, Rule(args.rule), lang, on_start=started, on_done=finished)
    if result.interrupted:
        done = len(result.games) + len(result.failures)
        print(tr_in(lang, "coach.batch.interrupted", done=done, total=len(paths)), file=err)
    result = BatchResult(result.games, tuple(missing) + result.failures, result.interrupted)
    for line in total_lines(result.totals, lang):
        print(line, file=out)
    status = INTERRUPTED if result.interrupted else BAD_RECORD if result.failures else 0
    writes = []
    if args.json not in (None, JSON_LINES):
        writes.append((Path(args.json), batch_json(result, args.time_ms)))
    if args.csv is not None:
        writes.append((args.csv, batch_csv(result)))
    for target, text in writes:
        try:
            atomic_write_text(target, text)
        except OSError as error:
            print(f"gomoku analyse: cannot write {target}: {error}", file=err)
            status = status or 1
    return status


def game_lines(outcome: GameSummary | Failure, lang: str = "en") -> list[str]:
    """A reviewed game's summary (header, one line per side, the worst moment), or a refused record's reason."""
    if isinstance(outcome, Failure):
        return [tr_in(lang, "coach.batch.failed", name=outcome.path, reason=outcome.reason)]
    unnamed = tr_in(lang, "coach.batch.unnamed")
    lines = [tr_in(lang, "coach.batch.game", name=outcome.path, black=outcome.black or unnamed,
                   white=outcome.white or unnamed, result=result_text(outcome.result, lang), moves=outcome.moves)]
    lines += ["  " + summary_line(stone, outcome.sides[stone], lang) for stone in (Stone.BLACK, Stone.WHITE)]
    worst = outcome.worst
    lines.append("  " + (tr_in(lang, "coach.batch.worst", line=worst.verdict) if worst else tr_in(lang, "coach.batch.no_worst")))
    return lines


def total_lines(totals: Totals, lang: str = "en") -> list[str]:
    lines = [tr_in(lang, "coach.batch.total", games=totals.games, failed=totals.failed, moves=totals.moves, **totals.wins)]
    for stone in (Stone.BLACK, Stone.WHITE):
        side = PlayerSummary(totals.accuracy[stone], totals.counts[stone])
        lines.append("  " + summary_line(stone, side, lang))
    return lines


def result_text(code: str, lang: str = "en") -> str:
    """A `batch.result_code` in words: "Black won (five)", "draw", ..."""
    if code in ("draw", "unfinished"):
        return tr_in(lang, f"coach.batch.{code}")
    side = side_name(Stone.BLACK if code.startswith("B") else Stone.WHITE, lang)
    reason = code[2:]
    if not reason:
        return tr_in(lang, "coach.batch.won", side=side)
    return tr_in(lang, "coach.batch.won_by", side=side, reason=tr_in(lang, f"coach.reason.{reason}"))


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
