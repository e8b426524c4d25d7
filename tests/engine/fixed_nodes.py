"""Master's answers at fixed node budgets on the benchmarks' middlegames, recorded and replayed.

A refactor of the engine (files moved, the backends set apart, the tuned numbers named in one
place) must not change what it plays. A node budget makes the search the same on any machine,
so the move, score, depth and node count it returns are a fingerprint of the engine's
behaviour. `tests/data/engine/fixed_nodes.json` holds them as main played before the move;
`test_fixed_nodes.py` replays them.

    python -m tests.engine.fixed_nodes            # re-record (compiled, then pure Python)

Re-record only when a change is meant to change play, and say so in the commit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.engine import Level, Limit, Position, search
from game.rules import Board, Rule

ROOT = Path(__file__).resolve().parents[2]
MIDDLEGAMES = ROOT / "benchmarks" / "data" / "middlegames.txt"
RECORD = ROOT / "tests" / "data" / "engine" / "fixed_nodes.json"

#: Node budgets per backend: every middlegame for the kernel; a few small ones for pure Python,
#: which is about a hundred times slower.
BUDGETS = {"compiled": (20_000, 100_000, 400_000), "pure": (1_500, 6_000)}
#: Which middlegames each backend replays (for pure Python, ones where no shortcut decides).
POSITIONS = {"compiled": tuple(range(20)), "pure": (0, 3, 5, 6, 8)}


def middlegames() -> list[Position]:
    """The 20 positions benchmarks/speed.py, search_shape.py and kernel_speed.py search."""
    positions = []
    for line in MIDDLEGAMES.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        board = Board(15, Rule.FREESTYLE)
        for token in line.split():
            x, y = token.split(",")
            board.push((int(x), int(y)))
        positions.append(Position.from_board(board))
    return positions


def answer(position: Position, nodes: int) -> dict:
    """What Master plays on `position` within `nodes` nodes, as a JSON-ready row."""
    result = search(position, Limit(nodes=nodes), Level.MASTER, seed=0)
    return {"move": list(result.move), "score": result.score, "depth": result.depth,
            "nodes": result.nodes, "forced": result.forced}


def record_backend(backend: str) -> list[dict]:
    """Rows for every (position, budget) of one backend, in this process's engine."""
    rows = []
    positions = middlegames()
    for index in POSITIONS[backend]:
        for nodes in BUDGETS[backend]:
            rows.append({"position": index, "budget": nodes, **answer(positions[index], nodes)})
    return rows


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--backend":
        print(json.dumps(record_backend(sys.argv[2])))
        return
    record = {}
    for backend in ("compiled", "pure"):
        env = dict(os.environ)
        env.pop("GOMOKU_PURE_PYTHON", None)
        if backend == "pure":
            env["GOMOKU_PURE_PYTHON"] = "1"
        out = subprocess.run([sys.executable, "-m", "tests.engine.fixed_nodes", "--backend", backend],
                             cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout
        record[backend] = json.loads(out)
    tmp = RECORD.with_suffix(".tmp")
    tmp.write_text(json.dumps(record, indent=1) + "\n")
    tmp.replace(RECORD)
    print(f"wrote {RECORD} ({sum(len(rows) for rows in record.values())} rows)")


if __name__ == "__main__":
    main()
