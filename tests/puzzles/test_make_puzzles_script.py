"""The generator's game schedule (build_scripts/make_puzzles.py): no game is played twice."""

from __future__ import annotations

from build_scripts import make_puzzles


def test_each_pass_over_the_openings_pairs_the_players_anew():
    # The players are deterministic: the same opening with the same pairing and colours is the
    # same game again, and its puzzles duplicates (the second pass of 220 games was).
    openings = len(make_puzzles._openings())
    games = {(number % openings, make_puzzles.game_players(number)) for number in range(3 * openings)}
    assert len(games) == 3 * openings
