/* Move picking: see movepick.h. */
#include "movepick.h"

#include "net.h"    /* the network's policy (picker_all_net) */
#include "params.h" /* the bonuses of the table move, killers and counter move, and history's weight */

static inline int64_t
cell_score(const Board *board, int side, ptrdiff_t m, const MoveHints *hints, const int64_t *history)
{
    int64_t score = (int64_t)(board->packed[side][m] >> 4) * 2 + (board->packed[3 - side][m] >> 4);
    score += (history[m] < HISTORY_CAP ? history[m] : HISTORY_CAP) >> HISTORY_SHIFT;
    if (m == hints->tt_move)
        score += TT_BONUS;
    else if (m == hints->killer_a || m == hints->killer_b)
        score += KILLER_BONUS;
    else if (m == hints->counter)
        score += COUNTER_BONUS;
    return score;
}

static inline void
add(MovePicker *picker, int64_t score, ptrdiff_t m)
{
    picker->keyed[picker->count++] = score * 65536 + m;
}

int
picker_all(MovePicker *picker, const Board *board, int side, const MoveHints *hints, const int64_t *history)
{
    int check_forbidden = board->renju && side == BLACK;
    picker->count = picker->next = 0;
    for (ptrdiff_t m = board->first_cell; m <= board->last_cell && picker->count < MAX_MOVES; m++) {
        if (board->cells[m] != 0 || !board->near[m])
            continue;
        if (check_forbidden && class_of(board, BLACK, m) == C_FORBIDDEN)
            continue;
        add(picker, cell_score(board, side, m, hints, history), m);
    }
    return picker->count;
}

static inline int64_t
hint_bonus(ptrdiff_t m, const MoveHints *hints)
{
    return m == hints->tt_move ? TT_BONUS
           : m == hints->killer_a || m == hints->killer_b ? KILLER_BONUS
           : m == hints->counter ? COUNTER_BONUS : 0;
}

int
picker_all_net(MovePicker *picker, const Board *board, int side, const MoveHints *hints, const int64_t *history)
{
    int check_forbidden = board->renju && side == BLACK;
    const NetState *net = board->net;
    picker->count = picker->next = 0;
    for (ptrdiff_t m = board->first_cell; m <= board->last_cell && picker->count < MAX_MOVES; m++) {
        if (board->cells[m] != 0 || !board->near[m])
            continue;
        int mine = class_of(board, side, m);
        if (check_forbidden && mine == C_FORBIDDEN)
            continue;
        int64_t score = IS_FOUR_OR_FIVE(mine) ? NET_FOUR_BONUS + (board->packed[side][m] >> 4)
                                              : net_policy_raw(net, side, m) >> NET_POLICY_SHIFT;
        score += (history[m] < HISTORY_CAP ? history[m] : HISTORY_CAP) >> HISTORY_SHIFT;
        add(picker, score + hint_bonus(m, hints), m);
    }
    return picker->count;
}

int
picker_defences(MovePicker *picker, Board *board, int side, const MoveHints *hints, const int64_t *history)
{
    int other = 3 - side;
    int check_forbidden = board->renju && side == BLACK;
    picker->count = picker->next = 0;
    for (ptrdiff_t m = board->first_cell; m <= board->last_cell && picker->count < MAX_MOVES; m++) {
        if (board->cells[m] != 0)
            continue;
        int mine = class_of(board, side, m), his = class_of(board, other, m);
        if (check_forbidden && mine == C_FORBIDDEN)
            continue;
        if (!IS_FOUR_CLASS(mine)) {
            /* Only a cell where he would make a four can stop his three (it lies on its line);
             * it does when, after it, he has no open four left to make. */
            if (his < C_BLOCK4)
                continue;
            int left = board_flex4_after(board, m, side);
            if (left < 0)
                return left;
            if (left > 0)
                continue;
        }
        add(picker, cell_score(board, side, m, hints, history), m);
    }
    return picker->count;
}

int
picker_fours(MovePicker *picker, const Board *board, int side, ptrdiff_t tt_move)
{
    picker->count = picker->next = 0;
    for (ptrdiff_t m = next_four(board, side, 0); m >= 0 && picker->count < MAX_MOVES;
         m = next_four(board, side, m + 1)) {
        int mine = class_of(board, side, m);
        if (!IS_FOUR_CLASS(mine) || board->cells[m] != 0)
            continue;
        int64_t score = (int64_t)mine << 24 | (board->packed[side][m] >> 4);
        if (m == tt_move)
            score += TT_BONUS;
        add(picker, score, m);
    }
    return picker->count;
}
