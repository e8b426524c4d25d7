/* The static evaluation: AlphaBeta.evaluate in alphabeta.py, in C. */
#ifndef GOMOKU_EVAL_H
#define GOMOKU_EVAL_H

#include "board.h"

/* A double open three to play, with no four against it: a win in all but name. */
#define DOUBLE_THREE_BONUS 8000

/* Score for `side` to move: its threat potential (a quarter more: it plays first) minus the
 * opponent's, a bonus for a double three it can play, and seeded noise of +-`noise` keyed
 * by the position (none when noise_key is 0). */
int evaluate(const Board *board, int side, int noise, uint64_t noise_key);

#endif
