"""Whole games through the shared arena, the way tournaments and our own measurements run the brain.

Skipped with a reason when ../shared is absent. Low level and short limits keep them quick.
"""

import json
import shlex
import subprocess

import pytest
from protocol_helpers import PYTHON, REPO

BRAIN = f"{shlex.quote(PYTHON)} -m game.protocol --level beginner"
#: Losses that mean a brain broke the protocol rather than lost at Gomoku.
BROKEN = {"timeout", "crash", "illegal", "start-failed"}


def play(arena_dir, tmp_path, *options: str) -> list[dict]:
    seed = f"{shlex.quote(PYTHON)} {shlex.quote(str(arena_dir / 'seedbots.py'))}"
    completed = subprocess.run(
        [PYTHON, str(arena_dir / "arena.py"), BRAIN, seed, "--names", "ours,seed",
         "--save-dir", str(tmp_path), *options],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    return [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]


def test_full_games_against_the_seed_bot_with_both_colours(arena_dir, tmp_path):
    games = play(arena_dir, tmp_path, "--games", "2", "--time-per-move", "500")
    assert len(games) == 2
    assert {game["black"] for game in games} == {"ours", "seed"}
    for game in games:
        assert game["reason"] not in BROKEN, game
        ours = "black" if game["black"] == "ours" else "white"
        assert game["think_ms"][ours] and max(game["think_ms"][ours]) < 500 + 300


def test_our_brain_referees_a_renju_game_for_the_arena(arena_dir, tmp_path):
    """The arena asks the referee YXBOARD ... DONE / YXSHOWFORBID before every black move."""
    games = play(arena_dir, tmp_path, "--games", "1", "--time-per-move", "500", "--rule", "renju", "--referee", BRAIN)
    assert len(games) == 1 and games[0]["rule"] == "renju"
    assert games[0]["reason"] not in BROKEN, games[0]


def test_a_match_clock_is_spread_over_the_game(arena_dir, tmp_path):
    """With 4 s for the whole game and a generous turn limit, the brain must budget per move."""
    games = play(arena_dir, tmp_path, "--games", "1", "--time-per-move", "3000", "--match-time", "4000")
    game = games[0]
    assert game["reason"] not in BROKEN, game
    ours = "black" if game["black"] == "ours" else "white"
    assert sum(game["think_ms"][ours]) < 4000
