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
    picker_clear(picker);
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
    picker_clear(picker);
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
picker_defences(MovePicker *picker, const Board *board, int side, const MoveHints *hints, const int64_t *history)
{
    int other = 3 - side;
    int check_forbidden = board->renju && side == BLACK;
    picker_clear(picker);
    /* Every cell taken is a four (or five) of one side, so the two sets of fours hold them all:
     * their union, lowest cell first, instead of the whole board. */
    const uint64_t *mine_set = board->fours[side], *his_set = board->fours[other];
    ptrdiff_t words = (board->length + 63) >> 6;
    for (ptrdiff_t word = 0; word < words; word++) {
        for (uint64_t left = mine_set[word] | his_set[word]; left && picker->count < MAX_MOVES; left &= left - 1) {
            ptrdiff_t m = (word << 6) + lowest_bit(left);
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
                int stays = board_flex4_left(board, m, side);
                if (stays < 0)
                    return stays;
                if (stays)
                    continue;
            }
            add(picker, cell_score(board, side, m, hints, history), m);
        }
    }
    return picker->count;
}

int
picker_fours(MovePicker *picker, const Board *board, int side, ptrdiff_t tt_move)
{
    picker_clear(picker);
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
