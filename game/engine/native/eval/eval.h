/* The static evaluation: AlphaBeta.evaluate in alphabeta.py, in C. */
#ifndef GOMOKU_EVAL_H
#define GOMOKU_EVAL_H

#include "board.h"

/* The evaluation's numbers besides the cell values, from the weights table in use
 * (eval_weights.py), passed in by the binding. */
typedef struct {
    int scale_num, scale_den; /* the side to move's potential counts scale_num/scale_den (5/4 by hand) */
    int double_three;         /* a double open three to play, with no four against it: a win in all but name */
    /* With FEATURE_TEMPO, added for the side to move: the share more of its potential that it
     * gets for playing first overshoots, so scores at even depths (our move at the leaves) ran
     * higher than at odd ones. Measured with benchmarks/eval_swing.py (Master, 20 middlegames,
     * depths 1-6, hand-set table): mean |eval(d) - eval(d-1)| 415 without, 295 at -350 and
     * -500, 303 at -700. */
    int tempo;
} EvalParams;

/* The hand-set table's (used when the binding is given none). */
#define EVAL_HANDSET {5, 4, 8000, -400}

/* Score for `side` to move: its threat potential (scaled: it plays first) minus the
 * opponent's, a bonus for a double three it can play, params->tempo when `with_tempo`, and
 * seeded noise of +-`noise` keyed by the position (none when noise_key is 0). */
int evaluate(const Board *board, int side, const EvalParams *params, int with_tempo, int noise, uint64_t noise_key);

/* The seeded noise evaluate adds: in -noise..noise, keyed by the position; 0 when noise_key is 0. */
static inline int
eval_noise(const Board *board, int noise, uint64_t noise_key)
{
    if (!noise_key)
        return 0;
    uint64_t mixed = ((board->hash ^ noise_key) * 0x9E3779B97F4A7C15ULL) & 0xFFFFFFFFULL;
    return (int)((int64_t)(mixed % (uint64_t)(2 * noise + 1)) - noise);
}

#endif
