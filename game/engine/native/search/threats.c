/* VCF and VCT: see threats.h. Moves are made on the C board only and always undone. */
#include "threats.h"

void
threat_run_init(ThreatRun *run, Board *board, Memo *failed, Memo *vct_failed, long max_nodes, Poll poll)
{
    run->board = board;
    run->failed = failed;
    run->vct_failed = vct_failed;
    run->nodes = 0;
    run->max_nodes = max_nodes;
    run->poll = poll;
    run->next_poll = THREAT_POLL_INTERVAL;
    run->aborted = 0;
    run->length = 0;
}

static inline int
count_node(ThreatRun *run)
{
    return threat_count_node(run, THREAT_POLL_INTERVAL);
}

/* Rank of a four class in the VCF's move order (as _VCF_ORDER in threats.py), or -1. */
static int
four_rank(int cls)
{
    return cls == C_BLOCK4_FLEX3 ? 0 : cls == C_BLOCK4_PLUS ? 1 : cls == C_BLOCK4 ? 2 : -1;
}

/* Rank of a threat class in the VCT's move order (fours, then threes: _VCF_ORDER +
 * _VCT_THREES in threats.py), or -1. */
static int
threat_rank(int cls)
{
    switch (cls) {
    case C_BLOCK4_FLEX3: return 0;
    case C_BLOCK4_PLUS: return 1;
    case C_BLOCK4: return 2;
    case C_FLEX3_2X: return 3;
    case C_FLEX3_PLUS: return 4;
    case C_FLEX3: return 5;
    default: return -1;
    }
}

/* Collect the attacker's threats (fours and threes, threat_rank), as rank << 16 | cell, from
 * the squares of radius 4 around zone_a and zone_b (or the whole board when zone_a < 0).
 * Returns how many. */
static int
collect_threats(const Board *board, int attacker, ptrdiff_t zone_a, ptrdiff_t zone_b, int32_t *moves)
{
    int count = 0;
    if (zone_a < 0) {
        for (ptrdiff_t m = board->first_cell; m <= board->last_cell && count < MAX_MOVES; m++) {
            int rank = board->cells[m] == 0 ? threat_rank(class_of(board, attacker, m)) : -1;
            if (rank >= 0)
                moves[count++] = (int32_t)(rank << 16 | m);
        }
        return count;
    }
    ptrdiff_t width = board->width, centres[2] = {zone_a, zone_b};
    ptrdiff_t ax = zone_a % width, ay = zone_a / width;
    for (int z = 0; z < (zone_a == zone_b ? 1 : 2); z++) {
        ptrdiff_t cx = centres[z] % width, cy = centres[z] / width;
        for (ptrdiff_t y = cy - 4; y <= cy + 4; y++) {
            for (ptrdiff_t x = cx - 4; x <= cx + 4; x++) {
                ptrdiff_t m = y * width + x;
                if (x < 0 || x >= width || m < 0 || m >= board->length || board->cells[m] != 0)
                    continue;
                if (z == 1 && x - ax >= -4 && x - ax <= 4 && y - ay >= -4 && y - ay <= 4)
                    continue; /* already seen around zone_a (in_zone, without its divisions) */
                int rank = threat_rank(class_of(board, attacker, m));
                if (rank >= 0 && count < MAX_MOVES)
                    moves[count++] = (int32_t)(rank << 16 | m);
            }
        }
    }
    return count;
}

/* The attacker's fours (four_rank) as collect_threats collects threats, but from the board's
 * set of fours instead of a scan. */
static int
collect_fours(const Board *board, int attacker, ptrdiff_t zone_a, ptrdiff_t zone_b, int32_t *moves)
{
    int count = 0;
    for (ptrdiff_t m = next_four(board, attacker, board->first_cell); m >= 0 && m <= board->last_cell;
         m = next_four(board, attacker, m + 1)) {
        int rank = four_rank(class_of(board, attacker, m));
        if (rank >= 0 && count < MAX_MOVES && (zone_a < 0 || in_zone(board, m, zone_a) || in_zone(board, m, zone_b)))
            moves[count++] = (int32_t)(rank << 16 | m);
    }
    return count;
}

void
sort_ranked(int32_t *moves, int count)
{
    for (int k = 1; k < count; k++) { /* insertion sort: a node has a handful of fours */
        int32_t move = moves[k];
        int j = k - 1;
        while (j >= 0 && moves[j] > move) {
            moves[j + 1] = moves[j];
            j--;
        }
        moves[j + 1] = move;
    }
    for (int k = 0; k < count; k++)
        moves[k] &= 0xFFFF;
}

static int vcf_search(ThreatRun *run, int attacker, int depth, ptrdiff_t zone_a, ptrdiff_t zone_b, int at);

