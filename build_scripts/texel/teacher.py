"""Positions a teacher scored (build_scripts/make_combo_tables.py --skip-fit) as Texel data.

The self-play labels of selfplay.py are our own search's verdicts; these are a stronger
engine's. Each quiet position (no five to make or block, no open three) is labelled with
the teacher's win rate for the side to move, sigmoid(score / scale), where scale is the
teacher's own (190 for Rapfi-classical at 20,000 nodes: the S that best predicts its games'
results). Positions it scored as a mate are left out: the threat searches decide those.
"""

from __future__ import annotations

import math
from pathlib import Path

from combo.games import load
from game.engine import EngineBoard
from game.rules import Rule

from .features import PositionCounts, is_quiet, side_counts

#: Game numbers of the n-th file start at n times this, so that two files' games stay apart.
GAMES_PER_FILE = 1_000_000


def win_rate(score: int, scale: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, score / scale))))


def teacher_positions(paths: list[Path], scale: float) -> list[PositionCounts]:
    """The quiet, unmated positions of the files, labelled with the teacher's win rate."""
    positions = []
    for number, path in enumerate(paths):
        for row in load(path):
            if row.mate:
                continue
            board = EngineBoard(15, Rule(row.rule))
            for ply, (x, y) in enumerate(row.moves):
                board.make(board.index(x, y), 1 + ply % 2)
            side = 1 + len(row.moves) % 2
            mine, theirs = side_counts(board, side), side_counts(board, 3 - side)
            if is_quiet(mine, theirs):
                positions.append(PositionCounts(
                    tuple(mine), tuple(theirs), win_rate(row.score, scale), row.game + GAMES_PER_FILE * number))
    return positions
