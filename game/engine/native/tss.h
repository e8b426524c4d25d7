/* Threat-space search in C: ThreatSpaceSearch.find in tss.py, move for move (the same move
 * order, the same failure memo keys, the same line and node count), about sixty times
 * faster: the last search the root ran in Python. The defender answers an open three by
 * taking all its cost squares at once; the tree branches on the attacker's threats only.
 */
#ifndef GOMOKU_TSS_H
#define GOMOKU_TSS_H

#include "board.h"
#include "memo.h"
#include "timer.h"

#define TSS_MAX_DEPTH 40     /* threats in one line; the root asks for 10 */
#define TSS_MAX_THREATS 128  /* more than 2 cells per threat at TSS_MAX_DEPTH */
#define TSS_MAX_COSTS 2048   /* at most 40 cost squares per threat (4 lines of 10) */
#define TSS_POLL_INTERVAL 256

/* One find() call: the memo, the node count and its cap, the poll, and the line found. */
typedef struct {
    Board *board;
    Memo *failed;             /* position key (with the zone) -> deepest depth that failed */
    int threes_against_fours; /* unsound mode (Allis's rule): threes even when he has a four */
    long nodes, max_nodes;
    Poll poll;
    long next_poll;
    int aborted;              /* the node cap was reached: failures found since are not stored */
    int threat_count, cost_count;
    int32_t threats[TSS_MAX_THREATS]; /* the attacker's threats in order (a final five or open four too) */
    int32_t costs[TSS_MAX_COSTS];     /* every square the defence took */
} TssRun;

void tss_run_init(TssRun *run, Board *board, Memo *failed, int threes_against_fours, long max_nodes, Poll poll);

/* A winning threat sequence of at most `depth` threats for `attacker` (to move): 1 (the line
 * in run->threats and run->costs), 0 (none, or the node cap was reached) or an error code
 * (K_INTERRUPTED when the poll said stop). The board is as before in every case. */
int tss_find(TssRun *run, int attacker, int depth);

#endif
