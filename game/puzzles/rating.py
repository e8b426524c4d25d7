"""Puzzle ratings: where a new puzzle starts, and its difficulty band.

A puzzle is rated like a player (Glicko-2, game/rating): it starts from a guess made of
what makes a puzzle hard, then moves as players solve or fail it. The guess: the goal
(threes are harder to see than fours), the proof's length, the size of its tree (each
doubling of the defences to answer adds a step), and how many threat-search nodes the
engine needed to find the first move (log scale: a search ten times as long adds a step);
a defence with several saving moves is easier.
"""

from __future__ import annotations

import math

from .puzzle import Goal

_BASE = {Goal.WIN_BY_FOURS: 900, Goal.WIN: 1200, Goal.DEFEND: 1150}
#: Rating steps: per attacker move beyond two, per doubling of the tree's attacker nodes,
#: per tenfold search effort, per saving move beyond the first (easier).
_PER_MOVE = 60
_PER_DOUBLING = 40
_PER_DECADE = 60
_PER_EXTRA_SAVE = -60
#: Upper edges of difficulty bands 1-4 (5 is above the last).
_BANDS = (1100, 1300, 1500, 1700)


def starting_rating(goal: Goal, attacker_moves: int, tree_nodes: int, search_nodes: int, saving_moves: int = 1) -> int:
    """The rating a new puzzle starts with, 600..2600."""
    rating = (_BASE[goal] + _PER_MOVE * max(0, attacker_moves - 2) + _PER_DOUBLING * math.log2(max(1, tree_nodes))
              + _PER_DECADE * math.log10(1 + max(0, search_nodes) / 100)
              + _PER_EXTRA_SAVE * max(0, saving_moves - 1))
    return int(min(2600, max(600, round(rating / 10) * 10)))


def difficulty_of(rating: int) -> int:
    """1 (easiest) to 5 from the rating."""
    for band, edge in enumerate(_BANDS, start=1):
        if rating < edge:
            return band
    return 5
