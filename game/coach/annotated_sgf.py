"""Annotated SGF: the review written into the record, so any SGF editor shows it.

Each move gets a comment (C[]) with its verdict and Black's winning chance before and
after it, and the marks SGF editors show next to moves: BM[2] a blunder, BM[1] a mistake,
DO[] an inaccuracy (doubtful), TE[1] the first move of a correct forced win (tesuji), and
IT[] (interesting) a move after which the opponent can force a win although it was the
engine's own choice: the position was lost whatever was played. The better line of each
flagged move, or the proof of a missed win, is a variation beside the move; the proof of
a win a move allowed is a variation beside the opponent's next move. The root gets GC[]
with each player's accuracy. `read_sgf` still reads the game (it keeps the main line).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.records import GameRecord
from game.records.sgf import format_properties, main_line_nodes, point_value, root_properties
from game.rules import Point, Stone

from .classify import MoveClass
from .describe import describe, side_name, summary_lines
from .review import GameReview, MoveReview

_MARKS = {MoveClass.BLUNDER: ("BM", "2"), MoveClass.MISTAKE: ("BM", "1"), MoveClass.INACCURACY: ("DO", "")}
_MARK_NAMES = ("BM", "TE", "DO", "IT")
APPLICATION = "Gomoku coach"


@dataclass(frozen=True)
class MoveNote:
    """What an annotated record says about one move: its comment and marks (name -> value)."""

    number: int
    point: Point
    comment: str
    marks: dict[str, str]

    @property
    def mark(self) -> str:
        """The move's mark as a word: see `mark_name`."""
        return mark_name(self.marks)


#: The word for each SGF move mark, and the chess-style symbol shown on the stone.
MARK_SYMBOLS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!", "tesuji": "!", "interesting": "!?"}


def mark_name(marks: dict[str, str]) -> str:
    """The word for a move's SGF marks: BM[2] "blunder", BM[1] (or any other BM) "mistake",
    DO "inaccuracy", TE "tesuji", IT "interesting"; "" for none. A bad move mark wins over a
    good one, since a node should carry only one."""
    if "BM" in marks:
        return "blunder" if marks["BM"].strip() == "2" else "mistake"
    for name, word in (("DO", "inaccuracy"), ("TE", "tesuji"), ("IT", "interesting")):
        if name in marks:
            return word
    return ""


def write_annotated(record: GameRecord, review: GameReview, lang: str = "en") -> str:
    """The SGF text of `record` with the review's comments, marks and variations."""
    if [tuple(p) for p in record.moves] != [m.point for m in review.moves]:
        raise ValueError("the review is of a different game than the record")
    root = root_properties(record) + [("AP", APPLICATION), ("GC", "\n".join(summary_lines(review, lang)))]
    alternatives: dict[int, list[str]] = {}
    for index, move in enumerate(review.moves):
        better = _better_line(move)
        if better:
            alternatives.setdefault(index, []).append(_branch(better, index, _better_comment(move, lang)))
        proof = move.allowed_win
        if proof is not None and index + 1 < len(review.moves) and review.moves[index + 1].point != proof.line[0]:
            comment = describe(move, lang)
            alternatives.setdefault(index + 1, []).append(_branch(proof.line, index + 1, comment))
    parts = ["(;" + format_properties(root)]
    waiting: list[list[str]] = []
    for index, move in enumerate(review.moves):
        node = ";" + format_properties(_move_properties(move, review, lang))
        if index in alternatives:
            parts.append("\n(" + node)
            waiting.append(alternatives[index])
        else:
            parts.append("\n" + node)
    while waiting:
        parts.append(")" + "".join("\n(" + branch + ")" for branch in waiting.pop()))
    parts.append(")\n")
    return "".join(parts)


def _move_properties(move: MoveReview, review: GameReview, lang: str) -> list[tuple[str, str]]:
    colour = "B" if move.stone is Stone.BLACK else "W"
    properties = [(colour, point_value(move.point)), ("C", _comment(move, review, lang))]
    mark = _MARKS.get(move.move_class)
    if move.in_forced_win and move.forced_role == "attack" and _starts_win(move, review):
        mark = ("TE", "1")
    elif move.allowed_win is not None and move.best_move == move.point:
        mark = ("IT", "")
    if mark is not None:
        properties.append(mark)
    return properties


def _starts_win(move: MoveReview, review: GameReview) -> bool:
    """The first move of the mover's forced win (his previous move was not already in it)."""
    previous = move.number - 3
    return previous < 0 or not (review.moves[previous].in_forced_win and review.moves[previous].forced_role == "attack")


def _comment(move: MoveReview, review: GameReview, lang: str) -> str:
    before = review.black_chances[move.number - 1]
    after = review.black_chances[move.number]
    chances = f"{side_name(Stone.BLACK, lang)} {before:.0%} → {after:.0%}"
    return f"{describe(move, lang)}\n{chances}"


def _better_line(move: MoveReview) -> tuple[Point, ...]:
    """The line to show beside a flagged move: the missed proof, or the engine's best line."""
    if move.in_forced_win:
        return ()
    if move.missed_win is not None:
        return move.missed_win.line
    if move.move_class.is_flagged and move.best_line and move.best_line[0] != move.point:
        return move.best_line
    return ()


def _better_comment(move: MoveReview, lang: str) -> str:
    from game.i18n import tr_in
    from .describe import notation

    return tr_in(lang, "coach.better", move=notation(move.best_line[0] if move.missed_win is None else move.missed_win.line[0], move.board_size))


def _branch(line: tuple[Point, ...], index: int, comment: str) -> str:
    """A variation: `line` played from move `index` (0-based), with `comment` on its first node."""
    nodes = []
    for offset, point in enumerate(line):
        colour = "B" if (index + offset) % 2 == 0 else "W"
        properties = [(colour, point_value(point))]
        if offset == 0:
            properties.append(("C", comment))
        nodes.append(";" + format_properties(properties))
    return "".join(nodes)


def read_annotations(text: str) -> list[MoveNote]:
    """The comments and marks of each main-line move of an SGF text (empty where there are none).

    Raises SgfError (with line and column) for text that is not SGF.
    """
    notes = []
    for node in main_line_nodes(text)[1:]:
        colour = "B" if "B" in node else "W" if "W" in node else None
        if colour is None:
            continue
        value = node[colour][0].strip()
        point = (ord(value[0]) - ord("a"), ord(value[1]) - ord("a")) if len(value) == 2 else (-1, -1)
        marks = {name: node[name][0] for name in _MARK_NAMES if name in node}
        notes.append(MoveNote(len(notes) + 1, point, node.get("C", ("",))[0], marks))
    return notes


def game_comment(text: str) -> str:
    """The root's GC[] (the review's summary), or ""."""
    nodes = main_line_nodes(text)
    return nodes[0].get("GC", ("",))[0] if nodes else ""
