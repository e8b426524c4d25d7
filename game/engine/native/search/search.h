/* Negamax alpha-beta in C: AlphaBeta.negamax in alphabeta.py, node for node (principal
 * variation search, the transposition table, killer and history ordering, free forced
 * replies, threat extensions, late-move reductions, a VCF and the answers to open threes
 * at the horizon).
 *
 * It keeps the Python search's clock: a node count with a check every `interval` nodes
 * (the deadline, the node budget; every few checks the caller's stop flag), so a node- or
 * depth-limited search is deterministic and stops where the Python one would.
 */
#ifndef GOMOKU_SEARCH_H
#define GOMOKU_SEARCH_H

#include "board.h"
#include "eval.h"
#include "memo.h"
#include "net_eval.h"
#include "params.h"
#include "threats.h"
#include "timer.h"
#include "tt.h"

#define WIN 1000000
#define WIN_THRESHOLD (WIN - 1000)
/* Mate scores are proofs: a node reports a loss (a score below -WIN_THRESHOLD) only when
 * every legal reply was searched and lost. The answers to a four (its block) and to an open
 * three (the cells that stop it, by line shape, and our own fours) are every reply that can
 * hold, so such a node is complete; a beam of the best few moves is not, nor a node where
 * a move was pruned. There, a loss is moved down by WIN - UNPROVEN_WIN, into the range of
 * large scores that are not proofs (above UNPROVEN_THRESHOLD, below WIN_THRESHOLD), where
 * it keeps its distance, so that a faster unproven win still ranks first. */
#define UNPROVEN_WIN (WIN - 100000)
#define UNPROVEN_THRESHOLD (UNPROVEN_WIN - 1000)

/* What the compiled search adds to alphabeta.py's, each a bit of SearchConfig.features. */
enum {
    FEATURE_TEMPO = 1,    /* the evaluation's tempo term (eval.h) */
    FEATURE_NODE_VCF = 2, /* a VCF for the side to move at every node with a four, not only at the horizon */
    FEATURE_COUNTER = 4,  /* the reply that refuted the opponent's last move, ordered right after the killers */
    FEATURE_DEEP_LMR = 8, /* moves from the seventh on reduced by two plies, not one */
    FEATURE_FUTILITY = 16, /* at the frontier, a quiet move whose static score stays far below alpha is not searched */
    FEATURE_ASPIRATION = 32, /* aspiration windows at the root: read by alphabeta.py, where the iterations run */
    FEATURE_VCF_CAP = 64, /* a VCF inside the tree gives up after CAPPED_VCF_NODES nodes */
    FEATURE_PROVE = 128, /* where every move of a node's beam lost, search every other legal move
                          * too, so that the loss is proven rather than clamped (analysis) */
};
/* Tried and not kept: internal iterative reduction (a ply less at depth >= 4 when the table
 * has no move) lost 12-22-6 to Master without it (1000 ms a move, aspiration on both sides),
 * with more nodes to depth 6 and 7; late-move pruning of quiet moves at depth <= 2 (from the
 * 3rd/4th move on, no three of his to answer) took x1.15 the nodes to depth 6 (geometric
 * mean; x2 to x7 in three positions), so it got no match; a VCT of two open threes (200
 * threat nodes at most) for the side to move at the horizon, after the VCF, cost 1.2 plies
 * at 1000 ms (depth 6.3 -> 5.1) and lost 17-20-3 at 1000 ms and 65-133-2 at 100 ms; where
 * the opponent would win by fours if it were his move, searching only the cells of his line
 * and our fours scored 93-96-11 at 400 ms, and also scoring such a horizon from his side
 * 35-52-8; null-move pruning (reduction 3, not with a four or an open three against us)
 * 94-97-9 at 400 ms; no reduction for moves that make a three or a four or block a four
 * 92-100-8 at 400 ms, with x1.7 the nodes to depth 6; reductions of ln(depth) ln(number + 1)
 * / 1.5 plies with a beam of at least 10 moves 95-93-11 at 400 ms (benchmarks/README.md). */
