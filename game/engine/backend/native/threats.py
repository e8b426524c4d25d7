"""The threat searches on a NativeBoard: the pure-Python VCF, VCT and threat-space search
(backend/pure/threats.py, tss.py), run in C in one call each (native/search/threat.c, tss.c),
same order, same memo keys, same lines and node counts. Their failure memos are Memo objects
in C, which the compiled tree search (alphabeta.py) reads and adds to as well."""

from __future__ import annotations

from ...move_search.clock import Clock
from ...move_search.params import COMPILED_THREAT_NODES
from ..pure.threats import ThreatSearch
from ..pure.tss import ThreatLine, ThreatSpaceSearch
from . import KERNEL
from .board import NativeBoard


def _budget(clock: Clock) -> int:
    """Nodes one C threat search may spend: its own cap, within the clock's node budget."""
    if clock.max_nodes is None:
        return COMPILED_THREAT_NODES
    return max(1, min(COMPILED_THREAT_NODES, clock.max_nodes - clock.nodes))


class NativeThreatSearch(ThreatSearch):
    """ThreatSearch's VCF and VCT, in C on a NativeBoard."""

    board: NativeBoard

    def __init__(self, board: NativeBoard, clock: Clock) -> None:
        super().__init__(board, clock)
        self._vcf_fail = KERNEL.Memo()
        self._vct_fail = KERNEL.Memo()

    def vcf(self, attacker: int, depth: int, zone: tuple[int, int] | None = None) -> list[int] | None:
        zone_a, zone_b = zone if zone is not None else (-1, -1)
        line, nodes = self.board.kernel.threat(
            attacker, depth, 0, zone_a, zone_b, self._vcf_fail, None, _budget(self.clock), self.clock.check)
        self.clock.advance(nodes)
        return line

    def vct(self, attacker: int, depth: int, vcf_depth: int, zone: tuple[int, int] | None = None) -> list[int] | None:
        zone_a, zone_b = zone if zone is not None else (-1, -1)
        line, nodes = self.board.kernel.threat(
            attacker, depth, vcf_depth, zone_a, zone_b, self._vcf_fail, self._vct_fail, _budget(self.clock),
            self.clock.check)
        self.clock.advance(nodes)
        return line


class NativeThreatSpaceSearch(ThreatSpaceSearch):
    """ThreatSpaceSearch in C on a NativeBoard (about sixty times faster)."""

    board: NativeBoard

    def __init__(self, board: NativeBoard, clock: Clock, sound: bool = True) -> None:
        super().__init__(board, clock, sound)
        self._failed = KERNEL.Memo()

    def find(self, attacker: int, depth: int) -> ThreatLine | None:
        clock = self.clock
        line, nodes = self.board.kernel.tss(
            attacker, depth, self.threes_against_fours, self._failed, _budget(clock), clock.check)
        clock.advance(nodes)
        return None if line is None else ThreatLine(*line)
