"""Master plays the recorded moves and scores at fixed node budgets (issue 52, "no change of behaviour").

The record (tests/data/engine/fixed_nodes.json, made by tests/engine/fixed_nodes.py on main before
the engine's files were rearranged) holds move, score, depth and nodes for each middlegame and
budget, once for the compiled kernel and once for the pure-Python engine. This run replays the
backend in use (GOMOKU_PURE_PYTHON picks which).
"""

from __future__ import annotations

import json

import pytest

from game.engine import kernel_available
from tests.engine.fixed_nodes import RECORD, answer, middlegames

BACKEND = "compiled" if kernel_available() else "pure"
ROWS = json.loads(RECORD.read_text())[BACKEND]
POSITIONS = middlegames()


@pytest.mark.parametrize("row", ROWS, ids=[f"{BACKEND}-pos{r['position']}-{r['budget']}" for r in ROWS])
def test_master_answers_as_recorded(row):
    got = answer(POSITIONS[row["position"]], row["budget"])
    expected = {key: row[key] for key in ("move", "score", "depth", "nodes", "forced")}
    assert got == expected


def test_the_record_covers_real_searches():
    """Most rows are searches, not shortcuts (a win, a forced block), or the record guards little."""
    searched = [row for row in ROWS if not row["forced"]]
    assert len(searched) >= len(ROWS) // 2
    assert len({tuple(row["move"]) for row in searched}) >= min(3, len(searched))
