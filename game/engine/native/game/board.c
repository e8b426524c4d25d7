/* Board make/unmake: see board.h. The hot path of every search. */
#include "board.h"

#include "net.h" /* the network state a board may carry, which unmake tells of the frames left */

#include <stdlib.h>
#include <string.h>

/* Keep cell m in `colour`'s set of fours when its class `cls` is one, else out of it. */
static inline void
mark_four(Board *board, int colour, ptrdiff_t m, int cls)
{
    uint64_t bit = 1ULL << (m & 63), *word = &board->fours[colour][m >> 6];
    *word = IS_FOUR_OR_FIVE(cls) ? *word | bit : *word & ~bit;
}

/* Cell m of `colour` went from class `before` to `after`: move it between the counts (and
 * in or out of the set of fours). Most updates change a value but not the class. */
static inline void
recount(Board *board, int colour, ptrdiff_t m, int before, int after)
{
    if (before == after)
        return;
    board->class_count[colour][before]--;
    board->class_count[colour][after]++;
    if (IS_FOUR_OR_FIVE(before) != IS_FOUR_OR_FIVE(after))
        mark_four(board, colour, m, after);
}

static int
board_allocate(Board *board, ptrdiff_t length)
{
    board->length = length;
    board->cells = calloc(length, sizeof(int8_t));
    board->comb = calloc(length, sizeof(uint32_t));
    board->near = calloc(length, sizeof(int32_t));
    board->line_patterns = malloc(TABLE_SIZE);
    int failed = board->cells == NULL || board->comb == NULL || board->near == NULL || board->line_patterns == NULL;
    for (int d = 0; d < DIRECTIONS; d++)
        failed |= (board->keys[d] = calloc(length, sizeof(uint32_t))) == NULL;
    for (int c = 1; c < 3; c++) {
        failed |= (board->packed[c] = calloc(length, sizeof(int32_t))) == NULL;
        failed |= (board->fours[c] = calloc((length + 63) / 64, sizeof(uint64_t))) == NULL;
    }
    return failed ? K_NO_MEMORY : K_OK;
}

int
board_setup(Board *board, const Tables *tables, int size, int renju)
{
    memset(board, 0, sizeof(*board));
    ptrdiff_t width = size + PAD, length = (size + 2 * PAD) * width + 2 * PAD;
    if (board_allocate(board, length) < 0)
        return K_NO_MEMORY;
    board->tables = tables;
    board->keep_totals = 1;
    for (ptrdiff_t key = 0; key < TABLE_SIZE; key++) {
        uint32_t both = tables->joint[0][key];
        board->line_patterns[key] = (uint8_t)((both & 15) | ((both >> 16) & 15) << 4);
    }
    board->width = width;
    board->renju = renju;
    board->first_cell = PAD * width;
    board->last_cell = (size - 1 + PAD) * width + size - 1;
    const ptrdiff_t steps[DIRECTIONS] = {1, width, width + 1, width - 1};
    const int slot_offsets[SLOTS] = {-4, -3, -2, -1, 1, 2, 3, 4};
    for (int d = 0; d < DIRECTIONS; d++) {
        board->mask[d] = ~((15u << (4 * d)) | (15u << (16 + 4 * d)));
        for (int s = 0; s < SLOTS; s++) {
            board->offset[d][s] = slot_offsets[s] * steps[d];
            board->shift[d][s] = SLOT_SHIFT(s);
            ptrdiff_t reach = board->offset[d][s] < 0 ? -board->offset[d][s] : board->offset[d][s];
            board->reach = reach > board->reach ? reach : board->reach;
        }
    }
    board->on_lines = calloc(2 * board->reach + 1, sizeof(uint8_t));
    if (board->on_lines == NULL)
        return K_NO_MEMORY;
    for (int d = 0; d < DIRECTIONS; d++)
        for (int s = 0; s < SLOTS; s++)
            board->on_lines[board->offset[d][s] + board->reach] = 1;
    int k = 0;
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++)
            if (dx || dy)
                board->near_offset[k++] = dy * width + dx;
    memset(board->cells, WALL, length);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            board->cells[(y + PAD) * width + x] = 0;
    for (ptrdiff_t i = board->first_cell; i <= board->last_cell; i++) {
        if (board->cells[i] == WALL)
            continue;
        uint32_t comb = 0;
        for (int d = 0; d < DIRECTIONS; d++) {
            uint32_t key = 0;
            for (int s = 0; s < SLOTS; s++)
                key |= (uint32_t)board->cells[board_wrap(board, i + board->offset[d][s])] << (2 * s);
            board->keys[d][i] = key;
            comb |= tables->joint[d][key];
        }
        board->comb[i] = comb;
        board->packed[1][i] = tables->cells[1][comb & 0xFFFF];
        board->packed[2][i] = tables->cells[2][comb >> 16];
        for (int c = 1; c < 3; c++) {
            board->total[c] += board->packed[c][i] >> 4;
            board->class_count[c][board->packed[c][i] & 15]++;
            mark_four(board, c, i, board->packed[c][i] & 15);
        }
    }
    return K_OK;
}

