"""How often the static move order keeps the move Master played: the beam's recall.

    python benchmarks/order_recall.py GAMES.jsonl ... [--fit] [--context] [--steps 1500]

Replays arena game logs (arena.py --save-dir writes games.jsonl) and, at every quiet
position after the opening (no five to make or block, no open three on the board), ranks
the candidates as a node of the search does before history and killers: own cell value
twice plus the opponent's. Prints how often the move played was among the first 1, 3, 6
(the narrowest width deep in the tree), 8 and 12.

With --combo it also ranks them by the learned combination table (game/engine/
combo_eval.py, what the search orders by with GOMOKU_EVAL=combo).

With --fit (needs numpy) it also fits a softmax policy over the candidates to the moves
played: a weight per line pattern, cell class and building pair, for each side's view of
the cell (with --context also the stones within two steps and the distance to the last two
moves). A fifth of the games is held out, and their recall is printed: what an order
learned from these features could gain over the static one.
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))

from game.engine.eval import combo_eval as ce  # noqa: E402
from game.engine.eval import patterns as pt  # noqa: E402
from game.engine import EngineBoard  # noqa: E402
from game.rules import Rule  # noqa: E402
from texel.features import cell_counts  # noqa: E402 (pattern counts, class, building pair of one side's view)

RANKS = (1, 3, 6, 8, 12)
HOLD_OUT_EVERY = 5


def positions(paths: list[str]):
    """(game key, played cell, candidates) per quiet position; a candidate is (cell, own
    patterns, his patterns, static order score, stones near, distance to his last move,
    distance to our last move)."""
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            game = json.loads(line)
            if game.get("rule", "freestyle") != "freestyle":
                continue
            moves = [tuple(map(int, m.split(","))) for m in game["moves"]]
            board = EngineBoard(15, Rule.FREESTYLE)
            key = zlib.crc32(f"{path}:{game['game']}".encode())
            for ply, (x, y) in enumerate(moves):
                side, other = 1 + ply % 2, 2 - ply % 2
                urgent = (board.by_class[c][k] for c in (side, other) for k in (pt.C_FIVE, pt.C_FLEX4))
                if ply >= game["n_opening"] + 2 and not any(urgent):
                    own_shift, his_shift = (0, 16) if side == 1 else (16, 0)
                    his_last, our_last = moves[ply - 1], moves[ply - 2]
                    candidates = []
                    for m in board.board_cells:
                        if board.near[m] and not board.cells[m]:
                            cx, cy = board.point(m)
                            candidates.append((
                                m, (board.comb[m] >> own_shift) & 0xFFFF, (board.comb[m] >> his_shift) & 0xFFFF,
                                (board.packed[side][m] >> 4) * 2 + (board.packed[other][m] >> 4), board.near[m],
                                max(abs(cx - his_last[0]), abs(cy - his_last[1])),
                                max(abs(cx - our_last[0]), abs(cy - our_last[1])),
                            ))
                    yield key, board.index(x, y), candidates
                board.make(board.index(x, y), side)


def static_rank(played: int, candidates) -> int:
    """The played move's place in the static order (ties: the lower cell first, as the search)."""
    score = next(c[3] for c in candidates if c[0] == played)
    return sum(1 for c in candidates if c[3] > score or (c[3] == score and c[0] < played))


def combo_rank(played: int, candidates) -> int:
    """The played move's place in the combination table's order (freestyle: no forbidden points)."""
    tables, index = ce.tables_for("freestyle"), ce.combo_index_table()

    def score(candidate) -> int:
        return tables.order_own[index[candidate[1]]] + tables.order_his[index[candidate[2]]]

    mine = next(score(c) for c in candidates if c[0] == played)
    return sum(1 for c in candidates if score(c) > mine or (score(c) == mine and c[0] < played))


def recall_line(ranks) -> str:
    return "  ".join(f"top {k}: {100 * sum(r < k for r in ranks) / max(1, len(ranks)):5.1f}%" for k in RANKS)


