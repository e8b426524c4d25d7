"""Variety in play: the computer picks, by its seed, among the moves its search judges about equal.

Without it the same position always got the same answer, so a won game could be replayed
move for move. With it a game's seed (stored in its record) still fixes every answer: the
same seed and the same moves replay the same game.

How: the search returns its best few moves with exact scores (multi-PV), and the answer is
drawn, by the seed, among those scoring within MARGIN of the best. A proven win or loss, a
tactical shortcut (a five, a forced block, a VCF) and a lone candidate are never varied.

The margins are in evaluation units (an open three is worth about a thousand). Multi-PV
costs search: at Master's 300 ms it reached 11-12 plies where one line reaches 13-16
(measured on five opening positions), and a node-capped rung of depth 5 (Ladder 2000) lost a
ply in some positions. So the deep levels (the depth-shaped search: Master and the top rungs;
and any level searching more than SHALLOW_DEPTH plies) vary over their first
DEEP_VARIETY_STONES stones only, among two lines and within a smaller margin; the shallow
levels (one or two plies, a few thousand nodes a move) vary all game among three.

Measured (benchmarks/variety.py, shared 2-core machine): Ladder 1300 against a fixed scripted
player (Ladder 950, seed 0) gave 17 distinct games of 20 at MARGIN 120 (6 of 20 at 40, where only
exact ties vary), and all 20 replayed move for move from their SGF records. Strength held:
1300 against 1100 from the 20 match openings, both colours, 3 seeds: 68.8% with variety, 70.0%
without (120 games each). Ladder 2000 against 1850 (20 openings, both colours): 83.8% when it
varied all game among three lines, 90.0% without (so deep levels vary in the opening only), and
87.5% with the opening-only plan (40 games each). Master with variety against Master without
at 100 ms a move: 51.2% with DEEP_MARGIN 20, 61.2% with 40 (40 games each; the same run without
variety on either side scored 55.0%, the noise of a timed search).
"""

from __future__ import annotations

import dataclasses
import random

from ..api import Level, SearchResult
from ..levels.config import DEPTH_SHAPED, level_config
from .scores import UNPROVEN_THRESHOLD

#: A shallow level's answer is drawn among moves scoring at most this much under the best.
MARGIN = 120
#: ... a deep level's (the depth-shaped search: Master and the top rungs), in its opening.
DEEP_MARGIN = 40
#: How many lines the search returns to choose among.
LINES = 3
DEEP_LINES = 2
#: A deep level varies only while the board holds fewer stones than this.
DEEP_VARIETY_STONES = 10


@dataclasses.dataclass(frozen=True)
class VarietyPlan:
    """How a search varies: `lines` asked of the search, `margin` under the best (0: no variety)."""

    lines: int = 1
    margin: int = 0


#: Levels searching deeper than this many plies count as deep (their multi-PV costs depth).
SHALLOW_DEPTH = 2


def variety_plan(level: Level, stones: int) -> VarietyPlan:
    """The variety for `level` in a position with `stones` on the board."""
    config = level_config(level)
    if config.search in DEPTH_SHAPED or config.max_depth > SHALLOW_DEPTH:
        return VarietyPlan(DEEP_LINES, DEEP_MARGIN) if stones < DEEP_VARIETY_STONES else VarietyPlan()
    return VarietyPlan(LINES, MARGIN)


def vary(result: SearchResult, margin: int, seed: int) -> SearchResult:
    """`result` with its move drawn by `seed` among the candidates within `margin` of the best.

    Only an ordinary search's answer varies (not a shortcut, a proof or a lone move)."""
    if margin <= 0 or result.forced or len(result.candidates) < 2 or abs(result.score) >= UNPROVEN_THRESHOLD:
        return result
    best = result.candidates[0].score
    close = [c for c in result.candidates if c.score >= best - margin and not c.forced]
    if len(close) < 2:
        return dataclasses.replace(result, candidates=result.candidates[:1])
    chosen = random.Random(seed).choice(close)
    return dataclasses.replace(result, move=chosen.move, score=chosen.score, pv=chosen.pv, candidates=(chosen,))
