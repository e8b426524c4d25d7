"""The puzzle file: one puzzle a line, fields separated by `|`, moves in h8 notation.

    id|rule|to_move|goal|position|solution|accepted|refutations|theme|rating|difficulty

A proof tree is written `move{reply node; reply node}`: `h7{h6 h5{h4 h3}}` is h7, the
defender's h6, then h5, the defender's h4, then h3. A node without braces ends the line
(a five, or a threat no reply stops). `refutations` lists `move=tree` pairs separated by
`,` (defence puzzles; `-` when empty). Blank lines and lines starting with `#` are skipped.
The README's "Puzzle file format" section says the same for people.
"""

from __future__ import annotations

import re
from pathlib import Path

from game.records.errors import NotationError
from game.records.notation import format_moves, notation_to_point, parse_moves, point_to_notation
from game.rules import Point, Rule, Stone

from .puzzle import THEMES, Goal, ProofNode, Puzzle

FIELDS = ("id", "rule", "to_move", "goal", "position", "solution", "accepted", "refutations", "theme", "rating",
          "difficulty")
SIZE = 15
_ID = re.compile(r"[A-Za-z0-9_.-]{1,40}")
_TOKEN = re.compile(r"\s*([a-oA-O]\d{1,2}|[{};])")


class PuzzleFormatError(ValueError):
    """A line that is not a puzzle; the message names the line and quotes the bad field."""


# ----------------------------------------------------------------------------- trees
def format_tree(node: ProofNode, size: int = SIZE) -> str:
    text = point_to_notation(node.move, size)
    if node.replies:
        inner = "; ".join(f"{point_to_notation(reply, size)} {format_tree(child, size)}" for reply, child in node.replies)
        text += "{" + inner + "}"
    return text


def parse_tree(text: str, size: int = SIZE) -> ProofNode:
    """Raises ValueError quoting where the text stops being a tree."""
    tokens = _tokens(text)
    node, end = _node(tokens, 0, size)
    if end != len(tokens):
        raise ValueError(f"unexpected {tokens[end]!r} after the tree")
    return node


def _tokens(text: str) -> list[str]:
    tokens, position = [], 0
    stripped = text.rstrip()
    while position < len(stripped):
        match = _TOKEN.match(stripped, position)
        if match is None:
            raise ValueError(f"not a move or bracket at {stripped[position:position + 8]!r}")
        tokens.append(match.group(1).lower())
        position = match.end()
    return tokens


def _node(tokens: list[str], at: int, size: int) -> tuple[ProofNode, int]:
    if at >= len(tokens) or tokens[at] in "{};":
        raise ValueError("a move was expected" + (f" before {tokens[at]!r}" if at < len(tokens) else " at the end"))
    move = notation_to_point(tokens[at], size)
    at += 1
    if at >= len(tokens) or tokens[at] != "{":
        return ProofNode(move), at
    at += 1
    replies: list[tuple[Point, ProofNode]] = []
    while True:
        if at >= len(tokens) or tokens[at] in "{};":
            raise ValueError("a defender's reply was expected")
        reply = notation_to_point(tokens[at], size)
        if any(reply == seen for seen, _ in replies):
            raise ValueError(f"reply {tokens[at]!r} is listed twice")
        child, at = _node(tokens, at + 1, size)
        replies.append((reply, child))
        if at < len(tokens) and tokens[at] == ";":
            at += 1
            continue
        if at < len(tokens) and tokens[at] == "}":
            return ProofNode(move, tuple(replies)), at + 1
        raise ValueError("'}' or ';' was expected")


# ----------------------------------------------------------------------------- lines
def format_puzzle(puzzle: Puzzle) -> str:
    size = puzzle.size
    refutations = ", ".join(f"{point_to_notation(m, size)}={format_tree(t, size)}" for m, t in puzzle.refutations)
    fields = (
        puzzle.id, puzzle.rule.value, puzzle.to_move.name.lower(), puzzle.goal.value,
        format_moves(list(puzzle.moves), size) or "-", format_tree(puzzle.solution, size),
        format_moves(list(puzzle.accepted), size), refutations or "-", puzzle.theme, str(puzzle.rating),
        str(puzzle.difficulty),
    )
    return "|".join(fields)


