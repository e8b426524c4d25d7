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
searched at every node (alphabeta.UNPROVEN_WIN). Such a win is shown only with its line: the
search's principal variation, finished by the threat searches where the table's line ends,
and checked on the rules board (a Proof of kind "search"). A mate score whose line cannot be
played out is shown as a large advantage, never as a win; so is a loss.

No pygame here: the GUI, the worker process and the coach all use this module.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from typing import Callable

from game.rules import Board, Point, Stone

from . import patterns as pt
from .alphabeta import WIN, WIN_THRESHOLD, unproven
from .api import Candidate, Level, Limit, Position, SearchResult
from .clock import Clock, SearchStopped, StopAt
from .levels import level_config
from .root import StopFlag, search
from .state import BLACK, EngineBoard, any_cell, kernel_available
from .threats import ThreatSearch

#: A score of this many points (side to move's view) is a 3-to-1 favourite (logistic scale).
#: The evaluation gives ~1500 for a typical early initiative and ~8000 for a double three.
CHANCE_SCALE = 2500
#: Deepest VCF (fours) and VCT (threes) a proof looks for; Master's own root settings.
PROOF_VCF_DEPTH = 20
PROOF_VCT_DEPTH = 4
#: A proof line longer than this many moves is not shown (it would be a bug in the search).
_MAX_LINE = 80
#: Share of a limited analysis spent looking for a proof before the ordinary search.
_PROOF_SHARE = 0.35
#: The most a winning chance says without a proof: a large advantage is not a won game.
UNPROVEN_CHANCE = 0.99
#: Nodes for finishing and checking the line of one win the search proved (its threat
#: searches and proving searches together). A node cap, not a time: the review and the
#: panel then prove the same wins on a loaded machine as on an idle one, and a node-capped
#: search starts from a fresh table, so the line does not depend on earlier searches.
_SEARCH_PROOF_NODES = 2_000_000
_SEARCH_PROOF_NODES_PYTHON = 40_000
#: The wall-clock backstop of the same, for a machine far slower than the cap assumes.
_SEARCH_PROOF_MS = 6_000
#: Endless analysis: the first search's budget, doubled for every next one.
_FIRST_BUDGET_MS = 400
_LONGEST_BUDGET_MS = 60_000


@dataclass(frozen=True)
class Proof:
    """A proven forced win: the attacker's threat sequence with the defender's forced replies.

    `line` is in play order, attacker first, alternating colours, ending with the five.
    `kind` is "five" (a five on the board now), "vcf" (fours only), "vct" (threes too) or
    "search" (the alpha-beta search proved that every defence loses; the line is its
    principal variation, played out).
    """

    attacker: Stone
    kind: str
    line: tuple[Point, ...]

    @property
    def attacker_moves(self) -> int:
        """Moves the attacker needs to make five ("five in N")."""
        return (len(self.line) + 1) // 2

    @property
    def attacker_line(self) -> tuple[Point, ...]:
        """The attacker's own moves only."""
        return self.line[::2]


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


