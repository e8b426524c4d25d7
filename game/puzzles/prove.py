"""Build proof trees with the engine's threat searches (the verifier then checks them).

The threat searches say *that* a move wins (VCT) or give one line of fours (VCF); a puzzle
needs the whole tree, so it is built one node at a time: the attacker plays the first
move of his quickest win (fours before threes), and every defence the engine considers
(each point where the attacker would make a four, and each counter-four) gets its own
subtree. Counter-fours are blocked and the same threat is answered again.

No pygame: the generator (build_scripts/make_puzzles.py) and "From your games" use it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from game.engine import (
    BLACK, C_FIVE, C_FLEX4, C_FORBIDDEN, DEFENCE_CLASSES, FOUR_CLASSES, Clock, EngineBoard, SearchStopped, ThreatSearch,
    any_cell,
)
from game.rules import Board, Point

from .puzzle import ProofNode

#: Deepest VCF (fours) and VCT (threes) the proofs use.
VCF_DEPTH = 20
VCT_DEPTH = 3
#: A tree with more attacker nodes than this is no puzzle a person can follow.
MAX_TREE_NODES = 120


class TreeTooLarge(Exception):
    """The proof tree grew past MAX_TREE_NODES."""


@dataclass(frozen=True)
class Found:
    """A proof tree, how many threes its first move needs (0 = fours only), and the effort to find that move."""

    tree: ProofNode
    threes: int
    nodes: int
    time_ms: float


class Prover:
    """Proof trees for either colour on one engine board (left as it was after each call)."""

    def __init__(self, engine: EngineBoard, clock: Clock, vct_depth: int = VCT_DEPTH) -> None:
        self.engine = engine
        self.clock = clock
        self.threats = ThreatSearch(engine, clock)
        self.vct_depth = vct_depth
        self.renju = engine.rule.value == "renju"
        self._built = 0

    @classmethod
    def on(cls, board: Board, nodes: int | None = None, time_ms: float | None = None,
           vct_depth: int = VCT_DEPTH, stop=None) -> "Prover":
        """A prover on `board` within `nodes` or `time_ms`; `stop` (anything with is_set) ends it early."""
        deadline = None if time_ms is None else time.perf_counter() + time_ms / 1000
        return cls(EngineBoard.from_board(board), Clock(deadline, nodes, stop), vct_depth)

    def cell(self, point: Point) -> int:
        return self.engine.index(*point)

    def forbidden(self, colour: int, cell: int) -> bool:
        return self.renju and colour == BLACK and self.engine.packed[BLACK][cell] & 15 == C_FORBIDDEN

    # ------------------------------------------------------------ first moves
    def first_move(self, attacker: int) -> tuple[int, int] | None:
        """(cell, threes) of the attacker's quickest win, to move now; None if none is found."""
        engine = self.engine
        fives = engine.by_class[attacker][C_FIVE]
        if fives:
            return min(fives), 0
        line = self.threats.vcf(attacker, VCF_DEPTH)
        if line is not None:
            return line[0], 0
        if engine.by_class[3 - attacker][C_FIVE]:
            return None
        for depth in range(1, self.vct_depth + 1):
            line = self.threats.vct(attacker, depth, VCF_DEPTH)
            if line is not None:
                return line[0], depth
        return None

    def find(self, attacker: int) -> Found | None:
        """The attacker's proof tree from here, or None (no win, or the budget ran out)."""
        started = time.perf_counter()
        nodes_before = self.clock.nodes
        try:
            first = self.first_move(attacker)
            if first is None:
                return None
            nodes = self.clock.nodes - nodes_before
            elapsed = (time.perf_counter() - started) * 1000
            self._built = 0
            tree = self.tree(attacker)
        except (SearchStopped, TreeTooLarge):
            return None
        if tree is None:
            return None
        return Found(tree, first[1], nodes, elapsed)

    def wins_with(self, attacker: int, cell: int) -> bool:
        """Whether `cell` (a four or a three) wins for the attacker against every defence.
        False too when the budget runs out: "not within the proof budget"."""
        engine = self.engine
        if engine.cells[cell] or self.forbidden(attacker, cell):
            return False
        if cell in engine.by_class[attacker][C_FIVE]:
            return True
        engine.make(cell, attacker)
        try:
            return self.threats._every_defence_loses(attacker, self.vct_depth, VCF_DEPTH, cell)
        except SearchStopped:
            return False
        finally:
            engine.unmake()

    def proof_depth_after(self, attacker: int, cell: int) -> int | None:
        """Attacker moves on the longest branch of the proof that starts with `cell`; None if
        no tree is found within the budget."""
        tree = self.tree_after(attacker, cell)
        return None if tree is None else tree.depth()

    def tree_after(self, attacker: int, cell: int) -> ProofNode | None:
        """The proof tree that starts with the attacker's `cell` (a four or a three), or None
        when no defence-proof tree is found within the budget."""
        engine = self.engine
        if engine.cells[cell] or self.forbidden(attacker, cell):
            return None
        if cell in engine.by_class[attacker][C_FIVE]:
            return ProofNode(engine.point(cell))
        engine.make(cell, attacker)
        try:
            self._built = 0
            replies = self._answers(attacker)
        except (SearchStopped, TreeTooLarge):
            return None
        finally:
            engine.unmake()
        return None if replies is None else ProofNode(engine.point(cell), replies)

    def has_win(self, attacker: int) -> bool | None:
        """Whether the attacker (to move) has a forced win; None when the budget ran out."""
        try:
            return self.first_move(attacker) is not None
        except SearchStopped:
            return None

    # ------------------------------------------------------------ trees
    def tree(self, attacker: int) -> ProofNode | None:
        """Attacker to move: the proof tree of his quickest win, or None."""
        self._built += 1
        if self._built > MAX_TREE_NODES:
            raise TreeTooLarge()
        engine = self.engine
        fives = engine.by_class[attacker][C_FIVE]
        if fives:
            return ProofNode(engine.point(min(fives)))
        line = self.threats.vcf(attacker, VCF_DEPTH)
        if line is not None:
            return self._chain(line)
        first = self.first_move(attacker)
        if first is None:
            return None
        move = first[0]
        engine.make(move, attacker)
        try:
            replies = self._answers(attacker)
        finally:
            engine.unmake()
        return None if replies is None else ProofNode(engine.point(move), replies)

    def _chain(self, line: list[int]) -> ProofNode:
        """A VCF line (four, block, four, block, ..., the last four or five) as a tree.
        A line that ends on a block black may not play drops that block: no reply is listed."""
        engine = self.engine
        cells = list(line)
        if len(cells) % 2 == 0:
            cells.pop()
        node = ProofNode(engine.point(cells[-1]))
        for index in range(len(cells) - 3, -1, -2):
            node = ProofNode(engine.point(cells[index]), ((engine.point(cells[index + 1]), node),))
        return node

    def _answers(self, attacker: int) -> tuple[tuple[Point, ProofNode], ...] | None:
        """Defender to move after the attacker's threat: a subtree for every defence, or None if one holds."""
        engine = self.engine
        defender = 3 - attacker
        attack = engine.by_class[attacker]
        if attack[C_FIVE]:
            if len(attack[C_FIVE]) >= 2:
                return ()
            block = any_cell(attack[C_FIVE])
            if self.forbidden(defender, block):
                return ()
            engine.make(block, defender)
            try:
                child = self.tree(attacker)
            finally:
                engine.unmake()
            return None if child is None else ((engine.point(block), child),)
        if not attack[C_FLEX4]:
            return None
        defences: set[int] = set()
        for cls in DEFENCE_CLASSES:
            defences.update(attack[cls])
        for cls in FOUR_CLASSES:
            defences.update(engine.by_class[defender][cls])
        replies: list[tuple[Point, ProofNode]] = []
        for cell in sorted(defences):
            if self.forbidden(defender, cell):
                continue
            engine.make(cell, defender)
            try:
                their = engine.by_class[defender][C_FIVE]
                if their:  # a counter-four: block it, then the same threat stands
                    if len(their) >= 2:
                        return None
                    block = any_cell(their)
                    if self.forbidden(attacker, block) or block in engine.by_class[attacker][C_FIVE]:
                        return None
                    engine.make(block, attacker)
                    try:
                        self._built += 1
                        if self._built > MAX_TREE_NODES:
                            raise TreeTooLarge()
                        again = self._answers(attacker)
                    finally:
                        engine.unmake()
                    if again is None:
                        return None
                    child = ProofNode(engine.point(block), again)
                else:
                    child = self.tree(attacker)
                    if child is None:
                        return None
            finally:
                engine.unmake()
            replies.append((engine.point(cell), child))
        return tuple(replies)
