/* What a position says before any search, for the depth-shaped search (search_pvs.c) and its
 * horizon search (qsearch.c): a five to make, his five to block, an open four to make, and a
 * static win: a four-three, or a double open three, while he has no four to make.
 *
 * Every score it gives is a proof, so it may carry a mate score:
 * - a five for the side to move wins now; two fives of his cannot both be blocked;
 * - an open four (or a double four) to make wins: he has no five to make first;
 * - a four-three: he must block the four (a cell on its line, so the three stands), and
 *   having no four before it, he gets none from the block; then our open four wins;
 * - a double open three: one stone of his stops at most one three (the two lines meet only
 *   at our stone), and he has no four to answer with; then our open four wins.
 * Renju's black is never given the static wins (his later moves may be forbidden points).
 */
#ifndef GOMOKU_WINCHECK_H
#define GOMOKU_WINCHECK_H

#include "board.h"

/* What node_outcome found. */
enum { OUTCOME_NONE, OUTCOME_SCORE, OUTCOME_BLOCK };

/* OUTCOME_SCORE with *score (for `side` to move at `ply`, on the scale where a five made at
 * ply p scores win - p), OUTCOME_BLOCK with *block (his one five point, ours to take),
 * OUTCOME_NONE, or K_BROKEN when the class counts lie. `sees_threes` off (Beginner) leaves
 * out the open fours and the static wins, as the old search does. */
int node_outcome(const Board *board, int side, int ply, int win, int sees_threes, int *score, ptrdiff_t *block);

/* Whether `colour` has a four (or better) to make: a cell of class block4 up. */
static inline int
has_four_to_make(const Board *board, int colour)
{
    const int32_t *count = board->class_count[colour];
    return count[C_BLOCK4] || count[C_BLOCK4_PLUS] || count[C_BLOCK4_FLEX3] || count[C_FLEX4] || count[C_FIVE];
}

/* Whether `colour`, to move, has a five, an open four, a four-three or a double open three to
 * make: a win in reach, which a plain four is not. */
static inline int
has_win_in_reach(const Board *board, int colour)
{
    const int32_t *count = board->class_count[colour];
    return count[C_FIVE] || count[C_FLEX4] || count[C_BLOCK4_FLEX3] || count[C_FLEX3_2X];
}

#endif
