/* The learned network's state on a board and its heads: see net.h. Every rounding is quantized.py's.
 * This file reads the Board's fields but calls none of board.c's functions (board.c calls
 * net.h's net_after_unmake on unmake). Reading a file: net_load.c. */
#include "net.h"
#include "net_internal.h"
#include "net_lanes.h"

#include <stdlib.h>
#include <string.h>

#define LAYER_SHIFT 6

/* x / 2^bits rounded to nearest, halves up: quantized._shift. (An arithmetic right shift, as
 * every compiler we build with does for a negative signed number.) */
static inline int64_t
rounded_shift(int64_t x, int bits)
{
    return (x + ((int64_t)1 << (bits - 1))) >> bits;
}

/* Forced inline, so that each caller's constant arguments give a copy of its own. */
#if defined(_MSC_VER)
#define NET_INLINE static __forceinline
#else
#define NET_INLINE static inline __attribute__((always_inline))
#endif

/* The lanes a loop takes: `wide` (a constant in each copy) picks AVX2's where built. */
#ifdef NET_AVX2
#define LANES_MOVE(wide, ...) ((wide) ? lanes_move_avx2(__VA_ARGS__) : lanes_move(__VA_ARGS__))
#define LANES_DENSE(wide, ...) ((wide) ? lanes_dense_avx2(__VA_ARGS__) : lanes_dense(__VA_ARGS__))
#else
#define LANES_MOVE(wide, ...) lanes_move(__VA_ARGS__)
#define LANES_DENSE(wide, ...) lanes_dense(__VA_ARGS__)
#endif

static inline int64_t
clamp_act(int64_t x)
{
    return x < 0 ? 0 : x > ACT_MAX ? ACT_MAX : x;
}


/* ---- The state on a board ---- */

static inline ptrdiff_t
wrapped(const Board *board, ptrdiff_t index)
{
    return index < 0 ? index + board->length : index;
}

static inline uint16_t *
ids_of(NetState *net, int view, ptrdiff_t cell)
{
    return net->ids + ((size_t)view * net->length + cell) * DIRECTIONS;
}

static inline int16_t *
acc_of(NetState *net, int view, ptrdiff_t cell)
{
    return net->acc + ((size_t)view * net->length + cell) * NET_D;
}

static inline int64_t
cell_linear(NetState *net, int view, ptrdiff_t cell)
{
    const uint16_t *ids = ids_of(net, view, cell);
    const int16_t *linear = net->weights->linear;
    return (int64_t)linear[ids[0]] + linear[ids[1]] + linear[ids[2]] + linear[ids[3]];
}

/* Count an empty cell in the pooled sum and the linear term (sign 1), or take it out (-1). */
static inline void
count_cell(NetState *net, int view, ptrdiff_t cell, int sign)
{
    lanes_count(net->pooled[view], acc_of(net, view, cell), sign);
    net->linear[view] += sign * cell_linear(net, view, cell);
}

/* The cell's shape in direction d became `id` (for `view`). An empty cell's accumulator, the
 * pooled sum and the linear term move with it. A stone's cell is not kept (update_lines skips
 * it): its ids are read from the keys and its accumulator summed afresh when the stone comes
 * off (restore_cell), since nothing reads them meanwhile, and a third of the cells on a stone's
 * lines hold stones in a middlegame. */
static inline void
set_shape(NetState *net, int view, ptrdiff_t cell, int d, uint16_t id, int empty)
{
    uint16_t *ids = ids_of(net, view, cell);
    uint16_t old = ids[d];
    if (old == id)
        return;
    ids[d] = id;
    if (!empty)
        return;
    const NetWeights *w = net->weights;
    net->linear[view] += (int64_t)w->linear[id] - w->linear[old];
    lanes_move(acc_of(net, view, cell), net->pooled[view], w->embed + (size_t)id * NET_D,
               w->embed + (size_t)old * NET_D);
}

/* The ids and accumulator of a cell whose stone came off, from the line keys as they are now. */
static void
restore_cell(NetState *net, const Board *board, int view, ptrdiff_t cell)
{
    uint16_t *ids = ids_of(net, view, cell);
    for (int d = 0; d < DIRECTIONS; d++)
        ids[d] = net_shape_id(net->weights, view, board->keys[d][cell]);
    const int16_t *embed = net->weights->embed;
    const int16_t *e0 = embed + (size_t)ids[0] * NET_D, *e1 = embed + (size_t)ids[1] * NET_D;
    const int16_t *e2 = embed + (size_t)ids[2] * NET_D, *e3 = embed + (size_t)ids[3] * NET_D;
    int16_t *acc = acc_of(net, view, cell);
    for (int j = 0; j < NET_D; j++)
        acc[j] = (int16_t)(e0[j] + e1[j] + e2[j] + e3[j]);
}

