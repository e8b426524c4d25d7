/* The learned network's value as the search's static evaluation (FEATURE_NET_EVAL): the log-odds
 * of the side to move's win rate, P(win) + P(draw) / 2, in evaluation units (params.h:
 * NET_EVAL_SCALE a logit, clamped to NET_EVAL_CLAMP), so the search's margins keep their meaning.
 */
#ifndef GOMOKU_NET_EVAL_H
#define GOMOKU_NET_EVAL_H

#include "board.h"
#include "net.h"

/* A search's memory of the network's scores by position (search_key), so a position evaluated
 * twice (a node and then its razoring's horizon search, transpositions) is computed once. The
 * score is a function of the position alone: the memory changes no result, only the time. */
#define NET_EVAL_SLOTS 16384 /* a power of two: 256 KB */
typedef struct {
    uint64_t key;
    int32_t score;
    int32_t used;
} NetEvalSlot;

/* The score for `side` to move from the (win, draw, loss) logits: NET_EVAL_SCALE x
 * ln((2 e^win + e^draw) / (2 e^loss + e^draw)), truncated, within +-NET_EVAL_CLAMP. */
int net_eval_from_logits(const double logits[3]);

/* The network's score for `side` to move on `board`: brings `net` up to date first. */
int net_eval(NetState *net, const Board *board, int side);

#endif
