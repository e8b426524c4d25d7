"""The search root, `search()`: tactics first, then iterative deepening under a hard deadline.

Order of business at the root, cheapest and surest first:
1. the opening (centre of an empty board);
2. a five for us ("win-in-1"), then a five to block ("block-four");
3. against an open three, only our fours and the moves that really stop it stay;
4. a VCF for us, then (Master) a sound threat-space win for us (see `tss`; not on a
   short turn, where the time goes to the alpha-beta search instead);
5. (Strong, Master) the opponent's winning plan as if we passed (threat-space search,
   except on a short turn, then a shallow VCT): if he has one, only moves proven to
   refute it are searched;
6. (Master) a VCT for us;
7. iterative-deepening alpha-beta over the remaining root moves, reporting each iteration.
   With multipv=N each iteration also searches the root again without the moves already
   chosen (exclusion multi-PV, as Stockfish does), so the N best moves get exact scores.
A stop or deadline at any point returns the best move known so far, which at worst is
the first legal candidate in move order.

A depth-shaped search (issue 31) whose level runs no threat stages (steps 4-6; see
LevelConfig.threat_stages) lets its own tree answer threats, as Rapfi's does, in play and in
analysis: after the shortcuts of steps 1-3 one call of the compiled root (backend/native/root.py,
native/search/root_search.c) does the rest, the VCF and the iterations, and a shortcut's other
multi-PV lines come from one more. Where a stage does run here (the ladder's depth-shaped
rungs), the compiled root still takes the iterations in one call.
"""

from __future__ import annotations

import dataclasses
import os
import time
from typing import Callable, Protocol

from game.rules import Board, Point, Stone

from ..api import Candidate, Level, Limit, Position, SearchResult, default_limit
from ..backend import AlphaBeta, EngineBoard, ThreatSearch, current
from ..backend.native.root import RootAnswer, iterate
from ..eval import patterns as pt
from ..eval.eval_weights import weights_for
from ..levels.blindness import notices_three, visible_moves
from ..levels.config import DEPTH_SHAPED, level_config
from .clock import Clock, SearchStopped
from .root_stages import ThreatStages, true_defences
from .scores import WIN, WIN_THRESHOLD, unproven
from .timeplan import TimePlan
from .variety import VarietyPlan, variety_plan, vary

#: The caller owns the clock (its margin covers process and protocol overhead), so the
#: search ends at the budget less what the final bookkeeping needs (at most
#: _BOOKKEEPING_S, less on short turns, where a fixed 15 ms would be half the budget).
_BOOKKEEPING_S = 0.015
_BOOKKEEPING_SHARE = 0.08
_ROOT_WIDTH_BONUS = 8
#: A turn shorter than this is short: the threat-space search is skipped, at the root and
#: in the root defence, and the root keeps fewer moves, so the alpha-beta search gets the
#: time. Master at 100 ms a move with this against Master without it (f0a809f): 97-93-10
#: and 208-180-12 (52.7% over 600 games, +19 Elo [-9, +47]), but over the arena's 20
#: openings, where a deterministic Master replays the same games (400 of them held 199
#: distinct ones). Over the 200 openings of benchmarks/data/openings_200.txt (400 distinct
#: games at 100 ms each) neither half shows a difference: 20 root moves instead of 14 scored
#: 194-194-12 against 14; the threat-space search, now compiled, run on short turns too
#: scored 188-190-22 against skipping it. At 1000 ms the 40-game matches showed nothing
#: either way (both: 16-23-1; no threat-space search: 20-18-2; root bonus 4: 24-13-3), so
#: longer turns keep both. A short turn also caps the VCFs inside the tree (the `vcf_cap`
#: feature): 212-177-11 (+30 [-4, +65]) at 100 ms over openings_200, but 43-55-2 (-42
#: [-110, +26]) at 1000 ms over 100 of them, so only short turns have it.
_SHORT_TURN_S = 0.3
#: A timed turn at least this long evaluates with the learned network (LevelConfig.net_value),
#: for a level with the threat-space search (Master) and without a node cap. Its value costs
#: half the nodes a second, which pays only when there is time: against Rapfi-classical,
#: paired by opening over benchmarks/data/openings_200.txt, -5.0 +- 5.9 points at 250 ms a move
#: (100 games), +1.5 +- 6.4 at 500 ms (100 games), +7.0 +- 3.6 at 1000 ms (200 games)
#: (benchmarks/LOG.md): even from about here on.
_NET_TURN_S = 0.5
_SHORT_ROOT_WIDTH_BONUS = 2
#: Shortcut answers that multi-PV completes with other moves, and how deep it looks at them.
_SHORTCUTS = ("win-in-1", "block-four", "vcf", "vct")
#: The depth-shaped search's iterations run in one call of the compiled root
#: (native/search/root_search.c); False (or GOMOKU_NATIVE_ROOT=0, for a benchmark) runs them here,
#: root move by root move, as the classic search's do. The two give the same answers
#: (tests/engine/test_native_root.py).
NATIVE_ROOT = os.environ.get("GOMOKU_NATIVE_ROOT", "1").strip() != "0"
_OTHERS_DEPTH = 2


