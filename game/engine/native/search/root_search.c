/* The depth-shaped search's root: see root_search.h. */
#include "root_search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search_pvs.h"

/* The best move and score of a pass over the root moves so far: what a cut iteration keeps. */
typedef struct {
    int searched, move, score;
} Partial;

/* Plies a late root move is first searched shallower by (number counts from 0): as the
 * tree's late-move reductions, in whole plies (alphabeta.py's _root_reduction). */
static int
root_reduction(int depth, int number)
{
    if (depth < 3 || number < 2)
        return 0;
    return (int)(0.3 + log(depth) * log(number + 1) / 2.2);
}

static int
halted(const Search *search)
{
    return search->clock.halt != HALT_NONE;
}

/* One pass over `moves` at `depth` inside (alpha, beta): the best score, its move in
 * *best_move. At or below alpha every move failed low (the first move, an upper bound); at
 * or above beta a move failed high and the pass ended there. Only a score above alpha is a
 * move's true value: below it a later move's bound may beat the first move's and mean nothing. */
static int
search_moves(Search *search, int side, const int32_t *moves, int count, int depth, int alpha, int beta,
             int *best_move, Partial *partial)
{
    Board *board = search->board;
    int other = 3 - side, best_score = -WIN - 1;
    *best_move = moves[0];
    for (int number = 0; number < count; number++) {
        int error = board_make(board, moves[number], side), score;
        if (error < 0)
            return pvs_fail(search, error);
        if (number == 0) {
            score = -pvs_run(search, depth - 1, -beta, -alpha, 1, other);
        } else {
            int reduced = depth - 1 - root_reduction(depth, number);
            score = -pvs_run(search, reduced, -alpha - 1, -alpha, 1, other);
            if (!halted(search) && reduced < depth - 1 && score > alpha)
                score = -pvs_run(search, depth - 1, -alpha - 1, -alpha, 1, other);
            if (!halted(search) && alpha < score && score < beta)
                score = -pvs_run(search, depth - 1, -beta, -alpha, 1, other);
        }
        board_unmake(board);
        if (halted(search))
            return best_score;
        if (number == 0 || score > alpha) {
            best_score = score;
            *best_move = moves[number];
            if (score > alpha)
                alpha = score;
        }
        if (partial != NULL)
            *partial = (Partial){1, *best_move, best_score};
        if (alpha >= beta)
            break;
    }
    return best_score;
}

static void
move_to_front(int32_t *moves, int count, int move)
{
    for (int k = 0; k < count; k++)
        if (moves[k] == move) {
            memmove(moves + 1, moves, (size_t)k * sizeof *moves);
            moves[0] = move;
            return;
        }
}

/* One iteration: search_moves over every root move, first inside an aspiration window around
 * the last iteration's score where the feature is on; a fail widens the failing side by twice
 * the last margin (open once past a win), and a move that failed high is searched first. */
static int
search_iteration(Search *search, const RootPlan *plan, int depth, const RootAnswer *last, int *best_move,
                 Partial *partial)
{
    int previous = last->depth ? last->lines[0].score : 0;
    if (!(search->config.features & FEATURE_ASPIRATION) || !last->depth || depth < ROOT_ASPIRATION_FROM ||
        abs(previous) > WIN_THRESHOLD)
        return search_moves(search, plan->side, plan->moves, plan->count, depth, -WIN - 1, WIN + 1, best_move,
                            partial);
    int32_t order[MAX_MOVES];
    memcpy(order, plan->moves, (size_t)plan->count * sizeof *order);
    int margin = ROOT_ASPIRATION_WINDOW, alpha = previous - margin, beta = previous + margin;
    for (;;) {
        int score = search_moves(search, plan->side, order, plan->count, depth, alpha, beta, best_move, partial);
        if (halted(search))
            return score;
        margin *= 2;
        if (score <= alpha) {
            alpha = score - margin > -WIN_THRESHOLD ? score - margin : -WIN - 1;
        } else if (score >= beta) {
            beta = score + margin < WIN_THRESHOLD ? score + margin : WIN + 1;
            move_to_front(order, plan->count, *best_move);
        } else {
            return score;
        }
    }
}

/* The line expected after `first`, read from the transposition table. */
static void
read_line(Search *search, int side, int first, int score, RootLine *line)
{
    Board *board = search->board;
    line->move = line->pv[0] = first;
    line->score = score;
    line->pv_length = 1;
    if (board_make(board, first, side) < 0)
        return;
    int colour = 3 - side;
    while (line->pv_length < ROOT_TT_LINE) {
        const TTEntry *entry = tt_get(search->tt, search_key(board, colour));
        int move = entry == NULL ? -1 : entry->move;
        if (move < 0 || move >= board->length || board->cells[move] != 0 || board_make(board, move, colour) < 0)
            break;
        line->pv[line->pv_length++] = move;
        colour = 3 - colour;
    }
    for (int k = 0; k < line->pv_length; k++)
        board_unmake(board);
}

