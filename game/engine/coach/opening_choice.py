"""The computer's side of the opening rules: proposing openings, choosing colours, placing swap2's extra stones.

Every judgement is the level's own search (`game.engine.search` at that level), so a
Beginner's noisy evaluation makes a beginner's choices and Master's makes a master's. The
search scores a position for the side to move; here scores are turned to black's view
(positive: black is better), and "balanced" means close to zero.

On top of the search sits one hard rule: never choose a colour whose opponent has a
*proven* forced win. `forced_win` asks the threat searches (VCF, VCT and sound
threat-space search) for a proof within a node budget; a line they find is a real win.

Standard library only, deterministic for a seed when the limits are node or depth limits.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable, Iterable

from game.rules import Board, Point, Stone
from game.rules.opening import Choice

from ..api import Level, Limit, Position, SearchResult, default_limit
from ..backend import EngineBoard, ThreatSearch, ThreatSpaceSearch
from ..move_search.clock import Clock, SearchStopped
from ..move_search.root import search

#: Within this many points of black's view the chooser calls a position even (swap2: place two).
EVEN_MARGIN = 250
#: Candidate openings the placer judges, and how many of the most balanced it picks among.
PROPOSAL_CANDIDATES = 24
PROPOSAL_SHORTLIST = 3
#: Candidate (white, black) pairs judged for swap2's two extra stones.
PAIR_WHITES = 6
PAIR_BLACKS = 5
#: The share of the level's move budget one whole opening decision may use.
DECISION_BUDGET_FACTOR = 1.5
#: Node budgets of the forced-win proof: per threat search, and for the whole proof.
PROOF_NODES = 20_000
PROOF_TOTAL_NODES = 400_000
_VCF_DEPTH = 12
_VCT_DEPTH = 3
_TSS_DEPTH = 8


@dataclass(frozen=True)
class OpeningDecision:
    """An opening answer: stones to place (colours alternate from the side to move) and/or a choice.

    `choice` is "" for a pure placement; `score` is the search's judgement of the position
    the decision leaves, from black's view.
    """

    stones: tuple[Point, ...] = ()
    choice: str = ""
    score: int = 0


SearchFunction = Callable[..., SearchResult]


class _Budget:
    """Splits one decision's time between the searches it runs; the caller's stop flag still ends it."""

    def __init__(self, level: Level, limit: Limit | None, searches: int) -> None:
        base = (limit or default_limit(level)).time_ms or default_limit(level).time_ms or 1000
        self.total_ms = int(base * DECISION_BUDGET_FACTOR)
        self.per_search = Limit(time_ms=max(20, self.total_ms // max(1, searches)))
        self.main_search = Limit(time_ms=max(20, self.total_ms // 3))  # the one judgement a choice rests on
        if limit is not None and limit.nodes is not None:  # node-limited callers (tests) stay deterministic
            self.per_search = Limit(nodes=max(200, limit.nodes // max(1, searches)), depth=limit.depth)
            self.main_search = Limit(nodes=max(200, limit.nodes // 3), depth=limit.depth)
        self.deadline = time.perf_counter() + self.total_ms / 1000 * 1.2


def black_view(board: Board, level: Level, limit: Limit, seed: int, stop=None, search_function: SearchFunction = search) -> tuple[int, SearchResult]:
    """The level's search of `board` for the side to move, its score turned to black's view."""
    result = search_function(Position.from_board(board), limit=limit, level=level, seed=seed, stop=stop)
    score = result.score if board.to_move is Stone.BLACK else -result.score
    return score, result


# ----------------------------------------------------------------------------- proofs
def forced_win(board: Board, stone: Stone, nodes: int = PROOF_TOTAL_NODES, stop=None) -> bool:
    """Whether the threat searches prove that `stone` wins by force from `board`.

    With `stone` to move: a VCF, a VCT or a sound threat-space line. With the opponent to
    move: he has no winning line of his own by fours, and after *each* of his replies near
    the stones (within three points; farther stones cannot touch a short threat line) the
    attacker has such a line. Gives up (False: not proven) when the node budget runs out or
    `stop` is set.
    """
    engine = EngineBoard.from_board(board)
    attacker = int(stone)
    clock = Clock(None, nodes, stop)
    try:
        if board.to_move is stone:
            return _wins_to_move(engine, attacker, clock)
        defender = 3 - attacker
        if ThreatSearch(engine, clock).vcf(defender, _VCF_DEPTH) is not None:
            return False
        replies = _near_points(board, 3)
        if not replies:
            return False
        for point in replies:
            if board.rule.has_forbidden(Stone(defender)) and board.is_forbidden(point, Stone(defender)):
                continue
            engine.make(engine.index(*point), defender)
            try:
                if not _wins_to_move(engine, attacker, clock):
                    return False
            finally:
                engine.unmake()
        return True
    except SearchStopped:
        return False


def _wins_to_move(engine: EngineBoard, attacker: int, clock: Clock) -> bool:
    """A proof by VCF, VCT or sound threat-space search for `attacker`, who is to move."""
    searcher = ThreatSearch(engine, Clock(None, PROOF_NODES, clock.stop))
    try:
        if searcher.vcf(attacker, _VCF_DEPTH) is not None:
            return True
        if searcher.vct(attacker, _VCT_DEPTH, _VCF_DEPTH) is not None:
            return True
    except SearchStopped:
        pass
    finally:
        clock.advance(searcher.clock.nodes)
    plans = ThreatSpaceSearch(engine, Clock(None, PROOF_NODES, clock.stop), sound=True)
    try:
        return plans.find(attacker, _TSS_DEPTH) is not None
    except SearchStopped:
        return False
    finally:
        clock.advance(plans.clock.nodes)


def _near_points(board: Board, distance: int) -> list[Point]:
    stones = [point for point, _ in board.stones()]
    near = set()
    for x, y in stones:
        for dx in range(-distance, distance + 1):
            for dy in range(-distance, distance + 1):
                point = (x + dx, y + dy)
                if board.is_empty(point):
                    near.add(point)
    return sorted(near, key=lambda p: (p[1], p[0]))


def safe_colours(board: Board, colours: Iterable[Stone], stop=None) -> list[Stone]:
    """The colours in `colours` whose opponent has no proven forced win on `board`."""
    return [colour for colour in colours if not forced_win(board, colour.opponent, stop=stop)]


# ----------------------------------------------------------------------------- decisions
def choose_colour(
    board: Board,
    options: tuple[Choice, ...],
    level: Level,
    limit: Limit | None = None,
    seed: int = 0,
    stop=None,
    search_function: SearchFunction = search,
) -> OpeningDecision:
    """The chooser's answer: the colour its search prefers, or (swap2, when the position looks even) place two.

    A colour whose opponent has a proven forced win is never chosen while the other is
    safe. With PLACE_TWO the decision carries the two stones (white, then black).
    """
    can_place_two = Choice.PLACE_TWO in options
    budget = _Budget(level, limit, 1 + (PAIR_WHITES * PAIR_BLACKS if can_place_two else 0))
    score, _ = black_view(board, level, budget.main_search if can_place_two else budget.per_search, seed, stop, search_function)
    if can_place_two and abs(score) <= EVEN_MARGIN:
        pair = place_two(board, level, limit, seed, stop, search_function, budget)
        if pair is not None:
            return pair
    preferred = Stone.BLACK if score > 0 else Stone.WHITE
    safe = safe_colours(board, (preferred, preferred.opponent), stop)
    colour = preferred if preferred in safe or not safe else safe[0]
    return OpeningDecision((), colour.name.lower(), score)


def place_two(
    board: Board,
    level: Level,
    limit: Limit | None = None,
    seed: int = 0,
    stop=None,
    search_function: SearchFunction = search,
    budget: _Budget | None = None,
) -> OpeningDecision | None:
    """Swap2's two extra stones (white, then black) that leave the position closest to even.

    Candidates are points near the stones; a pair that makes a five or a four threat, or
    after which either side has a proven forced win, is not offered. None if no pair fits.
    """
    budget = budget or _Budget(level, limit, PAIR_WHITES * PAIR_BLACKS)
    rng = random.Random(seed ^ 0x5EED)
    near = [p for p in _near_points(board, 2) if _quiet(board, p)]
    rng.shuffle(near)
    if board.to_move is Stone.BLACK:  # the white stone is already down (a game resumed half-way)
        whites: list[Point | None] = [None]
    else:
        whites = list(near[:PAIR_WHITES])
    best: OpeningDecision | None = None
    for white in whites:
        if white is not None:
            board.push(white, Stone.WHITE)
        try:
            blacks = [p for p in near if board.is_empty(p) and _quiet(board, p)]
            rng.shuffle(blacks)
            for black in blacks[:PAIR_BLACKS]:
                if time.perf_counter() > budget.deadline and best is not None:
                    return best
                board.push(black, Stone.BLACK)
                try:
                    score, _ = black_view(board, level, budget.per_search, rng.randrange(1 << 30), stop, search_function)
                    if best is None or abs(score) < abs(best.score):
                        if not forced_win(board, Stone.BLACK, PROOF_NODES, stop) and not forced_win(board, Stone.WHITE, PROOF_NODES, stop):
                            stones = (black,) if white is None else (white, black)
                            best = OpeningDecision(stones, Choice.PLACE_TWO.value, score)
                finally:
                    board.pop()
        finally:
            if white is not None:
                board.pop()
    return best


def _quiet(board: Board, point: Point) -> bool:
    """A point where the side to move neither wins nor makes a four (opening stones should not attack)."""
    stone = board.to_move
    if board.is_winning_move(point, stone) or board.is_forbidden(point, stone):
        return False
    board.push(point, stone)
    try:
        return not any(board.is_winning_move(p, stone) for p in _line_points(board, point))
    finally:
        board.pop()


def _line_points(board: Board, point: Point) -> Iterable[Point]:
    x, y = point
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for step in range(-4, 5):
            other = (x + dx * step, y + dy * step)
            if step and board.is_empty(other):
                yield other


def propose_opening(
    size: int,
    rule,
    level: Level,
    limit: Limit | None = None,
    seed: int = 0,
    stop=None,
    search_function: SearchFunction = search,
    placed: tuple[Point, ...] = (),
) -> OpeningDecision:
    """Three opening stones (black, white, black) that the level's search judges close to balanced.

    Candidates put black in the centre, white within two points of it and black's second
    stone within five; the few most balanced (and with no proven forced win for either
    side) are kept and one is picked by the seed, for variety. Stones already `placed` (a game
    resumed half-way through the opening) are kept and only the rest are proposed.
    """
    rng = random.Random(seed)
    budget = _Budget(level, limit, PROPOSAL_CANDIDATES)
    centre = (size // 2, size // 2)
    seen: set[tuple[Point, ...]] = set()
    judged: list[OpeningDecision] = []
    attempts = 0
    while len(seen) < PROPOSAL_CANDIDATES and attempts < PROPOSAL_CANDIDATES * 10:
        attempts += 1
        white = (centre[0] + rng.randint(-2, 2), centre[1] + rng.randint(-2, 2))
        black = (centre[0] + rng.randint(-5, 5), centre[1] + rng.randint(-5, 5))
        stones = (placed + (centre, white, black)[len(placed):])[:3]
        on_board = all(0 <= coordinate < size for point in stones for coordinate in point)
        if len(set(stones)) < 3 or stones in seen or not on_board:  # a small board leaves less room
            continue
        seen.add(stones)
        if judged and time.perf_counter() > budget.deadline:
            break
        board = Board(size, rule)
        for point in stones:
            board.push(point)
        score, _ = black_view(board, level, budget.per_search, rng.randrange(1 << 30), stop, search_function)
        judged.append(OpeningDecision(stones, "", score))
    judged.sort(key=lambda decision: abs(decision.score))
    shortlist = []
    for decision in judged:
        board = Board(size, rule)
        for point in decision.stones:
            board.push(point)
        if not forced_win(board, Stone.BLACK, PROOF_NODES, stop):
            shortlist.append(decision)
        if len(shortlist) == PROPOSAL_SHORTLIST:
            break
    return rng.choice(shortlist or judged[:1])


def decide(task: str, position: Position, level: Level, limit: Limit | None, seed: int, stop=None) -> OpeningDecision:
    """One opening decision for the worker process. `task` is "propose", "choose:<options>" or "place_two".

    Raises ValueError for an unknown task.
    """
    board = position.to_board()
    if task == "propose":
        placed = tuple((x, y) for x, y, _ in position.stones)
        decision = propose_opening(position.size, position.rule, level, limit, seed, stop, placed=placed)
        return OpeningDecision(decision.stones[len(placed):], "", decision.score)
    if task.startswith("choose:"):
        options = tuple(Choice(name) for name in task.split(":", 1)[1].split(",") if name)
        return choose_colour(board, options, level, limit, seed, stop)
    if task == "place_two":
        pair = place_two(board, level, limit, seed, stop)
        if pair is None:
            raise ValueError("no quiet pair of stones fits this position")
        return pair
    raise ValueError(f"unknown opening task {task!r}")
