"""Seeded random openings: a few stones near the centre, alternating colours.

Every game draws its own from its seed, so a long run covers many thousands of openings;
the player rejects those the teacher scores as lopsided (see play.py).
"""

from __future__ import annotations

import random

from .records import SIZE


def random_opening(rng: random.Random, min_stones: int = 3, max_stones: int = 6, radius: int = 3,
                   size: int = SIZE) -> list[tuple[int, int]]:
    """`min_stones`..`max_stones` distinct points within `radius` of the centre, in play order."""
    if not 1 <= min_stones <= max_stones <= (2 * radius + 1) ** 2:
        raise ValueError(f"cannot place {min_stones}..{max_stones} stones within {radius} of the centre")
    centre = size // 2
    count = rng.randint(min_stones, max_stones)
    box = [(centre + dx, centre + dy) for dy in range(-radius, radius + 1) for dx in range(-radius, radius + 1)]
    return rng.sample(box, count)