void
board_free(Board *board)
{
    net_detach(board);
    free(board->cells);
    free(board->comb);
    free(board->near);
    free(board->line_patterns);
    for (int d = 0; d < DIRECTIONS; d++)
        free(board->keys[d]);
    for (int c = 1; c < 3; c++) {
        free(board->packed[c]);
        free(board->fours[c]);
    }
    free(board->frames);
    free(board->log);
    free(board->on_lines);
    memset(board, 0, sizeof(*board));
}

int
board_cell_in_range(const Board *board, ptrdiff_t cell)
{
    return cell >= 0 && cell - board->reach >= -board->length && cell + board->reach < board->length;
}

static int
grow(void **buffer, ptrdiff_t *capacity, ptrdiff_t needed, size_t item)
{
    if (needed <= *capacity)
        return K_OK;
    ptrdiff_t wanted = needed > *capacity * 2 + 64 ? needed : *capacity * 2 + 64;
    void *larger = realloc(*buffer, wanted * item);
    if (larger == NULL)
        return K_NO_MEMORY;
    *buffer = larger;
    *capacity = wanted;
    return K_OK;
}

/* Forced inline, so that each caller's constant arguments give a copy of its own. */
#if defined(_MSC_VER)
#define BOARD_INLINE static __forceinline
#else
#define BOARD_INLINE static inline __attribute__((always_inline))
#endif

/* The cell `offset` away from i, wrapped as board_wrap does only when `may_wrap`: a cell at
 * least `reach` into the array never needs it, and most do not (only the first row's first
 * cells reach back past the array's start). */
BOARD_INLINE ptrdiff_t
line_cell(const Board *board, ptrdiff_t i, ptrdiff_t offset, int may_wrap)
{
    return may_wrap ? board_wrap(board, i + offset) : i + offset;
}

