/* The static evaluation: AlphaBeta.evaluate in alphabeta.py, in C. */
#ifndef GOMOKU_EVAL_H
#define GOMOKU_EVAL_H

#include "board.h"

/* A double open three to play, with no four against it: a win in all but name. */
#define DOUBLE_THREE_BONUS 8000
/* With FEATURE_TEMPO, added for the side to move: the quarter more of its potential that it
 * gets for playing first overshoots, so scores at even depths (our move at the leaves) ran
 * higher than at odd ones. Measured with benchmarks/eval_swing.py (Master, 20 middlegames,
 * depths 1-6): mean |eval(d) - eval(d-1)| 415 without, 295 at -350 and -500, 303 at -700. */
#define TEMPO (-400)

/* Score for `side` to move: its threat potential (a quarter more: it plays first) minus the
 * opponent's, a bonus for a double three it can play, and seeded noise of +-`noise` keyed
 * by the position (none when noise_key is 0); `tempo` is added as it is. */
int evaluate(const Board *board, int side, int noise, uint64_t noise_key, int tempo);

#endif
