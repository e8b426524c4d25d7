/* Negamax alpha-beta: see search.h. Moves are made on the C board only and always undone. */
#include "search.h"

#include <string.h>

#include "eval.h"
#include "order.h"
#include "threats.h"

#define WHITE 2

void
search_init(Search *search, Board *board, SearchConfig config, TT *tt, Memo *vcf_failed, int64_t *history)
{
    memset(search, 0, sizeof(*search));
    search->board = board;
    search->config = config;
    search->tt = tt;
    search->vcf_failed = vcf_failed;
    search->history = history;
    for (int ply = 0; ply < MAX_PLY + 2; ply++)
        search->killers[ply][0] = search->killers[ply][1] = -1;
    memset(search->counter, 0xFF, sizeof(search->counter));
}

uint64_t
search_key(const Board *board, int side)
{
    return board->hash ^ (side == WHITE ? SIDE_KEY : 0);
}

/* ---------------------------------------------------------------- the clock */

void
search_start_clock(SearchClock *clock, long nodes, long next_check, long interval, long max_nodes, double seconds,
                   Poll stop)
{
    clock->nodes = nodes;
    clock->next_check = next_check;
    clock->interval = interval;
    clock->max_nodes = max_nodes;
    clock->deadline = seconds < 0 ? -1.0 : timer_now() + seconds;
    clock->stop = stop;
    clock->checks_to_poll = STOP_POLL_CHECKS;
    clock->halt = HALT_NONE;
}

/* Clock.check: the stop flag (every few checks: it is the caller's, and dearer), the
 * deadline, the node budget. Returns nonzero when the search must end. */
static int
check(SearchClock *clock)
{
    if (--clock->checks_to_poll <= 0) {
        clock->checks_to_poll = STOP_POLL_CHECKS;
        if (poll_says_stop(&clock->stop))
            return clock->halt = HALT_STOP;
    }
    if (clock->deadline >= 0 && timer_now() >= clock->deadline)
        return clock->halt = HALT_DEADLINE;
    if (clock->max_nodes >= 0 && clock->nodes >= clock->max_nodes)
        return clock->halt = HALT_NODES;
    return 0;
}

int
search_clock_check(SearchClock *clock)
{
    return check(clock);
}

/* Clock.advance: count `nodes` at once, and check as the Python clock does. */
static inline int
advance(SearchClock *clock, long nodes)
{
    clock->nodes += nodes;
    if (clock->nodes >= clock->next_check) {
        clock->next_check = clock->nodes + clock->interval;
        return check(clock);
    }
    return 0;
}

/* The threat search's poll: the stop flag and the deadline, never the node count. */
static int
threat_poll(void *context)
{
    SearchClock *clock = context;
    clock->checks_to_poll = 1;
    long max_nodes = clock->max_nodes;
    clock->max_nodes = -1;
    int halt = check(clock);
    clock->max_nodes = max_nodes;
    return halt;
}

static void
fail(Search *search, int error)
{
    search->clock.halt = HALT_ERROR;
    search->clock.error = error;
}

int
search_vcf(Search *search, int side, int depth, long budget, ThreatRun *run)
{
    SearchClock *clock = &search->clock;
    if (clock->max_nodes >= 0 && clock->max_nodes - clock->nodes < budget)
        budget = clock->max_nodes - clock->nodes > 1 ? clock->max_nodes - clock->nodes : 1;
    Poll poll = {threat_poll, clock};
    threat_run_init(run, search->board, search->vcf_failed, NULL, budget, poll);
    int found = vcf(run, side, depth, -1, -1);
    if (found < 0) {
        if (found != K_INTERRUPTED)
            fail(search, found);
        return 0;
    }
    advance(clock, run->nodes);
    return found;
}

/* ThreatSearch.vcf(side, depth) at a leaf: 1 when `side` wins by fours. */
static int
leaf_vcf(Search *search, int side, int depth)
{
    ThreatRun run;
    long budget = search->config.features & FEATURE_VCF_CAP ? CAPPED_VCF_NODES : COMPILED_THREAT_NODES;
    return search_vcf(search, side, depth, budget, &run);
}

/* ---------------------------------------------------------------- the search */

/* Mate scores, proven or not, count plies from the root: the table keeps them from the node. */
static inline int
to_tt(int score, int ply)
{
    return score > UNPROVEN_THRESHOLD ? score + ply : score < -UNPROVEN_THRESHOLD ? score - ply : score;
}

