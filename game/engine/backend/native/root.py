"""The depth-shaped search's root in one call of the kernel (native/search/root_search.h).

move_search/root.py builds the root (the shortcuts, the moves, the stages it runs in Python) and
hands the rest to `iterate`: the VCF where no threat stage ran in Python, then the iterations,
multi-PV and the proof of a lost root, without a trip back to Python per root move.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass


@dataclass(frozen=True)
class RootAnswer:
    """What the compiled root found (native/search/root_search.h's RootAnswer): the iteration's depth
    (a VCF's length), whether the VCF before the iterations answered, and the lines, best first,
    each (move, score, pv), as cells."""

    depth: int
    vcf: bool
    lines: tuple[tuple[int, int, tuple[int, ...]], ...]

    @classmethod
    def read(cls, flat: list[int]) -> "RootAnswer":
        """From root_answer_flat's ints: depth, line count, forced, then per line move, score, pv length, pv."""
        depth, count, forced, at, lines = flat[0], flat[1], flat[2], 3, []
        for _ in range(count):
            move, score, length = flat[at : at + 3]
            lines.append((move, score, tuple(flat[at + 3 : at + 3 + length])))
            at += 3 + length
        return cls(depth, forced == 1, tuple(lines))


def iterate(searcher, moves: list[int], rest: list[int], side: int, max_depth: int, multipv: int,
            on_iteration=None, vcf_depth: int = 0) -> tuple[RootAnswer, int]:
    """Search the root with `searcher` (a compiled, depth-shaped AlphaBeta) on its clock.

    With `vcf_depth`, first the shortest win by fours (root.py's _vcf_win); then iterative
    deepening over `moves` (search order) until the clock, `max_depth`, a proven score or a
    single move ends it. `rest`: the legal moves left out that a lost root's proof needs.
    `on_iteration(answer, nodes)` after each finished iteration. Returns (answer, the node count
    when it was made); an answer without lines when no iteration got as far as its first root
    move. A stop flag raises nothing: the answer so far comes back.
    """
    clock = searcher.clock
    report = None if on_iteration is None else lambda flat, nodes: on_iteration(RootAnswer.read(flat), nodes)
    flat, answer_nodes, clock.nodes, clock.next_check, _ = searcher.native.iterate(
        array("i", [*moves, *rest]), len(moves), side, max_depth, multipv, searcher.prove, vcf_depth,
        clock.kernel_state(), report,
    )
    return RootAnswer.read(flat), answer_nodes
