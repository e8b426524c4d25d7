"""SGF records for Gomoku (GM[4]; GM[1] files from Go editors are accepted too).

    (;GM[4]FF[4]SZ[15]RU[renju]PB[Alice]PW[Bob]DT[2026-11-21]RE[B+Five];B[hh];W[ii])

Points are a column letter then a row letter, "a" at the left and the top, so they match
our (x, y) directly. RU holds the rule name (freestyle, standard, renju; Gomocup codes 0,
1, 4 are accepted). RE is "B+", "W+", "0" or "Draw", with a reason after the "+" (Five,
Forbidden, Resign, Time); "?" or "Void" mean no result. The main line is read; other
variations, comments and unknown properties are ignored by `read_sgf`; `main_line_nodes`
gives every property of the main line (comments, move marks) to readers that want them,
such as the coach's annotated records. Setup stones (AB/AW/AE) and passes are refused,
since a Gomoku record cannot hold them. Move times are not written.

Opening rules use three properties of our own in the root (SGF lets an application add
them; other readers skip them): OP the opening rule (swap1, swap2, named, balanced), ON the
named opening (e.g. kagetsu) and OC the swap choices in order, each "seat:choice", separated
by commas (OC[second:place_two,first:white]). A game comment (GC) says the same in words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.rules import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Reason, Rule, Stone
from game.rules.opening import OpeningError, OpeningRule, OpeningState

from .errors import ReplayError, SgfError
from .record import GameRecord, Result

_REASON_WORDS = {
    Reason.FIVE: "Five",
    Reason.FORBIDDEN: "Forbidden",
    Reason.RESIGNATION: "Resign",
    Reason.TIMEOUT: "Time",
    Reason.BOARD_FULL: "Full",
}
_READ_REASONS = {
    "five": Reason.FIVE,
    "forbidden": Reason.FORBIDDEN,
    "foul": Reason.FORBIDDEN,
    "r": Reason.RESIGNATION,
    "resign": Reason.RESIGNATION,
    "t": Reason.TIMEOUT,
    "time": Reason.TIMEOUT,
    "full": Reason.BOARD_FULL,
}
_RULE_NAMES = {
    "freestyle": Rule.FREESTYLE,
    "free": Rule.FREESTYLE,
    "gomoku": Rule.FREESTYLE,
    "0": Rule.FREESTYLE,
    "standard": Rule.STANDARD,
    "exact5": Rule.STANDARD,
    "1": Rule.STANDARD,
    "renju": Rule.RENJU,
    "4": Rule.RENJU,
}
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_NAME = re.compile(r"[A-Za-z]+")
_SIZE_NUMBER = re.compile(r"[0-9]{1,4}")
_UNSUPPORTED = {"AB": "setup stones", "AW": "setup stones", "AE": "setup stones"}


# ----------------------------------------------------------------- writing
def write_sgf(record: GameRecord) -> str:
    """The SGF text for `record`, on one line per move for readable diffs."""
    lines = ["(;" + format_properties(root_properties(record))]
    for number, point in enumerate(record.moves):
        colour = "B" if number % 2 == 0 else "W"
        lines.append(f";{colour}[{point_value(point)}]")
    lines[-1] += ")"
    return "\n".join(lines) + "\n"


def root_properties(record: GameRecord) -> list[tuple[str, str]]:
    """The root node's (name, value) pairs: game type, size, rule, players, date, result, opening."""
    root = [("GM", "4"), ("FF", "4"), ("CA", "UTF-8"), ("SZ", str(record.size)), ("RU", record.rule.value)]
    if record.black:
        root.append(("PB", record.black))
    if record.white:
        root.append(("PW", record.white))
    if record.date:
        root.append(("DT", record.date))
    if record.result is not None:
        root.append(("RE", _format_result(record.result)))
    if record.seed is not None:
        root.append(("XS", str(record.seed)))  # this game's own property: the computer's seed
    if record.opening != OpeningRule.FREE.value:
        root.append(("OP", record.opening))
        if record.opening_name:
            root.append(("ON", record.opening_name))
        if record.opening_choices:
            root.append(("OC", ",".join(record.opening_choices)))
        words = [record.opening] + ([record.opening_name] if record.opening_name else [])
        words += [choice.replace(":", " player: ") for choice in record.opening_choices]
        root.append(("GC", "Opening: " + "; ".join(words)))
    return root


def format_properties(properties: list[tuple[str, str]]) -> str:
    """'GM[4]C[a \\] b]': properties written in order, values escaped."""
    return "".join(f"{name}[{_escape(value)}]" for name, value in properties)


def point_value(point: tuple[int, int]) -> str:
    """(7, 7) -> 'hh'."""
    return _letter(point[0]) + _letter(point[1])


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def _letter(coordinate: int) -> str:
    return chr(ord("a") + coordinate)


def _format_result(result: Result) -> str:
    if result.winner is None:
        return "0" if result.reason is None else "Draw"
    side = "B" if result.winner is Stone.BLACK else "W"
    return f"{side}+{_REASON_WORDS[result.reason] if result.reason else ''}"


