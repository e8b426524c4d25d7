#!/usr/bin/env python3
"""Whether the computer varies from game to game, and whether a recorded game replays exactly.

    python benchmarks/variety.py [--games 20] [--level 1300] [--opponent 950] [--moves 60]
    python benchmarks/variety.py --strength [--level 1300] [--opponent 1100] [--seeds 2] [--time-ms MS]

Plays `--games` games of the ladder rung `--level` (variety on, as in a game: engine
variety.py) against a fixed scripted player (the rung `--opponent` with seed 0 and no
variety: the same position always gets the same answer). Each game gets a new seed, as the
play screen's games do (Game.seed). Prints how many of the games are distinct, how many
distinct first four moves there are, and then replays every game from its SGF record (the
seed and the scripted player's moves read back) and says whether each came out move for move.

`--strength` checks that variety keeps the rung's strength: `--level` with variety and then
without plays `--opponent` (no variety) from each of the match openings (game/match/openings.txt)
with both colours, `--seeds` times with different seeds, and prints both scores side by side
(`--time-ms` gives both sides that time a move instead of their level's budget).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Level, Limit, Position, search  # noqa: E402
from game.model import Game, GameConfig, Player  # noqa: E402
from game.records import read_sgf, write_sgf  # noqa: E402
from game.rules import Stone  # noqa: E402
from game.storage.saved_records import record_from_game  # noqa: E402


def computer_move(game: Game, level: Level):
    """What the play screen's worker answers ("move" purpose: variety on, the game's seed)."""
    return search(Position.from_board(game.board), level=level, seed=game.seed + game.move_count, variety=True).move


def scripted_move(game: Game, level: Level):
    return search(Position.from_board(game.board), level=level, seed=0).move


def play(level: Level, opponent: Level, computer: Stone, max_moves: int, seed: int | None = None,
         scripted: list | None = None) -> Game:
    """One game; with `scripted`, the scripted side replays those moves instead of thinking."""
    black, white = Player.human("Script"), Player.ai(level.value)
    if computer is Stone.BLACK:
        black, white = Player.ai(level.value), Player.human("Script")
    game = Game(GameConfig(black=black, white=white), seed=seed)
    while not game.is_over and game.move_count < max_moves:
        if game.to_move is computer:
            game.play(computer_move(game, level))
        else:
            game.play(scripted[game.move_count] if scripted is not None else scripted_move(game, opponent))
    return game


def strength(level: Level, opponent: Level, seeds: int, time_ms: int | None = None) -> None:
    """`level`'s score against `opponent` with variety and without, from the same openings."""
    from game.match.openings import default_openings

    def move(game: Game, side_level: Level, varied: bool):
        limit = Limit(time_ms=time_ms) if time_ms else None
        return search(Position.from_board(game.board), limit=limit, level=side_level, seed=game.seed + game.move_count,
                      variety=varied).move

    for varied in (True, False):
        points = games = 0
        for opening in default_openings():
            for seed in range(seeds):
                for ours in (Stone.BLACK, Stone.WHITE):
                    game = Game(GameConfig(black=Player.ai(level.value), white=Player.ai(opponent.value)), seed=seed * 7919)
                    for point in opening.points(15):
                        game.play(point)
                    while not game.is_over and game.move_count < 225:
                        mine = game.to_move is ours
                        game.play(move(game, level if mine else opponent, varied and mine))
                    winner = game.result.winner if game.result is not None else None
                    points += 1.0 if winner is ours else 0.5 if winner is None else 0.0
                    games += 1
        print(f"{level.value} {'with' if varied else 'without'} variety against {opponent.value}: "
              f"{points:g} of {games} ({100 * points / games:.1f}%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--level", default="1300")
    parser.add_argument("--opponent", default="950")
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--strength", action="store_true")
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--time-ms", type=int, default=None)
    args = parser.parse_args()
    level, opponent = Level(args.level), Level(args.opponent)
    if args.strength:
        strength(level, opponent, args.seeds, args.time_ms)
        return
    games = []
    for number in range(args.games):
        computer = Stone.WHITE if number % 2 == 0 else Stone.BLACK
        games.append((computer, play(level, opponent, computer, args.moves)))
    for side in (Stone.WHITE, Stone.BLACK):
        lines = [tuple(game.moves) for computer, game in games if computer is side]
        print(f"computer as {side.name.lower()}: {len(set(lines))} distinct games of {len(lines)}, "
              f"{len({line[:4] for line in lines})} distinct first four moves")
    exact = 0
    for computer, game in games:
        record = read_sgf(write_sgf(record_from_game(game)))
        again = play(level, opponent, computer, len(record.moves), seed=record.seed, scripted=list(record.moves))
        exact += list(again.moves) == list(record.moves)
    print(f"replayed from the SGF record (seed and moves): {exact} of {len(games)} exactly")


if __name__ == "__main__":
    main()