/* Bring the shapes of the cells on the lines through `cell` up to date with the line keys
 * (set_shape's steps, with the pooled sum and the linear term kept in locals meanwhile: no
 * accumulator can alias them, so they stay in registers; every sum wraps or is exact alike). */
NET_INLINE void
update_lines_of(NetState *net, const Board *board, ptrdiff_t cell, int view, int may_wrap, int wide)
{
    (void)wide; /* (a build without AVX2 lanes) */
    const NetWeights *w = net->weights;
    int16_t pooled[NET_D];
    memcpy(pooled, net->pooled[view], sizeof pooled);
    int64_t linear = 0;
    for (int d = 0; d < DIRECTIONS; d++) {
        const uint32_t *keys = board->keys[d];
        UNROLL_SLOTS
        for (int s = 0; s < SLOTS; s++) {
            ptrdiff_t m = may_wrap ? wrapped(board, cell + board->offset[d][s]) : cell + board->offset[d][s];
            if (board->cells[m] != 0)
                continue; /* a wall, or a stone: its shapes are read afresh when it comes off */
            uint16_t *ids = ids_of(net, view, m), id = net_shape_id(w, view, keys[m]), old = ids[d];
            if (old == id)
                continue;
            ids[d] = id;
            linear += (int64_t)w->linear[id] - w->linear[old];
            LANES_MOVE(wide, acc_of(net, view, m), pooled, w->embed + (size_t)id * NET_D,
                       w->embed + (size_t)old * NET_D);
        }
    }
    memcpy(net->pooled[view], pooled, sizeof pooled);
    net->linear[view] += linear;
}

#ifdef NET_AVX2
NET_AVX2_TARGET static void
update_lines_avx2(NetState *net, const Board *board, ptrdiff_t cell, int view)
{
    if (cell >= board->reach)
        update_lines_of(net, board, cell, view, 0, 1);
    else
        update_lines_of(net, board, cell, view, 1, 1);
}
#endif

/* update_lines_of, with the wrap (board.h: board_wrap) only where a line can reach back past
 * the array's start, and in AVX2 where the weights were loaded for it. */
static void
update_lines(NetState *net, const Board *board, ptrdiff_t cell, int view)
{
#ifdef NET_AVX2
    if (net->weights->avx2) {
        update_lines_avx2(net, board, cell, view);
        return;
    }
#endif
    if (cell >= board->reach)
        update_lines_of(net, board, cell, view, 0, 0);
    else
        update_lines_of(net, board, cell, view, 1, 0);
}

/* A move as a view's list keeps it. */
static inline int32_t
move_code(const Frame *frame)
{
    return frame->cell * 4 + frame->colour;
}

void
net_refresh_view(NetState *net, const Board *board, int view)
{
    ptrdiff_t applied = net->applied[view], count = board->frame_count, same = net->agree[view];
    int32_t *moves = net->moves[view];
    const Frame *frames = board->frames;
    while (same < applied && same < count && moves[same] == move_code(&frames[same]))
        same++;
    net->agree[view] = same;
    if (same == applied && same == count)
        return;
    /* The view holds its first `same` moves then moves[same..applied) ("gone"), the board the
     * same then frames[same..count) ("come"). A cell in both with one colour is unchanged. The
     * cells that took a stone go out of the sums first (each with the h it was counted with),
     * then the cells whose stone came off are read afresh from the keys and counted in, then the
     * shapes on the lines of every changed cell are set from the keys as they are now: the
     * state the position has, whatever the path to it. */
    for (ptrdiff_t k = same; k < count; k++) {
        int32_t cell = frames[k].cell;
        ptrdiff_t g = same;
        while (g < applied && moves[g] >> 2 != cell)
            g++;
        if (g == applied) /* an empty cell of the view's position */
            count_cell(net, view, cell, -1);
    }
    for (ptrdiff_t g = same; g < applied; g++) {
        ptrdiff_t cell = moves[g] >> 2;
        if (board->cells[cell] == 0) {
            restore_cell(net, board, view, cell);
            count_cell(net, view, cell, 1);
        }
    }
    for (ptrdiff_t g = same; g < applied; g++) {
        ptrdiff_t cell = moves[g] >> 2;
        if (board->cells[cell] != (moves[g] & 3))
            update_lines(net, board, cell, view);
    }
    for (ptrdiff_t k = same; k < count; k++) {
        int32_t code = move_code(&frames[k]);
        ptrdiff_t g = same;
        while (g < applied && moves[g] != code)
            g++;
        if (g == applied) /* not the same stone on the same cell (a colour change was done above, no matter) */
            update_lines(net, board, frames[k].cell, view);
    }
    for (ptrdiff_t k = same; k < count; k++)
        moves[k] = move_code(&frames[k]);
    net->applied[view] = net->agree[view] = count;
}