# ----------------------------------------------------------------------------- proofs
class _Prover:
    """Builds a playable winning line for `attacker` on one EngineBoard (see the module docstring)."""

    def __init__(self, engine: EngineBoard, clock: Clock) -> None:
        self.engine = engine
        self.threats = ThreatSearch(engine, clock)
        self.renju = engine.rule.value == "renju"

    def _forbidden(self, colour: int, cell: int) -> bool:
        return self.renju and colour == BLACK and self.engine.packed[BLACK][cell] & 15 == pt.C_FORBIDDEN

    def shortest_win(self, attacker: int) -> tuple[int, int, int] | None:
        """(threes needed, line length, first move) of the attacker's quickest win, to move; None if none.

        Fours-only wins count 0 threes, so a VCF is always preferred to a VCT.
        """
        engine = self.engine
        fives = engine.by_class[attacker][pt.C_FIVE]
        if fives:
            return 0, 1, min(fives)
        line = self.threats.vcf(attacker, PROOF_VCF_DEPTH)
        if line is not None:
            return 0, len(line), line[0]
        if engine.by_class[3 - attacker][pt.C_FIVE]:
            return None  # he must block a four, and the block starts no VCF
        for depth in range(1, PROOF_VCT_DEPTH + 1):
            line = self.threats.vct(attacker, depth, PROOF_VCF_DEPTH)
            if line is not None:
                return depth, 2 * depth + 1, line[0]
        return None

    def line(self, attacker: int) -> list[int] | None:
        """The whole proof from here (attacker to move), as cells in play order, or None."""
        engine = self.engine
        defender = 3 - attacker
        made: list[int] = []
        try:
            first = self.shortest_win(attacker)
            if first is None:
                return None
            move = first[2]
            while len(made) < _MAX_LINE:
                five = move in engine.by_class[attacker][pt.C_FIVE]
                engine.make(move, attacker)
                made.append(move)
                if five:
                    return list(made)
                reply = self._defence(attacker)
                if reply is None:
                    return None
                engine.make(reply, defender)
                made.append(reply)
                if engine.by_class[defender][pt.C_FIVE] and not engine.by_class[attacker][pt.C_FIVE]:
                    # a counter-four: the attacker blocks it; the defender then answers the same threat
                    block = any_cell(engine.by_class[defender][pt.C_FIVE])
                    if len(engine.by_class[defender][pt.C_FIVE]) > 1 or self._forbidden(attacker, block):
                        return None
                    move = block
                    continue
                found = self.shortest_win(attacker)
                if found is None:
                    return None
                move = found[2]
            return None
        finally:
            for _ in made:
                engine.unmake()

    def _defence(self, attacker: int) -> int | None:
        """The defender's reply to the attacker's last threat that holds out longest."""
        engine = self.engine
        defender = 3 - attacker
        attack = engine.by_class[attacker]
        if attack[pt.C_FIVE]:
            blocks = sorted(attack[pt.C_FIVE])
            playable = [c for c in blocks if not self._forbidden(defender, c)]
            if playable:
                return playable[0]
            return self._any_point(defender)  # renju: black cannot block on a forbidden point
        if not attack[pt.C_FLEX4]:
            return None  # no threat: the line is not forcing (a bug in the search if it happens)
        options = set()
        for cls in pt.DEFENCE_CLASSES:
            options.update(attack[cls])
        if self.renju and attacker == BLACK:
            options.update(engine.forbidden_points())  # a white stone there can stop his three too
        counters = set()
        for cls in pt.FOUR_CLASSES:
            counters.update(engine.by_class[defender][cls])
        best, best_cost = None, None
        # Plain blocks first; a counter-four only delays, so it is shown only when nothing else is left.
        for cell in sorted(options - counters) or sorted(counters):
            if self._forbidden(defender, cell):
                continue
            engine.make(cell, defender)
            try:
                if engine.by_class[defender][pt.C_FIVE]:
                    cost = (0, 0)  # counter-four: not chosen over a block
                else:
                    found = self.shortest_win(attacker)
                    if found is None:
                        return None  # this defence holds: no proof after all
                    cost = (found[0], found[1])
            finally:
                engine.unmake()
            if best_cost is None or cost > best_cost:
                best, best_cost = cell, cost
        return best

    def _any_point(self, colour: int) -> int | None:
        engine = self.engine
        for cell in engine.board_cells:
            if not engine.cells[cell] and not self._forbidden(colour, cell):
                return cell
        return None


def _checked_proof(board: Board, attacker: Stone, line: list[Point]) -> Proof | None:
    """The line as a Proof if it really is one on the rules board: alternating, legal, ending in five."""
    board = board.copy()
    all_fours = True
    for number, point in enumerate(line):
        stone = attacker if number % 2 == 0 else attacker.opponent
        if not board.is_empty(point):
            return None
        if number == len(line) - 1:
            if stone is not attacker or not board.is_winning_move(point, stone):
                return None
        elif stone is attacker and board.is_forbidden(point, stone):
            return None
        board.push(point, stone)
        if stone is attacker and number < len(line) - 1:
            all_fours = all_fours and _threatens_five(board, attacker)
    kind = "five" if len(line) == 1 else "vcf" if all_fours else "vct"
    return Proof(attacker, kind, tuple(line))


