"""Which puzzle comes next: a failed one that is due again, else a new one near the player's rating.

Among the puzzles near the rating the goal is drawn first, then the puzzle: a player should
not see one goal only. New puzzles follow the rule the player plays while there are any of
it: a freestyle player's first puzzle is not a renju one.
"""

from __future__ import annotations

import random

from game.rules import Rule

from .progress import PuzzleProgress
from .puzzle import Puzzle

#: Look for unseen puzzles within this many points of the player's rating first, widening
#: by the same again until there are a few to pick from.
WINDOW = 100
ENOUGH = 5


def choose_next(puzzles: list[Puzzle], progress: PuzzleProgress, rng: random.Random,
                skip: str | None = None, rule: Rule | None = None) -> Puzzle | None:
    """The next puzzle (None when the list is empty). `skip` is the one just played, so a
    retry is never chosen as "next"; `rule` is the one the player plays (new puzzles of it
    first). The same rng state gives the same choice."""
    if not puzzles:
        return None
    by_id = {p.id: p for p in puzzles}
    for pid in progress.due():
        if pid in by_id and pid != skip:
            return by_id[pid]
    tried = progress.tried_ids()
    fresh = [p for p in puzzles if p.id not in tried and p.id != skip]
    own_rule = [p for p in fresh if p.rule is rule]
    fresh = own_rule or fresh
    pool = fresh or [p for p in puzzles if p.id != skip] or puzzles
    target = progress.rating.rating

    def distance(p: Puzzle) -> float:
        return abs(progress.puzzle_rating(p.id, p.rating).rating - target)

    window = WINDOW
    while True:
        near = [p for p in pool if distance(p) <= window]
        if len(near) >= min(ENOUGH, len(pool)):
            goals = sorted({p.goal.value for p in near})
            goal = rng.choice(goals)
            return rng.choice(sorted((p for p in near if p.goal.value == goal), key=lambda p: p.id))
        window += WINDOW
