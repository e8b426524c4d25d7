/* Move ordering: see order.h. Scores: own value twice, his once, plus history; the TT move
 * first, then the killers. Ties go to the lower cell, as in Python. */
#include "order.h"

#include "combo_eval.h"

typedef struct {
    int64_t score;
    ptrdiff_t cell;
} Scored;

/* Whether a goes before b: the higher score, then the lower cell. */
static inline int
before(const Scored *a, const Scored *b)
{
    return a->score != b->score ? a->score > b->score : a->cell < b->cell;
}

/* Insertion step: puts `item` at slot `at` or earlier, shifting the worse ones down. */
static inline void
place(Scored *scored, int at, Scored item)
{
    while (at > 0 && before(&item, &scored[at - 1])) {
        scored[at] = scored[at - 1];
        at--;
    }
    scored[at] = item;
}

int
order_moves(const Board *board, int side, int forced, ptrdiff_t tt_move, ptrdiff_t killer_a, ptrdiff_t killer_b,
            const int64_t *history, ptrdiff_t limit, int32_t *out)
{
    int other = 3 - side;
    int check_forbidden = board->renju && side == BLACK;
    const int32_t *own = board->packed[side], *theirs = board->packed[other];
    Scored scored[MAX_MOVES];
    int combo = combo_active() & COMBO_ORDER; /* GOMOKU_EVAL=combo: the learned order table */
    int count = 0, keep = forced ? MAX_MOVES : limit > 0 ? (int)(limit < MAX_MOVES ? limit : MAX_MOVES) : 0;
    for (ptrdiff_t m = board->first_cell; m <= board->last_cell; m++) {
        if (board->cells[m] != 0)
            continue;
        if (forced) {
            int mine = (int)(own[m] & 15), his = (int)(theirs[m] & 15);
            /* Renju: a four point of black's that is forbidden to him can still stop his
             * three when white takes it, so it stays (the set of defences is complete). */
            int his_forbidden = board->renju && other == BLACK && his == C_FORBIDDEN;
            if (!(his >= C_BLOCK4) && !IS_FOUR_CLASS(mine) && !his_forbidden)
                continue; /* neither stops his three (DEFENCE_CLASSES) nor makes our four */
        } else if (!board->near[m]) {
            continue;
        }
        if (check_forbidden && (own[m] & 15) == C_FORBIDDEN)
            continue;
        int64_t score = (combo ? combo_order_score(board, side, m) : (int64_t)(own[m] >> 4) * 2 + (theirs[m] >> 4)) + history[m];
        if (m == tt_move)
            score += (int64_t)1 << 40;
        else if (m == killer_a || m == killer_b)
            score += (int64_t)1 << 20;
        /* Insert it into the best `keep` so far, in order (a node keeps a dozen of some
         * fifty cells, so this beats sorting them all). */
        Scored item = {score, m};
        if (count == keep && (keep == 0 || !before(&item, &scored[count - 1])))
            continue;
        place(scored, count < keep ? count++ : count - 1, item);
    }
    for (int k = 0; k < count; k++)
        out[k] = (int32_t)scored[k].cell;
    return count;
}

int
order_rest(const Board *board, int side, const int32_t *searched, int searched_count, const int64_t *history,
           int32_t *out, int room)
{
    int check_forbidden = board->renju && side == BLACK;
    const int32_t *own = board->packed[side], *theirs = board->packed[3 - side];
    Scored scored[MAX_MOVES];
    int count = 0;
    for (ptrdiff_t m = board->first_cell; m <= board->last_cell; m++) {
        if (board->cells[m] != 0 || (check_forbidden && (own[m] & 15) == C_FORBIDDEN))
            continue;
        int seen = 0;
        for (int k = 0; k < searched_count && !seen; k++)
            seen = searched[k] == m;
        if (seen)
            continue;
        if (count == room)
            return -1;
        /* Near cells first (they are the likelier defences), then by value. */
        Scored item = {((int64_t)(board->near[m] ? 1 : 0) << 50) + (int64_t)(own[m] >> 4) * 2 + (theirs[m] >> 4) + history[m], m};
        place(scored, count++, item);
    }
    for (int k = 0; k < count; k++)
        out[k] = (int32_t)scored[k].cell;
    return count;
}