/* Play the four at `move`, the forced block, and look for the rest of the line. */
static int
try_four(ThreatRun *run, int attacker, ptrdiff_t move, int depth, int at)
{
    Board *board = run->board;
    int defender = 3 - attacker, found = 0;
    int error = board_make_threat(board, move, attacker);
    if (error < 0)
        return error;
    ptrdiff_t block = -1;
    int fives = fives_made(board, attacker, move, &block);
    if (fives == 2) {
        run->line[at] = (int32_t)move;
        run->length = at + 1;
        found = 1;
    } else if (fives < 0) {
        found = fives;
    } else if (fives == 1) { /* else: not a real four after all (an edge case of exact-five rules) */
        if (blocked_by_forbidden(board, defender, block)) {
            run->line[at] = (int32_t)move;
            run->line[at + 1] = (int32_t)block;
            run->length = at + 2;
            found = 1;
        } else if ((error = board_make_threat(board, block, defender)) < 0) {
            return error;
        } else {
            found = vcf_search(run, attacker, depth - 1, move, block, at + 2);
            board_unmake(board);
            if (found == 1) {
                run->line[at] = (int32_t)move;
                run->line[at + 1] = (int32_t)block;
            }
        }
    }
    board_unmake(board);
    return found;
}

/* threats.ThreatSearch.vcf, move for move: 1 (line in run->line[at:run->length]), 0 or an error. */
static int
vcf_search(ThreatRun *run, int attacker, int depth, ptrdiff_t zone_a, ptrdiff_t zone_b, int at)
{
    Board *board = run->board;
    int go_on = count_node(run);
    if (go_on <= 0)
        return go_on;
    int defender = 3 - attacker;
    const int32_t *own = board->class_count[attacker];
    if (own[C_FIVE]) {
        run->line[at] = (int32_t)first_of_class(board, attacker, C_FIVE);
        run->length = at + 1;
        return 1;
    }
    int32_t moves[MAX_MOVES];
    int count = 0;
    uint64_t key = board->hash ^ (uint64_t)attacker ^ (zone_a < 0 ? 0 : 0x5A5A5A5AULL);
    int their_fives = board->class_count[defender][C_FIVE];
    if (their_fives) {
        ptrdiff_t block = four_that_blocks(board, attacker);
        if (block < 0)
            return block == -1 ? 0 : (int)block; /* the forced block is not a four: the chain breaks */
        moves[count++] = (int32_t)block;
    } else {
        if (own[C_FLEX4]) {
            run->line[at] = (int32_t)first_of_class(board, attacker, C_FLEX4);
            run->length = at + 1;
            return 1;
        }
        /* The memo before the scan for fours: a known failure needs no moves (the answer,
         * 0, is the same either way). */
        if (depth <= 0 || memo_get(run->failed, key) >= depth)
            return 0;
        if (own[C_BLOCK4_FLEX3] || own[C_BLOCK4_PLUS] || own[C_BLOCK4]) {
            count = collect_fours(board, attacker, zone_a, zone_b, moves);
            sort_ranked(moves, count);
        }
    }
    if (count == 0 || (their_fives && (depth <= 0 || memo_get(run->failed, key) >= depth)))
        return 0; /* (a position with no five to block was looked up before its scan) */
    for (int k = 0; k < count; k++) {
        int found = try_four(run, attacker, moves[k], depth, at);
        if (found != 0)
            return found;
    }
    if (!run->aborted)
        return memo_put(run->failed, key, depth);
    return 0;
}

static int every_defence_loses(ThreatRun *run, int attacker, int depth, int vcf_depth, ptrdiff_t threat);

/* threats.ThreatSearch.vct, move for move: 1 when the attacker (to move) wins by fours and
 * threes (the first move, or the VCF line, in run->line), 0 when not, or an error. */
static int
vct_search(ThreatRun *run, int attacker, int depth, int vcf_depth, ptrdiff_t zone_a, ptrdiff_t zone_b)
{
    Board *board = run->board;
    int go_on = count_node(run);
    if (go_on <= 0)
        return go_on;
    int defender = 3 - attacker;
    if (board->class_count[defender][C_FIVE]) /* must answer a four: only fours keep the initiative */
        return vcf_search(run, attacker, vcf_depth, zone_a, zone_b, 0);
    int found = vcf_search(run, attacker, vcf_depth, zone_a, zone_b, 0);
    if (found != 0 || depth <= 0)
        return found;
    uint64_t key = board->hash ^ (uint64_t)attacker ^ (zone_a < 0 ? 0 : 0x3C3C3C3CULL);
    if (memo_get(run->vct_failed, key) >= depth)
        return 0;
    int32_t moves[MAX_MOVES];
    int count = collect_threats(board, attacker, zone_a, zone_b, moves);
    sort_ranked(moves, count);
    for (int k = 0; k < count; k++) {
        ptrdiff_t move = moves[k];
        int error = board_make_threat(board, move, attacker);
        if (error < 0)
            return error;
        int wins = 0;
        if (!board->class_count[defender][C_FIVE]) /* else the three ignored a four of the defender */
            wins = every_defence_loses(run, attacker, depth - 1, vcf_depth, move);
        board_unmake(board);
        if (wins != 0) {
            if (wins == 1) {
                run->line[0] = (int32_t)move;
                run->length = 1;
            }
            return wins;
        }
    }
    if (!run->aborted)
        return memo_put(run->vct_failed, key, depth);
    return 0;
}

