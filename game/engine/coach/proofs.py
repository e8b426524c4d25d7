"""Forced wins as lines that can be played out: found by the threat searches or finished
from a proving search, and checked on the rules board before they are returned.

Split from `analysis` (which shows them to people) so that one module holds what a proof
is and how it is built; `analysis` re-exports Proof, find_win and wins_after.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from game.rules import Board, Point, Stone

from ..api import Level, Limit, Position
from ..backend import BLACK, EngineBoard, ThreatSearch, any_cell, current
from ..eval import patterns as pt
from ..move_search.clock import Clock, SearchStopped, StopAt
from ..move_search.root import StopFlag, search
from ..move_search.scores import WIN_THRESHOLD

#: Deepest VCF (fours) and VCT (threes) a proof looks for; Master's own root settings.
PROOF_VCF_DEPTH = 20
PROOF_VCT_DEPTH = 4
#: A proof line longer than this many moves is not shown (it would be a bug in the search).
_MAX_LINE = 80
#: Nodes for finishing and checking the line of one win the search proved (its threat
#: searches and proving searches together). A node cap, not a time: the review and the
#: panel then prove the same wins on a loaded machine as on an idle one, and a node-capped
#: search starts from a fresh table, so the line does not depend on earlier searches.
SEARCH_PROOF_NODES = 2_000_000
SEARCH_PROOF_NODES_PYTHON = 40_000
#: The wall-clock backstop of the same, for a machine far slower than the cap assumes.
SEARCH_PROOF_MS = 6_000


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
    return find_win_on(board, engine, int(position.to_move), Clock(deadline, None, stop))


def find_win_on(board: Board, engine: EngineBoard, attacker: int, clock: Clock) -> Proof | None:
    """find_win on a board already set up as `engine`, within `clock`."""
    try:
        cells = _Prover(engine, clock).line(attacker)
    except SearchStopped:
        return None
    if cells is None:
        return None
    return _checked_proof(board, Stone(attacker), [engine.point(c) for c in cells])


class ProofBudget(StopAt):
    """What is left for playing one proof out: nodes (the real limit) and the backstop."""

    def __init__(self, nodes: int, time_ms: int, stop: StopFlag | None) -> None:
        super().__init__(time_ms, stop)
        self.nodes = nodes

    def spent(self) -> bool:
        return self.nodes <= 0 or self.is_set()


def proof_nodes() -> int:
    """The node cap for playing out one win the search proved (see SEARCH_PROOF_NODES)."""
    return SEARCH_PROOF_NODES if current().fast_threats else SEARCH_PROOF_NODES_PYTHON


def played_out(board: Board, attacker: Stone, pv, budget: ProofBudget, level: Level) -> Proof | None:
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
                tail = find_win_on(board, EngineBoard.from_board(board), int(attacker), clock)
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