class StopFlag(Protocol):
    def is_set(self) -> bool: ...


def search(
    position: Position,
    limit: Limit | None = None,
    level: Level = Level.MASTER,
    seed: int = 0,
    stop: StopFlag | None = None,
    on_progress: Callable[[SearchResult], None] | None = None,
    multipv: int = 1,
    prove: bool = False,
    variety: bool = False,
    engine: EngineBoard | None = None,
) -> SearchResult:
    """Choose a move for the side to move in `position`.

    `stop` is any object with is_set() (threading.Event, multiprocessing.Event), polled
    every few hundred nodes; `on_progress` receives a SearchResult after each completed
    iteration. limit=None (or a Limit bounding nothing) means the level's default budget.
    `forced` in the result is "opening", "win-in-1", "block-four", "vcf", "vct" or "" for
    an ordinary search. `result.candidates` holds up to `multipv` distinct legal moves,
    best first, each with its own score and line (`result.move` is the first); a tactical
    shortcut (a win, a forced block) gives one candidate. Always returns a legal move
    (never a renju-forbidden point for black), even when stopped at once. Deterministic
    for a given seed when limited by depth or nodes rather than time.
    A score beyond WIN_THRESHOLD either way is a proof: every defence was searched (see
    scores.UNPROVEN_WIN); where the search cut defences, a win or loss it saw scores in
    the unproven range below. With `prove` it searches every legal reply where that is what
    a loss's proof lacks (analysis; dearer in lost positions), in play it does not.
    With `variety` (a game's move, multipv 1) the move is drawn by `seed` among the moves
    the search judges about equal (variety.py): still deterministic for a given seed.
    `engine`: `position` already set up on an engine board, which the search uses (and leaves
    as it found it) instead of building its own, when its evaluation table is the level's:
    analysis passes the board its proof searched.
    Raises ValueError when the board is full, PositionError when the stones cannot be set up.
    """
    if limit is None or (limit.time_ms is None and limit.depth is None and limit.nodes is None):
        limit = default_limit(level)  # an unbounded search would never answer
    plan = variety_plan(level, len(position.stones)) if variety and multipv <= 1 and not prove else VarietyPlan()
    root = _RootSearch(position, limit, level, seed, stop, on_progress, max(1, multipv, plan.lines), prove, engine)
    result = root.run()
    if plan.margin:
        return vary(result, plan.margin, seed)
    if multipv > 1 and len(result.candidates) < multipv and result.forced in _SHORTCUTS:
        result = root.with_other_candidates(result)
    return result