static inline int
from_tt(int score, int ply)
{
    return score > UNPROVEN_THRESHOLD ? score - ply : score < -UNPROVEN_THRESHOLD ? score + ply : score;
}

/* Make a move of the search; on failure the search halts (the caller returns, and whoever
 * started the search takes back what is left on the board). */
static inline int
make(Search *search, ptrdiff_t cell, int colour)
{
    int error = board_make(search->board, cell, colour);
    if (error < 0)
        fail(search, error);
    return error;
}

/* Move the counter-move up to just after the TT move and the killers (if it is a candidate). */
static void
promote_counter(int32_t *moves, int count, int32_t counter, ptrdiff_t tt_move, const int32_t *killers)
{
    if (counter < 0)
        return;
    int first = 0;
    while (first < count && (moves[first] == tt_move || moves[first] == killers[0] || moves[first] == killers[1]))
        first++;
    for (int k = first + 1; k < count; k++) {
        if (moves[k] == counter) {
            for (int j = k; j > first; j--)
                moves[j] = moves[j - 1];
            moves[first] = counter;
            return;
        }
    }
}

int
search_negamax(Search *search, int depth, int alpha, int beta, int ply, int side)
{
    SearchClock *clock = &search->clock;
    if (++clock->nodes >= clock->next_check) { /* Clock.tick */
        clock->next_check = clock->nodes + clock->interval;
        if (check(clock))
            return 0;
    }
    Board *board = search->board;
    const SearchConfig *config = &search->config;
    int other = 3 - side;
    if (board->class_count[side][C_FIVE])
        return WIN - ply;
    int their_fives = board->class_count[other][C_FIVE];
    if (their_fives) {
        if (their_fives > 1)
            return -(WIN - ply - 1);
        ptrdiff_t block = first_of_class(board, other, C_FIVE);
        if (block < 0) {
            fail(search, K_BROKEN);
            return 0;
        }
        if (blocked_by_forbidden(board, side, block))
            return -(WIN - ply - 1);
        if (ply >= MAX_PLY)
            return evaluate(board, side, &config->eval, config->features & FEATURE_TEMPO, config->noise, config->noise_key);
        if (make(search, block, side) < 0)
            return 0;
        int score = -search_negamax(search, depth, -beta, -alpha, ply + 1, other);
        board_unmake(board);
        return score;
    }
    if (board->class_count[side][C_FLEX4] && config->sees_threes)
        return WIN - ply - 2;
    if ((config->features & FEATURE_NODE_VCF) && depth > 0 && config->node_vcf && has_four(board, side)) {
        int found = leaf_vcf(search, side, config->node_vcf);
        if (clock->halt)
            return 0;
        if (found)
            return WIN - ply - 3;
    }
    if (depth <= 0 || ply >= MAX_PLY) {
        /* Quiescence by threats: a win by fours is not a quiet position. */
        if (config->node_vcf && has_four(board, side)) {
            int found = leaf_vcf(search, side, config->node_vcf);
            if (clock->halt)
                return 0;
            if (found)
                return WIN - ply - 3;
        }
        /* Nor is an open three of his: its answers are searched instead (they cost no depth). */
        if (!(config->quiet_threes && ply < MAX_PLY && board->class_count[other][C_FLEX4]))
            return evaluate(board, side, &config->eval, config->features & FEATURE_TEMPO, config->noise, config->noise_key);
    }

    uint64_t key = search_key(board, side);
    const TTEntry *entry = tt_get(search->tt, key);
    ptrdiff_t tt_move = -1;
    if (entry != NULL) {
        tt_move = entry->move;
        if (entry->depth >= depth) {
            int entry_score = from_tt(entry->score, ply);
            if (entry->flag == TT_EXACT)
                return entry_score;
            if (entry->flag == TT_LOWER && entry_score > alpha)
                alpha = entry_score;
            else if (entry->flag == TT_UPPER && entry_score < beta)
                beta = entry_score;
            if (alpha >= beta)
                return entry_score;
        }
    }

    /* Narrower deeper down: the best few replies carry the game far from the root. */
    int forced = config->sees_threes && board->class_count[other][C_FLEX4];
    int limit = config->width - 2 * (ply - 1);
    int32_t moves[MAX_MOVES];
    int32_t *killers = search->killers[ply];
    int count = order_moves(board, side, forced, tt_move, killers[0], killers[1], search->history,
                            limit > MIN_WIDTH ? limit : MIN_WIDTH, moves);
    if (count == 0)
        return !board->class_count[other][C_FLEX4] ? 0 : -(WIN - ply - 4);
    ptrdiff_t last = board_last_move(board);
    if ((config->features & FEATURE_COUNTER) && last >= 0 && last < MAX_CELLS)
        promote_counter(moves, count, search->counter[side][last], tt_move, killers);
    /* Threat extension: answering an open three costs no depth (the three already did). */
    int child_depth = forced ? depth : depth - 1;
    int original_alpha = alpha, best_score = -WIN - 1, best_move = moves[0];
    /* Whether every legal reply is among the moves (see UNPROVEN_WIN), and whether they
     * were all searched: a pruned move, or a cut-off, leaves the node unproven. */
    int complete = forced, pruned = 0, extended = 0;
    for (int number = 0; number < count; number++) {
        int move = moves[number], score;
        /* Futility: a move that makes no threat and stops none, one ply from the horizon. */
        int quiet = (config->features & FEATURE_FUTILITY) && number > 0 && child_depth == 0 && !forced && !extended &&
                    class_of(board, side, move) < C_FLEX3 && class_of(board, other, move) < C_FLEX3;
        if (make(search, move, side) < 0)
            return 0;
        if (quiet && -evaluate(board, other, &config->eval, 0, config->noise, config->noise_key) + FUTILITY_MARGIN <= alpha) {
            score = alpha; /* a fail-low: it cannot raise alpha (its score is at most this bound) */
            pruned = 1;
        } else if (number == 0) {
            score = -search_negamax(search, child_depth, -beta, -alpha, ply + 1, other);
        } else {
            /* Late move reduction: a move ordered late is first searched shallower. */
            int reduced = number >= LMR_AFTER && child_depth >= 2 && child_depth < depth ? child_depth - 1 : child_depth;
            if ((config->features & FEATURE_DEEP_LMR) && number >= DEEP_LMR_AFTER && child_depth >= 3 && child_depth < depth)
                reduced = child_depth - 2;
            score = -search_negamax(search, reduced, -alpha - 1, -alpha, ply + 1, other);
            if (!clock->halt && reduced < child_depth && score > alpha)
                score = -search_negamax(search, child_depth, -alpha - 1, -alpha, ply + 1, other);
            if (!clock->halt && alpha < score && score < beta)
                score = -search_negamax(search, child_depth, -beta, -alpha, ply + 1, other);
        }
        board_unmake(board);
        if (clock->halt)
            return 0;
        if (score > best_score) {
            best_score = score;
            best_move = move;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) {
                    if (killers[0] != move) {
                        killers[1] = killers[0];
                        killers[0] = move;
                    }
                    if (last >= 0 && last < MAX_CELLS)
                        search->counter[side][last] = move;
                    search->history[move] += (int64_t)depth * depth;
                    break;
                }
            }
        }
        if (extended && best_score >= -WIN_THRESHOLD)
            break; /* a reply outside the beam holds: no loss to prove */
        if (number == count - 1 && !extended && !complete && !pruned && best_score < -WIN_THRESHOLD &&
            (config->features & FEATURE_PROVE)) {
            /* Every move of the beam lost: the proof needs every other legal move too. */
            int more = order_rest(board, side, moves, count, search->history, moves + count, MAX_MOVES - count);
            if (more < 0)
                pruned = 1; /* more legal moves than fit: the loss stays unproven */
            else
                count += more;
            extended = 1;
        }
    }
    if (extended && best_score < -WIN_THRESHOLD)
        complete = 1;
    /* (A score at or above beta is a cut-off's lower bound, which claims no loss.) */
    if (best_score < -WIN_THRESHOLD && best_score < beta && (!complete || pruned))
        best_score = unproven(best_score);
    int flag = best_score <= original_alpha ? TT_UPPER : best_score >= beta ? TT_LOWER : TT_EXACT;
    int error = tt_put(search->tt, key, depth, flag, to_tt(best_score, ply), best_move);
    if (error < 0)
        fail(search, error);
    return best_score;
}

int
search_run(Search *search, int depth, int alpha, int beta, int ply, int side)
{
    Board *board = search->board;
    ptrdiff_t frames_before = board->frame_count;
    int score = search_negamax(search, depth, alpha, beta, ply, side);
    while (board->frame_count > frames_before) /* only after an error */
        board_unmake(board);
    return score;
}
