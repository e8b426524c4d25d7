"""Judge a position with the engine's full search (Master's compiled PVS), not only the threat searches.

The threat searches that build a puzzle's proofs look a few threes deep within a small
budget; a defence they call saving can still lose to a longer attack or to one that starts
with a quiet move (issue 55: 25 of 33 sampled defences did). The full search's mate scores
are proofs (game.engine's WIN_THRESHOLD: a loss is reported only when every defence was
searched), so it is the judge of "holds" and "wins another way".

Every judgement is node-bounded with a fresh transposition table (a node-limited search
never keeps one), so it is the same on every machine and run.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import WIN, WIN_THRESHOLD, Level, Limit, Position, search
from game.rules import Board

#: Nodes of each full search. Measured on 40 defences of the old set (seed 4): at 1M nodes
#: 27 accepted defences were proven lost, at 4M 29; the two more were scored 4713 and 7498
#: at 1M, which the CLEARLY_LOST edge rejects already. 2M leaves a margin (~1.5 s a search).
JUDGE_NODES = 2_000_000
#: The attacker, to move after the accepted defence, may score at most this (the engine's
#: evaluation, side to move's view). On the analysis scale (CHANCE_SCALE 2500 points is a
#: 3-to-1 favourite) 4000 is about 85%: above it the defender is clearly lost even without a
#: proof, and the puzzle would promise a hold that a strong player would not trust.
CLEARLY_LOST = 4000


@dataclass(frozen=True)
class Verdict:
    """The full search's score for the side to move, and what it proves."""

    score: int
    nodes: int

    @property
    def wins(self) -> bool:
        """The side to move has a proven forced win."""
        return self.score > WIN_THRESHOLD

    @property
    def loses(self) -> bool:
        """The side to move is proven lost whatever it plays."""
        return self.score < -WIN_THRESHOLD

    @property
    def plies(self) -> int | None:
        """Plies of the proven win or loss, else None."""
        return WIN - abs(self.score) if self.wins or self.loses else None


def judge(board: Board, nodes: int = JUDGE_NODES, stop=None) -> Verdict:
    """Master's full search on `board` (side to move's view), node-bounded and deterministic.

    Facing a single four, the search only blocks it and scores 0 without searching: then
    the block is played and the position after it judged (the opponent's view, turned).
    `stop` (anything with is_set) ends it early; then the verdict means nothing."""
    result = search(Position.from_board(board), Limit(nodes=nodes), Level.MASTER, seed=0, stop=stop)
    if result.forced != "block-four" or abs(result.score) > WIN_THRESHOLD:
        return Verdict(result.score, result.nodes)
    board.push(result.move)
    try:
        after = judge(board, nodes, stop)
    finally:
        board.pop()
    score = -after.score
    if after.wins or after.loses:  # one ply further from the five
        score += 1 if score < 0 else -1
    return Verdict(score, result.nodes + after.nodes)


def judge_after(board: Board, point, stone, nodes: int = JUDGE_NODES, stop=None) -> Verdict:
    """The full search's verdict after `stone` plays `point` (the board is left as it was)."""
    board.push(point, stone)
    try:
        return judge(board, nodes, stop)
    finally:
        board.pop()
