"""The root's threat stages that run in Python (root.py, steps 3-6), each in its share of the turn.

Against an open three, the true defences; our own sound threat-space win and our VCT; and
the moves that refute his winning plan. The compiled root (native/search/root_search.c) needs none
of them: Master's tree answers threats itself (LevelConfig.threat_stages). The classic search,
the pure-Python engine and the ladder's depth-shaped rungs run them.
"""

from __future__ import annotations

import time

from ..backend import EngineBoard, ThreatSearch, ThreatSpaceSearch, backend_of
from ..eval import patterns as pt
from ..levels.config import LevelConfig
from .clock import Clock, SearchStopped
from .defence import RootDefence

#: Share of the budget the Master VCT may spend, and the share by which it must end.
VCT_SHARE = 0.15
VCT_END = 0.75
#: Share of the budget (from the start) by which the root defence against a VCT must end.
DEFENCE_SHARE = 0.55
#: The same under the depth-shaped search, which keeps the moves the defence leaves unproven:
#: its proofs then only take out losing moves, and the search gets the rest of the turn. At
#: 300 ms a turn against Rapfi at 80 ms (benchmarks/README.md): over 600 games each, the old
#: rule (0.55, unproven moves dropped) 30.2%, this one 36.1%; 0.15 did worse than 0.3.
DEFENCE_SHARE_DEPTH_SHAPED = 0.3
#: Node budget for proving one root move safe against the opponent's VCT: in Python, and
#: with the compiled kernel (whose threat nodes cost about 0.6 microseconds, not 30).
DEFENCE_NODES = 1000
DEFENCE_NODES_COMPILED = 30_000
#: Share of a node-capped search's nodes the root defence may spend.
DEFENCE_NODE_SHARE = 0.5
#: Share of the budget our own threat-space search may spend.
TSS_SHARE = 0.1


def true_defences(engine: EngineBoard, side: int, ordered: list[int]) -> tuple[list[int], set[int]]:
    """Against an open three: (our fours and the moves after which he has no open four to
    make, in `ordered`'s order; the moves left out, which lose for certain).

    The move ordering offers every point where he would make a four, which is wider than
    the points that stop this three; if the clock stops the search early, the first move
    left must still be a defence. With no such move, `ordered` comes back whole.
    """
    own = engine.packed[side]
    theirs = engine.by_class[3 - side]
    kept, lost = [], set()
    for move in ordered:
        if own[move] & 15 in pt.FOUR_CLASSES:
            kept.append(move)
            continue
        engine.make(move, side)
        if theirs[pt.C_FLEX4]:
            lost.add(move)
        else:
            kept.append(move)
        engine.unmake()
    return (kept, lost) if kept else (ordered, set())


class ThreatStages:
    """The threat stages of one root search, on its board, in shares of its turn.

    Each stage runs on a clock of its own, bounded by the root's; its nodes are added to
    the root's count. A stop flag set during a stage raises SearchStopped; the stage's own
    deadline only ends the stage.
    """

    def __init__(self, engine: EngineBoard, side: int, config: LevelConfig, clock: Clock, started: float,
                 budget: float | None, stop, node_limit: int | None) -> None:
        self.engine, self.side, self.config = engine, side, config
        self.clock, self.started, self.budget, self.stop = clock, started, budget, stop
        self.node_limit = node_limit

    def any_runs(self) -> bool:
        """Whether a stage runs at this root: the threat-space search, the defence or the VCT
        (each needs a time budget)."""
        config = self.config
        return self.budget is not None and bool(config.root_tss or config.root_defence or config.root_vct)

    def vcf_depth(self) -> int:
        """Depth of the VCF tried at every node of a VCT (bounded: the VCT multiplies it)."""
        return min(self.config.root_vcf, 10)

    def tss_line(self) -> list[int] | None:
        """The threats (cells, first ours) of a sound win by threes and fours, if the
        threat-space search finds one in its share of the budget."""
        depth = self.config.root_tss
        if not depth or self.budget is None:
            return None
        deadline = min(self.clock.deadline, time.perf_counter() + self.budget * TSS_SHARE)
        search = ThreatSpaceSearch(self.engine, Clock(deadline, None, self.stop))
        found = self._run(search.clock, lambda: search.find(self.side, depth))
        return None if found is None else list(found.threats)

    def vct_line(self) -> list[int] | None:
        """A win by threes and fours (Master), the shallowest found in a share of the budget."""
        if not self.config.root_vct or self.budget is None:
            return None
        now = time.perf_counter() - self.started
        deadline = self.started + min(now + self.budget * VCT_SHARE, self.budget * VCT_END)
        vct = ThreatSearch(self.engine, Clock(min(self.clock.deadline, deadline), None, self.stop))

        def shallowest():
            for depth in range(1, self.config.root_vct + 1):  # shallow wins come first and fast
                line = vct.vct(self.side, depth, self.vcf_depth())
                if line is not None:
                    return line
            return None

        return self._run(vct.clock, shallowest)

    def refute(self, ordered: list[int], width: int | None, keep_unproven: bool = False) -> list[int]:
        """Root moves after which the opponent has no winning threat plan, when he has one
        now (see `defence`; with `keep_unproven`, also those the clock left unproven); without
        a plan, the best `width` moves (all when width is None)."""
        cut = ordered if width is None else ordered[:width]
        if not self.config.root_defence or self.budget is None:
            return cut
        share_of_turn = DEFENCE_SHARE_DEPTH_SHAPED if keep_unproven else DEFENCE_SHARE
        deadline = min(self.clock.deadline, self.started + self.budget * share_of_turn)
        nodes = DEFENCE_NODES_COMPILED if backend_of(self.engine).fast_threats else DEFENCE_NODES
        # The thorough defence (proof-tree ranking, proofs one three deeper) is not used in
        # play: it did not gain in matches (100 ms: 17-23, and 16-23-1 with the ranking only;
        # 1000 ms: 17-20-3; 40 games each against the defence without it).
        # Under a node cap (a ladder rung) the proofs get a share of it, so that a threatened
        # position still leaves the alpha-beta search its nodes (all candidates proven at
        # 30,000 nodes each left the depth-shaped search none: it answered at depth 0).
        share = None if self.node_limit is None else int(self.node_limit * DEFENCE_NODE_SHARE)
        defence = RootDefence(self.engine, self.side, self.config, deadline, self.stop, nodes, self.vcf_depth(),
                              thorough=False, max_nodes=share)
        try:
            return defence.refute(ordered, cut, keep_unproven)
        finally:
            self.clock.nodes += defence.nodes

    def _run(self, clock: Clock, stage):
        """`stage()`'s answer, or None when its clock ended it; its nodes go to the root's count."""
        try:
            return stage()
        except SearchStopped:
            if self.stop is not None and self.stop.is_set():
                raise
            return None
        finally:
            self.clock.nodes += clock.nodes