int
net_attach(Board *board, const NetWeights *weights)
{
    net_detach(board);
    if (board->width - PAD > NET_MAX_SIZE)
        return K_BAD_MOVE;
    NetState *net = calloc(1, sizeof(NetState));
    if (net == NULL)
        return K_NO_MEMORY;
    net->weights = weights;
    net->length = board->length;
    net->ids = calloc((size_t)2 * board->length * DIRECTIONS, sizeof(uint16_t));
    net->acc = net_aligned_zeroed(sizeof(int16_t) * 2 * board->length * NET_D, &net->acc_block);
    net->moves[0] = malloc(sizeof(int32_t) * 2 * board->length); /* a move a cell at most */
    net->moves[1] = net->moves[0] == NULL ? NULL : net->moves[0] + board->length;
    if (net->ids == NULL || net->acc == NULL || net->moves[0] == NULL) {
        board->net = net;
        net_detach(board);
        return K_NO_MEMORY;
    }
    /* Every cell off the walls starts with shape 0 in each direction (acc = 4 x embed[0]),
     * then takes its real shapes as an update (a stone's cell too, though restore_cell reads
     * them afresh when the stone comes off). */
    const int16_t *first = weights->embed;
    for (ptrdiff_t m = board->first_cell; m <= board->last_cell; m++) {
        if (board->cells[m] == WALL)
            continue;
        for (int view = 0; view < 2; view++) {
            int16_t *acc = acc_of(net, view, m);
            for (int j = 0; j < NET_D; j++)
                acc[j] = (int16_t)(4 * first[j]);
            if (board->cells[m] == 0)
                count_cell(net, view, m, 1);
        }
        for (int d = 0; d < DIRECTIONS; d++) {
            uint32_t key = board->keys[d][m];
            set_shape(net, 0, m, d, net_shape_id(weights, 0, key), board->cells[m] == 0);
            set_shape(net, 1, m, d, net_shape_id(weights, 1, key), board->cells[m] == 0);
        }
    }
    for (ptrdiff_t k = 0; k < board->frame_count; k++)
        net->moves[0][k] = net->moves[1][k] = move_code(&board->frames[k]);
    net->applied[0] = net->applied[1] = net->agree[0] = net->agree[1] = board->frame_count;
    board->net = net;
    return K_OK;
}

void
net_detach(Board *board)
{
    NetState *net = board->net;
    if (net == NULL)
        return;
    free(net->ids);
    free(net->acc_block);
    free(net->moves[0]);
    free(net);
    board->net = NULL;
}

/* ---- The heads ---- */

