/* A search shaped by remaining depth (issue 31), switched on per search by FEATURE_PVS: the
 * depth-shaped tree (search_pvs.c) over every candidate near the stones (movepick.h), with a
 * horizon search that returns a score (qsearch.c) and static wins (wincheck.h). It reuses the
 * board, the evaluation, the transposition table, the killers, the counter moves and the
 * history of the old search's state (search.h), and its clock.
 *
 * Depth is fractional: DEPTH_UNIT to a ply, so that late moves can be reduced by a share of
 * a ply. A mate score is a proof: a node reports a loss only when it searched every move
 * (moves are pruned only once a move that does not lose is known, and every defence of an
 * open three is searched), and the shortcuts that skip a node's moves (reverse futility,
 * razoring, null move) never return a mate score.
 */
#ifndef GOMOKU_SEARCH_PVS_H
#define GOMOKU_SEARCH_PVS_H

#include "eval.h"
#include "pvs_node.h"
#include "search.h"

#define FEATURE_PVS 256 /* a bit of SearchConfig.features beside search.h's */
#define FEATURE_PVS_NARROW 512 /* with FEATURE_PVS: late moves reduced about twice as much */
/* With FEATURE_PVS and a network on the board (eval/net.h): the network's policy orders the
 * quiet moves of the nodes at least NET_ORDER_PLIES deep (movepick.h: picker_all_net). */
#define FEATURE_NET_ORDER 1024
/* FEATURE_NET_EVAL (2048, pvs_node.h): the network's value is the static evaluation. */

/* The score for `side` to move searched `depth` plies deep, exact inside (alpha, beta), a
 * bound outside; the board is left as it was, even after an error (HALT_ERROR). Start
 * search->clock first; when clock.halt is set on return the score means nothing. */
int pvs_run(Search *search, int depth, int alpha, int beta, int ply, int side);


#endif
