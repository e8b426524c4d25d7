/* The depth-shaped search: see search_pvs.h. Moves are made on the C board only and always
 * undone. The numbers (params.h) are ours, set by measuring depth and tactics on our positions
 * (benchmarks/README.md, issue 31); each step says what it is for.
 */
#include "search_pvs.h"

#include <math.h>

#include "eval.h"
#include "movepick.h"
#include "net.h" /* whether the board's network can order a node's moves */
#include "qsearch.h"
#include "wincheck.h"

/* The margins, reductions and limits of each step below are named in params.h, each with
 * what it is worth as measured. */

/* Constant tables, filled once: [narrow][plies][move number] -> depth units; [plies] -> moves. */
static int reductions[2][LMR_TABLE][LMR_TABLE];
static int move_limits[LMR_TABLE];
static int tables_ready;

static void
init_tables(void)
{
    static const double divisors[2] = {LMR_DIVISOR / 100.0, LMR_DIVISOR_NARROW / 100.0};
    for (int narrow = 0; narrow < 2; narrow++)
        for (int d = 1; d < LMR_TABLE; d++)
            for (int n = 1; n < LMR_TABLE; n++)
                reductions[narrow][d][n] =
                    (int)(DEPTH_UNIT * (LMR_BASE + 100.0 * log(d) * log(n) / divisors[narrow]) / 100.0);
    for (int d = 1; d < LMR_TABLE; d++)
        move_limits[d] = LMP_BASE + (int)pow(d, LMP_POWER / 100.0);
    tables_ready = 1;
}

static inline int
late_move_reduction(const Search *search, int depth, int number)
{
    int plies = depth / DEPTH_UNIT, narrow = (search->config.features & FEATURE_PVS_NARROW) != 0;
    return reductions[narrow][plies < LMR_TABLE ? plies : LMR_TABLE - 1][number < LMR_TABLE ? number : LMR_TABLE - 1];
}

static void
remember_cut(Search *search, int move, int depth, int ply, int side)
{
    int32_t *killers = search->killers[ply];
    if (killers[0] != move) {
        killers[1] = killers[0];
        killers[0] = move;
    }
    ptrdiff_t last = board_last_move(search->board);
    if (last >= 0 && last < MAX_CELLS)
        search->counter[side][last] = move;
    int plies = depth / DEPTH_UNIT > 0 ? depth / DEPTH_UNIT : 1;
    search->history[move] += (int64_t)plies * plies;
}

static int pvs(Search *search, int depth, int alpha, int beta, int ply, int side, int null_ok);

/* The static score the pruning below judges by: the table's score for this node instead,
 * where its bound says the true score lies beyond the evaluation on that side (a search
 * knows more than a glance). Never a mate score: a mate proves nothing about the margins.
 * Master at 1000 ms against Rapfi at 200 ms, 200 games side by side: 54.0% against 45.5%
 * with the evaluation alone (+8.5 +- 4.2 points by opening; benchmarks/README.md). */
static int
pruning_eval(int eval, const TTEntry *entry, int ply)
{
    if (entry == NULL || entry->move < 0)
        return eval;
    int tt_score = pvs_score_from_tt(entry->score, ply);
    if (tt_score >= WIN_THRESHOLD || tt_score <= -WIN_THRESHOLD)
        return eval;
    if (entry->flag == TT_EXACT || (entry->flag == TT_LOWER && tt_score > eval) ||
        (entry->flag == TT_UPPER && tt_score < eval))
        return tt_score;
    return eval;
}

/* Null move: pass, and see whether beta still holds a few plies shallower. */
static int
null_move_holds(Search *search, int depth, int beta, int ply, int side)
{
    int reduced = depth - NULL_REDUCTION - depth / 4;
    int score = -pvs(search, reduced, -beta, -beta + 1, ply + 1, 3 - side, 0);
    return !search->clock.halt && score >= beta;
}

