"""What each difficulty level may do: depth, width, threat searches and noise.

Two kinds of level live here. The four named levels (Beginner, Casual, Strong, Master)
are the original short list, described below with their measured history. The rungs of
the strength ladder (Level.R650 ... Level.R2650, named by their rating on a scale where
the seed bot is 1000) are at the end: they are capped by nodes rather than time, weakened
by what they fail to see (blindness.py) rather than by noise, and measured by
build_scripts/calibrate_ladder.py, which writes game/engine/levels/ladder_table.json.

Levels differ in knowledge, not only in time: Beginner looks one move ahead with noisy
judgement (but never misses a five or a must-block); Casual searches two plies, sees
fours and answers open threes at the horizon, with wide noise; Strong adds deep VCF
everywhere and a defence against the opponent's VCT; Master searches by remaining depth
(search_pvs.c), whose own tree answers threats; its root runs threat-space search, the
defence and a VCT only where the compiled kernel is missing (threat_stages).

Answering open threes at the horizon (quiet_threes) is worth more than it looks at
shallow depth: with it Casual beat the seed bot 39-0-1 at noise 450 (35-4-1 without),
but then also beat Strong. Its noise was raised until the ladder held (40-game matches,
1000 ms/move): at noise 1500 Strong beat it only 24-16; at 2500 Casual scores 36-3-1
against the seed bot, Strong beats it 29-10-1 and it beats Beginner 38-2.

With the compiled kernel Casual's noise came down to 1800: 36-2-2 against the seed bot
(35-3-2 at 2500, on the 90% line), and still 34-6 against Beginner and 6-34 against Strong.

Strong searches at most four plies. With the compiled kernel (about seven times the
nodes per second) an unbounded Strong reached Master's depth and the two drew level
(Master won only 22-18); capped at four plies Master beats it 31-9, at three 36-4
(40-game matches, 1000 ms/move). A depth cap, not a time share, keeps the level the same
on a fast and a slow machine.

Strong and Master evaluate with the table learned from games (build_scripts/tune_eval.py):
Master with it beat Master with the hand-set table 46-28-6 over two 40-game matches at
1000 ms/move (61%, +80 Elo [+2, +157]), and Strong with it beat the seed bot 39-1. Casual
and Beginner keep the hand-set table: their noise was set on its scale, and Casual with the
tuned one scored only 32-5-3 against the seed bot, under the 90% line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

from ..api import Level
from .blindness import Blindness

#: The searches a level can run below the root: "classic" (alphabeta.py and native/search/search.c,
#: a beam that narrows with the distance from the root) and "pvs" (native/search/search_pvs.c, shaped
#: by the remaining depth, issue 31; compiled kernel only, the pure-Python engine keeps the
#: classic one). Master runs "pvs": at 300 ms a move against Rapfi at 40 ms it scored 128-70-2
#: (64.5%) over 200 games where the classic search scored 103-96-1 (51.8%) (benchmarks/README.md).
#: GOMOKU_SEARCH=classic gives Master the classic search back, so a match can weigh the two.
#: "pvs-narrow" is "pvs" with late moves reduced about twice as much (native/search/search_pvs.c's
#: LMR_DIVISOR_NARROW): two plies deeper at 1 s, yet against Rapfi at 80 ms it scored as "pvs"
#: does (60-139-1 against 60-140-0 over 200 games, benchmarks/README.md), so Master keeps "pvs".
SEARCHES = ("classic", "pvs", "pvs-narrow")
#: The searches shaped by the remaining depth (no beam; compiled kernel only).
DEPTH_SHAPED = ("pvs", "pvs-narrow")
#: Deepest iteration of Master's depth-shaped search (its reductions make deep iterations cheap),
#: and of its classic search.
PVS_MAX_DEPTH = 40
CLASSIC_MAX_DEPTH = 16


@dataclass(frozen=True)
class LevelConfig:
    """Search settings for one level.

    max_depth:  deepest iteration of the alpha-beta search (plies, forced replies free).
    width:      candidate moves kept per node after ordering (forced defences are never cut).
    root_vcf:   depth (fours) of the VCF run for both sides at the root; 0 = off.
    node_vcf:   depth of the VCF tried for the side to move at every node; 0 = off.
    root_vct:   depth (threats) of the VCT at the root; 0 = off.
    noise:      amplitude of seeded noise added to the evaluation (weaker play).
    sees_threes: whether an open three counts as a threat (a point that makes an open
                four wins; against one, only defences are searched). Without it only
                fives and fours are forced, which is how a beginner plays.
    time_share: fraction of the time budget the level uses.
    root_defence: depth of the opponent's VCT looked for at the root; when he has one,
                only root moves after which he has none are searched (if any); 0 = off.
    root_tss:   depth (threats) of the threat-space search at the root: for a sound win
                of ours, and for the opponent's plan that the defence must refute; 0 = off.
    quiet_threes: at the horizon, answer an open three of the opponent's before judging
                the position (a quiescence search over the answers) instead of scoring it.
    capped_vcf: the compiled search's VCF inside the tree gives up after a few nodes (its
                `vcf_cap` feature). The root sets it on short turns only.
    net_value:  the compiled depth-shaped search evaluates with the learned network's value
                (its `net_eval` feature) on a 15x15 freestyle board. The root sets it on long
                timed turns only (root.py: _NET_TURN_S); a node-capped search keeps the
                hand evaluation, so what it finds does not move with the clock.
    weights:    the evaluation table (a name in eval_weights.TABLES); GOMOKU_EVAL_WEIGHTS
                overrides it for every level.
    blindness:  a ladder rung's blind spots at the root (blindness.py); None sees all.
    search:     the search below the root, one of SEARCHES ("pvs": no beam, so the root keeps
                every candidate too).
    threat_stages: whether root_tss, root_defence and root_vct run at the root (in Python, before
                the search) under the depth-shaped search. Without them its own tree answers
                the threats, as Rapfi's does, in play and in analysis (the analysis proves its
                wins apart, analysis.find_win), and its compiled root takes the whole move in
                one call (native/search/root_search.h). The classic search's beam needs them: they
                always run there (and so in the pure-Python engine).
    """

    max_depth: int
    width: int
    root_vcf: int
    node_vcf: int
    root_vct: int
    noise: int
    sees_threes: bool = True
    time_share: float = 1.0
    root_defence: int = 0
    root_tss: int = 0
    quiet_threes: bool = False
    capped_vcf: bool = False
    net_value: bool = False
    weights: str = "handset"
    blindness: Blindness | None = None
    search: str = "classic"
    threat_stages: bool = True


LEVEL_CONFIGS = {
    Level.BEGINNER: LevelConfig(
        max_depth=1, width=6, root_vcf=0, node_vcf=0, root_vct=0, noise=2500, sees_threes=False, time_share=0.5
    ),
    Level.CASUAL: LevelConfig(
        max_depth=2, width=6, root_vcf=4, node_vcf=0, root_vct=0, noise=1800, time_share=0.5, quiet_threes=True
    ),
    Level.STRONG: LevelConfig(
        max_depth=4, width=10, root_vcf=12, node_vcf=4, root_vct=0, noise=0, time_share=0.7, root_defence=2,
        weights="tuned",
    ),
    Level.MASTER: LevelConfig(
        max_depth=PVS_MAX_DEPTH, width=12, root_vcf=20, node_vcf=8, root_vct=4, noise=0, root_defence=4, root_tss=10,
        # Its threat stages (root_tss, root_defence, root_vct) run only in the pure-Python engine's
        # classic search: the depth-shaped tree answers threats and the compiled root takes each
        # move in one call. In play, against Rapfi at 250 ms, 320 games side by side: -1.1 +- 2.8
        # points by opening against the stages; the tactics at 1000 ms 112/112 against 109/112. In
        # analysis, the tactics through analyse() at 1000 ms 104/112 with them and without, the
        # panel's median depth after 5 s 12 with both (benchmarks/README.md).
        quiet_threes=True, weights="tuned", search="pvs", threat_stages=False,
    ),
}



# ---------------------------------------------------------------- the strength ladder
# Rungs are named by their rating on the ladder's scale (the seed bot is 1000), measured by
# build_scripts/calibrate_ladder.py (game/engine/levels/ladder_table.json holds the last fit).
# They grow stronger by seeing more (blindness.py), searching deeper and reading longer
# VCFs; none has evaluation noise, so none blunders at random. Each is capped by nodes
# (api.default_limit), so it plays the same on any machine. Every rung makes its own five
# and blocks a four (root.py); from the third rung up every rung answers an open three.
#: The top rungs below the full engine: its depth-shaped search, told apart by their nodes.
_DEPTH_SHAPED_RUNG = LevelConfig(
    max_depth=PVS_MAX_DEPTH, width=12, root_vcf=20, node_vcf=8, root_vct=0, noise=0, root_defence=2,
    quiet_threes=True, weights="tuned", search="pvs",
)

RUNG_CONFIGS = {
    # A first game: plays beside the last stones, blocks fours, never sees a three. (Beside the
    # last two it measured 626 and lost 6-34 to the 850 below: 203 apart; beside the last four
    # 734, 8-32.)
    Level.R650: LevelConfig(
        max_depth=1, width=6, root_vcf=0, node_vcf=0, root_vct=0, noise=0, sees_threes=False,
        blindness=Blindness(sight=1, recent=4, adjacent_defence=True, sees_doubles=False, blind_to_threes=True),
    ),
    # Sees threes on the board but answers only a quarter of them (seeded): never answering, it
    # measured 775, 259 under 950; answering every one is what makes the 950.
    Level.R850: LevelConfig(
        max_depth=1, width=6, root_vcf=0, node_vcf=0, root_vct=0, noise=0, sees_threes=False,
        blindness=Blindness(sight=1, recent=2, adjacent_defence=True, sees_doubles=False, notices_threes=0.25),
    ),
    # From here on every rung answers an open three; this one sees only next to the last stones,
    # and a double threat not even there (with the exception beside his last stone it scored 50%
    # against the seed bot and measured 1034, 86 under 1100; without it 16-21-3).
    Level.R950: LevelConfig(
        max_depth=1, width=6, root_vcf=0, node_vcf=0, root_vct=0, noise=0,
        blindness=Blindness(sight=1, recent=2, adjacent_defence=True, sees_doubles=False, doubles_beside_last=False),
    ),
    Level.R1100: LevelConfig(
        max_depth=1, width=6, root_vcf=0, node_vcf=0, root_vct=0, noise=0,
        blindness=Blindness(sight=2, recent=2, adjacent_defence=True, sees_doubles=False),
    ),
    Level.R1300: LevelConfig(
        max_depth=1, width=6, root_vcf=2, node_vcf=0, root_vct=0, noise=0,
        blindness=Blindness(sight=2, recent=4, adjacent_defence=True, sees_doubles=False),
    ),
    # Two plies: sees the opponent's answer.
    Level.R1400: LevelConfig(
        max_depth=2, width=6, root_vcf=4, node_vcf=0, root_vct=0, noise=0,
        blindness=Blindness(sight=3, recent=4),
    ),
    # The whole board from here on.
    Level.R1550: LevelConfig(
        max_depth=2, width=8, root_vcf=6, node_vcf=0, root_vct=0, noise=0, quiet_threes=True, root_defence=2,
    ),
    # Three plies.
    Level.R1650: LevelConfig(
        max_depth=3, width=6, root_vcf=6, node_vcf=0, root_vct=0, noise=0, quiet_threes=True, root_defence=2,
    ),
    # The learned evaluation, the VCF tried inside the tree, deeper searches.
    Level.R1850: LevelConfig(
        max_depth=3, width=8, root_vcf=8, node_vcf=2, root_vct=0, noise=0, quiet_threes=True, weights="tuned",
    ),
    Level.R2000: LevelConfig(
        max_depth=5, width=10, root_vcf=12, node_vcf=4, root_vct=0, noise=0, root_defence=2, quiet_threes=True,
        weights="tuned",
    ),
    # The full engine's depth-shaped search on a node budget (api._RUNG_NODES), without its
    # threat-space search and VCT at the root (those run on the clock, which a rung must not).
    # About 120 points a doubling of its nodes: 60,000 for 2200, 150,000 for 2350 and 500,000
    # for 2500 (on 200,000 it had measured 2300, 259 from each neighbour; benchmarks/README.md).
    Level.R2200: _DEPTH_SHAPED_RUNG,
    Level.R2350: _DEPTH_SHAPED_RUNG,
    Level.R2500: _DEPTH_SHAPED_RUNG,
    # The full engine.
    Level.R2650: LEVEL_CONFIGS[Level.MASTER],
}


def level_config(level: Level) -> LevelConfig:
    """The settings of a named level or a ladder rung; GOMOKU_SEARCH (one of SEARCHES) chooses
    the search of Master and of the full-engine rung."""
    config = LEVEL_CONFIGS[level] if level in LEVEL_CONFIGS else RUNG_CONFIGS[level]
    chosen = os.environ.get("GOMOKU_SEARCH", "").strip()
    if chosen and level in (Level.MASTER, Level.R2650):
        if chosen not in SEARCHES:
            raise ValueError(f"unknown search {chosen!r} in GOMOKU_SEARCH; known: {', '.join(SEARCHES)}")
        depth = PVS_MAX_DEPTH if chosen in DEPTH_SHAPED else CLASSIC_MAX_DEPTH
        config = replace(config, search=chosen, max_depth=depth)
    return config
