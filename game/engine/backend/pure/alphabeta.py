"""Negamax alpha-beta with principal-variation search, a transposition table and
killer/history move ordering, over the incremental EngineBoard.

On a NativeBoard, NativeAlphaBeta (backend/native/alphabeta.py) runs the whole tree below the
root in C (native/search/search.c, the same search node for node): Python calls it once per root
move. The Python code here is the reference it is tested against, and the search of installs
without a compiler; it knows nothing of the kernel.

Forced replies cost no depth: when the opponent has a five point the only move is the
block, searched at the same depth, so a must-block is never cut off by the horizon.
A side that can make an open four (with no five against it) has won.
"""

from __future__ import annotations

import math
import random

from ...eval import combo_eval
from ...eval import patterns as pt
from ...levels.config import LevelConfig
from ...move_search.clock import Clock
from ...move_search.scores import WIN, WIN_THRESHOLD, from_tt, to_tt, unproven
from ...move_search.params import LMR_AFTER, MAX_PLY, MIN_WIDTH, SIDE_KEY
from .state import BLACK, WHITE, PythonBoard, any_cell
from .threats import ThreatSearch

EXACT, LOWER, UPPER = 0, 1, 2
#: Aspiration windows (feature "aspiration"): from this depth on, an iteration first searches
#: the root within this much of the previous iteration's score, and widens on a fail.
#: Master with them against Master without, 1000 ms a move: 66-49-5 over 120 games (57.1%,
#: about +49 Elo, not significant at 95%); nodes to depth 5/6/7 on the middlegames x0.82/
#: x1.02/x0.89 (geometric means). Window 400 against 100/200/800: fewest nodes to depth 5 and 7.
ASPIRATION_FROM = 3
ASPIRATION_WINDOW = 400


