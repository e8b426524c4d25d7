"""Every renju position in tests/data/renju/ against the forbidden-move check.

Each file holds a diagram (X black, O white, . empty, * the point to test), the point in
notation, the expected answer and a comment saying why the answer is right.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules import Board, Rule, Stone

DATA = Path(__file__).resolve().parent.parent / "data" / "renju"
FILES = sorted(DATA.glob("*.txt"))
SYMBOLS = {"X": Stone.BLACK, "O": Stone.WHITE, ".": None, "*": None}


def load_position(path: Path) -> tuple[Board, tuple[int, int], str, str]:
    """(board, point, expect, reason) from one data file; fails loudly on a malformed file."""
    fields: dict[str, str] = {}
    rows: list[list[str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        key, colon, value = line.partition(":")
        if colon and key.strip() in ("point", "expect", "reason"):
            fields[key.strip()] = value.strip()
            continue
        parts = line.split()
        if parts[0].isdigit():
            assert parts[-1] == parts[0], f"{path.name}: row label mismatch in {line!r}"
            rows.append(parts[1:-1])
    size = len(rows)
    assert all(len(row) == size for row in rows), f"{path.name}: diagram is not square"
    board = Board(size, Rule.RENJU)
    star = None
    for y, row in enumerate(rows):
        for x, symbol in enumerate(row):
            assert symbol in SYMBOLS, f"{path.name}: unknown symbol {symbol!r}"
            if symbol == "*":
                star = (x, y)
            elif SYMBOLS[symbol] is not None:
                board.push((x, y), SYMBOLS[symbol])
    column, row_number = fields["point"][0], int(fields["point"][1:])
    point = ("abcdefghijklmnopqrstuvwxy".index(column), size - row_number)
    assert star == point, f"{path.name}: '*' at {star} but point: says {fields['point']}"
    assert fields["expect"] in ("forbidden", "allowed"), f"{path.name}: bad expect {fields['expect']!r}"
    return board, point, fields["expect"], fields["reason"]


def test_the_suite_has_enough_positions():
    assert len(FILES) >= 30
    answers = {load_position(path)[2] for path in FILES}
    assert answers == {"forbidden", "allowed"}


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_renju_position(path: Path):
    board, point, expect, reason = load_position(path)
    assert board.is_forbidden(point, Stone.BLACK) is (expect == "forbidden"), f"{path.name} ({reason})"


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_forbidden_points_agree_with_the_position(path: Path):
    board, point, expect, _ = load_position(path)
    points = board.forbidden_points(Stone.BLACK)
    assert (point in points) is (expect == "forbidden")
    assert points == sorted(points, key=lambda p: (p[1], p[0]))
    assert all(board.is_forbidden(p, Stone.BLACK) for p in points)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_white_is_never_forbidden_in_the_same_position(path: Path):
    board, point, _, _ = load_position(path)
    assert not board.is_forbidden(point, Stone.WHITE)
    assert board.forbidden_points(Stone.WHITE) == []


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_playing_the_point_marks_the_move_and_decides_the_outcome(path: Path):
    board, point, expect, reason = load_position(path)
    before = list(board.cells)
    move = board.push(point, Stone.BLACK)
    assert move.forbidden is (expect == "forbidden")
    outcome = board.outcome()
    if reason == "five":
        assert outcome is not None and outcome.winner is Stone.BLACK and point in outcome.line
    elif expect == "forbidden":
        assert outcome is not None and outcome.winner is Stone.WHITE and outcome.line == (point,)
    else:
        assert outcome is None
    board.pop()
    assert board.cells == before


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_the_check_does_not_change_the_board(path: Path):
    board, point, _, _ = load_position(path)
    before = list(board.cells)
    board.is_forbidden(point, Stone.BLACK)
    board.forbidden_points(Stone.BLACK)
    assert board.cells == before


@pytest.mark.parametrize("rule", [Rule.FREESTYLE, Rule.STANDARD])
def test_other_rules_have_no_forbidden_points(rule: Rule):
    renju_board, point, _, _ = load_position(DATA / "01_open_double_three_cross.txt")
    board = Board(renju_board.size, rule)
    for stone_point, stone in renju_board.stones():
        board.push(stone_point, stone)
    assert not board.is_forbidden(point, Stone.BLACK)
    assert board.forbidden_points(Stone.BLACK) == []
