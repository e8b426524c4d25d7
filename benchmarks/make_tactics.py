"""Regenerate the tactics positions in tests/data/tactics/ (a maintenance command, slow).

Plays noisy games between low engine levels from the arena openings, and keeps positions
that the independent oracle in benchmarks/reference.py classifies as a win in one, a
must-block, a four-three or VCF win, or a defence against an open three. The accepted
moves written into each file come from the oracle, never from the engine.

    python benchmarks/make_tactics.py --out tests/data/tactics --per-kind 16
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.engine import Clock, EngineBoard, Level, Limit, Position, ThreatSearch, search  # noqa: E402
from game.engine.eval import patterns as pt  # noqa: E402
from game.rules import Board, Rule, Stone  # noqa: E402

import reference as ref  # noqa: E402
from tactic_files import write_position  # noqa: E402

OPENINGS = Path("/work/shared/arena/openings.txt")
KINDS = ("win1", "block", "four-three", "vcf", "defend")


def openings() -> list[list[tuple[int, int]]]:
    result = []
    for line in OPENINGS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        result.append([(7 + int(a), 7 + int(b)) for a, b in (tok.split(",") for tok in line.split())])
    return result


def classify(board: Board, side: Stone) -> tuple[str, list, str] | None:
    """(kind, accepted moves, why) for a position worth keeping, else None.

    The engine's threat sets only *spot* candidates quickly; the accepted moves and the
    verdict come from the oracle.
    """
    other = side.opponent
    own = ref.five_points(board, side)
    if own:
        return "win1", own, f"{side.label} completes five at each accepted point (every such point is listed)."
    theirs = ref.five_points(board, other)
    if len(theirs) == 1:
        return "block", theirs, f"{other.label} threatens five at the only accepted point and {side.label} has no five: it must be blocked."
    if theirs:
        return None
    engine = EngineBoard.from_board(board)
    spotted = ThreatSearch(engine, Clock(None, 20000)).vcf(int(side), 6)
    if spotted is not None:
        for depth in range(1, 6):
            line = ref.vcf(board, side, depth)
            if line is None:
                continue
            starts = ref.winning_vcf_starts(board, side, depth)
            if not starts:
                return None
            kind = "four-three" if depth <= 2 else "vcf"
            shown = " ".join(f"{x},{y}" for x, y in line)
            why = (f"{side.label} wins by continuous fours (a line: {shown}, ending in five or in a double four); the accepted "
                   f"points are every four that starts a VCF of at most {depth} {side.label} moves (oracle search).")
            return kind, starts, why
        return None
    if not engine.by_class[int(other)][pt.C_FLEX4] or any(engine.by_class[int(side)][c] for c in pt.FOUR_CLASSES):
        return None
    accepted = []
    for move in ref.near_empty(board, 3):
        if not ref.playable(board, move, side):
            continue
        board.push(move, side)
        try:
            if not ref.opponent_breaks_through(board, other, 3):
                accepted.append(move)
        finally:
            board.pop()
    if not accepted or len(accepted) > 6:
        return None
    why = (f"{other.label} threatens an open four; {side.label} has no four of its own. After each accepted point "
           f"{other.label} has no open four, double four or VCF (oracle, 3 fours deep); after every other point within "
           f"3 of the stones it has one.")
    return "defend", accepted, why


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="tests/data/tactics")
    parser.add_argument("--per-kind", type=int, default=14)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    counts = {kind: 0 for kind in KINDS}
    seen = set()
    for game in range(args.games):
        opening = openings()[game % 20]
        rule = Rule.RENJU if game % 5 == 4 else Rule.FREESTYLE
        board = Board(15, rule)
        for point in opening:
            board.push(point)
        levels = (Level.BEGINNER, Level.CASUAL)
        while board.outcome() is None and board.move_count < 80:
            side = board.to_move
            found = classify(board, side) if board.move_count >= 8 else None
            if found is not None:
                kind, accepted, why = found
                key = tuple(board.cells)
                if counts[kind] < args.per_kind and key not in seen:
                    seen.add(key)
                    counts[kind] += 1
                    name = f"{kind}-{counts[kind]:02d}.txt"
                    write_position(out / name, board, side, kind, accepted, why)
                    print(f"game {game}: {name} accept={accepted}", flush=True)
            level = levels[(board.move_count + game) % 2]
            result = search(Position.from_board(board), Limit(depth=2, time_ms=400), level, seed=rng.randrange(1 << 30))
            board.push(result.move)
        if all(count >= args.per_kind for count in counts.values()):
            break
    print(counts)


if __name__ == "__main__":
    main()
