/* The horizon search: see qsearch.h. */
#include "qsearch.h"

#include "eval.h"
#include "movepick.h"
#include "pvs_node.h"
#include "wincheck.h"

/* Search the first `limit` of `moves` for `side`, each answered by qsearch, from best = `best`
 * up; returns the best. */
static int
search_moves(Search *search, MovePicker *moves, int limit, int best, int *best_move, int alpha, int beta, int ply,
             int side, int threes)
{
    Board *board = search->board;
    for (ptrdiff_t move = picker_next(moves); move >= 0 && limit-- > 0; move = picker_next(moves)) {
        int error = board_make_threat(board, move, side);
        if (error < 0)
            return pvs_fail(search, error);
        int score = -qsearch(search, -beta, -alpha, ply + 1, 3 - side, threes);
        board_unmake(board);
        if (search->clock.halt)
            return 0;
        if (score > best) {
            best = score;
            *best_move = (int)move;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

int
qsearch(Search *search, int alpha, int beta, int ply, int side, int threes)
{
    search->horizon_nodes++;
    if (pvs_tick(search))
        return 0;
    Board *board = search->board;
    if (ply >= MAX_PLY)
        return pvs_evaluate(search, side);
    int score;
    ptrdiff_t block;
    int outcome = node_outcome(board, side, ply, WIN, search->config.sees_threes, &score, &block);
    if (outcome < 0)
        return pvs_fail(search, outcome);
    if (outcome == OUTCOME_SCORE)
        return score;
    if (outcome == OUTCOME_BLOCK) {
        int error = board_make_threat(board, block, side);
        if (error < 0)
            return pvs_fail(search, error);
        score = -qsearch(search, -beta, -alpha, ply + 1, 3 - side, threes);
        board_unmake(board);
        return score;
    }

    uint64_t key = search_key(board, side);
    const TTEntry *entry = tt_get(search->tt, key);
    ptrdiff_t tt_move = -1;
    int deeper_entry = entry != NULL && entry->depth > 0; /* read now: a store below may move the table */
    if (entry != NULL) {
        tt_move = entry->move;
        int entry_score = pvs_score_from_tt(entry->score, ply);
        if (entry->flag == TT_EXACT || (entry->flag == TT_LOWER && entry_score >= beta) ||
            (entry->flag == TT_UPPER && entry_score <= alpha))
            return entry_score;
    }

    int original_alpha = alpha, best, best_move = -1;
    MovePicker moves;
    int other = 3 - side;
    if (threes > 0 && search->config.sees_threes && board->class_count[other][C_FLEX4]) {
        /* His open three: a position to defend, not to judge. */
        MoveHints hints = {tt_move, -1, -1, -1};
        int count = picker_defences(&moves, board, side, &hints, search->history);
        if (count < 0)
            return pvs_fail(search, count);
        if (count == 0)
            return -(WIN - ply - 3); /* his open four comes next, then his five */
        best = search_moves(search, &moves, MAX_MOVES, -WIN - 1, &best_move, alpha, beta, ply, side, threes - 1);
    } else {
        best = pvs_evaluate(search, side); /* standing pat: no need to play a four */
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
        if (picker_fours(&moves, board, side, tt_move))
            best = search_moves(search, &moves, QS_FOURS, best, &best_move, alpha, beta, ply, side, threes);
    }
    if (search->clock.halt)
        return 0;
    if (deeper_entry)
        return best; /* the entry of a deeper search is worth more than this one */
    int flag = best <= original_alpha ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    int error = tt_put(search->tt, key, 0, flag, pvs_score_to_tt(best, ply), best_move);
    if (error < 0)
        return pvs_fail(search, error);
    return best;
}
