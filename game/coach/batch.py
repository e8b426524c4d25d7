"""Reviewing many game records in one go: `gomoku analyse FOLDER a.sgf b.psq ...`.

Folders are searched recursively for .sgf and .psq files. Each record is reviewed by the
coach (`review_game`) and summed up as a `GameSummary`: the players, the result, each side's
accuracy and moves per class, and the worst moment (the flagged move with the biggest drop
in winning chance). A record that cannot be read or replayed becomes a `Failure` naming the
file and the reason, and the batch goes on. The summaries can be written as JSON or CSV.

No pygame, no printing: the command line (`cli`) does the talking.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from game.records import GameRecord, RecordError, load_record, point_to_notation, replay_moves
from game.records.files import FORMATS
from game.rules import IllegalMoveError, Rule, Stone

from .classify import MoveClass
from .describe import move_line
from .review import GameReview, MoveReview, PlayerSummary, ReviewCancelled, review_game

log = logging.getLogger(__name__)

SIDES = (Stone.BLACK, Stone.WHITE)


@dataclass(frozen=True)
class WorstMoment:
    """The move that cost its side the most winning chance, with the coach's verdict in words."""

    number: int
    stone: Stone
    point: str          # in notation, like "j7"
    move_class: MoveClass
    drop: float         # the mover's lost winning chance, 0..1
    verdict: str        # describe.move_line in the chosen language


@dataclass(frozen=True)
class GameSummary:
    """One reviewed record in numbers. `result` is SGF-like: "B+five", "W+", "draw", "unfinished"."""

    path: Path
    black: str
    white: str
    result: str
    moves: int
    rule: Rule
    size: int
    sides: dict[Stone, PlayerSummary]
    worst: WorstMoment | None


@dataclass(frozen=True)
class Failure:
    """A record the batch could not review, and why (the message names the line or move)."""

    path: Path
    reason: str


@dataclass(frozen=True)
class Totals:
    """The whole batch: accuracy per side weighted by moves, and moves per class summed over games."""

    games: int
    failed: int
    moves: int
    accuracy: dict[Stone, float]
    counts: dict[Stone, dict[MoveClass, int]]
    wins: dict[str, int]  # "black", "white", "draw", "unfinished" -> games


@dataclass(frozen=True)
class BatchResult:
    games: tuple[GameSummary, ...]
    failures: tuple[Failure, ...]
    interrupted: bool = False

    @property
    def totals(self) -> Totals:
        return totals_of(self.games, len(self.failures))


def find_records(paths: Iterable[Path]) -> tuple[list[Path], list[Failure]]:
    """The records named by `paths`: files as given, folders searched recursively for .sgf/.psq.

    A file named directly is taken whatever its extension (loading it says what is wrong);
    a missing path, an unreadable folder or a folder holding no records becomes a Failure.
    Folder contents come in sorted order, so two runs review the same records in the same
    order; a record named twice is reviewed once. Links to folders are not followed (a link
    cycle must not make the search endless).
    """
    found: list[Path] = []
    failures: list[Failure] = []
    for path in paths:
        if path.is_dir():
            problems = len(failures)
            inside = _records_in(path, failures)
            if not inside and len(failures) == problems:
                failures.append(Failure(path, "no .sgf or .psq records in this folder"))
            found.extend(inside)
        elif path.exists():
            found.append(path)
        else:
            failures.append(Failure(path, "no such file or folder"))
    seen: set[Path] = set()
    unique = []
    for path in found:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique, failures


def _records_in(folder: Path, failures: list[Failure]) -> list[Path]:
    def unreadable(error: OSError) -> None:
        failures.append(Failure(Path(error.filename or folder), f"cannot read this folder: {error.strerror or error}"))

    records = []
    for parent, _folders, files in os.walk(folder, onerror=unreadable):
        records.extend(Path(parent) / name for name in files if Path(name).suffix.lower() in FORMATS)
    return sorted(records)


