"""Learn the evaluation's weights from self-play (Texel tuning) and write the table.

    python build_scripts/tune_eval.py [--seed 1] [--games 800] [--nodes 10000] [--write]

Plays self-play games (Master at a fixed node budget, so the same seed gives the same
games) from the balanced openings in game/match/openings.txt, each followed by a few
seeded random moves; takes every quiet position (no five to make or block, no open three
to win with or answer) and labels it with the game's result for the side to move. Then
fits K, then the weights, by logistic regression (texel/fit.py), holding out a fifth of
the games to choose the mover scale and the regularisation and to report an honest loss.

Prints the data size, K, the loss of the hand-set table and of the fitted one (training
and held-out) and the table. With --write it writes game/engine/eval/eval_weights_tuned.py
(the "tuned" table, see game/engine/eval/eval_weights.py); --json writes the table as JSON
for GOMOKU_EVAL_WEIGHTS. The games are played with the hand-set table whatever
GOMOKU_EVAL_WEIGHTS says, so the committed table depends on the seed and settings only.
With --generations N the tuning repeats: each further generation plays its games with
the table the one before fitted (seed + generation - 1) and fits from it.

With --teacher-data FILE ... the labels are a stronger engine's instead of self-play's: the
positions a teacher scored (make_combo_tables.py --skip-fit writes them), each labelled with
the teacher's win rate (texel/teacher.py); nothing is played. --start names the table the fit
starts from and is pulled towards (default: the hand-set one).

Needs numpy (pip install -e .[build]).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))

from game.engine import Level  # noqa: E402
from game.engine.eval.eval_weights import WEIGHTS_ENV, EvalWeights, active_weights, load_weights, weights_to_json  # noqa: E402
from game.match.openings import OPENINGS_FILE, load_openings  # noqa: E402
from game.records.atomic import atomic_write_text  # noqa: E402
from texel.features import PositionCounts  # noqa: E402
from texel.fit import Data, FitSettings, Params, fit_k, fit_weights, loss, to_weights  # noqa: E402
from texel.selfplay import SelfPlay, games, quiet_positions  # noqa: E402
from texel.teacher import teacher_positions  # noqa: E402

TUNED_MODULE = ROOT / "game" / "engine" / "eval" / "eval_weights_tuned.py"
#: About one game in this many is held out for validation (chosen by a hash of its number,
#: not every n-th: the games cycle through the openings, so that would hold out a few of them).
HOLD_OUT_EVERY = 5


def is_held_out(game: int) -> bool:
    return (game * 0x9E3779B1) % 2**32 % HOLD_OUT_EVERY == 0


def collect(args: argparse.Namespace, seed: int) -> list[PositionCounts]:
    """The labelled quiet positions of the self-play games (or of a saved data file)."""
    if args.teacher_data:
        return teacher_positions([Path(name) for name in args.teacher_data], args.teacher_scale)
    if args.load_data:
        rows = json.loads(Path(args.load_data).read_text(encoding="utf-8"))
        return [PositionCounts(tuple(r[0]), tuple(r[1]), r[2], r[3], r[4]) for r in rows]
    settings = SelfPlay(level=Level(args.level), nodes=args.nodes, random_plies=args.random_plies)
    openings = load_openings(args.openings)
    positions: list[PositionCounts] = []
    started = time.perf_counter()
    wins = [0, 0, 0]
    for number, game in enumerate(games(openings, args.games, seed, settings)):
        positions.extend(quiet_positions(game, number))
        wins[game.winner] += 1
        if (number + 1) % 50 == 0 or number + 1 == args.games:
            print(f"  {number + 1} games, {len(positions)} positions, {time.perf_counter() - started:.0f} s", flush=True)
    print(f"games: {args.games} (black won {wins[1]}, white {wins[2]}, drawn {wins[0]})")
    if args.save_data:
        rows = [[p.mine, p.theirs, p.label, p.game, p.search_score] for p in positions]
        atomic_write_text(args.save_data, json.dumps(rows))
    return positions


def table_text(weights: EvalWeights) -> str:
    return json.dumps(weights.to_mapping(), indent=4)


def module_text(weights: EvalWeights, command: str, report: list[str]) -> str:
    """eval_weights_tuned.py: the table as a Python literal, with how it was made."""
    lines = "\n".join(report)
    return (
        f'"""The evaluation table learned by build_scripts/tune_eval.py (generated: do not edit).\n\n'
        f"Made by:\n\n    {command}\n\n{lines}\n"
        f'"""\n\nTUNED = {table_text(weights)}\n'
    )


