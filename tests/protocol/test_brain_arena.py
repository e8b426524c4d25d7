"""Whole games through the shared arena, the way tournaments and our own measurements run the brain.

Skipped with a reason when ../shared is absent. Low level and short limits keep them quick.
"""

import json
import shlex
import subprocess

from protocol_helpers import PYTHON, REPO

BRAIN = f"{shlex.quote(PYTHON)} -m game.protocol --level beginner"
MASTER = f"{shlex.quote(PYTHON)} -m game.protocol --level master"
#: Losses that mean a brain broke the protocol rather than lost at Gomoku.
BROKEN = {"timeout", "crash", "illegal", "start-failed"}
#: Per-move limit and grace for compliance games: generous, since other processes share the
#: two cores and a stalled process is not what these tests are about (timing is tested apart).
LIMITS = ("--time-per-move", "1000", "--grace", "1000")


def play(arena_dir, tmp_path, *options: str, brain: str = BRAIN) -> list[dict]:
    seed = f"{shlex.quote(PYTHON)} {shlex.quote(str(arena_dir / 'seedbots.py'))}"
    completed = subprocess.run(
        [PYTHON, str(arena_dir / "arena.py"), brain, seed, "--names", "ours,seed",
         "--save-dir", str(tmp_path), *options],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    return [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]


def assert_not_broken(game: dict, save_dir) -> None:
    """The game ended at the board, not because a brain broke; on failure show the brains' stderr."""
    if game["reason"] in BROKEN:
        logs = {path.name: path.read_text()[-2000:] for path in (save_dir / "stderr").iterdir()}
        raise AssertionError(f"{game['reason']}: {game['detail']}\nstderr: {logs}")


def test_full_games_against_the_seed_bot_with_both_colours(arena_dir, tmp_path):
    games = play(arena_dir, tmp_path, "--games", "2", *LIMITS)
    assert len(games) == 2
    assert {game["black"] for game in games} == {"ours", "seed"}
    for game in games:
        assert_not_broken(game, tmp_path)
        ours = "black" if game["black"] == "ours" else "white"
        assert game["think_ms"][ours] and max(game["think_ms"][ours]) < 1000


def test_our_brain_referees_a_renju_game_for_the_arena(arena_dir, tmp_path):
    """The arena asks the referee YXBOARD ... DONE / YXSHOWFORBID before every black move."""
    games = play(arena_dir, tmp_path, "--games", "1", *LIMITS, "--rule", "renju", "--referee", BRAIN)
    assert len(games) == 1 and games[0]["rule"] == "renju"
    assert_not_broken(games[0], tmp_path)


def test_a_match_clock_is_spread_over_the_game(arena_dir, tmp_path):
    """4 s for the whole game but 3 s per move: Master would use most of 3 s on every move unless it budgets."""
    games = play(
        arena_dir, tmp_path, "--games", "1", "--time-per-move", "3000", "--match-time", "4000", "--grace", "500",
        brain=MASTER,
    )
    game = games[0]
    assert_not_broken(game, tmp_path)
    ours = "black" if game["black"] == "ours" else "white"
    assert sum(game["think_ms"][ours]) < 4000
