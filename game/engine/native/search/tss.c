/* Threat-space search: see tss.h. Moves are made on the C board only and always undone. */
#include "tss.h"

/* Line patterns, as in patterns.py. */
enum { P_FLEX3 = 6, P_BLOCK4 = 7, P_FLEX4 = 8, P_FIVE = 9 };

void
tss_run_init(TssRun *run, Board *board, Memo *failed, int threes_against_fours, long max_nodes, Poll poll)
{
    threat_run_init(&run->base, board, failed, NULL, max_nodes, poll);
    run->base.next_poll = TSS_POLL_INTERVAL;
    run->threes_against_fours = threes_against_fours;
    run->threat_count = run->cost_count = 0;
}

/* The line pattern `colour` makes through `cell` along direction d (from the cell's line key,
 * which its own stone does not change: so it also reads a cell just played). */
static int
line_pattern(const Board *board, int colour, ptrdiff_t cell, int d)
{
    uint32_t key = board->keys[d][cell];
    if (key >= TABLE_SIZE)
        return 0;
    uint32_t both = board->tables->joint[0][key]; /* direction 0's: black's pattern in bits 0-3, white's in 16-19 */
    return (int)(colour == BLACK ? both & 15 : (both >> 16) & 15);
}

static int
defender_has_four(const Board *board, int defender)
{
    const int32_t *count = board->class_count[defender];
    return count[C_FIVE] || count[C_FLEX4] || count[C_BLOCK4_FLEX3] || count[C_BLOCK4_PLUS] || count[C_BLOCK4];
}

static int
push(int32_t *list, int *count, int room, ptrdiff_t cell)
{
    if (*count >= room)
        return K_BROKEN; /* deeper than the buffers: the caller's depth was checked, so never */
    list[(*count)++] = (int32_t)cell;
    return K_OK;
}

static int
is_in_zone(const Board *board, ptrdiff_t cell, ptrdiff_t zone_a, ptrdiff_t zone_b)
{
    return in_zone(board, cell, zone_a) || in_zone(board, cell, zone_b);
}

static int tss_search(TssRun *run, int attacker, int depth, ptrdiff_t zone_a, ptrdiff_t zone_b);

/* The empty points along direction d from `move` (within five) where `attacker` makes a four
 * or five: the squares the defender takes against the three `move` made there. */
static int
cost_squares(const Board *board, int attacker, ptrdiff_t move, int d, int32_t *out)
{
    static const int ks[10] = {-5, -4, -3, -2, -1, 1, 2, 3, 4, 5};
    const ptrdiff_t steps[DIRECTIONS] = {1, board->width, board->width + 1, board->width - 1};
    int count = 0;
    for (int k = 0; k < 10; k++) {
        ptrdiff_t cell = move + ks[k] * steps[d];
        if (cell < 0 || cell >= board->length || board->cells[cell] != 0)
            continue;
        int pattern = line_pattern(board, attacker, cell, d);
        if (pattern == P_BLOCK4 || pattern == P_FLEX4 || pattern == P_FIVE)
            out[count++] = (int32_t)cell;
    }
    return count;
}

/* Whether the defender can answer a three at these squares without making a five. */
static int
line_holds(Board *board, int defender, const int32_t *answers, int count)
{
    for (int k = 0; k < count; k++) {
        int error = board_make_threat(board, answers[k], defender);
        if (error < 0)
            return error;
        int five = board->class_count[defender][C_FIVE] != 0;
        board_unmake(board);
        if (five)
            return 0;
    }
    return count > 0;
}

/* Where the next threat may be: near this one or the one before it. */
static ptrdiff_t
zone_partner(const TssRun *run, ptrdiff_t move)
{
    return run->threat_count >= 2 ? run->threats[run->threat_count - 2] : move;
}