BOARD_INLINE int
make_move(Board *board, ptrdiff_t i, int colour, int count_near, int may_wrap, int totals)
{
    if (grow((void **)&board->frames, &board->frame_capacity, board->frame_count + 1, sizeof(Frame)) < 0 ||
        grow((void **)&board->log, &board->log_capacity, board->log_count + DIRECTIONS * SLOTS, sizeof(Change)) < 0)
        return K_NO_MEMORY;
    int64_t *total = board->total;
    Frame *frame = &board->frames[board->frame_count++];
    frame->cell = (int32_t)i;
    frame->colour = (int16_t)colour;
    frame->counted_near = (int16_t)count_near;
    frame->total[1] = total[1];
    frame->total[2] = total[2];
    frame->log_start = board->log_count;

    board->cells[i] = (int8_t)colour;
    board->hash ^= board->zobrist[colour][i];
    /* The cell stops being a candidate: take its values out of the totals. */
    for (int c = 1; c < 3; c++) {
        int32_t before = board->packed[c][i];
        if (totals)
            total[c] -= before >> 4;
        board->class_count[c][before & 15]--;
        mark_four(board, c, i, C_NONE);
    }
    const int32_t *black_cells = board->tables->cells[1], *white_cells = board->tables->cells[2];
    int32_t *black_packed = board->packed[1], *white_packed = board->packed[2];
    const uint8_t *line_patterns = board->line_patterns;
    for (int d = 0; d < DIRECTIONS; d++) {
        uint32_t *keys = board->keys[d];
        uint32_t mask = board->mask[d];
        int black_shift = 4 * d, white_shift = 16 + 4 * d;
        UNROLL_SLOTS
        for (int s = 0; s < SLOTS; s++) {
            ptrdiff_t m = line_cell(board, i, board->offset[d][s], may_wrap);
            uint32_t key = keys[m] + ((uint32_t)colour << SLOT_SHIFT(s));
            if (key >= TABLE_SIZE)
                return K_BAD_KEY;
            keys[m] = key;
            if (board->cells[m] != 0)
                continue;
            uint32_t old = board->comb[m], both = line_patterns[key];
            uint32_t updated = (old & mask) | (both & 15) << black_shift | (both >> 4) << white_shift;
            if (updated == old)
                continue;
            board->comb[m] = updated;
            int32_t old_black = black_packed[m], old_white = white_packed[m];
            Change *change = &board->log[board->log_count++];
            change->cell = m;
            change->comb = old;
            change->black = old_black;
            change->white = old_white;
            int32_t after = black_cells[updated & 0xFFFF];
            if (after != old_black) {
                black_packed[m] = after;
                if (totals)
                    total[1] += (after >> 4) - (old_black >> 4);
                recount(board, 1, m, old_black & 15, after & 15);
            }
            after = white_cells[updated >> 16];
            if (after != old_white) {
                white_packed[m] = after;
                if (totals)
                    total[2] += (after >> 4) - (old_white >> 4);
                recount(board, 2, m, old_white & 15, after & 15);
            }
        }
    }
    if (count_near)
        for (int k = 0; k < NEAR_COUNT; k++)
            board->near[line_cell(board, i, board->near_offset[k], may_wrap)]++;
    return K_OK;
}

/* The wrapping copies (a cell in the first row's first columns: rare) always keep the totals,
 * which does no harm where they are not read (unmake restores them all the same). */
int
board_make(Board *board, ptrdiff_t i, int colour)
{
    if (i < board->reach)
        return make_move(board, i, colour, 1, 1, 1);
    return board->keep_totals ? make_move(board, i, colour, 1, 0, 1) : make_move(board, i, colour, 1, 0, 0);
}

int
board_make_threat(Board *board, ptrdiff_t i, int colour)
{
    if (i < board->reach)
        return make_move(board, i, colour, 0, 1, 1);
    return board->keep_totals ? make_move(board, i, colour, 0, 0, 1) : make_move(board, i, colour, 0, 0, 0);
}

BOARD_INLINE int
flex4_left(const Board *board, ptrdiff_t i, int colour, int may_wrap)
{
    int other = 3 - colour, half_shift = other == BLACK ? 0 : 16, pattern_shift = other == BLACK ? 0 : 4;
    const int32_t *other_cells = board->tables->cells[other], *other_packed = board->packed[other];
    int count = board->class_count[other][C_FLEX4];
    /* His open-four points are in his set of fours: one off i's lines keeps its class. */
    for (ptrdiff_t m = next_four(board, other, 0); m >= 0; m = next_four(board, other, m + 1)) {
        ptrdiff_t apart = m - i;
        if ((other_packed[m] & 15) == C_FLEX4 && m != i &&
            (apart > board->reach || apart < -board->reach || !board->on_lines[apart + board->reach]))
            return 1;
    }
    count -= (other_packed[i] & 15) == C_FLEX4;
    /* As make_move: each empty cell on i's lines changes its pattern in that line's direction only. */
    for (int d = 0; d < DIRECTIONS; d++) {
        const uint32_t *keys = board->keys[d];
        uint32_t keep = ~(15u << (4 * d));
        UNROLL_SLOTS
        for (int s = 0; s < SLOTS; s++) {
            ptrdiff_t m = line_cell(board, i, board->offset[d][s], may_wrap);
            uint32_t key = keys[m] + ((uint32_t)colour << SLOT_SHIFT(s));
            if (key >= TABLE_SIZE)
                return K_BAD_KEY;
            if (board->cells[m] != 0)
                continue;
            uint32_t pattern = (board->line_patterns[key] >> pattern_shift) & 15;
            uint32_t half = ((board->comb[m] >> half_shift) & 0xFFFF & keep) | pattern << (4 * d);
            count += ((other_cells[half] & 15) == C_FLEX4) - ((other_packed[m] & 15) == C_FLEX4);
        }
    }
    return count > 0;
}