def analyse_records(
    paths: list[Path],
    time_ms: int,
    psq_rule: Rule = Rule.FREESTYLE,
    lang: str = "en",
    stop=None,
    on_start: Callable[[int, int, Path], None] | None = None,
    on_done: Callable[[GameSummary | Failure], None] | None = None,
) -> BatchResult:
    """Review every record in `paths` (files, already found) in order.

    `on_start(index, total, path)` is called before each record (index from 1), `on_done`
    after it with its summary or failure. A KeyboardInterrupt or a set `stop` ends the batch
    early: the result then holds the records finished so far and `interrupted` is True.
    """
    games: list[GameSummary] = []
    failures: list[Failure] = []
    try:
        for index, path in enumerate(paths, start=1):
            if on_start is not None:
                on_start(index, len(paths), path)
            outcome: GameSummary | Failure = analyse_one(path, time_ms, psq_rule, lang, stop)
            (games if isinstance(outcome, GameSummary) else failures).append(outcome)
            if on_done is not None:
                on_done(outcome)
    except (KeyboardInterrupt, ReviewCancelled):
        return BatchResult(tuple(games), tuple(failures), interrupted=True)
    return BatchResult(tuple(games), tuple(failures))


def analyse_one(path: Path, time_ms: int, psq_rule: Rule, lang: str, stop=None) -> GameSummary | Failure:
    """Load and review one record; a record that cannot be read or replayed is a Failure, not an exception."""
    try:
        record = load_record(path, psq_rule)
        review = review_game(record.size, record.rule, record.moves, time_ms, stop=stop)
    except (RecordError, IllegalMoveError, OSError) as error:
        return Failure(path, str(error))
    except (KeyboardInterrupt, ReviewCancelled):
        raise
    except Exception as error:  # an engine bug costs this record, not the whole batch
        log.exception("reviewing %s failed", path)
        return Failure(path, f"the review failed: {type(error).__name__}: {error}")
    return summarise_game(path, record, review, lang)


def summarise_game(path: Path, record: GameRecord, review: GameReview, lang: str = "en") -> GameSummary:
    """The batch's numbers for one game, all taken from the coach's review."""
    return GameSummary(
        path=path,
        black=record.black,
        white=record.white,
        result=result_code(record),
        moves=len(review.moves),
        rule=record.rule,
        size=record.size,
        sides={stone: review.summaries[stone] for stone in SIDES},
        worst=worst_moment(review, lang),
    )


def worst_moment(review: GameReview, lang: str = "en") -> WorstMoment | None:
    """The first of the review's key moments (the biggest drop), or None when no move was flagged."""
    moments = review.key_moments
    if not moments:
        return None
    move: MoveReview = moments[0]
    return WorstMoment(
        number=move.number,
        stone=move.stone,
        point=point_to_notation(move.point, move.board_size),
        move_class=move.move_class,
        drop=move.drop,
        verdict=move_line(move, lang),
    )


def result_code(record: GameRecord) -> str:
    """"B+five", "W+resignation", "B+" (no reason), "draw", or "unfinished".

    The recorded result wins; a record without one (PSQ stores none) is judged on its final
    board by the rules core, so a game that ended in a five still says who made it.
    """
    result = record.result
    if result is None:
        outcome = replay_moves(record.moves, record.size, record.rule).outcome()
        if outcome is None:
            return "unfinished"
        winner, reason = outcome.winner, outcome.reason
    else:
        winner, reason = result.winner, result.reason
    if winner is None:
        return "draw"
    side = "B" if winner is Stone.BLACK else "W"
    return f"{side}+{reason.value if reason is not None else ''}"


def winner_of(result: str) -> str:
    """"black", "white", "draw" or "unfinished" for a `result_code`."""
    if result.startswith("B+"):
        return "black"
    if result.startswith("W+"):
        return "white"
    return result


