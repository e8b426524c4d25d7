/* Static outcomes: see wincheck.h. */
#include "wincheck.h"

int
node_outcome(const Board *board, int side, int ply, int win, int sees_threes, int *score, ptrdiff_t *block)
{
    int other = 3 - side;
    const int32_t *own = board->class_count[side];
    if (own[C_FIVE]) {
        *score = win - ply;
        return OUTCOME_SCORE;
    }
    int their_fives = board->class_count[other][C_FIVE];
    if (their_fives) {
        if (their_fives > 1) {
            *score = -(win - ply - 1);
            return OUTCOME_SCORE;
        }
        ptrdiff_t cell = first_of_class(board, other, C_FIVE);
        if (cell < 0)
            return K_BROKEN;
        if (blocked_by_forbidden(board, side, cell)) {
            *score = -(win - ply - 1);
            return OUTCOME_SCORE;
        }
        *block = cell;
        return OUTCOME_BLOCK;
    }
    if (!sees_threes)
        return OUTCOME_NONE;
    if (own[C_FLEX4]) {
        *score = win - ply - 2;
        return OUTCOME_SCORE;
    }
    if (board->renju && side == BLACK)
        return OUTCOME_NONE;
    if ((own[C_BLOCK4_FLEX3] || own[C_FLEX3_2X]) && !has_four_to_make(board, other)) {
        *score = win - ply - 4;
        return OUTCOME_SCORE;
    }
    return OUTCOME_NONE;
}