class AlphaBeta:
    """One search's state: the board, the transposition table and the ordering heuristics."""

    def __init__(
        self, board: PythonBoard, config: LevelConfig, clock: Clock, threats: ThreatSearch, seed: int,
        prove: bool = False,
    ) -> None:
        """With `prove`, a node whose beam lost every move searches every other legal move
        too, so that the loss is proven instead of moved into the unproven range (see
        scores.UNPROVEN_WIN): dearer in lost positions, for analysis rather than play."""
        self.board = board
        self.config = config
        self.clock = clock
        self.threats = threats
        self.renju = board.rule.value == "renju"
        self.prove = prove
        # GOMOKU_EVAL=combo (-eval, -order): the learned combination tables, as the compiled search.
        use_eval, use_order = combo_eval.combo_switches()
        tables = combo_eval.tables_for(board.rule.value) if use_eval or use_order else None
        self.combo = tables if use_eval else None
        self.combo_order = tables if use_order else None
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.killers = [[-1, -1] for _ in range(MAX_PLY + 2)]
        self.history = self._new_history(board.length)
        self.noise_key = random.Random(seed).getrandbits(64) if config.noise else 0
        # The same table as the board's cell values (both read it once per process).
        self.weights = board.weights
        # The compiled search's additions the root loop below follows (NativeAlphaBeta sets them).
        self.aspiration = False
        self.depth_shaped = False  # the depth-shaped search: late root moves are reduced too

    @staticmethod
    def _new_history(length: int) -> list[int]:
        """The history heuristic's counts per cell."""
        return [0] * length

    # ---------------------------------------------------------------- evaluation
    def evaluate(self, side: int) -> int:
        """Static score for `side` to move: its threat potential minus the opponent's.

        The side to move gets a share more for its potential (it plays first: the table's
        mover_scale, 5/4 by hand), and a double open three it can play is nearly a win
        unless the opponent has a four (the table's double_three bonus). The compiled
        search's "tempo" feature, which this search does not have, adds the table's tempo.
        """
        board = self.board
        total = board.total
        other = 3 - side
        if self.combo is not None:
            score = self.combo.evaluate(board, side)
        else:
            weights = self.weights
            numerator, denominator = weights.mover_scale
            score = total[side] * numerator // denominator - total[other]
            if board.by_class[side][pt.C_FLEX3_2X] and not self._has_four(other):
                score += weights.double_three
        if self.noise_key:
            mixed = ((self.board.hash ^ self.noise_key) * 0x9E3779B97F4A7C15) & 0xFFFFFFFF
            score += mixed % (2 * self.config.noise + 1) - self.config.noise
        return score

    # ---------------------------------------------------------------- move ordering
    def ordered_moves(self, side: int, ply: int, tt_move: int, limit: int) -> list[int]:
        """Candidate moves for `side`, best first. Against an open three only defences and fours.

        Used at the root (once a search); the compiled search orders its nodes the same way
        in C (native/search/order.c), which the node-for-node tests hold to this code.
        """
        board = self.board
        other = 3 - side
        own, theirs = board.packed[side], board.packed[other]
        forced = self.config.sees_threes and bool(board.by_class[other][pt.C_FLEX4])
        if forced:
            pool = set()
            for cls in pt.DEFENCE_CLASSES:
                pool.update(board.by_class[other][cls])
            for cls in pt.FOUR_CLASSES:
                pool.update(board.by_class[side][cls])
            if self.renju and other == BLACK:
                # A four point forbidden to black can still stop his three when white takes it.
                pool.update(board.forbidden_points())
        else:
            cells, near = board.cells, board.near
            pool = [m for m in board.board_cells if near[m] and not cells[m]]
        check_forbidden = self.renju and side == BLACK
        history = self.history
        killer_a, killer_b = self.killers[ply]
        scored = []
        for m in pool:
            mine = own[m]
            if check_forbidden and mine & 15 == pt.C_FORBIDDEN:
                continue
            if self.combo_order is not None:
                static = self.combo_order.order_score(board, side, m)
            else:
                static = (mine >> 4) * 2 + (theirs[m] >> 4)
            score = static + history[m]
            if m == tt_move:
                score += 1 << 40
            elif m == killer_a or m == killer_b:
                score += 1 << 20
            scored.append((score, -m, m))
        scored.sort(reverse=True)
        moves = [m for _, _, m in scored]
        if not forced and len(moves) > limit:
            moves = moves[:limit]
        return moves

    def rest_moves(self, side: int, searched: list[int]) -> list[int]:
        """Every legal move for `side` not in `searched`: the cells near a stone first, then
        the rest, each best first (native/search/order.c's order_rest). A loss's proof needs them all."""
        board = self.board
        cells, near = board.cells, board.near
        own, theirs = board.packed[side], board.packed[3 - side]
        check_forbidden = self.renju and side == BLACK
        history = self.history
        skip = set(searched)
        scored = []
        for m in board.board_cells:
            if cells[m] or m in skip or (check_forbidden and own[m] & 15 == pt.C_FORBIDDEN):
                continue
            score = ((1 if near[m] else 0) << 50) + (own[m] >> 4) * 2 + (theirs[m] >> 4) + history[m]
            scored.append((score, -m, m))
        scored.sort(reverse=True)
        return [m for _, _, m in scored]

    # ---------------------------------------------------------------- search
    def negamax(self, depth: int, alpha: int, beta: int, ply: int, side: int) -> int:
        """Score of the position for `side` to move, exact inside (alpha, beta), a bound outside.

        Raises SearchStopped when the clock ends the search (the board is left as it was).
        """
        return self._negamax_python(depth, alpha, beta, ply, side)

    def _negamax_python(self, depth: int, alpha: int, beta: int, ply: int, side: int) -> int:
        self.clock.tick()
        board = self.board
        other = 3 - side
        if board.by_class[side][pt.C_FIVE]:
            return WIN - ply
        their_fives = board.by_class[other][pt.C_FIVE]
        if their_fives:
            if len(their_fives) > 1:
                return -(WIN - ply - 1)
            block = any_cell(their_fives)
            if self.renju and side == BLACK and board.packed[BLACK][block] & 15 == pt.C_FORBIDDEN:
                return -(WIN - ply - 1)
            if ply >= MAX_PLY:
                return self.evaluate(side)
            board.make(block, side)
            try:
                return -self._negamax_python(depth, -beta, -alpha, ply + 1, other)
            finally:
                board.unmake()
        if board.by_class[side][pt.C_FLEX4] and self.config.sees_threes:
            return WIN - ply - 2
        if depth <= 0 or ply >= MAX_PLY:
            # Quiescence by threats: a win by fours is not a quiet position. Inside the tree
            # the fours are searched as ordinary (highly ordered) moves.
            node_vcf = self.config.node_vcf
            if node_vcf and self._has_four(side) and self.threats.vcf(side, node_vcf) is not None:
                return WIN - ply - 3
            # Nor is an open three of his: judged now, it counts as a threat we cannot stop,
            # though we are to move. Its answers are searched instead (they cost no depth),
            # which keeps odd and even depths from disagreeing by thousands.
            if not (self.config.quiet_threes and ply < MAX_PLY and board.by_class[other][pt.C_FLEX4]):
                return self.evaluate(side)

        key = board.hash ^ (SIDE_KEY if side == WHITE else 0)
        entry = self.tt.get(key)
        tt_move = -1
        if entry is not None:
            entry_depth, flag, entry_score, tt_move = entry
            if entry_depth >= depth:
                entry_score = from_tt(entry_score, ply)
                if flag == EXACT:
                    return entry_score
                if flag == LOWER and entry_score > alpha:
                    alpha = entry_score
                elif flag == UPPER and entry_score < beta:
                    beta = entry_score
                if alpha >= beta:
                    return entry_score

        # Narrower deeper down: the best few replies carry the game far from the root.
        moves = self.ordered_moves(side, ply, tt_move, max(MIN_WIDTH, self.config.width - 2 * (ply - 1)))
        if not moves:
            return 0 if not board.by_class[other][pt.C_FLEX4] else -(WIN - ply - 4)
        # Threat extension: answering an open three costs no depth (the three already did),
        # so a chain of threes is followed to its end instead of vanishing over the horizon.
        forced = self.config.sees_threes and bool(board.by_class[other][pt.C_FLEX4])
        child_depth = depth if forced else depth - 1
        original_alpha = alpha
        best_score, best_move = -WIN - 1, moves[0]
        # Whether every legal reply is among the moves (see scores.UNPROVEN_WIN).
        complete, extended = forced, False
        for number, move in enumerate(moves):
            board.make(move, side)
            try:
                if number == 0:
                    score = -self._negamax_python(child_depth, -beta, -alpha, ply + 1, other)
                else:
                    # Late move reduction: a move ordered late is first searched shallower
                    # and only searched fully when it surprises.
                    reduced = child_depth - 1 if number >= LMR_AFTER and child_depth >= 2 and child_depth < depth else child_depth
                    score = -self._negamax_python(reduced, -alpha - 1, -alpha, ply + 1, other)
                    if reduced < child_depth and score > alpha:
                        score = -self._negamax_python(child_depth, -alpha - 1, -alpha, ply + 1, other)
                    if alpha < score < beta:
                        score = -self._negamax_python(child_depth, -beta, -alpha, ply + 1, other)
            finally:
                board.unmake()
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        killers = self.killers[ply]
                        if killers[0] != move:
                            killers[1], killers[0] = killers[0], move
                        self.history[move] += depth * depth
                        break
            if extended and best_score >= -WIN_THRESHOLD:
                break  # a reply outside the beam holds: no loss to prove
            if number == len(moves) - 1 and not extended and not complete and best_score < -WIN_THRESHOLD and self.prove:
                moves.extend(self.rest_moves(side, moves))  # every move of the beam lost
                extended = True
        if extended and best_score < -WIN_THRESHOLD:
            complete = True
        # (A score at or above beta is a cut-off's lower bound, which claims no loss.)
        if best_score < -WIN_THRESHOLD and best_score < beta and not complete:
            best_score = unproven(best_score)
        if best_score <= original_alpha:
            flag = UPPER
        elif best_score >= beta:
            flag = LOWER
        else:
            flag = EXACT
        self.tt[key] = (depth, flag, to_tt(best_score, ply), best_move)
        return best_score

    def _has_four(self, side: int) -> bool:
        sets = self.board.by_class[side]
        return bool(sets[pt.C_BLOCK4] or sets[pt.C_BLOCK4_PLUS] or sets[pt.C_BLOCK4_FLEX3])

    def search_root(
        self, moves: list[int], depth: int, side: int, on_move_done=None, window: tuple[int, int] | None = None,
    ) -> tuple[int, int]:
        """One iteration over the root moves (in the given order): (best score, best move).

        `on_move_done(move, score, best_move, best_score)` is called after each root move, so
        the caller can keep a partial result if the clock stops the iteration. With a
        `window` (alpha, beta) the result is exact only inside it: at or below alpha every
        move failed low (the best move is then the first, with an upper bound); at or above
        beta a move failed high (that move, with a lower bound) and the iteration ended there.
        """
        board = self.board
        other = 3 - side
        alpha, beta = window if window is not None else (-WIN - 1, WIN + 1)
        best_score, best_move = -WIN - 1, moves[0]
        for number, move in enumerate(moves):
            board.make(move, side)
            try:
                if number == 0:
                    score = -self.negamax(depth - 1, -beta, -alpha, 1, other)
                else:
                    reduced = depth - 1 - (_root_reduction(depth, number) if self.depth_shaped else 0)
                    score = -self.negamax(reduced, -alpha - 1, -alpha, 1, other)
                    if reduced < depth - 1 and score > alpha:
                        score = -self.negamax(depth - 1, -alpha - 1, -alpha, 1, other)
                    if alpha < score < beta:
                        score = -self.negamax(depth - 1, -beta, -alpha, 1, other)
            finally:
                board.unmake()
            # Only a score above alpha is a move's true value: below it, a later move's
            # bound may exceed the first move's and still mean nothing.
            if number == 0 or score > alpha:
                best_score, best_move = score, move
                alpha = max(alpha, score)
            if on_move_done is not None:
                on_move_done(move, score, best_move, best_score)
            if alpha >= beta:
                break  # a fail-high: the caller widens the window
        return best_score, best_move

    def search_iteration(
        self, moves: list[int], depth: int, side: int, previous: int | None = None, on_move_done=None,
    ) -> tuple[int, int]:
        """One iteration of the root's iterative deepening: search_root, with an aspiration
        window when the feature is on.

        The window is `previous` (the last iteration's score) +- ASPIRATION_WINDOW, from depth
        ASPIRATION_FROM on and never around a won or lost score. A fail widens the failing
        side to the score found plus twice the last margin (open, once past a win score),
        and a fail-high move is searched first next time, so the last pass is exact.
        """
        if not self.aspiration or previous is None or depth < ASPIRATION_FROM or abs(previous) > WIN_THRESHOLD:
            return self.search_root(moves, depth, side, on_move_done)
        margin = ASPIRATION_WINDOW
        alpha, beta = previous - margin, previous + margin
        order = list(moves)
        while True:
            score, move = self.search_root(order, depth, side, on_move_done, (alpha, beta))
            margin *= 2
            if score <= alpha:
                alpha = score - margin if score - margin > -WIN_THRESHOLD else -WIN - 1
            elif score >= beta:
                beta = score + margin if score + margin < WIN_THRESHOLD else WIN + 1
                order.remove(move)
                order.insert(0, move)
            else:
                return score, move

    def principal_variation(self, first: int, side: int, limit: int = 12) -> list[int]:
        """The expected line after `first`, read from the transposition table."""
        board = self.board
        line = [first]
        board.make(first, side)
        made = 1
        colour = 3 - side
        try:
            while len(line) < limit:
                move = self._tt_move(colour)
                if move < 0 or board.cells[move]:
                    break
                board.make(move, colour)
                made += 1
                line.append(move)
                colour = 3 - colour
        finally:
            for _ in range(made):
                board.unmake()
        return line


    def _tt_move(self, colour: int) -> int:
        """The best move stored for the board's position with `colour` to move, or -1."""
        entry = self.tt.get(self.board.hash ^ (SIDE_KEY if colour == WHITE else 0))
        return -1 if entry is None else entry[3]


def _root_reduction(depth: int, number: int) -> int:
    """Plies a late root move is first searched shallower by, under the depth-shaped search
    (number counts from 0): as native/search/search_pvs.c reduces, in whole plies."""
    if depth < 3 or number < 2:
        return 0
    return int(0.3 + math.log(depth) * math.log(number + 1) / 2.2)