def totals_of(games: Iterable[GameSummary], failed: int = 0) -> Totals:
    games = list(games)
    counts = {stone: {cls: 0 for cls in MoveClass} for stone in SIDES}
    accuracy = {}
    for stone in SIDES:
        weighted = moves = 0
        for game in games:
            side = game.sides[stone]
            weighted += side.accuracy * side.moves
            moves += side.moves
            for cls, count in side.counts.items():
                counts[stone][cls] += count
        accuracy[stone] = round(weighted / moves, 1) if moves else 100.0
    wins = {key: 0 for key in ("black", "white", "draw", "unfinished")}
    for game in games:
        wins[winner_of(game.result)] += 1
    return Totals(len(games), failed, sum(g.moves for g in games), accuracy, counts, wins)


# ----------------------------------------------------------------------------- files
def _colour(stone: Stone) -> str:
    return "black" if stone is Stone.BLACK else "white"


def _side_json(side: PlayerSummary) -> dict:
    return {"accuracy": side.accuracy, "moves": side.moves, "counts": {cls.value: side.counts.get(cls, 0) for cls in MoveClass}}


def game_json(game: GameSummary) -> dict:
    worst = game.worst
    return {
        "path": str(game.path),
        "players": {"black": game.black, "white": game.white},
        "result": game.result,
        "moves": game.moves,
        "rule": game.rule.value,
        "size": game.size,
        "sides": {_colour(stone): _side_json(game.sides[stone]) for stone in SIDES},
        "worst": None if worst is None else {
            "move": worst.number,
            "colour": _colour(worst.stone),
            "point": worst.point,
            "class": worst.move_class.value,
            "drop": round(worst.drop, 3),
            "comment": worst.verdict,
        },
    }


def batch_json(result: BatchResult, time_ms: int) -> str:
    """The whole batch as one JSON document: settings, each game, each failure, and the totals."""
    totals = result.totals
    document = {
        "time_ms": time_ms,
        "interrupted": result.interrupted,
        "games": [game_json(game) for game in result.games],
        "failed": [{"path": str(f.path), "reason": f.reason} for f in result.failures],
        "total": {
            "games": totals.games,
            "failed": totals.failed,
            "moves": totals.moves,
            "results": totals.wins,
            "sides": {
                _colour(stone): {
                    "accuracy": totals.accuracy[stone],
                    "moves": sum(totals.counts[stone].values()),
                    "counts": {cls.value: totals.counts[stone][cls] for cls in MoveClass},
                }
                for stone in SIDES
            },
        },
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def csv_columns() -> list[str]:
    columns = ["path", "black", "white", "result", "moves", "rule", "size"]
    for colour in ("black", "white"):
        columns.append(f"{colour}_accuracy")
        columns.extend(f"{colour}_{cls.value}" for cls in MoveClass)
    columns += ["worst_move", "worst_colour", "worst_point", "worst_class", "worst_drop", "error"]
    return columns


def batch_csv(result: BatchResult) -> str:
    """One row per record: a reviewed game's numbers, or a refused record's path and reason in `error`."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=csv_columns(), lineterminator="\n")
    writer.writeheader()
    for game in result.games:
        row = {"path": str(game.path), "black": game.black, "white": game.white, "result": game.result,
               "moves": game.moves, "rule": game.rule.value, "size": game.size, "error": ""}
        for stone in SIDES:
            side, colour = game.sides[stone], _colour(stone)
            row[f"{colour}_accuracy"] = side.accuracy
            row.update({f"{colour}_{cls.value}": side.counts.get(cls, 0) for cls in MoveClass})
        worst = game.worst
        if worst is not None:
            row.update(worst_move=worst.number, worst_colour=_colour(worst.stone), worst_point=worst.point,
                       worst_class=worst.move_class.value, worst_drop=round(worst.drop, 3))
        writer.writerow(row)
    for failure in result.failures:
        writer.writerow({"path": str(failure.path), "error": failure.reason})
    return buffer.getvalue()