/* Defender's answers to an open three `move` made in several directions, then the search on. */
static int
answer_threes(TssRun *run, int attacker, ptrdiff_t move, int depth)
{
    Board *board = run->base.board;
    int defender = 3 - attacker, line_count = 0, error = K_OK;
    int32_t lines[DIRECTIONS][10];
    int sizes[DIRECTIONS];
    for (int d = 0; d < DIRECTIONS; d++) {
        if (line_pattern(board, attacker, move, d) != P_FLEX3)
            continue;
        int32_t found[10];
        int count = cost_squares(board, attacker, move, d, found), kept = 0;
        for (int k = 0; k < count; k++)
            if (!blocked_by_forbidden(board, defender, found[k]))
                lines[line_count][kept++] = found[k];
        sizes[line_count++] = kept;
    }
    if (line_count == 0)
        return 0; /* neither a four nor a three after all */
    if (line_count >= 2) {
        int all_hold = 1;
        for (int l = 0; l < line_count && all_hold; l++) {
            int holds = line_holds(board, defender, lines[l], sizes[l]);
            if (holds < 0)
                return holds;
            all_hold = holds;
        }
        if (all_hold)
            return 1; /* two open threes: one stone cannot stop both */
    }
    /* Every cost square once, lowest first. */
    int32_t answers[DIRECTIONS * 10];
    int count = 0;
    for (int l = 0; l < line_count; l++)
        for (int k = 0; k < sizes[l]; k++) {
            int j = count;
            while (j > 0 && answers[j - 1] > lines[l][k])
                j--;
            if (j > 0 && answers[j - 1] == lines[l][k])
                continue;
            for (int m = count; m > j; m--)
                answers[m] = answers[m - 1];
            answers[j] = lines[l][k];
            count++;
        }
    if (count == 0)
        return 0;
    int made = 0, found = 0;
    for (; made < count; made++)
        if ((error = board_make_threat(board, answers[made], defender)) < 0)
            break;
    if (error >= 0 && !board->class_count[defender][C_FIVE]) { /* else his answer is a four: he takes the initiative */
        int costs_before = run->cost_count;
        for (int k = 0; k < count && error >= 0; k++)
            error = push(run->costs, &run->cost_count, TSS_MAX_COSTS, answers[k]);
        if (error >= 0)
            found = tss_search(run, attacker, depth - 1, move, zone_partner(run, move));
        if (found != 1)
            run->cost_count = costs_before;
    }
    while (made-- > 0)
        board_unmake(board);
    return error < 0 ? error : found;
}

/* Play the threat `move`, let the defender answer, and search on (_after_threat in tss.py). */
static int
after_threat(TssRun *run, int attacker, ptrdiff_t move, int depth, int allow_threes)
{
    Board *board = run->base.board;
    int defender = 3 - attacker, found = 0;
    int error = board_make_threat(board, move, attacker);
    if (error < 0)
        return error;
    ptrdiff_t block = -1;
    int fives = fives_made(board, attacker, move, &block);
    if (fives == 2 || fives < 0) {
        found = fives == 2 ? 1 : fives;
    } else if (fives == 1) { /* a four: one forced answer */
        if (blocked_by_forbidden(board, defender, block)) {
            found = push(run->threats, &run->threat_count, TSS_MAX_THREATS, block);
            found = found < 0 ? found : 1;
        } else if ((found = push(run->costs, &run->cost_count, TSS_MAX_COSTS, block)) >= 0) {
            if ((found = board_make_threat(board, block, defender)) >= 0) {
                found = tss_search(run, attacker, depth - 1, move, zone_partner(run, move));
                board_unmake(board);
            }
            if (found != 1)
                run->cost_count--;
        }
    } else if (allow_threes) {
        found = answer_threes(run, attacker, move, depth);
    }
    board_unmake(board);
    return found;
}

/* Rank in the move order (fours, then threes when allowed; as _FOUR_ORDER + _THREE_ORDER). */
static int
threat_rank(int cls, int allow_threes)
{
    switch (cls) {
    case C_BLOCK4_FLEX3: return 0;
    case C_BLOCK4_PLUS: return 1;
    case C_BLOCK4: return 2;
    case C_FLEX3_2X: return allow_threes ? 3 : -1;
    case C_FLEX3_PLUS: return allow_threes ? 4 : -1;
    case C_FLEX3: return allow_threes ? 5 : -1;
    default: return -1;
    }
}

