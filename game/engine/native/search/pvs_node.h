/* What every node of the depth-shaped search does, in the tree (search_pvs.c) and at its
 * horizon (qsearch.c) alike: count itself on the clock, read and write table scores, evaluate,
 * halt on an error. Here, not in search_pvs.c, so that the horizon search does not call back
 * into the tree that calls it: the two files call in one direction only.
 */
#ifndef GOMOKU_PVS_NODE_H
#define GOMOKU_PVS_NODE_H

#include "eval.h"
#include "net_eval.h"
#include "search.h"

/* A bit of SearchConfig.features beside search.h's and search_pvs.h's, here because the horizon
 * search reads it too: with FEATURE_PVS and a network on the board (eval/net.h), the network's
 * value is the static evaluation (pvs_evaluate below). */
#define FEATURE_NET_EVAL 2048

/* Mate scores in the table are kept relative to the node, not the root. */
static inline int
pvs_score_to_tt(int score, int ply)
{
    return score > WIN_THRESHOLD ? score + ply : score < -WIN_THRESHOLD ? score - ply : score;
}

static inline int
pvs_score_from_tt(int score, int ply)
{
    return score > WIN_THRESHOLD ? score - ply : score < -WIN_THRESHOLD ? score + ply : score;
}

/* The evaluation for `side` to move, with the search's settings: with FEATURE_NET_EVAL and a
 * network on the board, the network's value (net_eval.h, remembered by position in the search)
 * plus the level's noise, as evaluate adds it; else evaluate's. */
static inline int
pvs_evaluate(Search *search, int side)
{
    const SearchConfig *config = &search->config;
    const Board *board = search->board;
    if ((config->features & FEATURE_NET_EVAL) && board->net != NULL) {
        if (search->net_scores == NULL)
            return net_eval(board->net, board, side) + eval_noise(board, config->noise, config->noise_key);
        uint64_t key = search_key(board, side);
        NetEvalSlot *slot = &search->net_scores[key & (NET_EVAL_SLOTS - 1)];
        if (!slot->used || slot->key != key)
            *slot = (NetEvalSlot){key, net_eval(board->net, board, side), 1};
        return slot->score + eval_noise(board, config->noise, config->noise_key);
    }
    return evaluate(search->board, side, &config->eval, config->features & FEATURE_TEMPO, config->noise,
                    config->noise_key);
}

/* Halt the search on a core error; returns 0, the score of a halted node. */
static inline int
pvs_fail(Search *search, int error)
{
    search->clock.halt = HALT_ERROR;
    search->clock.error = error;
    return 0;
}

/* Count a node on the search's clock: nonzero when the search must end. */
static inline int
pvs_tick(Search *search)
{
    SearchClock *clock = &search->clock;
    if (clock->halt)
        return 1;
    if (++clock->nodes >= clock->next_check) {
        clock->next_check = clock->nodes + clock->interval;
        return search_clock_check(clock);
    }
    return 0;
}

#endif
