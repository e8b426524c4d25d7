"""How fast Adaptive mode finds a player's rating: simulated players against the ladder.

    python benchmarks/rating_convergence.py [--games 30] [--runs 20] [--seed 1]

Each simulated player is a rung of the ladder (its true strength is the rung's measured
rating, game/engine/levels/ladder_table.json) or a bot between two rungs. It starts as every new
player does (storage/rating_store.START), and plays --games rated games in Adaptive mode:
before each game the Adaptive opponent (rating/ladder.adaptive_level) picks the rung whose
expected score is nearest 50% (aiming above an unsure rating: ladder.AIM_ABOVE), and after
it the Glicko-2 rating is updated. Results are not played on the board (two cores cannot
afford it): each is drawn from the fitted Elo
win probability of the two true strengths, which is the model the calibration fitted to
the ladder's real games. Prints each player's final error and the mean absolute error
after 10, 20 and 30 games (over --runs seeded repetitions per player, and for run 0).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Level  # noqa: E402
from game.rating.glicko2 import rate_game  # noqa: E402
from game.rating.ladder import adaptive_level, opponent_rating, rating_of  # noqa: E402
from game.rating.ladder_fit import win_probability  # noqa: E402
from game.storage.rating_store import START  # noqa: E402

CHECKPOINTS = (10, 20, 30)


def simulated_players() -> list[tuple[str, float]]:
    """(name, true rating): every rung but the two ends (nothing above or below them to
    bracket the player), and bots halfway between neighbouring rungs."""
    rungs = Level.rungs()
    players = [(f"rung {rung.value}", rating_of(rung)) for rung in rungs[1:-1]]
    for lower, upper in zip(rungs[1:-2:2], rungs[2:-1:2]):
        players.append((f"bot {lower.value}-{upper.value}", (rating_of(lower) + rating_of(upper)) / 2))
    return players


def play_adaptive(true_rating: float, games: int, rng: random.Random) -> list[float]:
    """The player's estimated rating after each of `games` Adaptive games."""
    rating = START
    estimates = []
    for _ in range(games):
        rung = adaptive_level(rating)
        score = 1.0 if rng.random() < win_probability(true_rating, rating_of(rung)) else 0.0
        rating = rate_game(rating, opponent_rating(rung), score)
        estimates.append(rating.rating)
    return estimates


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    players = simulated_players()
    checkpoints = [c for c in CHECKPOINTS if c <= args.games]
    errors = {c: [] for c in checkpoints}
    first_run = {c: [] for c in checkpoints}
    within = 0
    within_all = 0
    print(f"{'player':<16}{'true':>7}{'final':>8}{'error':>7}   (run 0; {len(players)} players, {args.games} games)")
    for number, (name, true_rating) in enumerate(players):
        for run in range(args.runs):
            rng = random.Random(args.seed * 1_000_003 + number * 1009 + run)
            estimates = play_adaptive(true_rating, args.games, rng)
            within_all += abs(estimates[-1] - true_rating) <= 150
            for c in checkpoints:
                errors[c].append(abs(estimates[c - 1] - true_rating))
                if run == 0:
                    first_run[c].append(abs(estimates[c - 1] - true_rating))
            if run == 0:
                final = estimates[-1]
                within += abs(final - true_rating) <= 150
                print(f"{name:<16}{true_rating:>7.0f}{final:>8.0f}{final - true_rating:>+7.0f}")
    print(f"\nwithin +-150 after {args.games} games (run 0): {within} of {len(players)}; "
          f"over all {args.runs} runs: {within_all} of {len(players) * args.runs}")
    for c in checkpoints:
        print(f"mean absolute error after {c:>2} games: {statistics.mean(first_run[c]):5.0f} (run 0)   "
              f"{statistics.mean(errors[c]):5.0f} (all {args.runs} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
