/* The horizon search of the depth-shaped search (search_pvs.c): where the remaining depth
 * runs out it returns a score, not a yes/no win by fours. The side to move may stand pat on
 * the evaluation or play its best fours (his block is forced, and free); against his open three
 * it must defend (the exact defences and its own fours, no standing pat), for at most
 * QS_THREE_ANSWERS such answers in a line, after which it stands pat. Static wins end a line
 * early (wincheck.h). Its positions go into the same table with depth 0.
 */
#ifndef GOMOKU_QSEARCH_H
#define GOMOKU_QSEARCH_H

#include "search.h"

/* QS_THREE_ANSWERS and QS_FOURS, the horizon's limits: params.h. */

/* The score for `side` to move, exact inside (alpha, beta), a bound outside. `threes` is how
 * many answers to open threes the line may still search. */
int qsearch(Search *search, int alpha, int beta, int ply, int side, int threes);

#endif
