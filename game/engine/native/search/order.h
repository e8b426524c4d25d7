/* Move ordering: AlphaBeta.ordered_moves in alphabeta.py, in C. */
#ifndef GOMOKU_ORDER_H
#define GOMOKU_ORDER_H

#include "board.h"

/* Candidates for `side`, best first, into `out` (room for MAX_MOVES): with `forced` (he has
 * an open three) only his four points and ours, never cut; otherwise the empty cells near a
 * stone, cut to `limit`. Renju-forbidden points are left out for black. `history` has one
 * entry per cell. Returns how many. */
int order_moves(const Board *board, int side, int forced, ptrdiff_t tt_move, ptrdiff_t killer_a, ptrdiff_t killer_b,
                const int64_t *history, ptrdiff_t limit, int32_t *out);
/* Every legal move for `side` not among the `searched_count` moves of `searched`, into `out`
 * (room for `room`): the cells near a stone first, then the rest, each best first. The
 * proof of a loss needs them all (search.c). Returns how many, or -1 when they do not fit. */
int order_rest(const Board *board, int side, const int32_t *searched, int searched_count, const int64_t *history,
               int32_t *out, int room);

#endif