def fit_policy(rows, context: bool, steps: int) -> list[int]:
    """Held-out ranks of the played moves under a softmax policy fitted to the other games."""
    import numpy as np

    keys: dict[int, int] = {}
    cell_of, position_of, played, held, buckets = [], [], [], [], []
    for number, (key, move, candidates) in enumerate(rows):
        held.append(key % HOLD_OUT_EVERY == 0)
        for cell, own, his, _, near, his_distance, our_distance in candidates:
            position_of.append(number)
            cell_of.append((keys.setdefault(own, len(keys)), keys.setdefault(his | 1 << 16, len(keys))))
            played.append(cell == move)
            buckets.append((min(near, 6), 7 + min(his_distance, 5), 13 + min(our_distance, 5)))
    table = np.array([cell_counts(k & 0xFFFF, False) for k in keys], dtype=float)
    width = table.shape[1]
    is_his = np.array([k >> 16 for k in keys], dtype=bool)
    features = np.concatenate((table * ~is_his[:, None], table * is_his[:, None]), axis=1)  # own | his columns
    cell_of, position_of = np.array(cell_of), np.array(position_of)
    played, held = np.array(played, dtype=float), np.array(held)
    buckets = np.array(buckets) if context else np.zeros((len(played), 0), dtype=int)
    starts = np.r_[0, np.flatnonzero(np.diff(position_of)) + 1]
    train = (~held)[position_of].astype(float)
    weights = np.zeros(2 * width + 19)
    first, second = np.zeros_like(weights), np.zeros_like(weights)

    def scores(w):
        per_key = features @ w[:2 * width]
        return per_key[cell_of[:, 0]] + per_key[cell_of[:, 1]] + w[2 * width:][buckets].sum(axis=1)

    for step in range(1, steps + 1):
        score = scores(weights)
        exp = np.exp(score - np.maximum.reduceat(score, starts)[position_of])
        slope = (exp / np.add.reduceat(exp, starts)[position_of] - played) * train
        per_key = np.bincount(cell_of[:, 0], slope, len(keys)) + np.bincount(cell_of[:, 1], slope, len(keys))
        gradient = np.r_[features.T @ per_key, np.bincount(buckets.ravel(), np.repeat(slope, buckets.shape[1]), 19)]
        gradient = gradient / max(1, (~held).sum()) + 1e-4 * weights
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient ** 2
        weights -= 0.05 * first / (1 - 0.9 ** step) / (np.sqrt(second / (1 - 0.999 ** step)) + 1e-9)
    score = scores(weights)
    chosen = score[played == 1]
    ranks = np.zeros(len(rows))
    np.add.at(ranks, position_of, score > chosen[position_of])
    return ranks[held].tolist()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", help="games.jsonl files written by arena.py --save-dir")
    parser.add_argument("--fit", action="store_true", help="also fit a softmax policy (numpy) and print its held-out recall")
    parser.add_argument("--context", action="store_true", help="the fit also sees stones near and the distance to the last moves")
    parser.add_argument("--steps", type=int, default=1500)
    parser.add_argument("--combo", action="store_true", help="also rank by the learned combination table")
    args = parser.parse_args()
    rows = [row for row in positions(args.games) if any(c[0] == row[1] for c in row[2])]
    print(f"quiet positions: {len(rows)} from {len(args.games)} logs")
    ranks = [static_rank(move, candidates) for _, move, candidates in rows]
    held = [rank for (key, _, _), rank in zip(rows, ranks) if key % HOLD_OUT_EVERY == 0]
    print(f"static order (own x2 + his), all:       {recall_line(ranks)}")
    print(f"static order (own x2 + his), held out:  {recall_line(held)}")
    if args.combo:
        combo = [combo_rank(move, candidates) for _, move, candidates in rows]
        print(f"combination table, all:                 {recall_line(combo)}")
    if args.fit:
        label = "fitted policy" + (" with context" if args.context else "")
        print(f"{label + ', held out:':40} {recall_line(fit_policy(rows, args.context, args.steps))}")


if __name__ == "__main__":
    main()