class _RootSearch:
    """One call of `search`: owns the clock, the engine board and the answer so far."""

    def __init__(self, position, limit, level, seed, stop, on_progress, multipv: int = 1, prove: bool = False,
                 engine: EngineBoard | None = None) -> None:
        self.started = time.perf_counter()
        self.shared_engine = engine
        self.prove = prove
        # Root moves left out because they lose for certain (they neither stop his open
        # three nor make a four): a loss of the root needs no search of them.
        self.lost_moves: set[int] = set()
        self.position = position
        self.limit = limit
        self.config = level_config(level)
        self.seed = seed
        self.stop = stop
        self.on_progress = on_progress
        self.multipv = multipv
        self.side = int(position.to_move)
        self.stone = Stone(self.side)
        self.board: Board = position.to_board()
        budget = limit.time_ms / 1000 * self.config.time_share if limit.time_ms is not None else None
        self.budget = budget
        # Only a level with the threat-space search (Master) changes: the others are
        # depth-capped, and their measured spacing must not move with the clock.
        self.short_turn = bool(self.config.root_tss) and budget is not None and budget < _SHORT_TURN_S
        if self.short_turn:
            self.config = dataclasses.replace(self.config, root_tss=0, capped_vcf=True)
        self.net_turn = (bool(self.config.root_tss) and budget is not None and budget >= _NET_TURN_S
                         and limit.nodes is None)
        if self.net_turn:
            self.config = dataclasses.replace(self.config, net_value=True)
        # Whether the depth-shaped search really runs (the pure-Python engine runs the classic
        # one, which needs the threat stages in play).
        self.depth_shaped = self.config.search in DEPTH_SHAPED and current().depth_shaped
        if not self.config.threat_stages and self.depth_shaped:
            self.config = dataclasses.replace(self.config, root_tss=0, root_defence=0, root_vct=0)
        # The caller's margin already covers process and protocol overhead.
        deadline = None
        if budget is not None:
            bookkeeping = min(_BOOKKEEPING_S, budget * _BOOKKEEPING_SHARE)
            deadline = self.started + max(0.005, budget - bookkeeping)
        self.clock = Clock(deadline, limit.nodes, stop)

    # ---------------------------------------------------------------- answer helpers
    def _elapsed_ms(self) -> int:
        return int((time.perf_counter() - self.started) * 1000)

    def _result(self, move: Point, score: int, depth: int, pv, forced: str = "", others=()) -> SearchResult:
        """The answer; `others` are the further candidates of a multi-PV search, best first."""
        pv = tuple(pv) or (move,)
        candidates = (Candidate(move, score, pv, forced), *others)
        return SearchResult(move, score, depth, self.clock.nodes, pv, self._elapsed_ms(), forced, candidates)

    # ---------------------------------------------------------------- the root
    def run(self) -> SearchResult:
        board, stone = self.board, self.stone
        if board.is_full:
            raise ValueError("the board is full: there is no move to make")
        if board.move_count == 0:
            centre = (board.size // 2, board.size // 2)
            return self._result(centre, 0, 0, (centre,), "opening")
        weights = weights_for(self.config.weights)
        engine = self.shared_engine
        if engine is None or engine.weights != weights:
            engine = EngineBoard.from_board(board, weights)
        self.engine = engine
        legal = self._root_moves(engine)
        opponent = stone.opponent

        wins = [p for p in map(engine.point, sorted(engine.by_class[self.side][pt.C_FIVE])) if p in legal]
        wins = [p for p in wins if board.is_winning_move(p, stone)]
        if wins:
            return self._result(wins[0], WIN - 1, 1, (wins[0],), "win-in-1")
        threats = [p for p in map(engine.point, sorted(engine.by_class[3 - self.side][pt.C_FIVE]))]
        threats = [p for p in threats if board.five_line(p, opponent) is not None]
        if threats:
            blocks = [p for p in threats if p in legal] or sorted(legal, key=lambda p: (p[1], p[0]))
            score = 0 if len(threats) == 1 else -(WIN - 2)
            return self._result(blocks[0], score, 1, (blocks[0],), "block-four")

        threat_search = ThreatSearch(engine, self.clock)
        searcher = AlphaBeta(engine, self.config, self.clock, threat_search, self.seed, prove=self.prove)
        root = [engine.index(*p) for p in legal]
        ordered = searcher.ordered_moves(self.side, 0, -1, 10_000)
        ordered = [m for m in ordered if m in set(root)] or sorted(root)
        width = self.config.width + (_SHORT_ROOT_WIDTH_BONUS if self.short_turn else _ROOT_WIDTH_BONUS)
        history = [move.point for move in board.history]
        forced = bool(engine.by_class[3 - self.side][pt.C_FLEX4]) and (
            self.config.sees_threes or notices_three(self.config.blindness, self.seed, history))
        if forced:
            ordered, self.lost_moves = true_defences(engine, self.side, ordered)
        if self.config.blindness is not None:  # a ladder rung's blind spots (blindness.py)
            ordered = visible_moves(self.config.blindness, engine, history, self.side, ordered, forced)
            if not forced:
                seen = set(ordered)
                root = [m for m in root if m in seen]
        best = self._result(engine.point(ordered[0]), 0, 0, (engine.point(ordered[0]),))
        depth_shaped = self.depth_shaped
        # Where no threat stage runs in Python this move, the compiled root does the rest in
        # one call, its VCF first (native/search/root_search.h).
        stages = ThreatStages(engine, self.side, self.config, self.clock, self.started, self.budget, self.stop,
                              self.limit.nodes)
        self.one_call = searcher.depth_shaped and NATIVE_ROOT and not stages.any_runs()
        try:
            found = None if self.one_call else self._vcf_win(threat_search, set(root))
            if found is None:
                found = self._threat_win(stages.tss_line(), set(root), lambda line: WIN - 2 * len(line))
            if found is not None:
                return found
            # Defence before our own slower threat search: a missed VCT of his loses the game.
            # The depth-shaped search prunes by itself: the root keeps every candidate.
            everything = forced or depth_shaped
            ordered = stages.refute(ordered, None if everything else width, keep_unproven=depth_shaped)
            found = self._threat_win(stages.vct_line(), set(root), lambda line: WIN - 2 * self.config.root_vct - 1)
            if found is not None:
                return found
            best = self._result(engine.point(ordered[0]), 0, 0, (engine.point(ordered[0]),))
            best = self._iterate(searcher, ordered, best)
        except _Done as done:
            best = done.result
        except SearchStopped:
            pass
        # The answer was made when its iteration ended; its time is the whole search's.
        return dataclasses.replace(best, time_ms=self._elapsed_ms())

    def with_other_candidates(self, result: SearchResult) -> SearchResult:
        """A tactical answer (a win, a forced block) with the next best moves added for multi-PV.

        The shortcut saw one move; the others come from a shallow exclusion search in the
        time left. Their scores are capped just below the chosen move's, so the list stays
        best first even when another move also wins (by a longer way).
        """
        engine = self.engine
        searcher = AlphaBeta(engine, self.config, self.clock, ThreatSearch(engine, self.clock), self.seed)
        moves = [engine.index(*p) for p in sorted(self._root_moves(engine), key=lambda p: (p[1], p[0]))]
        order = searcher.ordered_moves(self.side, 0, -1, 10_000)
        moves = [m for m in order if m in set(moves)] + [m for m in moves if m not in set(order)]
        rest = [m for m in moves if m != engine.index(*result.move)]
        if searcher.depth_shaped and NATIVE_ROOT:
            others = self._other_lines_in_one_call(searcher, rest, result.score)
        else:
            others = self._other_lines_one_by_one(searcher, rest, result.score)
        if not others:
            return result
        return SearchResult(result.move, result.score, result.depth, self.clock.nodes, result.pv,
                            self._elapsed_ms(), result.forced, (result.candidates[0], *others))

    def _other_lines_in_one_call(self, searcher: AlphaBeta, rest: list[int], best_score: int) -> list[Candidate]:
        """The next best of `rest` from one call of the compiled root's exclusion multi-PV."""
        if not rest:
            return []
        answer, _ = iterate(searcher, rest, [], self.side, _OTHERS_DEPTH, self.multipv - 1)
        point = self.engine.point
        return [Candidate(point(move), min(score, best_score - 1 - rank), tuple(map(point, pv)))
                for rank, (move, score, pv) in enumerate(answer.lines)]

    def _other_lines_one_by_one(self, searcher: AlphaBeta, rest: list[int], best_score: int) -> list[Candidate]:
        """The next best of `rest`, one exclusion search per line (the classic search)."""
        others: list[Candidate] = []
        try:
            while len(others) + 1 < self.multipv and rest:
                score, move = searcher.search_root(rest, _OTHERS_DEPTH, self.side)
                rest = [m for m in rest if m != move]
                pv = tuple(self.engine.point(i) for i in searcher.principal_variation(move, self.side))
                others.append(Candidate(pv[0], min(score, best_score - 1 - len(others)), pv))
        except SearchStopped:
            pass
        return others

    def _root_moves(self, engine: EngineBoard) -> set[Point]:
        """Legal candidates: empty points near the stones, minus renju-forbidden points for black."""
        board, stone = self.board, self.stone
        near = [engine.point(i) for i in engine.board_cells if engine.near[i] and not engine.cells[i]]
        points = near or list(board.empty_points())
        if board.rule.has_forbidden(stone):
            allowed = [p for p in points if not board.is_forbidden(p, stone)]
            if not allowed:
                allowed = [p for p in board.empty_points() if not board.is_forbidden(p, stone)]
            points = allowed or list(board.empty_points())
        return set(points)

    def _vcf_win(self, threats: ThreatSearch, root: set[int]) -> SearchResult | None:
        """The shortest win by continuous fours for the side to move, if it has one."""
        if not self.config.root_vcf:
            return None
        line = None
        for depth in range(1, self.config.root_vcf + 1):  # one four deeper at a time
            line = threats.vcf(self.side, depth)
            if line is not None:
                break
        if line is None or line[0] not in root:
            return None
        pv = [self.engine.point(i) for i in line]
        return self._result(pv[0], WIN - len(line), len(line), pv, "vcf")

    def _threat_win(self, line: list[int] | None, root: set[int], score_of: Callable[[list[int]], int]) -> SearchResult | None:
        """A threat stage's win (threat-space search or VCT) as the answer, if it starts at a root move."""
        if line is None or line[0] not in root:
            return None
        pv = [self.engine.point(i) for i in line]
        return self._result(pv[0], score_of(line), len(line), pv, "vct")

    def _max_depth(self) -> int:
        if self.limit.depth is None:
            return self.config.max_depth
        return min(self.config.max_depth, max(1, self.limit.depth))

    def _iterate(self, searcher: AlphaBeta, moves: list[int], best: SearchResult) -> SearchResult:
        """Iterative deepening; returns the last completed (or usefully partial) iteration."""
        if searcher.depth_shaped and NATIVE_ROOT:
            return self._iterate_native(searcher, moves, best)
        max_depth = self._max_depth()
        partial: dict = {}
        plan = TimePlan(self.started, self.budget, self.clock.deadline, to_the_hard_limit=searcher.depth_shaped)

        def on_move_done(move, score, best_move, best_score):
            partial["move"], partial["score"] = best_move, best_score

        for depth in range(1, max_depth + 1):
            partial.clear()
            iteration_started = time.perf_counter()
            try:
                previous = best.score if best.depth else None
                score, move = searcher.search_iteration(moves, depth, self.side, previous, on_move_done)
            except SearchStopped:
                # The first root move was searched fully: its best-so-far is a sound answer;
                # but a multi-PV list keeps the last whole iteration, whose scores compare.
                if self.multipv > 1 and best.depth:
                    raise _Done(best) from None
                if partial and partial["score"] > -WIN_THRESHOLD:
                    move = self.engine.point(partial["move"])
                    others = tuple(c for c in best.candidates if c.move != move)[: self.multipv - 1]
                    best = self._result(move, partial["score"], depth, (move,), others=others)
                raise _Done(best) from None
            if score < -WIN_THRESHOLD:
                score, move = self._proven_loss(searcher, moves, depth, score, move)
            moves.remove(move)
            moves.insert(0, move)
            pv = [self.engine.point(i) for i in searcher.principal_variation(move, self.side)]
            others = self._other_candidates(searcher, moves, depth, score, best) if self.multipv > 1 else ()
            best = self._result(pv[0], score, depth, pv, others=others)
            if self.on_progress is not None:
                self.on_progress(best)
            if abs(score) > WIN_THRESHOLD or len(moves) == 1:
                break  # proven, or forced: deeper iterations cannot change the move
            now = time.perf_counter()
            plan.record(moves[0], score, now - iteration_started)
            if not plan.keep_deepening(now):
                break
        return best

    def _iterate_native(self, searcher: AlphaBeta, moves: list[int], best: SearchResult) -> SearchResult:
        """_iterate for the depth-shaped search, in one call of the compiled search: the same
        iterations, answers and progress reports, without a trip to Python per root move."""
        rest = [m for m in searcher.rest_moves(self.side, moves) if m not in self.lost_moves]

        def result_of(answer: RootAnswer, nodes: int) -> SearchResult:
            (move, score, pv), *others = answer.lines
            point = self.engine.point
            others = tuple(Candidate(point(m), s, tuple(map(point, line))) for m, s, line in others)
            pv = [point(m) for m in pv]
            result = self._result(pv[0], score, answer.depth, pv, "vcf" if answer.vcf else "", others)
            return dataclasses.replace(result, nodes=nodes)

        def on_iteration(answer: RootAnswer, nodes: int) -> None:
            if self.on_progress is not None:
                self.on_progress(result_of(answer, nodes))

        vcf_depth = self.config.root_vcf if self.one_call else 0
        answer, nodes = iterate(searcher, moves, rest, self.side, self._max_depth(), self.multipv, on_iteration, vcf_depth)
        return result_of(answer, nodes) if answer.lines else best

    def _proven_loss(self, searcher: AlphaBeta, moves: list[int], depth: int, score: int, move: int) -> tuple[int, int]:
        """(score, move) of an iteration in which every root move lost: a proof only when no
        legal move was left out (the root keeps the moves near the stones, and cuts them).
        With `prove` the others are searched too (a move among them that holds is added to
        `moves`); without, the loss moves into the unproven range."""
        rest = [m for m in searcher.rest_moves(self.side, moves) if m not in self.lost_moves]
        if not rest:
            return score, move
        if not self.prove:
            return unproven(score), move
        try:
            rest_score, rest_move = searcher.search_root(rest, depth, self.side)
        except SearchStopped:
            if self.stop is not None and self.stop.is_set():
                raise
            return unproven(score), move
        if rest_score > score:
            moves.append(rest_move)
            return rest_score, rest_move
        return score, move

    def _other_candidates(self, searcher: AlphaBeta, moves: list[int], depth: int, score: int, previous: SearchResult) -> tuple:
        """The 2nd..Nth best root moves at `depth`: each is the best of the root without the
        moves already chosen, so its score is exact. Reorders `moves` to put them first.

        If the clock stops this, the search ends with the previous iteration's list, whose
        scores all come from one depth (a list that mixed depths could rank a move above a
        better one); only after the first iteration are the moves still missing taken from
        the previous candidates (shallower, but better than none).
        """
        chosen = [moves[0]]
        found: list[Candidate] = []
        try:
            while len(chosen) < self.multipv:
                rest = [m for m in moves if m not in chosen]
                if not rest:
                    break
                other_score, move = searcher.search_root(rest, depth, self.side)
                chosen.append(move)
                pv = tuple(self.engine.point(i) for i in searcher.principal_variation(move, self.side))
                found.append(Candidate(pv[0], other_score, pv))
        except SearchStopped:
            if previous.depth and len(previous.candidates) >= min(self.multipv, len(moves)):
                raise _Done(previous) from None
            known = {self.engine.point(m) for m in chosen}
            for old in previous.candidates:
                if len(found) + 1 >= self.multipv:
                    break
                if old.move not in known:
                    found.append(old)
                    known.add(old.move)
            first = moves[0]
            pv = [self.engine.point(i) for i in searcher.principal_variation(first, self.side)]
            raise _Done(self._result(pv[0], score, depth, pv, others=tuple(found))) from None
        # Each search of the rest prunes against its own window, so a move that failed low in
        # one can score higher alone in the next: the list is ranked by score, never above the best.
        ranked = sorted(zip(found, chosen[1:]), key=lambda pair: -pair[0].score)
        moves[:] = chosen[:1] + [m for _, m in ranked] + [m for m in moves if m not in chosen]
        return tuple(dataclasses.replace(c, score=min(c.score, score)) for c, _ in ranked)


class _Done(SearchStopped):
    """Carries the answer out of a stopped iteration."""

    def __init__(self, result: SearchResult) -> None:
        super().__init__("search stopped")
        self.result = result
