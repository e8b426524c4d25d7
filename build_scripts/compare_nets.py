"""Measure quantized network files side by side on one data file's held-out games (issue 53).

    python build_scripts/compare_nets.py --data FILE [FILE...] --weights A.gnet [B.gnet ...]
        [--rule freestyle] [--max-positions N]

A new training run holds out one game in ten of its own data, so its report's numbers and an
older run's are on different positions. This prints, for each weights file, the numbers
train_net.py reports (value log-loss against the teacher's win rate and the result, the
policy's top-1/top-6 agreement with the teacher's move) on the same held-out positions,
with the teacher scale fitted on the training part as train_net.py does. numpy only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))

import numpy as np  # noqa: E402

from netdata.records import RecordError, read_games  # noqa: E402
from nettrain import quantized  # noqa: E402
from nettrain.dataset import positions, split, teacher_scale  # noqa: E402
from nettrain.measure import policy_ranks, topk_text, value_numbers, value_text  # noqa: E402


def measure(weights: quantized.IntNet, held, scale: float) -> str:
    value, policy = quantized.int_forward(weights, held.boards)  # (it runs in chunks itself)
    return (value_text(value_numbers(held, quantized.win_rate(value), scale)) + "; policy "
            + topk_text(policy_ranks(policy, held.best)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", nargs="+", required=True)
    parser.add_argument("--weights", nargs="+", required=True)
    parser.add_argument("--rule", default="freestyle")
    parser.add_argument("--max-positions", type=int)
    args = parser.parse_args(argv)
    try:
        games = [g for name in args.data for g in read_games(name) if g.rule == args.rule]
        nets = [(name, quantized.load(name)) for name in args.weights]
    except (OSError, RecordError, ValueError) as error:
        print(f"cannot read the input: {error}", file=sys.stderr)
        return 2
    games.sort(key=lambda g: g.index)
    data = positions(games)
    if args.max_positions:
        data = data.subset(np.arange(len(data)) < args.max_positions)
    training, held = split(data)
    if not len(held):
        print("no held-out positions in the data", file=sys.stderr)
        return 2
    scale = teacher_scale(training)
    print(f"{args.rule}: {len(games)} games, {len(held)} held-out positions; teacher scale S = {scale:g}")
    for name, net in nets:
        print(f"  {name}: {measure(net, held, scale)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
