"""Analysis for people: winning chances, the best moves, and forced wins proven move by move.

The search answers "which move?"; a player who wants to learn asks "how good is this
position, and why?". `analyse` gives the top moves with their scores and lines, each
side's winning chances, and a `Proof` whenever the side to move has a forced win.

A Proof is a line that can be played out on a board: the attacker's threats *and* the
defender's replies, ending with the five. The threat searches in `threats` only say which
first move wins (VCT) or give the fours and their blocks (VCF), so the line is built one
move at a time: the attacker plays the first move of his shortest win, and the defender
plays the defence that holds out longest (the one after which the attacker needs the most
threes, then the longest VCF). Every line is checked on the rules board before it is
returned, so a Proof is never a guess.

The alpha-beta search proves wins too: a score beyond WIN_THRESHOLD means every defence was
searched at every node (scores.UNPROVEN_WIN). Such a win is shown only with its line: the
search's principal variation, finished by the threat searches where the table's line ends,
and checked on the rules board (a Proof of kind "search"). A mate score whose line cannot be
played out is shown as a large advantage, never as a win; so is a loss.

No pygame here: the GUI, the worker process and the coach all use this module.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Callable

from game.rules import Board, Stone

from ..api import Candidate, Level, Limit, Position, SearchResult
from ..levels.config import level_config
from ..move_search.clock import Clock
# Proof, find_win and wins_after are re-exported: callers know them from this module.
from ..backend import EngineBoard
from ..eval.eval_weights import weights_for
from ..move_search.root import StopFlag, search
from ..move_search.scores import WIN, WIN_THRESHOLD, unproven
from .proofs import SEARCH_PROOF_MS, Proof, ProofBudget, find_win, find_win_on, played_out, proof_nodes, wins_after  # noqa: F401

#: A score of this many points (side to move's view) is a 3-to-1 favourite (logistic scale).
#: The evaluation gives ~1500 for a typical early initiative and ~8000 for a double three.
CHANCE_SCALE = 2500
#: Share of a limited analysis spent looking for a proof before the ordinary search.
_PROOF_SHARE = 0.35
#: The most a winning chance says without a proof: a large advantage is not a won game.
UNPROVEN_CHANCE = 0.99
#: Endless analysis: the first search's budget, doubled for every next one.
_FIRST_BUDGET_MS = 400
_LONGEST_BUDGET_MS = 60_000


@dataclass(frozen=True)
class Analysis:
    """What the engine knows about one position, for a panel, a review or a command line.

    `final` is False for a progress snapshot and True once the analysis ended. `winner`
    is set when the game is already over (someone made five); then there are no candidates.
    `loss` is set when the side to move is lost whatever it plays: the opponent's proof
    after its most stubborn move (the best candidate's).
    """

    to_move: Stone
    candidates: tuple[Candidate, ...]
    depth: int
    nodes: int
    time_ms: int
    win: Proof | None
    final: bool
    winner: Stone | None = None
    game_over: bool = False
    loss: Proof | None = None

    @property
    def best(self) -> Candidate | None:
        return self.candidates[0] if self.candidates else None

    @property
    def chance(self) -> float:
        """The side to move's winning chance (1.0 or 0.0 when proven or over)."""
        if self.game_over:
            if self.winner is None:
                return 0.5
            return 1.0 if self.winner is self.to_move else 0.0
        if self.win is not None:
            return 1.0
        if self.loss is not None:
            return 0.0
        best = self.best
        return 0.5 if best is None else win_chance(best.score)

    @property
    def black_chance(self) -> float:
        """Black's winning chance, 0..1."""
        chance = self.chance
        return chance if self.to_move is Stone.BLACK else 1.0 - chance


def win_chance(score: int) -> float:
    """The side to move's winning chance from a search score: a logistic curve, 1.0/0.0 for
    a proven win/loss, and never beyond UNPROVEN_CHANCE (or below 1 - it) without a proof."""
    if score > WIN_THRESHOLD:
        return 1.0
    if score < -WIN_THRESHOLD:
        return 0.0
    chance = 1.0 / (1.0 + math.exp(-score * math.log(3) / CHANCE_SCALE))
    return min(UNPROVEN_CHANCE, max(1.0 - UNPROVEN_CHANCE, chance))


def proven_analysis(analysis: Analysis, board: Board, stop: StopFlag | None = None, level: Level = Level.MASTER) -> Analysis:
    """`analysis` of the position on `board` (say an external engine's) claiming a win or loss
    only where our search plays its line out; other mate scores become large scores."""
    return _with_proofs(analysis, board, stop, level, prove=True)


def _with_proofs(analysis: Analysis, board: Board, stop: StopFlag | None, level: Level, prove: bool) -> Analysis:
    """The analysis with every mate score backed by a Proof or moved out of the mate range.

    With `prove` the best candidate's proven win (or loss) is played out into `win` (or
    `loss`); a mate score without a line, and every other candidate's, becomes a large score
    (scores.unproven), which the chances show as an advantage, not a won game.
    """
    if analysis.game_over or analysis.win is not None or not analysis.candidates:
        return analysis
    first = analysis.candidates[0]
    win = loss = None
    if prove and abs(first.score) > WIN_THRESHOLD:
        budget = ProofBudget(proof_nodes(), SEARCH_PROOF_MS, stop)
        if first.score > 0:
            # A threat-space win's line lists the attacker's threats only: from its first
            # move on, the proving searches answer for both sides.
            pv = first.pv[:1] if first.forced == "vct" else first.pv
            win = played_out(board, analysis.to_move, pv, budget, level)
        elif first.pv:
            after = board.copy()
            after.push(tuple(first.pv[0]), analysis.to_move)
            loss = played_out(after, analysis.to_move.opponent, first.pv[1:], budget, level)
    candidates = []
    for rank, candidate in enumerate(analysis.candidates):
        if rank == 0 and win is not None:
            candidate = Candidate(win.line[0], WIN - len(win.line), win.line, "search")
        elif not (rank == 0 and loss is not None) and abs(candidate.score) > WIN_THRESHOLD:
            candidate = replace(candidate, score=unproven(candidate.score))
        candidates.append(candidate)
    return replace(analysis, candidates=tuple(candidates), win=win, loss=loss)


# ----------------------------------------------------------------------------- analysis
def analyse(
    position: Position,
    limit: Limit | None,
    n_best: int = 3,
    stop: StopFlag | None = None,
    on_progress: Callable[[Analysis], None] | None = None,
    level: Level = Level.MASTER,
    proof_ms: int | None = None,
) -> Analysis:
    """Analyse `position` for the side to move: the top `n_best` moves, chances and any proven win.

    With a Limit, a share of its time goes to looking for a proof and the rest to a
    multi-PV search. With limit None the analysis deepens without end (searches with a
    doubling budget) until `stop` is set, calling `on_progress` with a snapshot after every
    deeper iteration; it also ends when a win is found or the deepest level is searched.
    `proof_ms` bounds the proof search instead of its share of the limit (it usually ends
    well before: it stops as soon as no deeper threat sequence is left to try).
    The returned Analysis has final=True. Raises PositionError for stones that cannot be set up.
    """
    started = time.perf_counter()
    to_move = position.to_move
    board = position.to_board()
    outcome = board.outcome()
    if outcome is not None:
        return Analysis(to_move, (), 0, 0, 0, None, True, outcome.winner, True)
    if board.is_full:
        return Analysis(to_move, (), 0, 0, 0, None, True, None, True)

    def elapsed() -> int:
        return int((time.perf_counter() - started) * 1000)

    # With the level's evaluation table, so that the search below can use this board too (the
    # proof reads only the cells' classes, which no table changes).
    engine = EngineBoard.from_board(board, weights_for(level_config(level).weights))
    if proof_ms is not None:
        pass
    elif limit is None:
        proof_ms = _FIRST_BUDGET_MS
    elif limit.time_ms is not None:
        proof_ms = max(1, int(limit.time_ms * _PROOF_SHARE))
    proof_clock = Clock(None if proof_ms is None else started + proof_ms / 1000, limit.nodes if limit else None, stop)
    win = find_win_on(board, engine, int(to_move), proof_clock)
    nodes = proof_clock.nodes
    if win is not None:
        candidate = Candidate(win.line[0], WIN - len(win.line), win.line, "win-in-1" if win.kind == "five" else win.kind)
        others, more_nodes = _other_moves(position, candidate, n_best, limit, stop, elapsed(), level)
        return Analysis(to_move, (candidate, *others), len(win.line), nodes + more_nodes, elapsed(), win, True)
    if stop is not None and stop.is_set():
        return Analysis(to_move, (), 0, nodes, elapsed(), None, True)

    def snapshot(result: SearchResult, final: bool) -> Analysis:
        found = Analysis(to_move, result.candidates or _single(result), result.depth, nodes + result.nodes, elapsed(), None, final)
        # Only the final answer is played out (a snapshot is shown for a moment).
        return _with_proofs(found, board, stop, level, prove=final)

    if limit is not None:
        remaining = None if limit.time_ms is None else max(1, limit.time_ms - elapsed())
        sub_limit = Limit(time_ms=remaining, depth=limit.depth, nodes=limit.nodes)
        forward = None if on_progress is None else (lambda result: on_progress(snapshot(result, False)))
        # One engine board for the proof and the search (the proof leaves it at the position).
        result = search(position, sub_limit, level, stop=stop, on_progress=forward, multipv=n_best, prove=True,
                        engine=engine)
        if result.forced == "block-four" and result.score == 0 and not (stop is not None and stop.is_set()):
            result = _after_forced_block(position, result, sub_limit, level, stop, started)
        return snapshot(result, True)
    return _endless(position, n_best, stop, on_progress, level, snapshot, engine)


def _other_moves(position: Position, first: Candidate, n_best: int, limit: Limit | None, stop, spent_ms: int, level: Level):
    """Beside a proven win, the next best moves (a panel shows the top few), scored below it."""
    if n_best <= 1 or (stop is not None and stop.is_set()):
        return (), 0
    budget = _FIRST_BUDGET_MS if limit is None or limit.time_ms is None else limit.time_ms - spent_ms
    if budget < 20:
        return (), 0
    result = search(position, Limit(time_ms=budget), level, stop=stop, multipv=n_best + 1)
    others = [c for c in result.candidates if c.move != first.move][: n_best - 1]
    capped = tuple(Candidate(c.move, min(c.score, first.score - 1 - rank), c.pv) for rank, c in enumerate(others))
    return capped, result.nodes


def _after_forced_block(position: Position, result: SearchResult, limit: Limit, level: Level, stop, started: float) -> SearchResult:
    """A forced block scores 0 at the root (the search does not look further); its real score
    is the opponent's score after it, negated, so the chances do not jump to 50 % on every four."""
    board = position.to_board()
    board.push(result.move, position.to_move)
    if board.outcome() is not None or board.is_full:
        return result
    spent = int((time.perf_counter() - started) * 1000)
    remaining = None if limit.time_ms is None else max(1, limit.time_ms - spent)
    reply = search(Position.from_board(board), Limit(remaining, limit.depth, limit.nodes), level, stop=stop, prove=True)
    pv = (result.move, *reply.pv)
    candidate = Candidate(result.move, -reply.score, pv, result.forced)
    return SearchResult(result.move, -reply.score, reply.depth + 1, result.nodes + reply.nodes, pv, result.time_ms + reply.time_ms, result.forced, (candidate,))


def _endless(position, n_best, stop, on_progress, level, snapshot, engine: EngineBoard) -> Analysis:
    """Searches with a doubling budget until stopped, all on `engine` (the proof's board); only
    deeper results than before are reported."""
    shown = {"depth": 0}
    best: SearchResult | None = None
    max_depth = level_config(level).max_depth

    def forward(result: SearchResult) -> None:
        if result.depth > shown["depth"]:
            shown["depth"] = result.depth
            if on_progress is not None:
                on_progress(snapshot(result, False))

    budget = _FIRST_BUDGET_MS
    while True:
        started = time.perf_counter()
        result = search(position, Limit(time_ms=budget), level, stop=stop, on_progress=forward, multipv=n_best, prove=True,
                        engine=engine)
        blocked = result.forced == "block-four"
        if blocked and result.score == 0 and not (stop is not None and stop.is_set()):
            # the block is forced: deepen on the position after it instead (its score, negated)
            result = _after_forced_block(position, result, Limit(time_ms=budget), level, stop, started)
            forward(result)
        stopped = stop is not None and stop.is_set()
        if best is None or result.depth >= best.depth or result.forced:
            best = result
        proven = result.forced and not blocked
        if stopped or proven or abs(result.score) > WIN_THRESHOLD or result.depth >= max_depth:
            return snapshot(best, True)
        forward(result)
        budget = min(budget * 2, _LONGEST_BUDGET_MS)


def _single(result: SearchResult) -> tuple[Candidate, ...]:
    return (Candidate(result.move, result.score, result.pv or (result.move,), result.forced),)
