"""The search's score scale: wins, proven and unproven, and how the table stores them.

A win in n plies scores WIN - n; a score above WIN_THRESHOLD is a proof. A mate that came
through a node whose defences were cut is moved down into the unproven range (issue 31,
item 0), so the coach and the panel never show it as won or lost.
"""

from __future__ import annotations

WIN = 1_000_000
WIN_THRESHOLD = WIN - 1000
#: Mate scores are proofs: a node reports a loss (below -WIN_THRESHOLD) only when every
#: legal reply was searched and lost. The answers to a four (its block) and to an open three
#: (the cells that stop it, by line shape, and our own fours) are every reply that can hold,
#: so such a node is complete; a beam of the best few moves is not. There a loss is moved
#: down by WIN - UNPROVEN_WIN into the range of large scores that prove nothing (above
#: UNPROVEN_THRESHOLD, at most WIN_THRESHOLD), keeping its distance, so that a faster
#: unproven win still ranks first (the same rule as native/search/search.h).
UNPROVEN_WIN = WIN - 100_000
UNPROVEN_THRESHOLD = UNPROVEN_WIN - 1000


def unproven(score: int) -> int:
    """A mate score moved into the unproven range (any other score as it is)."""
    if score > WIN_THRESHOLD:
        return score - (WIN - UNPROVEN_WIN)
    if score < -WIN_THRESHOLD:
        return score + (WIN - UNPROVEN_WIN)
    return score


def to_tt(score: int, ply: int) -> int:
    """Mate scores, proven or not, count plies from the root: the table keeps them from the node."""
    if score > UNPROVEN_THRESHOLD:
        return score + ply
    if score < -UNPROVEN_THRESHOLD:
        return score - ply
    return score


def from_tt(score: int, ply: int) -> int:
    """A mate score from the table, counted from the root again (the inverse of to_tt)."""
    if score > UNPROVEN_THRESHOLD:
        return score - ply
    if score < -UNPROVEN_THRESHOLD:
        return score + ply
    return score
