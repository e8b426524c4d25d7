"""What a weaker rung of the ladder fails to see: human-like blindness, not noise.

A person new to the game does not misjudge a good move at random; he does not look at it.
He looks near the last stones played, answers a three with the stone that touches it,
and does not see that the opponent's next stone would make two threats at once. Those
are the blind spots modelled here, at the root of the search (the search below a root
move is still exact within the rung's depth, width and VCF limits, see levels.py):

- sight:  moves are considered only within this Chebyshev distance of the last `recent`
  stones of either side; a threat or a chance further away goes unseen. Our own VCF
  counts only when its first four starts in sight.
- adjacent_defence: against an open three, only blocks that touch the opponent's stones;
  no counter-four, no distant block.
- blind_to_threes: the opponent's open threes are not seen at all: the points where he
  would make an open four are not considered, unless we make a four there ourselves (the
  rung also does not treat his three as forcing: LevelConfig.sees_threes is off).
- sees_doubles: without it the points where the opponent would make a double threat
  (four-three, double three, double four) are not considered as blocks unless they touch
  his last stone (and with doubles_beside_last off, not even then): each threat is seen,
  their combination is not.
- notices_threes: a rung that does not feel an open three as forcing (LevelConfig.sees_threes
  off) still notices it and answers on this share of its moves. Which moves those are is
  drawn from the search's seed and the position, never from the clock, so a game replays.

What every rung does regardless (in root.py, before any of this): it makes its own five
and blocks the opponent's four. Everything here is a pure function of the position, so a
rung's choices are as replayable as the search's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ..eval import patterns as pt

#: The opponent's classes that combine two threats.
_DOUBLE_CLASSES = (pt.C_FLEX3_2X, pt.C_BLOCK4_FLEX3, pt.C_BLOCK4_PLUS)


@dataclass(frozen=True)
class Blindness:
    """A rung's blind spots (see the module docstring). The defaults see everything."""

    sight: int | None = None
    recent: int = 2
    adjacent_defence: bool = False
    sees_doubles: bool = True
    blind_to_threes: bool = False
    doubles_beside_last: bool = True
    notices_threes: float = 0.0


def _chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def in_sight(blindness: Blindness, history: list[tuple[int, int]]) -> Callable[[tuple[int, int]], bool]:
    """A test of whether a point lies in the attention area around the last stones."""
    if blindness.sight is None or not history:
        return lambda point: True
    recent = history[-blindness.recent:]
    sight = blindness.sight
    return lambda point: any(_chebyshev(point, stone) <= sight for stone in recent)


def notices_three(blindness: Blindness | None, seed: int, history: list[tuple[int, int]]) -> bool:
    """Whether a rung that does not feel open threes as forcing notices one on this move."""
    if blindness is None or blindness.notices_threes <= 0.0 or not history:
        return False
    last = history[-1]
    return random.Random(f"{seed}:{len(history)}:{last[0]},{last[1]}").random() < blindness.notices_threes


def visible_moves(
    blindness: Blindness | None, engine, history: list[tuple[int, int]], side: int, ordered: list[int], forced: bool
) -> list[int]:
    """The root moves (engine indices, in the search's order) this rung would consider.

    `history` holds the points played, oldest first; `forced` says the moves are already
    the answers to an open three. Never empty when `ordered` is not: a rung that would see
    nothing looks at everything.
    """
    if blindness is None or not ordered:
        return ordered
    opponent = 3 - side
    kept = ordered
    if forced:
        if blindness.adjacent_defence:
            theirs = [p for p, stone in _stones(engine, opponent)]
            kept = [m for m in ordered if any(_chebyshev(engine.point(m), stone) == 1 for stone in theirs)]
    else:
        seen = in_sight(blindness, history)
        kept = [m for m in ordered if seen(engine.point(m))]
        own = engine.packed[side]
        if blindness.blind_to_threes:
            unseen = set(engine.by_class[opponent][pt.C_FLEX4])
            kept = [m for m in kept if m not in unseen or own[m] & 15 in pt.FOUR_CLASSES]
        if not blindness.sees_doubles and history:
            last = history[-1]
            doubles: set[int] = set()
            for cls in _DOUBLE_CLASSES:
                doubles.update(engine.by_class[opponent][cls])
            kept = [
                m for m in kept
                if m not in doubles or own[m] & 15 >= pt.C_FLEX3
                or (blindness.doubles_beside_last and _chebyshev(engine.point(m), last) <= 1)
            ]
    return kept or ordered


def _stones(engine, colour: int):
    """(point, colour) of the stones of `colour` on the engine board."""
    cells = engine.cells
    for index in engine.board_cells:
        if cells[index] == colour:
            yield engine.point(index), colour
