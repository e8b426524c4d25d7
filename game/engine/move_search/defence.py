"""The root's defence against the opponent's threat sequence: which of our moves refute it.

A VCT is refuted by a stone on a square its proof uses: an attacking move, a point where
a three would become a four or a four a five, a forced answer, or by a four of ours that
takes the tempo. Answering only the first threat misses the refutations further down the
line, and proving a move safe against a VCT as deep as the one found when we pass misses
attacks that need one more three after our stone. So the defence

1. finds the opponent's plan as if we passed (threat-space search, then the shallowest
   exact VCT),
2. walks the VCT's proof tree (each of his threats, every answer to it, his next threat
   after each answer) and ranks the squares by how often the tree uses them,
3. proves candidates in that order, first against the VCT as deep as the plan, then one
   three deeper, each under a node budget and all before a deadline,
4. returns the proven refutations; failing those, the moves that at least lengthen his
   attack (no VCT as deep as the plan), then the moves it had no time to try.

Step 2 and the deeper proof of step 3 (`thorough`) keep only true refutations on the
must-defend positions, but they did not win matches: 17-23 at 100 ms a move (16-23-1
with the ranking only), 17-20-3 at 1000 ms (40 games each, against the same engine
without them). So the root
plays with thorough=False, which is the defence it had before (the plan's squares in
search order, each proven against the plan's depth); the tactics generator uses the
thorough mode to spot positions worth giving the oracle.
"""

from __future__ import annotations

import time
from collections import Counter

from ..backend import EngineBoard, ThreatSearch, ThreatSpaceSearch, any_cell, backend_of
from ..eval import patterns as pt
from .clock import Clock, SearchStopped

#: Node budget for walking the opponent's VCT proof tree (compiled threat nodes; in pure
#: Python the walk is skipped: there a VCT call costs fifty times as much).
_WALK_NODES = 40_000
#: Share of the defence's time the walk may take.
_WALK_SHARE = 0.25


