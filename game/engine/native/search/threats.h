/* VCF and VCT in C: the same searches as ThreatSearch.vcf and .vct in threats.py, in the
 * same move order, with the same failure memos, so they find the same lines.
 */
#ifndef GOMOKU_THREATS_H
#define GOMOKU_THREATS_H

#include "board.h"
#include "memo.h"
#include "timer.h"

#define VCF_LINE_MAX 160 /* longest VCF line kept: 2 cells per four, depth <= 75 */
#define MAX_VCF_DEPTH 75
#define THREAT_POLL_INTERVAL 2048

/* One vcf or vct call: the node count and its cap, the poll, and the line found. */
typedef struct {
    Board *board;
    Memo *failed;     /* VCF position key -> deepest depth that failed */
    Memo *vct_failed; /* the same for the VCT (NULL for a VCF) */
    long nodes, max_nodes;
    Poll poll;        /* asked every THREAT_POLL_INTERVAL nodes */
    long next_poll;
    int aborted;      /* the node cap was reached: failures found since are not stored */
    int length;       /* of the line found */
    int32_t line[VCF_LINE_MAX];
} ThreatRun;

void threat_run_init(ThreatRun *run, Board *board, Memo *failed, Memo *vct_failed, long max_nodes, Poll poll);

/* Count a node of a threat search: 1 to go on, 0 when the node cap is reached (the search
 * ends as "not found"), K_INTERRUPTED when the poll, asked every `interval` nodes, says stop. */
static inline int
threat_count_node(ThreatRun *run, long interval)
{
    if (++run->nodes > run->max_nodes) {
        run->aborted = 1;
        return 0;
    }
    if (run->nodes >= run->next_poll) {
        run->next_poll = run->nodes + interval;
        if (poll_says_stop(&run->poll))
            return K_INTERRUPTED;
    }
    return 1;
}

/* When the defender (3 - attacker) has a five to make: the attacker's forced block if it is
 * also a four of his, so the chain of fours goes on; -1 when it is not a four or there are
 * two fives to block; K_BROKEN when the class counts lie. */
static inline ptrdiff_t
four_that_blocks(const Board *board, int attacker)
{
    if (board->class_count[3 - attacker][C_FIVE] > 1)
        return -1;
    ptrdiff_t block = first_of_class(board, 3 - attacker, C_FIVE);
    if (block < 0)
        return K_BROKEN;
    return IS_FOUR_CLASS(class_of(board, attacker, block)) ? block : -1;
}

/* What the attacker's stone just played at `move` threatens: 2 for two fives (a win), 1 for one
 * (a four: its point, the defender's forced answer, in *block), 0 for none, K_BROKEN when the
 * class counts lie. The VCF and the threat-space search both play their threats through it. */
static inline int
fives_made(const Board *board, int attacker, ptrdiff_t move, ptrdiff_t *block)
{
    int fives = board->class_count[attacker][C_FIVE];
    if (fives != 1)
        return fives >= 2 ? 2 : 0;
    *block = five_made_by(board, attacker, move);
    return *block < 0 ? K_BROKEN : 1;
}

/* Ranked moves (rank << 16 | cell) into rank-then-cell order, as bare cells. */
void sort_ranked(int32_t *moves, int count);

/* A win by fours for `attacker` (to move) of at most `depth` fours, touching the 9x9 squares
 * around zone_a and zone_b (-1, -1: anywhere). 1: found (run->line[0:run->length]), 0: not
 * (or the node cap was reached), negative: an error code (K_INTERRUPTED when the poll said
 * stop). The board is as before in every case. */
int vcf(ThreatRun *run, int attacker, int depth, ptrdiff_t zone_a, ptrdiff_t zone_b);

/* A win by fours and open threes (`depth` threes, a VCF of `vcf_depth` tried at every
 * attacker node): 1 with [first move] or the VCF line in run->line, 0, or an error code. */
int vct(ThreatRun *run, int attacker, int depth, int vcf_depth, ptrdiff_t zone_a, ptrdiff_t zone_b);

#endif