NET_INLINE void
value_raw(const NetState *net, int side, int64_t raw[3], int64_t *linear, int wide)
{
    (void)wide; /* (a build without AVX2 lanes) */
    const NetWeights *w = net->weights;
    int view = side == BLACK ? 0 : 1;
    const int16_t *pooled = net->pooled[view];
    /* Layer 1: pooled (int16, 0 to 127 a cell) x W1 (int16) over 32. With narrow weights
     * (net_load: the shipped ones) every partial sum of a row fits an int32, and so does every
     * step of the activations after (a shifted sum is at most 2^26, a bias at most 2^30): one
     * pass, then int32 arithmetic (which the compiler vectorizes), the same numbers as int64.
     * Else the pooled sum is split into its high and low bytes (pooled = 256 high + low, low
     * 0..255, high -128..127), whose dot products with a row each fit an int32: the row's sum
     * is 256 high's + low's in an int64, the same number as summing the products in an int64. */
    int32_t sums[NET_MAX_HIDDEN];
    int16_t a1[NET_MAX_HIDDEN], a2[NET_MAX_HIDDEN]; /* zero past h1, h2 up to the padded rows' length */
    for (int o = w->h1; o < w->h1_wide; o++)
        a1[o] = 0;
    for (int o = w->h2; o < w->h2_wide; o++)
        a2[o] = 0;
    if (w->narrow) {
        LANES_DENSE(wide, sums, pooled, w->w1, w->h1, NET_D);
        int shift = POOL_SHIFT + w->w1_shift;
        int32_t half = (int32_t)1 << (shift - 1);
        for (int o = 0; o < w->h1; o++) {
            int32_t x = (((sums[o] + half) >> shift) + w->b1[o] + (1 << (LAYER_SHIFT - 1))) >> LAYER_SHIFT;
            a1[o] = (int16_t)(x < 0 ? 0 : x > ACT_MAX ? ACT_MAX : x);
        }
    } else {
        int16_t low[NET_D], high[NET_D];
        for (int j = 0; j < NET_D; j++) {
            low[j] = (int16_t)(pooled[j] & 0xFF);
            high[j] = (int16_t)(pooled[j] >> 8);
        }
        int32_t high_sums[NET_MAX_HIDDEN];
        LANES_DENSE(wide, sums, low, w->w1, w->h1, NET_D);
        LANES_DENSE(wide, high_sums, high, w->w1, w->h1, NET_D);
        for (int o = 0; o < w->h1; o++) {
            int64_t sum = (int64_t)high_sums[o] * 256 + sums[o];
            a1[o] = (int16_t)clamp_act(
                rounded_shift(rounded_shift(sum, POOL_SHIFT + w->w1_shift) + w->b1[o], LAYER_SHIFT));
        }
    }
    /* At most 64 x 127 x 128 a sum. The shipped width (32) is spelt out, so that its loops
     * have a constant length. */
    if (w->h1_wide == NET_D)
        LANES_DENSE(wide, sums, a1, w->w2_wide, w->h2, NET_D);
    else
        LANES_DENSE(wide, sums, a1, w->w2_wide, w->h2, w->h1_wide);
    if (w->narrow)
        for (int o = 0; o < w->h2; o++) {
            int32_t x = (sums[o] + w->b2[o] + (1 << (LAYER_SHIFT - 1))) >> LAYER_SHIFT;
            a2[o] = (int16_t)(x < 0 ? 0 : x > ACT_MAX ? ACT_MAX : x);
        }
    else
        for (int o = 0; o < w->h2; o++)
            a2[o] = (int16_t)clamp_act(rounded_shift((int64_t)sums[o] + w->b2[o], LAYER_SHIFT));
    if (w->h2_wide == NET_D)
        LANES_DENSE(wide, sums, a2, w->w3_wide, 3, NET_D);
    else
        LANES_DENSE(wide, sums, a2, w->w3_wide, 3, w->h2_wide);
    for (int k = 0; k < 3; k++)
        raw[k] = (int64_t)sums[k] + w->b3[k];
    *linear = net->linear[view];
}

#ifdef NET_AVX2
NET_AVX2_TARGET static void
value_raw_avx2(const NetState *net, int side, int64_t raw[3], int64_t *linear)
{
    value_raw(net, side, raw, linear, 1);
}
#endif

const char *
net_lanes_name(const NetWeights *weights)
{
#ifdef NET_AVX2
    if (weights->avx2)
        return "avx2";
#endif
    (void)weights;
    return NET_LANES;
}

void
net_value_raw(const NetState *net, int side, int64_t raw[3], int64_t *linear)
{
#ifdef NET_AVX2
    if (net->weights->avx2) {
        value_raw_avx2(net, side, raw, linear);
        return;
    }
#endif
    value_raw(net, side, raw, linear, 0);
}

void
net_value(const NetState *net, int side, double logits[3])
{
    static const double halves[3] = {0.5, 0.0, -0.5};
    int64_t raw[3], linear;
    net_value_raw(net, side, raw, &linear);
    for (int k = 0; k < 3; k++) /* as int_forward: raw / BIAS + linear / LINEAR * half */
        logits[k] = (double)raw[k] / NET_BIAS + (double)linear / NET_LINEAR * halves[k];
}

int64_t
net_policy_raw(const NetState *net, int side, ptrdiff_t cell)
{
    const NetWeights *w = net->weights;
    const int16_t *acc = net->acc + ((size_t)(side == BLACK ? 0 : 1) * net->length + cell) * NET_D;
    int32_t sums[NET_MAX_HIDDEN]; /* P1 h */
    lanes_policy(sums, acc, w->p1_wide, w->p);
    int64_t logit = w->pb2[0];
    for (int k = 0; k < w->p; k++)
        logit += clamp_act(rounded_shift((int64_t)sums[k] + w->pb1[k], LAYER_SHIFT)) * w->p2[k];
    return logit;
}