/* Every root move lost at `depth`: a proof only where no legal move was left out. With
 * `prove` the moves left out are searched too (one that holds joins the root moves); without,
 * or when the clock cuts that search, the loss moves into the unproven range. */
static int
proven_loss(Search *search, RootPlan *plan, int depth, int score, int *move)
{
    if (plan->rest_count == 0)
        return score;
    if (!plan->prove)
        return unproven(score);
    int rest_move, rest_score = search_moves(search, plan->side, plan->rest, plan->rest_count, depth, -WIN - 1,
                                             WIN + 1, &rest_move, NULL);
    if (halted(search))
        return unproven(score);
    if (rest_score <= score)
        return score;
    plan->moves[plan->count++] = rest_move;
    for (int k = 0; k < plan->rest_count; k++)
        if (plan->rest[k] == rest_move) {
            plan->rest[k] = plan->rest[--plan->rest_count];
            break;
        }
    *move = rest_move;
    return rest_score;
}

/* The 2nd..Nth lines at `depth`: each the best of the root without the moves already chosen,
 * so its score is exact, ranked by score and never above the best; the root moves reordered
 * to put them first. Returns 0, or 1 when the clock cut it: then *next holds what can be
 * kept (the lines found, then the last iteration's missing ones, unranked), or `last` is kept
 * whole where it has as many lines. */
static int
other_lines(Search *search, RootPlan *plan, int depth, const RootAnswer *last, RootAnswer *next)
{
    int wanted = plan->multipv < ROOT_MAX_LINES ? plan->multipv : ROOT_MAX_LINES;
    int32_t rest[MAX_MOVES];
    while (next->line_count < wanted && !halted(search)) {
        int count = 0;
        for (int k = 0; k < plan->count; k++) {
            int chosen = 0;
            for (int j = 0; j < next->line_count; j++)
                chosen |= next->lines[j].move == plan->moves[k];
            if (!chosen)
                rest[count++] = plan->moves[k];
        }
        if (count == 0)
            break;
        int move, score = search_moves(search, plan->side, rest, count, depth, -WIN - 1, WIN + 1, &move, NULL);
        if (halted(search))
            break;
        read_line(search, plan->side, move, score, &next->lines[next->line_count++]);
    }
    if (halted(search)) {
        int expected = wanted < plan->count ? wanted : plan->count;
        if (last->depth && last->line_count >= expected) {
            *next = *last;
            return 1;
        }
        for (int k = 0; k < last->line_count && next->line_count < wanted; k++) {
            int known = 0;
            for (int j = 0; j < next->line_count; j++)
                known |= next->lines[j].move == last->lines[k].move;
            if (!known)
                next->lines[next->line_count++] = last->lines[k];
        }
        read_line(search, plan->side, next->lines[0].move, next->lines[0].score, &next->lines[0]); /* read anew */
        next->nodes = search->clock.nodes;
        return 1;
    }
    /* Rank lines 2..N by score (stably), capped at the best's, and order the root moves so. */
    for (int k = 2; k < next->line_count; k++)
        for (int j = k; j > 1 && next->lines[j].score > next->lines[j - 1].score; j--) {
            RootLine swap = next->lines[j];
            next->lines[j] = next->lines[j - 1];
            next->lines[j - 1] = swap;
        }
    for (int k = next->line_count - 1; k >= 0; k--)
        move_to_front(plan->moves, plan->count, next->lines[k].move);
    for (int k = 1; k < next->line_count; k++)
        if (next->lines[k].score > next->lines[0].score)
            next->lines[k].score = next->lines[0].score;
    next->nodes = search->clock.nodes;
    return 0;
}

/* The clock cut an iteration: keep its best move so far where its first root move was
 * searched and does not lose, with the last iteration's other lines (not with multipv > 1,
 * whose lines must compare). */
static void
keep_cut_iteration(const Search *search, const RootPlan *plan, int depth, const Partial *partial, RootAnswer *answer)
{
    if ((plan->multipv > 1 && answer->depth) || !partial->searched || partial->score <= -WIN_THRESHOLD)
        return;
    RootAnswer cut = {depth, 1, ROOT_SEARCHED, search->clock.nodes, {{partial->move, partial->score, 1, {partial->move}}}};
    int wanted = plan->multipv < ROOT_MAX_LINES ? plan->multipv : ROOT_MAX_LINES;
    for (int k = 0; k < answer->line_count && cut.line_count < wanted; k++)
        if (answer->lines[k].move != partial->move)
            cut.lines[cut.line_count++] = answer->lines[k];
    *answer = cut;
}