/* FEATURE_VCF_CAP: a few deep VCFs that fail take half of the tree's threat nodes (at depth 6
 * on the 20 middlegames, 2.5% of the horizon's VCFs took over 100 nodes, 46% of all). Capped,
 * the alpha-beta search gets that time; the root's own VCF is not capped. alphabeta.py sets the
 * bit only for a config with capped_vcf, which root.py gives short turns: the cap gained at
 * 100 ms and showed no gain at 1000 ms (benchmarks/README.md). */
#define MAX_CELLS 1024 /* more than a 25x25 board's padded cells */

/* What a level lets the search do (levels.LevelConfig). */
typedef struct {
    int width, node_vcf, noise, sees_threes, quiet_threes;
    uint64_t noise_key;
    int features; /* FEATURE_* bits: what the search adds to alphabeta.py's (0: the same tree) */
    EvalParams eval; /* the weights table's numbers besides the cell values */
} SearchConfig;

/* Why a search stopped early. */
enum { HALT_NONE, HALT_STOP, HALT_DEADLINE, HALT_NODES, HALT_ERROR };

typedef struct {
    long nodes, next_check, interval, max_nodes; /* max_nodes < 0: no budget */
    double deadline;                            /* timer_now() seconds; < 0: none */
    Poll stop;                                  /* nonzero: the stop flag is set */
    int checks_to_poll;
    int halt;  /* HALT_*: once set, every node returns at once and the moves are undone */
    int error; /* the core error code behind HALT_ERROR */
} SearchClock;

typedef struct {
    Board *board;
    SearchConfig config;
    TT *tt; /* the caller's */
    Memo *vcf_failed; /* the VCF failure memo (shared with the root's threat searches) */
    int32_t killers[MAX_PLY + 2][2];
    int32_t counter[3][MAX_CELLS]; /* [side][opponent's last move] -> the move that refuted it, or -1 */
    int64_t *history; /* per cell: the caller's (AlphaBeta.history), borrowed */
    SearchClock clock;
    long horizon_nodes; /* nodes of the depth-shaped search's horizon search (qsearch.c), since init */
    NetEvalSlot *net_scores; /* FEATURE_NET_EVAL: the network's scores met (net_eval.h), NET_EVAL_SLOTS of
                              * them, lent by the caller; NULL without the feature (then none are kept) */
} Search;

/* `tt` and `history` (one entry per cell) outlive the search. */
void search_init(Search *search, Board *board, SearchConfig config, TT *tt, Memo *vcf_failed, int64_t *history);

/* Start the clock from the caller's: its node count, next check and check interval, a node
 * budget (< 0: none), the seconds to the deadline (< 0: none) and the stop flag's poll. */
void search_start_clock(SearchClock *clock, long nodes, long next_check, long interval, long max_nodes, double seconds,
                        Poll stop);

/* Check the clock now (the stop flag every few checks, the deadline, the node budget):
 * nonzero, with clock->halt set, when the search must end. */
int search_clock_check(SearchClock *clock);

/* The score for `side` to move, exact inside (alpha, beta), a bound outside. Start
 * search->clock first; when clock.halt is set on return the score means nothing. */
int search_negamax(Search *search, int depth, int alpha, int beta, int ply, int side);
/* search_negamax, leaving the board as it was even when an error (HALT_ERROR) ended it. */
int search_run(Search *search, int depth, int alpha, int beta, int ply, int side);

/* ThreatSearch.vcf(side, depth) on the search's clock and VCF memo, capped at `budget` nodes
 * (and the clock's node budget): 1 with the line in run->line when `side` wins by fours, else 0.
 * Its nodes count on the clock, whose halt is set where the clock ended it. */
int search_vcf(Search *search, int side, int depth, long budget, ThreatRun *run);

/* A mate score moved into the unproven range (any other score as it is). */
static inline int
unproven(int score)
{
    return score > WIN_THRESHOLD ? score - (WIN - UNPROVEN_WIN) : score < -WIN_THRESHOLD ? score + (WIN - UNPROVEN_WIN) : score;
}

/* The key of a position in the transposition table (the side to move is part of it). */
uint64_t search_key(const Board *board, int side);

#endif