# ----------------------------------------------------------------- reading
@dataclass(frozen=True)
class _Property:
    name: str
    values: tuple[str, ...]
    line: int
    column: int


@dataclass
class _OpenTree:
    """A '(' not yet closed: whether it lies on the main line, and what it holds so far."""

    on_main_line: bool
    nodes: int = 0
    subtrees: int = 0


class _Parser:
    """A reader for the SGF game-tree grammar that keeps the main line only."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.position = 0

    def where(self, position: int | None = None) -> tuple[int, int]:
        position = self.position if position is None else position
        line = self.text.count("\n", 0, position) + 1
        column = position - (self.text.rfind("\n", 0, position) + 1) + 1
        return line, column

    def fail(self, message: str, position: int | None = None) -> SgfError:
        line, column = self.where(position)
        return SgfError(message, line=line, column=column)

    def skip_space(self) -> None:
        while self.position < len(self.text) and self.text[self.position].isspace():
            self.position += 1

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.position] if self.position < len(self.text) else ""

    def expect(self, char: str) -> None:
        found = self.peek()
        if found != char:
            shown = repr(self.text[self.position:self.position + 10]) if found else "the end of the text"
            raise self.fail(f"expected {char!r}, found {shown}")
        self.position += 1

    def game_tree(self) -> list[list[_Property]]:
        """The nodes of the first game's main line (the first variation at each fork).

        Iterative, with a stack of open trees, so deeply nested variations cannot overflow
        Python's recursion limit.
        """
        self.expect("(")
        stack = [_OpenTree(on_main_line=True)]
        nodes: list[list[_Property]] = []
        while stack:
            char = self.peek()
            tree = stack[-1]
            if char == ";":
                if tree.subtrees:
                    raise self.fail("a node ';' cannot follow a variation '(...)' in the same tree")
                self.position += 1
                node = self.node()
                tree.nodes += 1
                if tree.on_main_line:
                    nodes.append(node)
            elif char == "(":
                if not tree.nodes:
                    raise self.fail("a game tree must start with a node ';'")
                stack.append(_OpenTree(on_main_line=tree.on_main_line and tree.subtrees == 0))
                tree.subtrees += 1
                self.position += 1
            elif char == ")":
                if not tree.nodes:
                    raise self.fail("a game tree must start with a node ';'")
                stack.pop()
                self.position += 1
            elif char == "":
                raise self.fail("the text ends before the game tree is closed with ')'")
            else:
                raise self.fail(f"expected ';', '(' or ')', found {self.text[self.position:self.position + 10]!r}")
        return nodes

    def node(self) -> list[_Property]:
        properties = []
        while self.peek() in _LETTERS:
            properties.append(self.property())
        return properties

    def property(self) -> _Property:
        start = self.position
        match = _NAME.match(self.text, self.position)
        if match is None:
            raise self.fail(f"expected a property name, found {self.text[start:start + 10]!r}")
        self.position = match.end()
        name = "".join(char for char in match.group() if char.isupper()) or match.group().upper()
        values = []
        while self.peek() == "[":
            values.append(self.value())
        if not values:
            raise self.fail(f"property {match.group()!r} has no [value]", start)
        line, column = self.where(start)
        return _Property(name, tuple(values), line, column)

    def value(self) -> str:
        start = self.position
        self.position += 1  # the "["
        chars = []
        while self.position < len(self.text):
            char = self.text[self.position]
            if char == "\\":
                self.position += 1
                if self.position < len(self.text) and self.text[self.position] != "\n":
                    chars.append(self.text[self.position])  # an escaped char; "\\\n" is a soft line break
            elif char == "]":
                self.position += 1
                return "".join(chars)
            else:
                chars.append(char)
            self.position += 1
        raise self.fail("a [value] is not closed with ']'", start)


def main_line_nodes(text: str) -> list[dict[str, tuple[str, ...]]]:
    """Every property of each node on the main line (the root first), by name.

    For readers of extra properties (C comments, BM/TE/DO/IT marks); `read_sgf` checks the
    game itself. Raises SgfError naming the line and column of a syntax error.
    """
    parser = _Parser(text.lstrip("\ufeff"))
    return [{prop.name: prop.values for prop in node} for node in parser.game_tree()]


def read_sgf(text: str) -> GameRecord:
    """Parse SGF text into a record. Raises SgfError naming the line and column."""
    parser = _Parser(text.lstrip("\ufeff"))
    nodes = parser.game_tree()
    if parser.peek() not in ("", "("):
        raise parser.fail(f"unexpected text after the game: {parser.text[parser.position:parser.position + 10]!r}")
    root = {prop.name: prop for prop in nodes[0]}
    _check_game_type(root.get("GM"))
    size = _read_size(root.get("SZ"))
    rule = _read_rule(root.get("RU"))
    moves, move_props = _read_moves(nodes, size)
    record = GameRecord(
        size=size,
        rule=rule,
        moves=moves,
        black=root["PB"].values[0] if "PB" in root else "",
        white=root["PW"].values[0] if "PW" in root else "",
        result=_read_result(root.get("RE")),
        date=root["DT"].values[0] if "DT" in root else "",
    )
    record.opening, record.opening_name, record.opening_choices = _read_opening(root, len(moves))
    seed_text = root["XS"].values[0].strip() if "XS" in root else ""
    record.seed = int(seed_text) if seed_text.isdigit() and len(seed_text) < 19 else None  # a bad one is dropped
    try:
        record.replay()
    except ReplayError as error:
        prop = move_props[error.move_number - 1]
        raise SgfError(str(error), line=prop.line, column=prop.column) from error
    return record


def _read_opening(root: dict[str, _Property], moves: int) -> tuple[str, str, list[str]]:
    """OP, ON and OC (see the module docstring). Raises SgfError for an unknown rule or choices that cannot fit."""
    op = root.get("OP")
    rule_text = op.values[0].strip() if op is not None else OpeningRule.FREE.value
    name = root["ON"].values[0].strip() if "ON" in root else ""
    choices = [part.strip() for value in root["OC"].values for part in value.split(",") if part.strip()] if "OC" in root else []
    try:
        state = OpeningState.from_dict({"rule": rule_text, "choices": [choice.split(":", 1) for choice in choices]})
    except OpeningError as error:
        prop = op or root.get("OC")
        raise SgfError(f"bad opening: {error}", prop.line if prop else 1, prop.column if prop else 1) from None
    if not state.fits(moves):
        prop = root.get("OC") or op
        raise SgfError(f"the opening choices {choices!r} do not fit a {rule_text} game of {moves} moves", prop.line, prop.column)
    return rule_text, name, choices


def _check_game_type(prop: _Property | None) -> None:
    if prop is not None and prop.values[0].strip() not in ("4", "1"):
        raise SgfError(f"GM[{prop.values[0]}] is not Gomoku (expected GM[4])", prop.line, prop.column)


def _read_size(prop: _Property | None) -> int:
    if prop is None:
        return DEFAULT_SIZE
    text = prop.values[0].strip()
    width, _, height = text.partition(":")
    if not _SIZE_NUMBER.fullmatch(width) or (height and height != width):
        raise SgfError(f"SZ must be one number (square boards only), got {text!r}", prop.line, prop.column)
    size = int(width)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise SgfError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {text!r}", prop.line, prop.column)
    return size


def _read_rule(prop: _Property | None) -> Rule:
    if prop is None:
        return Rule.FREESTYLE
    text = prop.values[0].strip()
    rule = _RULE_NAMES.get(text.lower())
    if rule is None:
        raise SgfError(f"unknown rule RU[{text}] (expected freestyle, standard or renju)", prop.line, prop.column)
    return rule


def _read_moves(nodes: list[list[_Property]], size: int) -> tuple[list[tuple[int, int]], list[_Property]]:
    moves: list[tuple[int, int]] = []
    move_props: list[_Property] = []
    for node in nodes:
        for prop in node:
            if prop.name in _UNSUPPORTED:
                raise SgfError(f"{prop.name} ({_UNSUPPORTED[prop.name]}) cannot be stored in a Gomoku record", prop.line, prop.column)
            if prop.name not in ("B", "W"):
                continue
            expected = "B" if len(moves) % 2 == 0 else "W"
            if prop.name != expected:
                raise SgfError(f"move {len(moves) + 1} should be {expected}, got {prop.name}[{prop.values[0]}]", prop.line, prop.column)
            moves.append(_read_point(prop, size))
            move_props.append(prop)
    return moves, move_props


def _read_point(prop: _Property, size: int) -> tuple[int, int]:
    text = prop.values[0].strip()
    if text == "" or (text == "tt" and size <= 19):
        raise SgfError(f"{prop.name}[{text}] is a pass, which Gomoku does not have", prop.line, prop.column)
    if len(text) != 2 or not text.isalpha() or not text.islower():
        raise SgfError(f"{prop.name}[{text}] is not a point like 'hh'", prop.line, prop.column)
    x, y = ord(text[0]) - ord("a"), ord(text[1]) - ord("a")
    if not (0 <= x < size and 0 <= y < size):
        raise SgfError(f"{prop.name}[{text}] is off a {size}x{size} board", prop.line, prop.column)
    return (x, y)


def _read_result(prop: _Property | None) -> Result | None:
    if prop is None:
        return None
    text = prop.values[0].strip()
    lowered = text.lower()
    if lowered in ("", "?", "void"):
        return None
    if lowered in ("0", "draw", "jigo"):
        return Result(None, Reason.BOARD_FULL if lowered == "draw" else None)
    side, plus, reason_text = text.partition("+")
    winner = {"B": Stone.BLACK, "W": Stone.WHITE}.get(side.strip().upper())
    if not plus or winner is None:
        raise SgfError(f"RE[{text}] is not a result like 'B+', 'W+Resign' or 'Draw'", prop.line, prop.column)
    return Result(winner, _READ_REASONS.get(reason_text.strip().lower()))