def _threatens_five(board: Board, stone: Stone) -> bool:
    """Whether `stone` could make five with one more move (the last move made a four)."""
    last = board.last_move.point
    for dx in (-4, -3, -2, -1, 1, 2, 3, 4):
        for direction in ((1, 0), (0, 1), (1, 1), (1, -1)):
            point = (last[0] + dx * direction[0], last[1] + dx * direction[1])
            if board.in_bounds(point) and board.is_empty(point) and board.is_winning_move(point, stone):
                return True
    return False


def find_win(position: Position, time_ms: int | None, stop: StopFlag | None = None) -> Proof | None:
    """A proven forced win for the side to move in `position`, or None (none found in time).

    The line is the quickest win (fours before threes), with the defender's most stubborn
    replies filled in. Raises PositionError when the stones cannot be set up.
    """
    board = position.to_board()
    if board.outcome() is not None or board.is_full:
        return None
    deadline = None if time_ms is None else time.perf_counter() + max(1, time_ms) / 1000
    engine = EngineBoard.from_board(board)
    return _find_win(board, engine, int(position.to_move), Clock(deadline, None, stop))


def _find_win(board: Board, engine: EngineBoard, attacker: int, clock: Clock) -> Proof | None:
    try:
        cells = _Prover(engine, clock).line(attacker)
    except SearchStopped:
        return None
    if cells is None:
        return None
    return _checked_proof(board, Stone(attacker), [engine.point(c) for c in cells])


class _ProofBudget(StopAt):
    """What is left for playing one proof out: nodes (the real limit) and the backstop."""

    def __init__(self, nodes: int, time_ms: int, stop: StopFlag | None) -> None:
        super().__init__(time_ms, stop)
        self.nodes = nodes

    def spent(self) -> bool:
        return self.nodes <= 0 or self.is_set()


def _proof_nodes() -> int:
    """The node cap for playing out one win the search proved (see _SEARCH_PROOF_NODES)."""
    return _SEARCH_PROOF_NODES if kernel_available() else _SEARCH_PROOF_NODES_PYTHON


