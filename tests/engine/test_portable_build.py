"""The kernel as a compiler without GCC's builtins builds it (MSVC, for the Windows release).

board.h finds the lowest set bit with __builtin_ctzll under GCC and clang and with a plain
loop elsewhere. This builds a copy of the kernel with GOMOKU_PORTABLE_BITS, which makes GCC
take the loop, and holds its searches to those of the kernel built here: the same move,
score and node count, node for node. The same copy has GOMOKU_NET_SCALAR, the network's plain
loops (a target with neither SSE2 nor NEON) in place of the vector lanes: its value and policy
must come out the same (test_net_lanes.py holds the lanes one by one, NEON under qemu).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import backend

ROOT = Path(__file__).resolve().parents[2]
MIDDLEGAMES = ROOT / "benchmarks" / "data" / "middlegames.txt"

# Depth-5 searches of the first middlegames, printed one line each, with the kernel's file
# first (so the test knows which build answered). -S keeps site-packages out: the
# project's editable install would otherwise bring back the kernel built in place.
SEARCHES = """
import sys
sys.path.insert(0, sys.argv[1])
from game.engine import Level, Limit, Position, search
from game.engine import backend
from game.rules import Board, Rule
print(backend.KERNEL.__file__)
lines = [line.split("#", 1)[0].split() for line in open(sys.argv[2], encoding="utf-8")]
for tokens in [tokens for tokens in lines if tokens][:10]:
    board = Board(15, Rule.FREESTYLE)
    for token in tokens:
        board.push(tuple(int(n) for n in token.split(",")))
    result = search(Position.from_board(board), Limit(depth=5), Level.MASTER, seed=0)
    print(result.move, result.score, result.nodes)
from game.engine import EngineBoard
from game.engine.backend.native import NET
for tokens in [tokens for tokens in lines if tokens][:3]:
    board = EngineBoard(15, Rule.FREESTYLE)
    board.follow_net(NET)
    for number, token in enumerate(tokens):
        x, y = (int(n) for n in token.split(","))
        board.make(board.index(x, y), 1 + number % 2)
    empty = [m for m in board.board_cells if board.cells[m] == 0]
    print(board.kernel.net_value(1), board.kernel.net_value(2), board.kernel.net_policy(1, empty))
"""


def _searches(source: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-S", "-c", SEARCHES, str(source), str(MIDDLEGAMES)],
        capture_output=True, text=True, timeout=300, env={**os.environ, "GOMOKU_PURE_PYTHON": ""},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.skipif(backend.KERNEL is None, reason="compiled kernel not built (no C compiler)")
@pytest.mark.skipif(bool(os.environ.get("GOMOKU_PURE_PYTHON")), reason="the pure-Python run has no kernel to compare")
def test_the_portable_bit_loop_searches_as_the_builtin_does(tmp_path):
    source = tmp_path / "portable"
    shutil.copytree(ROOT / "game", source / "game", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    shutil.copy(ROOT / "setup.py", source / "setup.py")
    built = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=source, capture_output=True, text=True, timeout=600,
        env={**os.environ, "CFLAGS": (os.environ.get("CFLAGS", "") + " -DGOMOKU_PORTABLE_BITS -DGOMOKU_NET_SCALAR").strip()},
    )
    log = built.stdout + built.stderr
    # The extension is optional in setup.py: a failed compile still exits 0, so look for it.
    assert built.returncode == 0 and "-DGOMOKU_PORTABLE_BITS" in log, log[-3000:]
    assert list((source / "game" / "engine").glob("_kernel*")), "the portable kernel did not build:\n" + log[-3000:]

    portable, builtin = _searches(source), _searches(ROOT)
    assert portable[0].startswith(str(source)) and builtin[0].startswith(str(ROOT / "game"))
    assert len(portable) == 14 and portable[1:] == builtin[1:]
