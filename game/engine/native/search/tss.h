/* Threat-space search in C: ThreatSpaceSearch.find in tss.py, move for move (the same move
 * order, the same failure memo keys, the same line and node count), about sixty times
 * faster: the last search the root ran in Python. The defender answers an open three by
 * taking all its cost squares at once; the tree branches on the attacker's threats only.
 */
#ifndef GOMOKU_TSS_H
#define GOMOKU_TSS_H

#include "board.h"
#include "memo.h"
#include "threats.h"
#include "timer.h"

#define TSS_MAX_DEPTH 40     /* threats in one line; the root asks for 10 */
#define TSS_MAX_THREATS 128  /* more than 2 cells per threat at TSS_MAX_DEPTH */
#define TSS_MAX_COSTS 2048   /* at most 40 cost squares per threat (4 lines of 10) */
#define TSS_POLL_INTERVAL 256

/* One find() call: the board, memo, node count, cap and poll as a VCF's, and the line found. */
typedef struct {
    ThreatRun base;           /* its `failed` memo keys positions with the zone */
    int threes_against_fours; /* unsound mode (Allis's rule): threes even when he has a four */
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
