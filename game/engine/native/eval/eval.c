/* The static evaluation: see eval.h. The pattern values themselves live in the cell tables
 * (patterns.py), summed incrementally into the board's totals. */
#include "eval.h"

#include "combo_eval.h"

static inline int64_t
floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

int
evaluate(const Board *board, int side, const EvalParams *params, int with_tempo, int noise, uint64_t noise_key)
{
    int other = 3 - side;
    int64_t score;
    if (combo_active() & COMBO_EVAL) { /* GOMOKU_EVAL=combo: the learned table, which knows tempo and double threes */
        score = combo_evaluate(board, side);
    } else {
        score = floor_div(board->total[side] * params->scale_num, params->scale_den) - board->total[other];
        if (with_tempo)
            score += params->tempo;
        if (board->class_count[side][C_FLEX3_2X] && !has_four(board, other))
            score += params->double_three;
    }
    return (int)(score + eval_noise(board, noise, noise_key));
}
