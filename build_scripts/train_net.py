"""Train the network evaluation on teacher-labelled games, measure it beside today's
evaluation on held-out games, and export its quantized weights (issue 53).

    /work/torch-venv/bin/python build_scripts/train_net.py --data FILE [FILE...] --out DIR
        [--rule freestyle] [--epochs 6] [--seed 1] [--sizes 32,32,32,16] [--batch 128] [--rate 3e-3]
        [--teacher-weight 1.0] [--policy-weight 0.5] [--mate-weight 1.0] [--max-positions N]
        [--compare-limit 4000] [--fit-limit 20000] [--start FLOAT.npz]

FILE: game records made by make_net_data.py (games-<rule>.bin or a packed .bin.gz). One
game in ten is held out (by its index). Prints and writes to DIR/report.txt: the held-out
value log-loss against the teacher's win rate (sigmoid(score / S), S fitted to the
training games' results) and against the result, the policy's top-1/top-6 agreement with
the teacher's move, the same for the quantized weights, and on the quiet held-out
positions the net beside today's evaluation and the combination table. Writes
DIR/<rule>.gnet (int16/int8, see nettrain/quantized.py) and DIR/<rule>-float.npz.
Needs PyTorch (a build-time venv, see benchmarks/README.md); the game never imports it.
"""

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
from nettrain.dataset import positions, split, teacher_rate, teacher_scale  # noqa: E402
from nettrain.measure import policy_ranks, topk_text, value_numbers, value_text  # noqa: E402


def _logit(rate: np.ndarray) -> np.ndarray:
    rate = np.clip(rate, 1e-6, 1 - 1e-6)
    return np.log(rate / (1 - rate))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", nargs="+", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--rule", default="freestyle")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", default="32,32,32,16", help="D,H1,H2,P")
    parser.add_argument("--rate", type=float, default=3e-3)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--policy-weight", type=float, default=0.5)
    parser.add_argument("--mate-weight", type=float, default=1.0, help="value-loss weight of the teacher's mates")
    parser.add_argument("--teacher-weight", type=float, default=1.0)
    parser.add_argument("--max-positions", type=int)
    parser.add_argument("--start", help="float weights (<rule>-float.npz of an earlier training) to start from, "
                        "e.g. freestyle's for another rule")
    parser.add_argument("--compare-limit", type=int, default=4000, help="held-out quiet positions for the comparison")
    parser.add_argument("--fit-limit", type=int, default=20000, help="training quiet positions to fit today's scale")
    args = parser.parse_args(argv)
    try:
        from nettrain.model import load_float, save_float
        from nettrain.train import predict, train
    except ImportError as error:
        print(f"PyTorch is needed to train: {error}", file=sys.stderr)
        return 2

    started = time.perf_counter()
    games = [g for name in args.data for g in read_games(name) if g.rule == args.rule]
    games.sort(key=lambda g: g.index)
    data = positions(games)
    if args.max_positions:
        data = data.subset(np.arange(len(data)) < args.max_positions)
    training, held = split(data)
    scale = teacher_scale(training)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    lines: list[str] = []

    def log(text: str) -> None:
        print(text, flush=True)
        lines.append(text)

    sizes = tuple(int(s) for s in args.sizes.split(","))
    log(f"{args.rule}: {len(games)} games, {len(data)} positions ({len(training)} training, {len(held)} held out); "
        f"teacher scale S = {scale:g}; net D,H1,H2,P = {sizes}, {args.epochs} epochs, seed {args.seed}")

    def report(model) -> str:
        value, policy = predict(model, held.boards)
        return (value_text(value_numbers(held, quantized.win_rate(value), scale)) + "; policy "
                + topk_text(policy_ranks(policy, held.best)))

    model = train(training, held, scale, sizes, args.epochs, batch=args.batch, rate=args.rate,
                  teacher_weight=args.teacher_weight, policy_weight=args.policy_weight, mate_weight=args.mate_weight,
                  seed=args.seed, log=log, report=report, start=load_float(args.start) if args.start else None)
    floats = model.to_float_net()
    ints = quantized.quantize(floats)
    save_float(floats, out / f"{args.rule}-float.npz")
    quantized.save(ints, out / f"{args.rule}.gnet")
    ints = quantized.load(out / f"{args.rule}.gnet")

    value, policy = predict(model, held.boards)
    int_value, int_policy = quantized.int_forward(ints, held.boards)
    rates, int_rates = quantized.win_rate(value), quantized.win_rate(int_value)
    finite = np.isfinite(policy) & (policy > -1e8)
    log(f"held out, all {len(held)} positions:")
    constant = np.full(len(held), teacher_rate(training.scores, scale).mean())
    log(f"  constant  {value_text(value_numbers(held, constant, scale))}")
    log(f"  net float {value_text(value_numbers(held, rates, scale))}; "
        f"policy {topk_text(policy_ranks(policy, held.best))}")
    log(f"  net int   {value_text(value_numbers(held, int_rates, scale))}; "
        f"policy {topk_text(policy_ranks(int_policy, held.best))}")
    log(f"  quantized vs float: win rate max |diff| {np.abs(rates - int_rates).max():.4f}, "
        f"policy logit max |diff| {np.abs(np.where(finite, policy - int_policy, 0)).max():.4f}")

    from nettrain.compare import fit_scale, order_ranks, quiet_examples, table_rates, today_scores
    from nettrain.dataset import sigmoid

    index, found = quiet_examples(held, args.rule, args.compare_limit)
    if len(index):
        sample = training.subset(np.arange(len(training)) < 4 * args.fit_limit)
        fit_index, fit_found = quiet_examples(sample, args.rule, args.fit_limit)
        fit_labels = teacher_rate(sample.scores[fit_index], scale)
        a, b = fit_scale(today_scores(fit_found), fit_labels)
        # the net, too, refitted on the same quiet training positions (its logit rescaled)
        net_logit = _logit(quantized.win_rate(quantized.int_forward(ints, sample.boards[fit_index])[0]))
        c, d = fit_scale(net_logit, fit_labels)
        quiet = held.subset(np.isin(np.arange(len(held)), index))
        log(f"held out, {len(index)} quiet positions (today's and the net's scale refitted on {len(fit_index)} "
            f"quiet training ones):")
        log(f"  today's evaluation  {value_text(value_numbers(quiet, sigmoid(a * today_scores(found) + b), scale))}")
        log(f"  combination table   {value_text(value_numbers(quiet, table_rates(found, args.rule), scale))}")
        log(f"  net (int)           {value_text(value_numbers(quiet, int_rates[index], scale))}")
        log(f"  net (int, refitted) "
            f"{value_text(value_numbers(quiet, sigmoid(c * _logit(int_rates[index]) + d), scale))}")
        log(f"  move order: today's {topk_text(order_ranks(found, args.rule, 'today'))}; "
            f"table {topk_text(order_ranks(found, args.rule, 'table'))}; "
            f"net (int, over all empty cells) {topk_text(policy_ranks(int_policy[index], held.best[index]))}")
    log(f"done in {time.perf_counter() - started:.0f} s; weights -> {out / (args.rule + '.gnet')} "
        f"({(out / (args.rule + '.gnet')).stat().st_size} bytes)")
    log("command: " + " ".join(["python", "build_scripts/train_net.py"] + (argv if argv is not None else sys.argv[1:])))
    from netdata.records import atomic_write_bytes

    atomic_write_bytes(out / "report.txt", ("\n".join(lines) + "\n").encode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