static int
pvs(Search *search, int depth, int alpha, int beta, int ply, int side, int null_ok)
{
    if (depth < DEPTH_UNIT || ply >= MAX_PLY) /* the horizon */
        return qsearch(search, alpha, beta, ply, side, QS_THREE_ANSWERS);
    if (pvs_tick(search))
        return 0;
    Board *board = search->board;
    const SearchConfig *config = &search->config;
    int other = 3 - side, pv_node = beta - alpha > 1;
    int score;
    ptrdiff_t block;
    int outcome = node_outcome(board, side, ply, WIN, config->sees_threes, &score, &block);
    if (outcome < 0)
        return pvs_fail(search, outcome);
    if (outcome == OUTCOME_SCORE)
        return score;
    if (outcome == OUTCOME_BLOCK) { /* his four: the block is forced, and costs no depth */
        int error = board_make(board, block, side);
        if (error < 0)
            return pvs_fail(search, error);
        score = -pvs(search, depth, -beta, -alpha, ply + 1, other, 1);
        board_unmake(board);
        return score;
    }

    uint64_t key = search_key(board, side);
    const TTEntry *entry = tt_get(search->tt, key);
    ptrdiff_t tt_move = -1;
    if (entry != NULL) {
        tt_move = entry->move;
        int entry_score = pvs_score_from_tt(entry->score, ply);
        if (!pv_node && entry->depth >= depth &&
            (entry->flag == TT_EXACT || (entry->flag == TT_LOWER && entry_score >= beta) ||
             (entry->flag == TT_UPPER && entry_score <= alpha)))
            return entry_score;
    }

    /* Against his open three only its defences (and our fours) are moves: none is pruned. */
    int forced = config->sees_threes && board->class_count[other][C_FLEX4];
    if (!pv_node && !forced) {
        int his_threat = has_four_to_make(board, other);
        /* The analysis (FEATURE_PROVE) keeps the stricter rule: its proofs need the attacker's
         * nodes searched, and the loosened one left a loss of defend-vct-22 unproven at 1.5M nodes. */
        int futility_guard = config->features & FEATURE_PROVE ? his_threat : has_win_in_reach(board, other);
        int eval = pruning_eval(pvs_evaluate(search, side), entry, ply);
        int plies = depth / DEPTH_UNIT;
        if (plies <= RFP_PLIES && !futility_guard && eval - RFP_MARGIN * plies >= beta &&
            eval < WIN_THRESHOLD)
            return eval;
        if (plies <= RAZOR_PLIES && alpha < WIN_THRESHOLD && alpha > -WIN_THRESHOLD &&
            eval + RAZOR_BASE + RAZOR_PER_PLY * plies < alpha) {
            score = qsearch(search, alpha, alpha + 1, ply, side, QS_THREE_ANSWERS);
            if (search->clock.halt || score <= alpha)
                return score;
        }
        if (null_ok && plies >= NULL_PLIES && eval >= beta && beta < WIN_THRESHOLD && !his_threat) {
            if (null_move_holds(search, depth, beta, ply, side))
                return beta; /* a bound, never a mate: nothing was proven by passing */
            if (search->clock.halt)
                return 0;
        }
    }
    if (tt_move < 0 && depth >= IIR_PLIES * DEPTH_UNIT)
        depth -= DEPTH_UNIT;

    int32_t *killers = search->killers[ply];
    ptrdiff_t last = board_last_move(board);
    MoveHints hints = {tt_move, killers[0], killers[1],
                       last >= 0 && last < MAX_CELLS ? search->counter[side][last] : -1};
    MovePicker moves;
    /* FEATURE_NET_ORDER: the network's policy orders the moves of deep enough nodes. A loss
     * stays a proof: whatever the order, moves are pruned only once one that holds is known. */
    int net_order =
        (config->features & FEATURE_NET_ORDER) && board->net != NULL && depth >= NET_ORDER_PLIES * DEPTH_UNIT;
    if (net_order && !forced)
        net_refresh_view(board->net, board, side == BLACK ? 0 : 1);
    int count = forced      ? picker_defences(&moves, board, side, &hints, search->history)
                : net_order ? picker_all_net(&moves, board, side, &hints, search->history)
                            : picker_all(&moves, board, side, &hints, search->history);
    if (count < 0)
        return pvs_fail(search, count);
    if (count == 0)
        return forced ? -(WIN - ply - 3) : 0; /* no defence: his open four, then his five; or a full board */

    /* Answering his open three costs THREE_ANSWER_COST (params.h), a ply like any move. */
    int child_depth = depth - (forced ? THREE_ANSWER_COST : DEPTH_UNIT);
    int plies = depth / DEPTH_UNIT;
    int move_limit = move_limits[plies < LMR_TABLE ? plies : LMR_TABLE - 1];
    int original_alpha = alpha, best_score = -WIN - 1, best_move = -1, number = 0;
    for (ptrdiff_t move = picker_next(&moves); move >= 0; move = picker_next(&moves)) {
        number++;
        int mine = class_of(board, side, move), his = class_of(board, other, move);
        int tactical = mine >= C_FLEX3 || his >= C_FLEX3;
        int hinted = move == hints.killer_a || move == hints.killer_b || move == hints.counter;
        /* Move-count pruning, only once a move that does not lose is known: a loss found with
         * moves left unsearched would not be a proof. */
        if (!forced && number > move_limit && !tactical && best_score > -WIN_THRESHOLD)
            continue;
        int error = board_make(board, move, side);
        if (error < 0)
            return pvs_fail(search, error);
        if (number == 1) {
            score = -pvs(search, child_depth, -beta, -alpha, ply + 1, other, 1);
        } else {
            /* Late-move reduction: a late move is first searched shallower, by a share of a ply
             * that grows with the depth and the move number, less for threats and blocks. */
            int reduced = child_depth;
            if (depth >= 2 * DEPTH_UNIT && !IS_FOUR_CLASS(mine)) {
                int r = late_move_reduction(search, depth, number);
                if (tactical)
                    r -= LMR_TACTICAL;
                if (hinted)
                    r -= LMR_KILLER;
                if (pv_node)
                    r -= DEPTH_UNIT / 2;
                if (r > 0)
                    reduced = child_depth - r > DEPTH_UNIT ? child_depth - r : DEPTH_UNIT;
                if (reduced > child_depth)
                    reduced = child_depth;
            }
            score = -pvs(search, reduced, -alpha - 1, -alpha, ply + 1, other, 1);
            if (!search->clock.halt && reduced < child_depth && score > alpha)
                score = -pvs(search, child_depth, -alpha - 1, -alpha, ply + 1, other, 1);
            if (!search->clock.halt && pv_node && alpha < score && score < beta)
                score = -pvs(search, child_depth, -beta, -alpha, ply + 1, other, 1);
        }
        board_unmake(board);
        if (search->clock.halt)
            return 0;
        if (score > best_score) {
            best_score = score;
            best_move = (int)move;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) {
                    remember_cut(search, (int)move, depth, ply, side);
                    break;
                }
            }
        }
    }
    int flag = best_score <= original_alpha ? TT_UPPER : best_score >= beta ? TT_LOWER : TT_EXACT;
    int error = tt_put(search->tt, key, depth, flag, pvs_score_to_tt(best_score, ply), best_move);
    if (error < 0)
        return pvs_fail(search, error);
    return best_score;
}

int
pvs_run(Search *search, int depth, int alpha, int beta, int ply, int side)
{
    if (!tables_ready)
        init_tables();
    Board *board = search->board;
    ptrdiff_t frames_before = board->frame_count;
    /* With the network as the evaluation nothing in the tree reads the hand evaluation's totals
     * (pvs_evaluate), so its makes need not keep them (board.h: keep_totals). */
    int keep_totals = board->keep_totals;
    if ((search->config.features & FEATURE_NET_EVAL) && board->net != NULL)
        board->keep_totals = 0;
    int score = pvs(search, depth * DEPTH_UNIT, alpha, beta, ply, side, 1);
    while (board->frame_count > frames_before) /* only after an error */
        board_unmake(board);
    board->keep_totals = keep_totals;
    return score;
}
