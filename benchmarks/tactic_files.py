"""Writing a tactics position file (tests/data/tactics/*.txt), rules core only.

Shared by make_tactics.py and verify_defend_vct.py; the latter runs under PyPy, so this
imports nothing from the engine.
"""

from __future__ import annotations

from pathlib import Path

from game.records.atomic import atomic_write_text
from game.rules import Board, Rule, Stone


def write_position(path: Path, board: Board, side: Stone, kind: str, accepted, why: str) -> None:
    """The file engine_positions.load_tactic reads: a comment and a picture, then the fields."""
    blacks = [m.point for m in board.history if m.stone is Stone.BLACK]
    whites = [m.point for m in board.history if m.stone is Stone.WHITE]
    lines = [f"# {kind}: {why}", "#"]
    lines += [f"#   {row}" for row in str(board).splitlines()]
    lines += [
        f"rule {board.rule.value}",
        f"size {board.size}",
        f"to-move {side.name.lower()}",
        f"kind {kind}",
        "accept " + " ".join(f"{x},{y}" for x, y in accepted),
        "black " + " ".join(f"{x},{y}" for x, y in blacks),
        "white " + " ".join(f"{x},{y}" for x, y in whites),
    ]
    atomic_write_text(path, "\n".join(lines) + "\n")


def read_position(path: Path) -> tuple[Board, Stone, list, str]:
    """(board, side to move, accepted moves, the header comment) from a file write_position wrote.

    The tests read these files with engine_positions.load_tactic; this reader needs only the
    rules core, for the tools that run under PyPy."""
    text = Path(path).read_text()
    fields = dict(line.split(" ", 1) for line in text.splitlines() if line and not line.startswith("#") and " " in line)
    points = {key: [tuple(int(v) for v in token.split(",")) for token in fields.get(key, "").split()]
              for key in ("accept", "black", "white")}
    board = Board(int(fields["size"]), Rule(fields["rule"]))
    for index in range(max(len(points["black"]), len(points["white"]))):
        for colour, stone in (("black", Stone.BLACK), ("white", Stone.WHITE)):
            if index < len(points[colour]):
                board.push(points[colour][index], stone)
    return board, Stone[fields["to-move"].upper()], points["accept"], text.splitlines()[0]
