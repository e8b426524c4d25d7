"""A move's verdict in words, in English or Chinese: "blunder — after this move white forces five in 5 by VCT (…)"."""

from __future__ import annotations

from game.engine import Proof
from game.i18n import tr_in
from game.records.notation import point_to_notation
from game.rules import Point, Stone

from .classify import MoveClass
from .review import GameReview, MoveReview, PlayerSummary

#: Moves of a proof line written out before "…".
LINE_SHOWN = 9


def notation(point: Point, size: int) -> str:
    return point_to_notation(point, size)


def line_text(line: tuple[Point, ...] | list[Point], size: int, shown: int = LINE_SHOWN) -> str:
    """"j8 k9 l10 …": the first `shown` points of a line in notation."""
    words = [notation(point, size) for point in line[:shown]]
    if len(line) > shown:
        words.append("…")
    return " ".join(words)


def side_name(stone: Stone, lang: str) -> str:
    return tr_in(lang, "colour.black" if stone is Stone.BLACK else "colour.white")


def class_name(move_class: MoveClass, lang: str) -> str:
    return tr_in(lang, f"coach.class.{move_class.value}")


def proof_text(key: str, proof: Proof, size: int, lang: str) -> str:
    """The missed-win or allowed-win sentence for `proof`."""
    return tr_in(
        lang,
        key,
        count=proof.attacker_moves,
        kind=tr_in(lang, f"coach.kind.{proof.kind}"),
        line=line_text(proof.line, size),
        side=side_name(proof.attacker, lang).lower() if lang == "en" else side_name(proof.attacker, lang),
    )


def describe(review: MoveReview, lang: str = "en") -> str:
    """The verdict on one move: its class, the proof it missed or allowed, and the better move."""
    size = review.board_size
    parts = [class_name(review.move_class, lang)]
    if review.in_forced_win:
        if review.forced_role == "attack":
            finished = review.best_line[:1] == (review.point,) and len(review.best_line) == 1
            parts.append(tr_in(lang, "coach.makes_five" if finished else "coach.keeps_win"))
        else:
            parts.append(tr_in(lang, "coach.forced_defence", side=side_name(review.stone, lang)))
        return " — ".join(parts)
    if review.missed_win is not None:
        parts.append(proof_text("coach.missed_win", review.missed_win, size, lang))
    if review.allowed_win is not None:
        parts.append(proof_text("coach.allowed_win", review.allowed_win, size, lang))
    if review.move_class.is_flagged and review.best_move is not None and review.best_move != review.point:
        parts.append(tr_in(lang, "coach.better", move=notation(review.best_move, size)))
    return " — ".join(parts)


def move_line(review: MoveReview, lang: str = "en") -> str:
    """"12. Black h8: mistake — better: h9"."""
    return tr_in(
        lang,
        "coach.move_line",
        number=review.number,
        side=side_name(review.stone, lang),
        point=notation(review.point, review.board_size),
        verdict=describe(review, lang),
    )


def summary_line(stone: Stone, summary: PlayerSummary, lang: str = "en") -> str:
    counts = {cls.value: summary.counts.get(cls, 0) for cls in MoveClass}
    return tr_in(lang, "coach.summary", side=side_name(stone, lang), accuracy=f"{summary.accuracy:.1f}", **counts)


def summary_lines(review: GameReview, lang: str = "en") -> list[str]:
    return [summary_line(stone, review.summaries[stone], lang) for stone in (Stone.BLACK, Stone.WHITE)]