/* The defender to move against the attacker's `threat`: 1 when the attacker wins whatever
 * he does (threats._every_defence_loses), 0 when some defence holds, or an error. */
static int
every_defence_loses(ThreatRun *run, int attacker, int depth, int vcf_depth, ptrdiff_t threat)
{
    Board *board = run->board;
    int go_on = count_node(run);
    if (go_on <= 0)
        return go_on;
    int defender = 3 - attacker, error;
    if (board->class_count[defender][C_FIVE])
        return 0;
    const int32_t *attack = board->class_count[attacker];
    if (attack[C_FIVE] >= 2)
        return 1;
    if (attack[C_FIVE]) {
        ptrdiff_t block = first_of_class(board, attacker, C_FIVE);
        if (block < 0)
            return K_BROKEN;
        if (blocked_by_forbidden(board, defender, block))
            return 1;
        if ((error = board_make_threat(board, block, defender)) < 0)
            return error;
        int found = vct_search(run, attacker, depth, vcf_depth, threat, block);
        board_unmake(board);
        return found;
    }
    if (!attack[C_FLEX4])
        return 0; /* no threat left */
    /* The defences, in cell order: his points that stop the four, and our own fours; in renju
     * also black's forbidden points, where a white stone can stop his three all the same. */
    int32_t defences[MAX_MOVES];
    int count = 0;
    int forbidden_stop = board->renju && attacker == BLACK;
    for (ptrdiff_t m = board->first_cell; m <= board->last_cell && count < MAX_MOVES; m++)
        if (board->cells[m] == 0 && (class_of(board, attacker, m) >= C_BLOCK4 || IS_FOUR_CLASS(class_of(board, defender, m)) ||
                                     (forbidden_stop && class_of(board, attacker, m) == C_FORBIDDEN)))
            defences[count++] = (int32_t)m;
    for (int k = 0; k < count; k++) {
        ptrdiff_t cell = defences[k];
        if (blocked_by_forbidden(board, defender, cell))
            continue;
        if ((error = board_make_threat(board, cell, defender)) < 0)
            return error;
        int holds; /* 1: this defence holds, 0: it loses, negative: an error */
        int32_t their_fives = board->class_count[defender][C_FIVE];
        if (their_fives) { /* a counter-four: the attacker must block, then the defender moves again */
            ptrdiff_t block = first_of_class(board, defender, C_FIVE);
            if (their_fives >= 2 || blocked_by_forbidden(board, attacker, block)) {
                holds = 1;
            } else if ((error = board_make_threat(board, block, attacker)) < 0) {
                return error;
            } else {
                int loses = every_defence_loses(run, attacker, depth, vcf_depth, threat);
                holds = loses < 0 ? loses : !loses;
                board_unmake(board);
            }
        } else {
            int found = vct_search(run, attacker, depth, vcf_depth, threat, cell);
            holds = found < 0 ? found : !found;
        }
        board_unmake(board);
        if (holds != 0)
            return holds < 0 ? holds : 0;
    }
    return 1;
}

/* Undo what an error left on the board (a failed make stops halfway through a line). */
static int
unwind(ThreatRun *run, ptrdiff_t frames_before, int found)
{
    while (run->board->frame_count > frames_before)
        board_unmake(run->board);
    return found;
}

int
vcf(ThreatRun *run, int attacker, int depth, ptrdiff_t zone_a, ptrdiff_t zone_b)
{
    ptrdiff_t frames_before = run->board->frame_count;
    return unwind(run, frames_before, vcf_search(run, attacker, depth, zone_a, zone_b, 0));
}

int
vct(ThreatRun *run, int attacker, int depth, int vcf_depth, ptrdiff_t zone_a, ptrdiff_t zone_b)
{
    ptrdiff_t frames_before = run->board->frame_count;
    return unwind(run, frames_before, vct_search(run, attacker, depth, vcf_depth, zone_a, zone_b));
}