def parse_puzzle(line: str, line_number: int = 1) -> Puzzle:
    """One line -> Puzzle. Raises PuzzleFormatError naming the line and the field."""
    fields = line.rstrip("\r\n").split("|")
    if len(fields) != len(FIELDS):
        raise PuzzleFormatError(f"line {line_number}: {len(fields)} fields, expected {len(FIELDS)} ({'|'.join(FIELDS)})")
    values = dict(zip(FIELDS, (f.strip() for f in fields)))

    def bad(name: str, why: str) -> PuzzleFormatError:
        return PuzzleFormatError(f"line {line_number}: field {name} {values[name]!r}: {why}")

    if not _ID.fullmatch(values["id"]):
        raise bad("id", "letters, digits, '_', '.', '-' only, at most 40")
    try:
        rule = Rule(values["rule"])
    except ValueError:
        raise bad("rule", "expected " + ", ".join(r.value for r in Rule)) from None
    if values["to_move"] not in ("black", "white"):
        raise bad("to_move", "expected black or white")
    to_move = Stone[values["to_move"].upper()]
    try:
        goal = Goal(values["goal"])
    except ValueError:
        raise bad("goal", "expected " + ", ".join(g.value for g in Goal)) from None
    try:
        moves = tuple(parse_moves("" if values["position"] == "-" else values["position"], SIZE))
    except NotationError as error:
        raise bad("position", str(error)) from None
    if len(set(moves)) != len(moves):
        raise bad("position", "a point is played twice")
    expected_side = Stone.BLACK if len(moves) % 2 == 0 else Stone.WHITE
    if to_move is not expected_side:
        raise bad("to_move", f"after {len(moves)} stones it is {expected_side.name.lower()}'s move")
    try:
        solution = parse_tree(values["solution"], SIZE)
    except (ValueError, NotationError) as error:
        raise bad("solution", str(error)) from None
    try:
        accepted = tuple(parse_moves(values["accepted"], SIZE))
    except NotationError as error:
        raise bad("accepted", str(error)) from None
    if not accepted:
        raise bad("accepted", "at least one move is needed")
    try:
        refutations = _parse_refutations(values["refutations"])
    except (ValueError, NotationError) as error:
        raise bad("refutations", str(error)) from None
    if refutations and goal.is_win:
        raise bad("refutations", "only a defence puzzle has refutations")
    if values["theme"] not in THEMES:
        raise bad("theme", "expected one of " + ", ".join(THEMES))
    rating = _integer(values["rating"], 100, 3500)
    if rating is None:
        raise bad("rating", "a whole number 100..3500")
    difficulty = _integer(values["difficulty"], 1, 5)
    if difficulty is None:
        raise bad("difficulty", "a whole number 1..5")
    return Puzzle(values["id"], rule, to_move, goal, moves, solution, accepted, values["theme"], rating, difficulty,
                  refutations, SIZE)


def _parse_refutations(text: str) -> tuple[tuple[Point, ProofNode], ...]:
    if text == "-":
        return ()
    found: list[tuple[Point, ProofNode]] = []
    for part in _split_top(text):
        move_text, equals, tree_text = part.partition("=")
        if not equals:
            raise ValueError(f"expected move=tree, got {part.strip()!r}")
        found.append((notation_to_point(move_text, SIZE), parse_tree(tree_text, SIZE)))
    return tuple(found)


def _split_top(text: str) -> list[str]:
    """Split on commas outside braces."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def _integer(text: str, low: int, high: int) -> int | None:
    if not re.fullmatch(r"\d{1,5}", text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_puzzles(text: str) -> list[Puzzle]:
    """Every puzzle of a file's text. Raises PuzzleFormatError at the first bad line; a
    repeated id is an error too (progress is kept by id)."""
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        puzzle = parse_puzzle(line, number)
        if puzzle.id in seen:
            raise PuzzleFormatError(f"line {number}: id {puzzle.id!r} is used twice")
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    return puzzles


def read_puzzles(path: Path) -> list[Puzzle]:
    """Raises OSError, PuzzleFormatError (message prefixed with the file name)."""
    text = Path(path).read_text(encoding="utf-8")
    try:
        return parse_puzzles(text)
    except PuzzleFormatError as error:
        raise PuzzleFormatError(f"{Path(path).name}: {error}") from None
