"""A puzzle as a value: the position, the goal, and the proof that the answer is right.

A win proof is a tree. Each `ProofNode` is one attacker move; its `replies` map each
defender move that needs an answer to the attacker's next node. Defender moves that are
not listed lose at once (the attacker then has a five, or a four that cannot be blocked):
the verifier checks that on the rules board, so a tree never has to list every point.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from game.rules import Point, Rule, Stone


class Goal(Enum):
    """What the side to move must do. The values are the words of the puzzle file."""

    WIN_BY_FOURS = "win-by-fours"  # every attacking move is a four (VCF)
    WIN = "win"                    # fours and threes (VCT)
    DEFEND = "defend"              # stop the opponent's forced win

    @property
    def is_win(self) -> bool:
        return self is not Goal.DEFEND


#: Theme words a puzzle file may use.
THEMES = ("vcf", "vct", "four-three", "forbidden-point", "defence")


@dataclass(frozen=True)
class ProofNode:
    """One attacker move and, for each defender reply that needs one, the attacker's answer."""

    move: Point
    replies: tuple[tuple[Point, "ProofNode"], ...] = ()

    def reply_to(self, defender_move: Point) -> "ProofNode | None":
        for reply, node in self.replies:
            if reply == defender_move:
                return node
        return None

    def main_line(self) -> list[Point]:
        """Attacker move, first listed reply, attacker move, ... down the first branch."""
        line = [self.move]
        node = self
        while node.replies:
            reply, node = node.replies[0]
            line += [reply, node.move]
        return line

    def count(self) -> int:
        """Attacker nodes in the tree."""
        return 1 + sum(child.count() for _, child in self.replies)

    def depth(self) -> int:
        """Attacker moves on the longest branch."""
        return 1 + max((child.depth() for _, child in self.replies), default=0)

    def points(self) -> set[Point]:
        """Every point the tree names (attacker moves and listed replies)."""
        found = {self.move}
        for reply, child in self.replies:
            found.add(reply)
            found |= child.points()
        return found


@dataclass(frozen=True)
class Puzzle:
    """One puzzle. `moves` are the stones in play order, black first (so the side to move
    follows from their count). For a win, `solution` is the side to move's proof and
    `accepted` its winning first moves; for a defence, `solution` is the opponent's win if
    the player passed, `accepted` the moves that stop it, and `refutations` the opponent's
    proof after a losing move the solution does not already refute.
    """

    id: str
    rule: Rule
    to_move: Stone
    goal: Goal
    moves: tuple[Point, ...]
    solution: ProofNode
    accepted: tuple[Point, ...]
    theme: str
    rating: int
    difficulty: int
    refutations: tuple[tuple[Point, ProofNode], ...] = field(default=())
    size: int = 15

    @property
    def attacker(self) -> Stone:
        """Who has the forced win: the player in a win puzzle, the opponent in a defence."""
        return self.to_move if self.goal.is_win else self.to_move.opponent

    def refutation_of(self, move: Point) -> ProofNode:
        """The opponent's proof after the player's losing `move` (defence puzzles)."""
        for losing, node in self.refutations:
            if losing == move:
                return node
        return self.solution
