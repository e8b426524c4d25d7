/* Move picking for the depth-shaped search (search_pvs.c): no fixed beam. A node's candidates
 * are every empty cell near a stone, scored as order.c scores them (own value twice, his
 * once, history) with the table move, the killers and the counter move on top, and handed
 * out best first one at a time: a node cut after its first move never sorts the rest.
 *
 * Against an open three the candidates are exact: our fours, and the cells after which he
 * has no open four to make (order.c offers every cell where he would make a four, a wider
 * set). For the horizon search, only the side's own fours.
 */
#ifndef GOMOKU_MOVEPICK_H
#define GOMOKU_MOVEPICK_H

#include "board.h"

typedef struct {
    int count, next;
    int heap; /* where keyed[heap..] became a heap of the moves left (picker_next), or -1 */
    int64_t keyed[MAX_MOVES]; /* score << 16 | cell: one compare picks the best */
} MovePicker;

/* The first few picks scan for the best (a cut often comes before the rest is looked at);
 * after PICKER_HEAP_AT, if more than PICKER_HEAP_MIN are left, they become a heap, popped in
 * the same order (every key is unique: it holds the cell). */
#define PICKER_HEAP_AT 3
#define PICKER_HEAP_MIN 8

/* An empty picker (what each picker_* starts with). */
static inline void
picker_clear(MovePicker *picker)
{
    picker->count = picker->next = 0;
    picker->heap = -1;
}

/* What the search knows about a node's good moves (-1: none). */
typedef struct {
    ptrdiff_t tt_move, killer_a, killer_b, counter;
} MoveHints;

/* Every empty cell near a stone (renju-forbidden points left out for black); returns how many. */
int picker_all(MovePicker *picker, const Board *board, int side, const MoveHints *hints, const int64_t *history);

/* picker_all with the board's network (board->net, brought up to date: net_refresh_view) ordering the moves:
 * the table move, killers and counter move first as there, then the cells where the side
 * makes a four, by value, then every other cell by the network's policy logit in place of
 * the pattern values, history added as there. */
int picker_all_net(MovePicker *picker, const Board *board, int side, const MoveHints *hints, const int64_t *history);

/* Against his open three: our fours and the cells after which he has no open four to make
 * (board_flex4_left: read, not played); returns how many, or a core error code. */
int picker_defences(MovePicker *picker, const Board *board, int side, const MoveHints *hints, const int64_t *history);

/* The side's fours (a four with a three first, then by value), the table move first. */
int picker_fours(MovePicker *picker, const Board *board, int side, ptrdiff_t tt_move);

/* Sift x down from slot `at` of the max-heap `heap` of `size`. */
static inline void
picker_sift(int64_t *heap, int size, int at, int64_t x)
{
    for (;;) {
        int child = 2 * at + 1;
        if (child >= size)
            break;
        if (child + 1 < size && heap[child + 1] > heap[child])
            child++;
        if (heap[child] <= x)
            break;
        heap[at] = heap[child];
        at = child;
    }
    heap[at] = x;
}

/* The best cell not handed out yet, or -1 when none is left. */
static inline ptrdiff_t
picker_next(MovePicker *picker)
{
    if (picker->next >= picker->count)
        return -1;
    int left = picker->count - picker->next;
    if (picker->heap < 0 && picker->next == PICKER_HEAP_AT && left > PICKER_HEAP_MIN) {
        picker->heap = picker->next;
        int64_t *heap = picker->keyed + picker->heap;
        for (int at = left / 2 - 1; at >= 0; at--)
            picker_sift(heap, left, at, heap[at]);
    }
    if (picker->heap >= 0) {
        int64_t *heap = picker->keyed + picker->heap, chosen = heap[0];
        picker_sift(heap, left - 1, 0, heap[left - 1]);
        picker->next++;
        return (ptrdiff_t)(chosen & 0xFFFF);
    }
    int best = picker->next;
    for (int k = best + 1; k < picker->count; k++)
        if (picker->keyed[k] > picker->keyed[best])
            best = k;
    int64_t chosen = picker->keyed[best];
    picker->keyed[best] = picker->keyed[picker->next];
    picker->keyed[picker->next++] = chosen;
    return (ptrdiff_t)(chosen & 0xFFFF);
}

#endif
