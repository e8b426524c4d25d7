"""Short training runs of network designs side by side, on the same positions and the same
held-out games (issue 53): which change to the network is worth building in C.

    /work/torch-venv/bin/python build_scripts/net_designs.py --data FILE [--positions 150000]
        [--epochs 3] [--designs shipped,pairs,mixed3,...]

Each design (build_scripts/nettrain/designs.py) is trained from the same seed on the first
`--positions` positions of the data file's games (one game in ten held out), and the table
gives its held-out value log-loss against the teacher's win rate and against the result, and
the policy's top-1 and top-6 agreement with the teacher's move. Float only: no weights are
written. Needs PyTorch (build time only, as train_net.py)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))

import numpy as np  # noqa: E402

from netdata.records import read_games  # noqa: E402
from nettrain import quantized  # noqa: E402
from nettrain.dataset import positions, split, teacher_scale  # noqa: E402
from nettrain.measure import policy_ranks, value_numbers  # noqa: E402


def run_design(name: str, training, held, scale: float, epochs: int, seed: int, log) -> dict:
    """Train one design and measure it on the held-out positions (the last epoch's numbers)."""
    from nettrain.designs import DESIGNS
    from nettrain.train import predict, train

    design, sizes = DESIGNS[name]
    started = time.perf_counter()
    model = train(training, held, scale, sizes, epochs, batch=128, rate=3e-3, teacher_weight=1.0, policy_weight=0.5,
                  seed=seed, log=lambda text: log(f"{name}: {text}"), design=design)
    value, policy = predict(model, held.boards)
    numbers = value_numbers(held, quantized.win_rate(value), scale)
    ranks = policy_ranks(policy, held.best)
    return {"design": name, "teacher": numbers["teacher_loss"], "result": numbers["result_loss"],
            "top1": float(np.mean(ranks < 1)), "top6": float(np.mean(ranks < 6)),
            "seconds": time.perf_counter() - started}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", nargs="+", required=True)
    parser.add_argument("--rule", default="freestyle")
    parser.add_argument("--positions", type=int, default=150_000)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--designs", default="shipped,pairs,mixed3,cell-layer,wide,tower")
    args = parser.parse_args(argv)
    try:
        from nettrain.designs import DESIGNS
    except ImportError as error:
        print(f"PyTorch is needed to train: {error}", file=sys.stderr)
        return 2
    names = [name.strip() for name in args.designs.split(",") if name.strip()]
    unknown = [name for name in names if name not in DESIGNS]
    if unknown:
        print(f"unknown design(s) {unknown}; known: {', '.join(DESIGNS)}", file=sys.stderr)
        return 2
    games = sorted((g for name in args.data for g in read_games(name) if g.rule == args.rule), key=lambda g: g.index)
    data = positions(games)
    data = data.subset(np.arange(len(data)) < args.positions)
    training, held = split(data)
    if not len(training) or not len(held):
        print("not enough positions to train and hold out", file=sys.stderr)
        return 2
    scale = teacher_scale(training)
    print(f"{len(training)} training positions, {len(held)} held out, teacher scale S = {scale:g}, "
          f"{args.epochs} epochs, seed {args.seed}", flush=True)
    rows = [run_design(name, training, held, scale, args.epochs, args.seed, lambda text: print(text, flush=True))
            for name in names]
    print("\n| design | vs teacher | vs result | policy top-1 | top-6 | seconds |\n|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['design']} | {row['teacher']:.4f} | {row['result']:.4f} | {100 * row['top1']:.1f}% | "
              f"{100 * row['top6']:.1f}% | {row['seconds']:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
