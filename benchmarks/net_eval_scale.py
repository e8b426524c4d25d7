"""How many of the hand evaluation's units a logit of the network's win rate is worth: the scale
that puts FEATURE_NET_EVAL's scores (native/search/params.h: NET_EVAL_SCALE) in the units the
search's margins were set in.

    python benchmarks/net_eval_scale.py [--games 600] [--data build_scripts/netdata/data/freestyle-seed1.bin.gz]

On the quiet positions (neither side has a VCF in 12 plies) from the 6th stone on of the games'
records: the hand evaluation (Master's numbers, with tempo, as the depth-shaped search reads it)
against the network's log-odds of P(win) + P(draw) / 2. Prints both least-squares slopes (hand
on network, which noise in the network's score pulls down, and network on hand, which noise in
the hand's pushes up), the ratio of the two spreads between them (with a bootstrap interval),
and a logistic fit of the hand's score to the network's win rate. Then, apart, the positions where
the side that just moved has a VCF (the side to move must defend): how far below zero each
evaluation puts them.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from array import array
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))

from game.engine import Clock, EngineBoard, ThreatSearch  # noqa: E402
from game.engine.backend.native import KERNEL, NET  # noqa: E402
from game.rules import Rule  # noqa: E402
from netdata.records import unpack_columns  # noqa: E402
from nettrain.compare import fit_scale  # noqa: E402

PVS, TEMPO, NET_EVAL = 256, 1, 2048


def pairs(path: Path, games: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(hand scores, network log-odds) for the side to move on the quiet positions, and (hand,
    network) scores where only the side that just moved has a VCF."""
    hand_scores, net_logits, threatened = [], [], []
    for game in unpack_columns(gzip.decompress(path.read_bytes()))[:games]:
        board = EngineBoard(15, Rule.FREESTYLE, compiled=True)
        board.follow_net(NET)
        history = array("q", bytes(8 * board.length))

        def search_with(features):
            return KERNEL.Search(board.kernel, KERNEL.Memo(), history, KERNEL.Table(0), 10, 0, 0, 0, True, False,
                                 features, evaluation=board.weights.search_constants())

        hand, net = search_with(PVS | TEMPO), search_with(PVS | NET_EVAL)
        for ply, cell in enumerate(game.stones):
            board.make(board.index(cell % 15, cell // 15), 1 + ply % 2)
            side = 1 + (ply + 1) % 2
            if ply < 5:
                continue
            threats = ThreatSearch(board, Clock(None, None))
            mine, his = threats.vcf(side, 12) is not None, threats.vcf(3 - side, 12) is not None
            if his and not mine:
                threatened.append((hand.evaluate(side), net.evaluate(side)))
            if mine or his:
                continue
            hand_scores.append(hand.evaluate(side))
            net_logits.append(net.evaluate(side) / KERNEL.NET_EVAL_SCALE)
    return (np.array(hand_scores, dtype=float), np.array(net_logits, dtype=float),
            np.array(threatened, dtype=float).reshape(-1, 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--data", type=Path, default=ROOT / "build_scripts/netdata/data/freestyle-seed1.bin.gz")
    args = parser.parse_args()
    if NET is None:
        sys.exit("the network is not loaded (no compiled kernel, or its weights file is missing or refused)")
    hand, net, threatened = pairs(args.data, args.games)
    print(f"{len(hand)} quiet positions; hand mean {hand.mean():.0f} sd {hand.std():.0f}; network log-odds mean "
          f"{net.mean():.2f} sd {net.std():.2f}; correlation {np.corrcoef(hand, net)[0, 1]:.3f}")
    rng = np.random.default_rng(0)
    ratios = []
    for _ in range(200):
        pick = rng.integers(0, len(hand), len(hand))
        ratios.append(hand[pick].std() / net[pick].std())
    print(f"units a logit: hand on network {np.polyfit(net, hand, 1)[0]:.0f}, network on hand "
          f"{1 / np.polyfit(hand, net, 1)[0]:.0f}, spread ratio {hand.std() / net.std():.0f} "
          f"(95% {np.percentile(ratios, 2.5):.0f}..{np.percentile(ratios, 97.5):.0f})")
    slope, _ = fit_scale(hand, 1 / (1 + np.exp(-net)))
    print(f"logistic fit of the hand's score to the network's win rate: {1 / slope:.0f} units a logit")
    print(f"(NET_EVAL_SCALE is {KERNEL.NET_EVAL_SCALE})")
    if len(threatened):
        for name, column in (("hand", threatened[:, 0]), ("network", threatened[:, 1])):
            print(f"{len(threatened)} positions where the side that just moved has a VCF: {name} median "
                  f"{np.median(column):.0f}, below zero in {(column < 0).mean():.0%}")


if __name__ == "__main__":
    main()