def _played_out(board: Board, attacker: Stone, pv, budget: _ProofBudget, level: Level) -> Proof | None:
    """A win the search proved for `attacker` (to move on `board`), as a Proof: its principal
    variation `pv`, then, where the line the table kept ends short of the five, the rest from
    the threat searches or from a further proving search of the side to move (each of which
    must prove the same result), checked on the rules board. None when it cannot be played out
    within `budget`."""
    start, board = board, board.copy()
    line: list[Point] = []
    pending = list(pv)
    to_move = attacker
    while len(line) < _MAX_LINE and board.outcome() is None:
        if not pending:
            if to_move is attacker:
                if budget.spent():
                    return None
                # Half of what is left for the threat searches, the rest for a proving search.
                clock = Clock(None, max(1, budget.nodes // 2), budget)
                tail = _find_win(board, EngineBoard.from_board(board), int(attacker), clock)
                budget.nodes -= clock.nodes
                if tail is not None:
                    line.extend(tail.line)
                    break
            if budget.spent():
                return None
            here = Position.from_board(board)
            here = Position(here.size, here.rule, here.stones, to_move)
            # Nodes only: a search without a time budget skips the timed root phases, so
            # the line is the same on a loaded machine (the backstop stops it as a flag).
            result = search(here, Limit(nodes=budget.nodes), level, stop=budget, prove=True)
            budget.nodes -= result.nodes
            # A forced block (either side's, after a counter-four) scores 0 at the root: it
            # is the only move, and the searches after it must prove the rest.
            proven = result.forced == "block-four" or (
                result.score > WIN_THRESHOLD if to_move is attacker else result.score < -WIN_THRESHOLD)
            if not proven:
                return None
            pending = list(result.pv)
        point = tuple(pending.pop(0))
        if not board.is_empty(point) or board.is_forbidden(point, to_move):
            return None
        board.push(point, to_move)
        line.append(point)
        to_move = to_move.opponent
    proof = _checked_proof(start, attacker, line)
    if proof is None or proof.kind in ("five", "vcf"):
        return proof
    return replace(proof, kind="search")


def proven_analysis(analysis: Analysis, board: Board, stop: StopFlag | None = None, level: Level = Level.MASTER) -> Analysis:
    """`analysis` of the position on `board` (say an external engine's) claiming a win or loss
    only where our search plays its line out; other mate scores become large scores."""
    return _with_proofs(analysis, board, stop, level, prove=True)


def _with_proofs(analysis: Analysis, board: Board, stop: StopFlag | None, level: Level, prove: bool) -> Analysis:
    """The analysis with every mate score backed by a Proof or moved out of the mate range.

    With `prove` the best candidate's proven win (or loss) is played out into `win` (or
    `loss`); a mate score without a line, and every other candidate's, becomes a large score
    (alphabeta.unproven), which the chances show as an advantage, not a won game.
    """
    if analysis.game_over or analysis.win is not None or not analysis.candidates:
        return analysis
    first = analysis.candidates[0]
    win = loss = None
    if prove and abs(first.score) > WIN_THRESHOLD:
        budget = _ProofBudget(_proof_nodes(), _SEARCH_PROOF_MS, stop)
        if first.score > 0:
            # A threat-space win's line lists the attacker's threats only: from its first
            # move on, the proving searches answer for both sides.
            pv = first.pv[:1] if first.forced == "vct" else first.pv
            win = _played_out(board, analysis.to_move, pv, budget, level)
        elif first.pv:
            after = board.copy()
            after.push(tuple(first.pv[0]), analysis.to_move)
            loss = _played_out(after, analysis.to_move.opponent, first.pv[1:], budget, level)
    candidates = []
    for rank, candidate in enumerate(analysis.candidates):
        if rank == 0 and win is not None:
            candidate = Candidate(win.line[0], WIN - len(win.line), win.line, "search")
        elif not (rank == 0 and loss is not None) and abs(candidate.score) > WIN_THRESHOLD:
            candidate = replace(candidate, score=unproven(candidate.score))
        candidates.append(candidate)
    return replace(analysis, candidates=tuple(candidates), win=win, loss=loss)


def wins_after(
    position: Position, move: Point, time_ms: int | None, stop: StopFlag | None = None, nodes: int | None = None
) -> bool:
    """Whether the side to move still has a proven forced win after playing `move`.

    True when `move` makes five, or is a four or a three after which every defence
    loses to a VCF or VCT (the check a coach needs before calling a move a missed win).
    `nodes` caps the threat search (deterministic, unlike the time); False when it runs out.
    """
    board = position.to_board()
    stone = position.to_move
    if not board.is_empty(move) or board.is_forbidden(move, stone):
        return False
    if board.is_winning_move(move, stone):
        return True
    engine = EngineBoard.from_board(board)
    deadline = None if time_ms is None else time.perf_counter() + max(1, time_ms) / 1000
    clock = Clock(deadline, nodes, stop)
    threats = ThreatSearch(engine, clock)
    engine.make(engine.index(*move), int(stone))
    try:
        return threats._every_defence_loses(int(stone), PROOF_VCT_DEPTH, PROOF_VCF_DEPTH, engine.index(*move))
    except SearchStopped:
        return False
    finally:
        engine.unmake()


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

    engine = EngineBoard.from_board(board)
    if proof_ms is not None:
        pass
    elif limit is None:
        proof_ms = _FIRST_BUDGET_MS
    elif limit.time_ms is not None:
        proof_ms = max(1, int(limit.time_ms * _PROOF_SHARE))
    proof_clock = Clock(None if proof_ms is None else started + proof_ms / 1000, limit.nodes if limit else None, stop)
    win = _find_win(board, engine, int(to_move), proof_clock)
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
        result = search(position, sub_limit, level, stop=stop, on_progress=forward, multipv=n_best, prove=True)
        if result.forced == "block-four" and result.score == 0 and not (stop is not None and stop.is_set()):
            result = _after_forced_block(position, result, sub_limit, level, stop, started)
        return snapshot(result, True)
    return _endless(position, n_best, stop, on_progress, level, snapshot)


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


def _endless(position, n_best, stop, on_progress, level, snapshot) -> Analysis:
    """Searches with a doubling budget until stopped; only deeper results than before are reported."""
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
        result = search(position, Limit(time_ms=budget), level, stop=stop, on_progress=forward, multipv=n_best, prove=True)
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