def tune(args: argparse.Namespace, base: EvalWeights, generation: int) -> tuple[EvalWeights, list[str]]:
    """One generation: self-play with `base`, then the fit that starts from (and is pulled
    towards) `base`. Returns the table and the report lines."""
    active_weights.cache_clear()  # the self-play searches read the table named by WEIGHTS_ENV
    positions = collect(args, args.seed + generation - 1)
    training_positions = [p for p in positions if not is_held_out(p.game)]
    held_out_positions = [p for p in positions if is_held_out(p.game)]
    train, held_out = Data.from_positions(training_positions), Data.from_positions(held_out_positions)
    print(f"positions: {len(positions)} quiet ({len(train)} training, {len(held_out)} held out)")
    start = Params.from_weights(base, use_tempo=args.fit_tempo)
    k = fit_k(train, start)  # against the results alone: the scale of the search's scores too
    if args.search_share:
        train = Data.from_positions(training_positions, args.search_share, k)
        held_out = Data.from_positions(held_out_positions, args.search_share, k)
    report = [
        f"generation {generation}: positions: {len(positions)} ({len(train)} training, {len(held_out)} held out)",
        f"K: {k:.1f}" + (f" (labels {args.search_share:g} search score, the rest result)" if args.search_share else ""),
        f"starting table's loss: training {loss(train, start, k):.5f}, held out {loss(held_out, start, k):.5f}",
    ]
    print("\n".join(report[1:]))
    best = None
    for scale_text in args.scales.split(","):
        scale = Fraction(scale_text)
        for regularisation in (float(r) for r in args.regularisations.split(",")):
            settings = FitSettings(regularisation=regularisation, steps=args.steps, fit_tempo=args.fit_tempo)
            from_start = Params(start.cell, start.double_three, start.tempo, float(scale))
            fitted = fit_weights(train, from_start, k, settings)
            held = loss(held_out, fitted, k)
            print(f"  scale {scale}, regularisation {regularisation:g}: training {loss(train, fitted, k):.5f}, held out {held:.5f}")
            if best is None or held < best[0]:
                best = (held, scale, regularisation, fitted)
    held, scale, regularisation, fitted = best
    report.append(
        f"fitted loss (mover scale {scale}, regularisation {regularisation:g}): "
        f"training {loss(train, fitted, k):.5f}, held out {held:.5f}"
    )
    print(report[-1])
    about = (f"tune_eval.py, the teacher's labels ({len(positions)} positions), K {k:.0f}" if args.teacher_data else
             f"tune_eval.py seed {args.seed}, generation {generation}, {args.games} games at {args.nodes} nodes, K {k:.0f}")
    return to_weights(fitted, base, (scale.numerator, scale.denominator), args.fit_tempo, about), report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--nodes", type=int, default=10000, help="node budget per self-play move")
    parser.add_argument("--level", default="master")
    parser.add_argument("--random-plies", type=int, default=2, help="random moves after each opening")
    parser.add_argument("--openings", default=str(OPENINGS_FILE))
    parser.add_argument("--scales", default="9/8,5/4,11/8,3/2,7/4", help="mover scales to try (fractions)")
    parser.add_argument("--regularisations", default="0.0003,0.001,0.003")
    parser.add_argument("--search-share", type=float, default=0.5,
                        help="share of each label taken from the self-play search's score (the rest: the result)")
    parser.add_argument("--fit-tempo", action="store_true", help="fit the tempo term too (the search's 'tempo' feature)")
    parser.add_argument("--steps", type=int, default=3000, help="optimiser steps per fit")
    parser.add_argument("--generations", type=int, default=1,
                        help="rounds of self-play and fit; each plays with the table the one before fitted")
    parser.add_argument("--write", action="store_true", help=f"write {TUNED_MODULE.relative_to(ROOT)}")
    parser.add_argument("--json", help="also write the table as JSON here")
    parser.add_argument("--save-data", help="save the labelled positions (JSON) to refit without replaying")
    parser.add_argument("--load-data", help="fit positions saved by --save-data instead of playing")
    parser.add_argument("--teacher-data", nargs="+", metavar="FILE",
                        help="fit positions a teacher scored (make_combo_tables.py data) instead of playing")
    parser.add_argument("--teacher-scale", type=float, default=190.0,
                        help="the teacher's win rate is sigmoid(score / this)")
    parser.add_argument("--start", default="handset", help="the table the fit starts from: handset, tuned or a JSON file")
    args = parser.parse_args()
    if (args.load_data or args.teacher_data) and args.generations > 1:
        parser.error("--load-data and --teacher-data fit given positions once: they cannot play further generations")
    if args.teacher_data:
        args.search_share = 0.0  # the labels are the teacher's win rates already
    weights = load_weights(args.start)
    report: list[str] = []
    before = os.environ.get(WEIGHTS_ENV)
    try:
        with tempfile.TemporaryDirectory() as folder:
            for generation in range(1, args.generations + 1):
                # The games are played with the table being improved: the hand-set one first.
                table_file = Path(folder) / f"generation-{generation}.json"
                table_file.write_text(weights_to_json(weights), encoding="utf-8")
                os.environ[WEIGHTS_ENV] = str(table_file)
                weights, lines = tune(args, weights, generation)
                report.extend(lines)
    finally:  # never leave the variable naming a table file that is gone
        if before is None:
            os.environ.pop(WEIGHTS_ENV, None)
        else:
            os.environ[WEIGHTS_ENV] = before
        active_weights.cache_clear()
    source = (f"--teacher-data {' '.join(args.teacher_data)} --teacher-scale {args.teacher_scale:g}"
              if args.teacher_data else
              f"--seed {args.seed} --games {args.games} --nodes {args.nodes} --level {args.level} "
              f"--random-plies {args.random_plies}")
    command = (
        f"python build_scripts/tune_eval.py {source} --start {args.start} --scales {args.scales} "
        f"--regularisations {args.regularisations} --steps {args.steps} --search-share {args.search_share:g}"
        f"{' --fit-tempo' if args.fit_tempo else ''}"
        f"{f' --generations {args.generations}' if args.generations > 1 else ''} --write"
    )
    print(table_text(weights))
    if args.write:
        atomic_write_text(TUNED_MODULE, module_text(weights, command, report))
        print(f"wrote {TUNED_MODULE.relative_to(ROOT)}")
    if args.json:
        atomic_write_text(args.json, weights_to_json(weights))
        print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