/* ThreatSpaceSearch._search: 1 (line in run), 0 or an error. zone_a < 0: anywhere. */
static int
tss_search(TssRun *run, int attacker, int depth, ptrdiff_t zone_a, ptrdiff_t zone_b)
{
    Board *board = run->base.board;
    int go_on = threat_count_node(&run->base, TSS_POLL_INTERVAL);
    if (go_on <= 0)
        return go_on;
    int defender = 3 - attacker, allow_threes, count = 0;
    const int32_t *own = board->class_count[attacker];
    if (own[C_FIVE]) {
        int error = push(run->threats, &run->threat_count, TSS_MAX_THREATS, first_of_class(board, attacker, C_FIVE));
        return error < 0 ? error : 1;
    }
    int32_t moves[MAX_MOVES];
    int their_fives = board->class_count[defender][C_FIVE];
    if (their_fives) {
        ptrdiff_t block = four_that_blocks(board, attacker);
        if (block < 0)
            return block == -1 ? 0 : (int)block; /* the forced block is no four: the initiative is lost */
        if (blocked_by_forbidden(board, attacker, block))
            return 0;
        moves[count++] = (int32_t)block;
        allow_threes = 0;
    } else {
        int defender_four = defender_has_four(board, defender);
        if (own[C_FLEX4] && !defender_four) {
            int error = push(run->threats, &run->threat_count, TSS_MAX_THREATS, first_of_class(board, attacker, C_FLEX4));
            return error < 0 ? error : 1;
        }
        if (depth <= 0)
            return 0;
        allow_threes = run->threes_against_fours || !defender_four;
        for (ptrdiff_t m = board->first_cell; m <= board->last_cell; m++) {
            if (board->cells[m] != 0)
                continue;
            int rank = threat_rank(class_of(board, attacker, m), allow_threes);
            if (rank >= 0 && (zone_a < 0 || is_in_zone(board, m, zone_a, zone_b)) && count < MAX_MOVES)
                moves[count++] = (int32_t)(rank << 16 | m);
        }
        sort_ranked(moves, count);
    }
    if (depth <= 0 || count == 0)
        return 0;
    uint64_t key = board->hash ^ (uint64_t)attacker;
    if (zone_a >= 0) { /* the zone is a set of points: the order of its two cells does not matter */
        uint64_t low = (uint64_t)(zone_a < zone_b ? zone_a : zone_b), high = (uint64_t)(zone_a < zone_b ? zone_b : zone_a);
        key ^= (low << 20 | high << 4) * 0x9E3779B1ULL;
    }
    if (memo_get(run->base.failed, key) >= depth)
        return 0;
    for (int k = 0; k < count; k++) {
        ptrdiff_t move = moves[k];
        if (blocked_by_forbidden(board, attacker, move))
            continue;
        int threats_before = run->threat_count, costs_before = run->cost_count;
        int found = push(run->threats, &run->threat_count, TSS_MAX_THREATS, move);
        if (found >= 0)
            found = after_threat(run, attacker, move, depth, allow_threes);
        if (found != 0)
            return found;
        if (run->base.aborted)
            return 0; /* the node cap: give up at once */
        run->threat_count = threats_before;
        run->cost_count = costs_before;
    }
    return memo_put(run->base.failed, key, depth);
}

int
tss_find(TssRun *run, int attacker, int depth)
{
    Board *board = run->base.board;
    ptrdiff_t frames_before = board->frame_count;
    run->threat_count = run->cost_count = 0;
    int found = tss_search(run, attacker, depth, -1, -1);
    while (board->frame_count > frames_before) /* only after an error */
        board_unmake(board);
    if (found != 1)
        run->threat_count = run->cost_count = 0;
    return found;
}