class RootDefence:
    """One root's defence: the engine board, the side to move, the level's depths and a deadline."""

    def __init__(self, engine: EngineBoard, side: int, config, deadline: float, stop, node_budget: int, vcf_depth: int,
                 thorough: bool = True, max_nodes: int | None = None) -> None:
        self.engine = engine
        self.side = side
        self.opponent = 3 - side
        self.config = config
        self.deadline = deadline
        self.stop = stop
        self.node_budget = node_budget
        self.vcf_depth = vcf_depth
        self.thorough = thorough
        # The whole defence's nodes (None: only the deadline ends it). A node-capped search
        # gives it a share, so the proofs cannot spend the budget the search needs.
        self.max_nodes = max_nodes
        self.nodes = 0
        # One pair of searchers for the whole defence: their failure tables carry over
        # from the plan to every root move tried (only the clock changes).
        self.clock = Clock(deadline, None, stop)
        self.plans = ThreatSpaceSearch(engine, self.clock) if config.root_tss else None
        self.threats = ThreatSearch(engine, self.clock)

    def refute(self, ordered: list[int], cut: list[int], keep_unproven: bool = False) -> list[int]:
        """Root moves after which the opponent has no winning threat plan, when he has one now.

        `ordered` is every root move in search order, `cut` the ones the search would keep
        without a threat. Without a plan of his, `cut` is returned unchanged. With
        `keep_unproven` (only with `cut` = `ordered`), the moves whose proofs ran out of nodes or
        time stay beside the proven ones, in search order; only the moves his plan beats are left out.
        """
        try:
            found = self._opponent_plan()
        except SearchStopped:
            if self.stop is not None and self.stop.is_set():
                raise
            found = None
        if found is None:
            return cut
        squares, depth = found
        ranked = self._walk_tree(depth) if self.thorough else Counter()
        engine, side = self.engine, self.side
        for cls in pt.FOUR_CLASSES:
            squares.update(engine.by_class[side][cls])
        position = {move: number for number, move in enumerate(ordered)}
        relevant = [m for m in ordered if m in squares or m in ranked]
        relevant.sort(key=lambda m: (-ranked.get(m, 0), position[m]))
        candidates = relevant + [m for m in cut if m not in squares and m not in ranked]
        deeper = min(depth + 1, self.config.root_defence) if self.thorough else depth
        safe: list[int] = []
        lengthens: list[int] = []
        lost_deeper: list[int] = []
        untried: list[int] = []
        for number, move in enumerate(candidates):
            if time.perf_counter() >= self.deadline or self._nodes_left() <= 0:
                untried.extend(candidates[number:])
                break
            verdict = self._prove(move, depth, deeper)
            if verdict == "safe":
                safe.append(move)
            elif verdict == "lengthens":
                lengthens.append(move)
            elif verdict == "lost-deeper":
                lost_deeper.append(move)
            elif verdict == "unknown":
                untried.append(move)
        # The depth-shaped search keeps the untried moves too (`keep_unproven`): not proven
        # safe is not lost, and in its games against Rapfi at 300 ms a turn the proofs ran
        # out of nodes or time in a third of the positions, so the root lost its best move
        # there, often a three of our own that his plan cannot survive (benchmarks/README.md).
        if keep_unproven and (safe or lengthens):
            kept = set(safe) | set(lengthens) | set(untried)
            return [m for m in ordered if m in kept]
        # Otherwise proven refutations only, when there are any: the alpha-beta search cannot see a
        # threat sequence this deep and would happily pick an unproven move. Failing those,
        # a move that makes his attack longer (it may still be refuted by one we could not
        # prove in time, and it leaves him more to find); all refuted: resist the longest.
        return safe or lengthens or untried or lost_deeper or cut

    # ---------------------------------------------------------------- the plan
    def _opponent_plan(self) -> tuple[set[int], int] | None:
        """The squares of the opponent's winning plan if we passed, and the VCT depth that
        root moves must refute; None without one.

        When threat-space search finds the plan, its squares are where refutations lie;
        with the compiled kernel the shallowest exact VCT is looked for as well, and root
        moves must refute both (a move that breaks the threat-space line can still allow
        a VCT of four threes). In pure Python that VCT is too slow to ask of every root
        move, so depth 1 is asked.
        """
        engine, opponent = self.engine, self.opponent
        try:
            if self.plans is not None:
                plan = self.plans.find(opponent, self.config.root_tss)
                if plan is not None:
                    depth = 1
                    if backend_of(engine).fast_threats:
                        depth = self._shallowest_vct() or 1
                    return plan.squares(), depth
            for depth in range(1, self.config.root_defence + 1):  # the shallowest threat is the one to answer
                line = self.threats.vct(opponent, depth, self.vcf_depth)
                if line is not None:
                    first = line[0]
                    engine.make(first, opponent)
                    relevant = {first}
                    for cls in pt.DEFENCE_CLASSES:
                        relevant.update(engine.by_class[opponent][cls])
                    engine.unmake()
                    return relevant, depth
        finally:
            self.nodes += self.clock.nodes
            self.clock.nodes = 0
        return None

    def _shallowest_vct(self) -> int | None:
        """The fewest threes (up to root_defence) with which the opponent, to move, wins; None if none."""
        for depth in range(1, self.config.root_defence + 1):
            if self.threats.vct(self.opponent, depth, self.vcf_depth) is not None:
                return depth
        return None

    # ---------------------------------------------------------------- the proof tree
    def _walk_tree(self, depth: int) -> Counter:
        """Squares of the opponent's VCT proof tree (his threats, our answers, his four and
        five points), counted over the branches walked before the budget ran out."""
        counts: Counter = Counter()
        if not backend_of(self.engine).fast_threats:
            return counts
        now = time.perf_counter()
        deadline = min(self.deadline, now + (self.deadline - now) * _WALK_SHARE)
        self.threats.clock = Clock(deadline, _WALK_NODES, self.stop)
        try:
            self._walk(depth, counts)
        except SearchStopped:
            if self.stop is not None and self.stop.is_set():
                raise
        finally:
            self.nodes += self.threats.clock.nodes
            self.threats.clock = self.clock
        return counts

    def _walk(self, depth: int, counts: Counter) -> None:
        """The opponent to move: count the squares of his winning threat and of every answer to it."""
        engine, attacker, defender = self.engine, self.opponent, self.side
        line = self.threats.vct(attacker, depth, self.vcf_depth)
        if line is None:
            return
        counts.update(line)
        if len(line) > 1 or depth <= 0:
            return  # a line of fours: its squares are all there is
        move = line[0]
        engine.make(move, attacker)
        try:
            fives = engine.by_class[attacker][pt.C_FIVE]
            if len(fives) == 1:  # a four: one answer
                block = any_cell(fives)
                counts[block] += 1
                engine.make(block, defender)
                try:
                    self._walk(depth - 1, counts)
                finally:
                    engine.unmake()
                return
            if fives:
                return
            answers = set()
            for cls in pt.DEFENCE_CLASSES:
                answers.update(engine.by_class[attacker][cls])
            counts.update(answers)
            for cls in pt.FOUR_CLASSES:
                answers.update(engine.by_class[defender][cls])
            for answer in sorted(answers):
                engine.make(answer, defender)
                try:
                    if not engine.by_class[defender][pt.C_FIVE]:
                        self._walk(depth - 1, counts)
                finally:
                    engine.unmake()
        finally:
            engine.unmake()

    # ---------------------------------------------------------------- proofs
    def _nodes_left(self) -> int | float:
        return float("inf") if self.max_nodes is None else self.max_nodes - self.nodes

    def _prove(self, move: int, depth: int, deeper: int) -> str:
        """"safe" (no plan and no VCT `deeper` threes deep after `move`), "lengthens" (none
        `depth` deep, unknown deeper), "lost-deeper", "refuted" or "unknown" (no time)."""
        engine, opponent = self.engine, self.opponent
        clock = Clock(self.deadline, min(self.node_budget, self._nodes_left()), self.stop)
        self.threats.clock = clock
        if self.plans is not None:
            self.plans.clock = clock
        engine.make(move, self.side)
        verdict = "unknown"
        try:
            if self.plans is not None and self.plans.find(opponent, self.config.root_tss) is not None:
                verdict = "refuted"
            elif self.threats.vct(opponent, depth, self.vcf_depth) is not None:
                verdict = "refuted"
            else:
                verdict = "lengthens"
                if deeper > depth and backend_of(engine).fast_threats:
                    verdict = "lost-deeper" if self.threats.vct(opponent, deeper, self.vcf_depth) is not None else "safe"
                else:
                    verdict = "safe"
        except SearchStopped:
            if self.stop is not None and self.stop.is_set():
                raise
        finally:
            engine.unmake()
            self.nodes += clock.nodes
            self.threats.clock = self.clock
            if self.plans is not None:
                self.plans.clock = self.clock
        return verdict
