"""Threat-space search: VCF (victory by continuous fours) and VCT (fours and open threes).

Both work on the incremental EngineBoard and only look at threat cells, which the board
keeps in per-class sets, so a threat node costs a make/unmake and a few set lookups.

VCF: the attacker plays a four; the defender has exactly one reply (the five point); if
the reply makes a four for the defender, the attacker must block it with a four of his
own or the line fails. An open four (or double four) wins when the defender has no five.

VCT adds open threes: after a three the defender may block at any point that stops the
four (the attacker's four points) or counter with a four; the attacker must win against
every defence.
"""

from __future__ import annotations

from ...eval import patterns as pt
from ...move_search.clock import Clock
from .state import BLACK, PythonBoard, any_cell

_VCF_ORDER = (pt.C_BLOCK4_FLEX3, pt.C_BLOCK4_PLUS, pt.C_BLOCK4)
_VCT_THREES = (pt.C_FLEX3_2X, pt.C_FLEX3_PLUS, pt.C_FLEX3)



class ThreatSearch:
    """VCF and VCT for either colour on one EngineBoard. Results are memoised by hash."""

    def __init__(self, board: PythonBoard, clock: Clock) -> None:
        self.board = board
        self.clock = clock
        self.renju = board.rule.value == "renju"
        # Position key -> deepest depth that failed (NativeThreatSearch keeps them in C).
        self._vcf_fail: dict[int, int] = {}
        self._vct_fail: dict[int, int] = {}

    @property
    def vcf_memo(self):
        """The VCF failure memo: NativeAlphaBeta reads and adds to it too."""
        return self._vcf_fail

    def failures(self) -> tuple[dict[int, int], dict[int, int]]:
        """The VCF and VCT failure memos as dicts (for tests: Python and C must agree)."""
        return tuple(memo if isinstance(memo, dict) else memo.to_dict() for memo in (self._vcf_fail, self._vct_fail))

    # ---------------------------------------------------------------- helpers
    def _blocked_by_forbidden(self, defender: int, cell: int) -> bool:
        """Whether the defender cannot block at `cell` because it is forbidden for black."""
        return self.renju and defender == BLACK and self.board.packed[BLACK][cell] & 15 == pt.C_FORBIDDEN

    # ---------------------------------------------------------------- VCF
    def vcf(self, attacker: int, depth: int, zone: tuple[int, int] | None = None) -> list[int] | None:
        """A winning line of fours for `attacker` (to move), as cells from now, or None.

        Below the first four only fours within four points of the last four or its block
        are tried (`zone`, those two cells): a four far from both could have been played
        first, so the search loses little and saves most of its width. NativeThreatSearch runs
        the same search in C (same order, same memo, same line).
        """
        board = self.board
        self.clock.tick()
        sets = board.by_class[attacker]
        if sets[pt.C_FIVE]:
            return [min(sets[pt.C_FIVE])]
        defender = 3 - attacker
        their_fives = board.by_class[defender][pt.C_FIVE]
        if their_fives:
            if len(their_fives) > 1:
                return None
            block = any_cell(their_fives)
            if board.packed[attacker][block] & 15 not in pt.FOUR_CLASSES:
                return None  # the forced block is not a four: the chain breaks
            moves = [block]
        else:
            if sets[pt.C_FLEX4]:
                return [min(sets[pt.C_FLEX4])]
            moves = []
            for cls in _VCF_ORDER:
                moves.extend(sorted(sets[cls]))
            if zone is not None:
                near_four, near_block = board.zones[zone[0]], board.zones[zone[1]]
                moves = [m for m in moves if m in near_four or m in near_block]
        if depth <= 0 or not moves:
            return None
        key = board.hash ^ attacker ^ (0 if zone is None else 0x5A5A_5A5A)
        if self._vcf_fail.get(key, -1) >= depth:
            return None
        for move in moves:
            line = self._try_four(attacker, move, depth)
            if line is not None:
                return line
        self._vcf_fail[key] = depth
        return None

    def _try_four(self, attacker: int, move: int, depth: int) -> list[int] | None:
        board = self.board
        defender = 3 - attacker
        board.make(move, attacker)
        try:
            fives = board.by_class[attacker][pt.C_FIVE]
            if len(fives) >= 2:
                return [move]
            if not fives:
                return None  # not a real four after all (an edge case of exact-five rules)
            block = any_cell(fives)
            if self._blocked_by_forbidden(defender, block):
                return [move, block]
            board.make(block, defender)
            try:
                rest = self.vcf(attacker, depth - 1, (move, block))
            finally:
                board.unmake()
            return None if rest is None else [move, block, *rest]
        finally:
            board.unmake()

    # ---------------------------------------------------------------- VCT
    def vct(self, attacker: int, depth: int, vcf_depth: int, zone: tuple[int, int] | None = None) -> list[int] | None:
        """A winning first move by fours and threes for `attacker` (to move), as [move], or None.

        `depth` counts attacker threes; every attacker node first tries a VCF. Below the
        first threat only threats within four points of the last threat or its answer are
        tried (`zone`), as in the VCF. NativeThreatSearch runs the same search in C.
        """
        board = self.board
        self.clock.tick()
        defender = 3 - attacker
        if board.by_class[defender][pt.C_FIVE]:
            return self.vcf(attacker, vcf_depth, zone)  # must answer a four: only fours keep the initiative
        line = self.vcf(attacker, vcf_depth, zone)
        if line is not None or depth <= 0:
            return line
        key = board.hash ^ attacker ^ (0 if zone is None else 0x3C3C_3C3C)
        if self._vct_fail.get(key, -1) >= depth:
            return None
        sets = board.by_class[attacker]
        moves = []
        for cls in _VCF_ORDER + _VCT_THREES:
            moves.extend(sorted(sets[cls]))
        if zone is not None:
            near_threat, near_answer = board.zones[zone[0]], board.zones[zone[1]]
            moves = [m for m in moves if m in near_threat or m in near_answer]
        for move in moves:
            board.make(move, attacker)
            try:
                if board.by_class[defender][pt.C_FIVE]:
                    continue  # the three ignored a four of the defender
                if self._every_defence_loses(attacker, depth - 1, vcf_depth, move):
                    return [move]
            finally:
                board.unmake()
        self._vct_fail[key] = depth
        return None

    def _every_defence_loses(self, attacker: int, depth: int, vcf_depth: int, threat: int) -> bool:
        """Defender to move against the attacker's `threat`: does the attacker win whatever he does?"""
        board = self.board
        self.clock.tick()
        defender = 3 - attacker
        if board.by_class[defender][pt.C_FIVE]:
            return False
        attack = board.by_class[attacker]
        if len(attack[pt.C_FIVE]) >= 2:
            return True
        if attack[pt.C_FIVE]:
            block = any_cell(attack[pt.C_FIVE])
            if self._blocked_by_forbidden(defender, block):
                return True
            board.make(block, defender)
            try:
                return self.vct(attacker, depth, vcf_depth, (threat, block)) is not None
            finally:
                board.unmake()
        if not attack[pt.C_FLEX4]:
            return False  # no threat left
        defences = set()
        for cls in pt.DEFENCE_CLASSES:
            defences.update(attack[cls])
        for cls in pt.FOUR_CLASSES:
            defences.update(board.by_class[defender][cls])
        if self.renju and attacker == BLACK:
            defences.update(board.forbidden_points())  # a white stone there can stop his three too
        for cell in sorted(defences):
            if self._blocked_by_forbidden(defender, cell):
                continue
            board.make(cell, defender)
            try:
                if board.by_class[defender][pt.C_FIVE]:
                    # a counter-four: the attacker must block, then the defender moves again
                    their = board.by_class[defender][pt.C_FIVE]
                    if len(their) >= 2:
                        return False
                    block = any_cell(their)
                    if self._blocked_by_forbidden(attacker, block):
                        return False
                    board.make(block, attacker)
                    try:
                        if not self._every_defence_loses(attacker, depth, vcf_depth, threat):
                            return False
                    finally:
                        board.unmake()
                elif self.vct(attacker, depth, vcf_depth, (threat, cell)) is None:
                    return False
            finally:
                board.unmake()
        return True