int
board_flex4_left(const Board *board, ptrdiff_t i, int colour)
{
    return i >= board->reach ? flex4_left(board, i, colour, 0) : flex4_left(board, i, colour, 1);
}

BOARD_INLINE void
take_keys_back(Board *board, ptrdiff_t i, int colour, int may_wrap)
{
    for (int d = 0; d < DIRECTIONS; d++) {
        uint32_t *keys = board->keys[d];
        UNROLL_SLOTS
        for (int s = 0; s < SLOTS; s++)
            keys[line_cell(board, i, board->offset[d][s], may_wrap)] -= (uint32_t)colour << SLOT_SHIFT(s);
    }
}

ptrdiff_t
board_unmake(Board *board)
{
    Frame *frame = &board->frames[--board->frame_count];
    ptrdiff_t i = frame->cell;
    int colour = frame->colour;
    board->cells[i] = 0;
    board->hash ^= board->zobrist[colour][i];
    if (i >= board->reach)
        take_keys_back(board, i, colour, 0);
    else
        take_keys_back(board, i, colour, 1);
    int32_t *black_packed = board->packed[1], *white_packed = board->packed[2];
    const Change *first = board->log + frame->log_start, *change = board->log + board->log_count;
    while (change != first) { /* the log's changes, last first */
        change--;
        ptrdiff_t m = (ptrdiff_t)change->cell;
        board->comb[m] = (uint32_t)change->comb;
        int32_t now = black_packed[m];
        if (change->black != now) {
            black_packed[m] = change->black;
            recount(board, 1, m, now & 15, change->black & 15);
        }
        now = white_packed[m];
        if (change->white != now) {
            white_packed[m] = change->white;
            recount(board, 2, m, now & 15, change->white & 15);
        }
    }
    board->log_count = frame->log_start;
    /* The cell is empty again with the patterns it had: count it in its classes again. */
    for (int c = 1; c < 3; c++) {
        board->class_count[c][board->packed[c][i] & 15]++;
        mark_four(board, c, i, board->packed[c][i] & 15);
    }
    board->total[1] = frame->total[1];
    board->total[2] = frame->total[2];
    if (frame->counted_near)
        for (int k = 0; k < NEAR_COUNT; k++)
            board->near[line_cell(board, i, board->near_offset[k], i < board->reach)]--;
    if (board->net != NULL)
        net_after_unmake(board->net, board);
    return i;
}

ptrdiff_t
first_of_class(const Board *board, int colour, int cls)
{
    if (IS_FOUR_OR_FIVE(cls)) {
        for (ptrdiff_t m = next_four(board, colour, 0); m >= 0; m = next_four(board, colour, m + 1))
            if (class_of(board, colour, m) == cls)
                return m;
        return -1;
    }
    for (ptrdiff_t m = board->first_cell; m <= board->last_cell; m++)
        if (board->cells[m] == 0 && class_of(board, colour, m) == cls)
            return m;
    return -1;
}

int
cells_of_class(const Board *board, int colour, int cls, int32_t *out, int room)
{
    if (board->class_count[colour][cls] == 0)
        return 0;
    int count = 0;
    for (ptrdiff_t m = board->first_cell; m <= board->last_cell; m++)
        if (board->cells[m] == 0 && class_of(board, colour, m) == cls && count++ < room)
            out[count - 1] = (int32_t)m;
    return count;
}

ptrdiff_t
five_made_by(const Board *board, int colour, ptrdiff_t move)
{
    for (int d = 0; d < DIRECTIONS; d++)
        for (int s = 0; s < SLOTS; s++) {
            ptrdiff_t m = board_wrap(board, move + board->offset[d][s]);
            if (board->cells[m] == 0 && class_of(board, colour, m) == C_FIVE)
                return m;
        }
    return first_of_class(board, colour, C_FIVE);
}

int
in_zone(const Board *board, ptrdiff_t cell, ptrdiff_t centre)
{
    ptrdiff_t dx = cell % board->width - centre % board->width;
    ptrdiff_t dy = cell / board->width - centre / board->width;
    return dx >= -4 && dx <= 4 && dy >= -4 && dy <= 4;
}
