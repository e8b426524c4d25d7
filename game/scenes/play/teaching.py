"""Teaching mode's judgement of one move, from two analyses: before it and after it.

Pure (no pygame, no engine calls), so it tests with hand-made analyses. A move is stopped
when it lets the computer force a win (a proven VCF/VCT after it), or when the player had a
proven forced win and played something that throws it away.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Analysis, Proof
from game.rules import Point, Stone

#: After a different move, the player still counts as winning from this chance on (the
#: engine sees the computer lost): such a move took another road to the same win.
KEPT_WIN_CHANCE = 0.9


@dataclass(frozen=True)
class TeachingVerdict:
    """Why the move is stopped: "allowed" (the computer now forces a win) or "missed"
    (the player had a forced win and let it go); `proof` is the forced line to show."""

    kind: str
    proof: Proof


def judge_move(player: Stone, move: Point, before: Analysis | None, after: Analysis) -> TeachingVerdict | None:
    """The verdict on `player`'s `move`, or None when it is fine.

    `before` analyses the position the player moved in (None when there was no time to);
    `after` the position after the move, with the computer to move.
    """
    if after.win is not None and after.win.attacker is player.opponent:
        return TeachingVerdict("allowed", after.win)
    if before is None or before.win is None or before.win.attacker is not player:
        return None
    if before.win.line and before.win.line[0] == move:
        return None
    chance = after.black_chance if player is Stone.BLACK else 1.0 - after.black_chance
    if chance >= KEPT_WIN_CHANCE:
        return None
    return TeachingVerdict("missed", before.win)