int
root_plan_moves(RootPlan *plan, const int32_t *cells, int total, int count)
{
    if (total < 0 || total > MAX_MOVES || count < 0 || count > total)
        return K_BAD_MOVE;
    memcpy(plan->moves, cells, (size_t)count * sizeof *cells);
    memcpy(plan->rest, cells + count, (size_t)(total - count) * sizeof *cells);
    plan->count = count;
    plan->rest_count = total - count;
    return K_OK;
}

int
root_answer_flat(const RootAnswer *answer, int32_t *out)
{
    int n = 0;
    out[n++] = answer->depth;
    out[n++] = answer->line_count;
    out[n++] = answer->forced;
    for (int k = 0; k < answer->line_count; k++) {
        const RootLine *line = &answer->lines[k];
        out[n++] = line->move;
        out[n++] = line->score;
        out[n++] = line->pv_length;
        for (int j = 0; j < line->pv_length; j++)
            out[n++] = line->pv[j];
    }
    return n;
}

static int
in_root(const RootPlan *plan, int move)
{
    for (int k = 0; k < plan->count; k++)
        if (plan->moves[k] == move)
            return 1;
    for (int k = 0; k < plan->rest_count; k++)
        if (plan->rest[k] == move)
            return 1;
    return 0;
}

/* The shortest win by fours, one four deeper at a time: 1 with *answer made, else 0 (also when
 * the clock ended it: then the search ends with no answer, as the Python root's does). */
static int
vcf_stage(Search *search, const RootPlan *plan, RootAnswer *answer)
{
    ThreatRun run;
    int found = 0;
    for (int depth = 1; depth <= plan->vcf_depth && !found && !halted(search); depth++)
        found = search_vcf(search, plan->side, depth, COMPILED_THREAT_NODES, &run);
    if (!found || halted(search) || !in_root(plan, run.line[0]))
        return 0;
    RootLine *line = &answer->lines[0];
    *answer = (RootAnswer){run.length, 1, ROOT_VCF, search->clock.nodes};
    line->move = run.line[0];
    line->score = WIN - run.length;
    line->pv_length = run.length < ROOT_PV_LENGTH ? run.length : ROOT_PV_LENGTH;
    memcpy(line->pv, run.line, (size_t)line->pv_length * sizeof *line->pv);
    return 1;
}

static int
empty_cells(const Board *board, const int32_t *moves, int count)
{
    for (int k = 0; k < count; k++)
        if (moves[k] < board->first_cell || moves[k] > board->last_cell || board->cells[moves[k]] != 0)
            return 0;
    return 1;
}

int
root_iterate(Search *search, RootPlan *plan, RootAnswer *answer)
{
    answer->depth = answer->line_count = 0;
    answer->forced = ROOT_SEARCHED;
    answer->nodes = search->clock.nodes;
    if (plan->count <= 0 || plan->count + plan->rest_count > MAX_MOVES)
        return K_OK;
    if (!empty_cells(search->board, plan->moves, plan->count) ||
        !empty_cells(search->board, plan->rest, plan->rest_count))
        return K_BAD_MOVE;
    if (vcf_stage(search, plan, answer) || halted(search))
        return search->clock.halt == HALT_ERROR ? search->clock.error : K_OK;
    RootAnswer next;
    next.forced = ROOT_SEARCHED;
    for (int depth = 1; depth <= plan->max_depth; depth++) {
        Partial partial = {0, 0, 0};
        int move, score = search_iteration(search, plan, depth, answer, &move, &partial);
        if (!halted(search) && score < -WIN_THRESHOLD)
            score = proven_loss(search, plan, depth, score, &move);
        else if (halted(search)) {
            if (search->clock.halt != HALT_ERROR)
                keep_cut_iteration(search, plan, depth, &partial, answer);
            break;
        }
        move_to_front(plan->moves, plan->count, move);
        next.depth = depth;
        next.line_count = 0;
        read_line(search, plan->side, move, score, &next.lines[next.line_count++]);
        next.nodes = search->clock.nodes;
        if (plan->multipv > 1 && other_lines(search, plan, depth, answer, &next)) {
            *answer = next;
            break;
        }
        *answer = next;
        if (plan->on_iteration != NULL && plan->on_iteration(plan->context, answer))
            return K_INTERRUPTED;
        if (abs(score) > WIN_THRESHOLD || plan->count == 1 || halted(search))
            break;
        if (search->clock.deadline >= 0 && timer_now() >= search->clock.deadline)
            break;
    }
    return search->clock.halt == HALT_ERROR ? search->clock.error : K_OK;
}
