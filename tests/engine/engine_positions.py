"""Small builders for engine tests: boards from pictures."""

from __future__ import annotations

from game.engine import Position
from game.rules import Board, Rule, Stone

_SYMBOLS = {"X": Stone.BLACK, "O": Stone.WHITE}


def board_from_rows(rows: list[str], rule: Rule = Rule.FREESTYLE, size: int | None = None) -> Board:
    """A board from rows of 'X', 'O' and '.', top row first; blacks are placed before whites."""
    size = size or len(rows)
    board = Board(size, rule)
    stones = [((x, y), _SYMBOLS[c]) for y, row in enumerate(rows) for x, c in enumerate(row.split() if " " in row else row) if c in _SYMBOLS]
    blacks = [s for s in stones if s[1] is Stone.BLACK]
    whites = [s for s in stones if s[1] is Stone.WHITE]
    order = []
    for index in range(max(len(blacks), len(whites))):
        if index < len(blacks):
            order.append(blacks[index])
        if index < len(whites):
            order.append(whites[index])
    for point, stone in order:
        board.push(point, stone)
    return board


def position_from_rows(rows: list[str], to_move: Stone, rule: Rule = Rule.FREESTYLE) -> Position:
    board = board_from_rows(rows, rule)
    position = Position.from_board(board)
    return Position(position.size, position.rule, position.stones, to_move)


# ---------------------------------------------------------------- tactics data files
from dataclasses import dataclass  # noqa: E402
from pathlib import Path  # noqa: E402

TACTICS_DIR = Path(__file__).resolve().parent.parent / "data" / "tactics"


class TacticFormatError(ValueError):
    """A tactics file that cannot be read; the message names the file and the line."""


@dataclass(frozen=True)
class Tactic:
    """One test position: the side to move must play one of `accept`."""

    name: str
    kind: str
    position: Position
    accept: frozenset


def _points(text: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in (token.split(",") for token in text.split())]


def load_tactic(path: Path) -> Tactic:
    """Parse a tactics file: `key value` lines (rule, size, to-move, kind, accept, black, white)."""
    fields: dict[str, str] = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key not in {"rule", "size", "to-move", "kind", "accept", "black", "white"}:
            raise TacticFormatError(f"{path.name}:{number}: unknown key {key!r}")
        fields[key] = value.strip()
    try:
        blacks, whites = _points(fields.get("black", "")), _points(fields.get("white", ""))
        stones = []
        for index in range(max(len(blacks), len(whites))):
            if index < len(blacks):
                stones.append((*blacks[index], int(Stone.BLACK)))
            if index < len(whites):
                stones.append((*whites[index], int(Stone.WHITE)))
        position = Position(int(fields["size"]), Rule(fields["rule"]), tuple(stones), Stone[fields["to-move"].upper()])
        return Tactic(path.stem, fields["kind"], position, frozenset(_points(fields["accept"])))
    except (KeyError, ValueError) as error:
        raise TacticFormatError(f"{path.name}: {error}") from error


def load_tactics(directory: Path = TACTICS_DIR) -> list[Tactic]:
    return [load_tactic(path) for path in sorted(directory.glob("*.txt"))]


def python_and_compiled(rule: Rule, stones, size: int = 15):
    """The same stones (x, y, colour) on a pure-Python EngineBoard and on a compiled one."""
    from game.engine.backend import NATIVE, PURE, EngineBoard, backend_of

    python_board = EngineBoard(size, rule, compiled=False)
    for x, y, colour in stones:
        python_board.make(python_board.index(x, y), colour)
    compiled = EngineBoard.from_stones(size, rule, stones, compiled=True)
    assert backend_of(compiled) is NATIVE and backend_of(python_board) is PURE
    return python_board, compiled


@dataclass(frozen=True)
class DefendedPosition:
    """A must-defend position after a defence that holds, with the attacker to move: no
    search may claim a forced win for him."""

    name: str
    defence: tuple[int, int]
    position: Position


DEFENDED_FILE = Path(__file__).resolve().parent.parent.parent / "benchmarks" / "data" / "defended_vct.txt"


def defended_positions(path: Path = DEFENDED_FILE) -> list[DefendedPosition]:
    """The defend-vct tactics after the defence `path` names for them (benchmarks/rapfi_defences.py
    wrote it: the oracle's accepted move that a second judge, Rapfi, plays and holds with)."""
    tactics = {tactic.name: tactic for tactic in load_tactics()}
    found = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            name, defence = line.split()[:2]
            tactic = tactics[name]
            x, y = (int(v) for v in defence.split(","))
        except (KeyError, ValueError) as error:
            raise TacticFormatError(f"{path.name}:{number}: {error}") from error
        board = tactic.position.to_board()
        board.push((x, y), tactic.position.to_move)
        found.append(DefendedPosition(name, (x, y), Position.from_board(board)))
    return found


RAPFI_LABELS_FILE = TACTICS_DIR.parent / "defences_by_rapfi.txt"
LOST_FILE = DEFENDED_FILE.parent / "lost_defend_vct.txt"


def rapfi_labels(path: Path = RAPFI_LABELS_FILE) -> dict[tuple[str, tuple[int, int]], str]:
    """(defend-vct name, accepted move) -> Rapfi's evaluation of the position after it, the
    attacker to move (benchmarks/label_defences.py wrote them): a number, or +M<n> for his win."""
    labels = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            name, point, verdict = line.split()[:3]
            labels[(name, tuple(int(v) for v in point.split(",")))] = verdict
        except ValueError as error:
            raise TacticFormatError(f"{path.name}:{number}: {error}") from error
    return labels


def lost_positions(path: Path = LOST_FILE) -> dict[str, dict[tuple[int, int], int]]:
    """The must-defend positions with no defence (benchmarks/lost_defences.py): name -> the
    plies of our search's proof of the attacker's win after each accepted move."""
    lost = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            name, *proofs = line.split()
            lost[name] = {tuple(int(v) for v in point.split(",")): int(plies)
                          for point, plies in (proof.split(":") for proof in proofs)}
        except ValueError as error:
            raise TacticFormatError(f"{path.name}:{number}: {error}") from error
    return lost
