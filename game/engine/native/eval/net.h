/* The learned network (build_scripts/nettrain/quantized.py): its weights read from bytes, and
 * its state kept on a Board as stones come and go.
 *
 * Per empty cell, the line shape in each of the four directions (the cells up to four steps
 * either side, from the side to move's view) indexes an int16 embedding; the four are summed
 * per cell (the accumulator) and clamped (h, 0..127), and h is summed over the empty cells
 * (the pooled sum). A value head reads the pooled sum, a policy head each cell's h. A stone
 * changes the shapes of at most 32 cells, so a move updates only those, for both views
 * (black to move and white to move, since shapes are side-to-move relative).
 *
 * Every number is computed as quantized.py's int_forward computes it (same shifts, same
 * rounding), so the C results equal the numpy reference bit for bit: the tests hold them so.
 */
#ifndef GOMOKU_NET_H
#define GOMOKU_NET_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

#define NET_D 32             /* embedding width: fixed, so the per-cell loops have a constant length */
#define NET_MAX_HIDDEN 64    /* the widest dense layer a file may have */
#define NET_SHAPES 7381      /* shape ids (features.py's CODE_COUNT) */
#define NET_BIAS 8192        /* biases and logits: 8192 a unit */
#define NET_LINEAR 8192      /* the per-shape linear term: 8192 a unit */
#define NET_MAX_SIZE 16      /* the largest board: its pooled sum (at most 127 a cell) fits an int16 */

/* The weights, as stored (sizes from the file's header; D must be NET_D). */
typedef struct NetWeights {
    int h1, h2, p;
    int w1_shift;    /* W1 is at 64 << w1_shift a unit */
    int16_t *embed;  /* NET_SHAPES x NET_D, each row on a 64-byte line of its own (inside embed_block) */
    void *embed_block; /* what was allocated for embed */
    int16_t *linear; /* NET_SHAPES */
    int16_t *w1;     /* carries the pooled sum's per-channel normalisation, so wider than the rest */
    int8_t *w2, *w3, *p1, *p2;
    int32_t *b1, *b2, *b3, *pb1, *pb2;
    int16_t *p1_wide;  /* p1 widened to int16, for the vector policy */
    int h1_wide, h2_wide; /* h1 and h2 rounded up to a multiple of 8: the rows' length in w2_wide, w3_wide */
    int narrow;      /* the value head's sums fit an int32 (net_load.c: net_load checks W1's rows and the biases) */
    int avx2;        /* the hottest loops take net_lanes.h's AVX2 lanes: built, the CPU has them, and the
                      * environment does not say GOMOKU_NET_NO_AVX2 (read when the file is loaded) */
    int16_t *w2_wide, *w3_wide; /* w2 and w3 widened to int16 and their rows zero-padded, for the vector layers */
    /* A board line key (board.h, black = 1) -> its shape id for a view (0: black to move, 1: white),
     * in three small tables rather than one of 65536 (which the nearer caches do not keep):
     * code_ids[before[view][key & 0xFF] + after[view][key >> 8]] (net_internal.h: net_shape_id). */
    uint16_t *code_ids;          /* (the four cells before's side code) x 121 + the four after's -> shape id */
    uint16_t before[2][256];     /* per view, a key's low byte -> its side code x 121 */
    uint8_t after[2][256];       /* per view, a key's high byte -> its side code */
} NetWeights;

/* Read a network file (bytes as quantized.to_bytes writes them): 0, or -1 with a one-line
 * reason in `error` (room for `error_size` bytes) when it is short, damaged or of another
 * layout. Never reads past `size`. net_free releases what net_load took. */
int net_load(NetWeights *weights, const uint8_t *data, size_t size, char *error, size_t error_size);
void net_free(NetWeights *weights);

/* The network's state for one board: per view (0: black to move, 1: white to move) and cell,
 * its four shape ids and its accumulator; per view the pooled sum and the linear term over
 * the empty cells. It is lazy both ways: a view stays at the position of its own list of moves
 * (`moves`) until a reader asks for it (net_refresh_view), which then takes in only the cells
 * where that position and the board's differ. So the moves of a search's leaves and threat
 * searches, which nobody reads the network after, cost nothing, and neither does a move taken
 * back and made again before the next read (a re-search). The state of a position is the same
 * numbers whatever the path to it (every sum is exact), so the laziness changes no result. */
typedef struct NetState {
    const NetWeights *weights;
    ptrdiff_t length;
    uint16_t *ids;  /* [view][cell][direction] */
    int16_t *acc;   /* [view][cell][NET_D]; h = clamp((acc + 2) >> 2, 0, 127); 64-byte aligned, in acc_block */
    void *acc_block;
    int16_t pooled[2][NET_D];
    int64_t linear[2];
    int32_t *moves[2];    /* per view, the moves (cell x 4 + colour) of the position it holds, `applied` of them */
    ptrdiff_t applied[2];
    ptrdiff_t agree[2];   /* per view, how many of its first moves are known to be the board's first frames */
} NetState;

/* Attach a state over `weights` to `board` (board->net), built from the board as it stands:
 * K_OK, K_NO_MEMORY, or K_BAD_MOVE for a board larger than NET_MAX_SIZE. board_unmake keeps
 * it from then on; net_detach frees it. */
int net_attach(Board *board, const NetWeights *weights);
void net_detach(Board *board);

/* Bring one view (0: black to move, 1: white to move) up to date with the board: call before
 * reading that side's value or policy. Each view is brought up on its own, so a search whose
 * leaves mostly have one side to move pays for that view only. */
void net_refresh_view(NetState *net, const Board *board, int view);
/* Called by board_unmake once a stone came off: the views' moves past the board's frames may
 * no longer be its moves (the next refresh compares them). */
static inline void
net_after_unmake(NetState *net, const Board *board)
{
    for (int view = 0; view < 2; view++)
        if (net->agree[view] > board->frame_count)
            net->agree[view] = board->frame_count;
}

/* The value for `side` to move: the (win, draw, loss) logits times NET_BIAS before the linear
 * term, and the linear term (times NET_LINEAR): logit k = raw[k] / NET_BIAS + linear / NET_LINEAR
 * * (1/2, 0, -1/2)[k]. These read the state as it is: net_refresh_view it first. */
void net_value_raw(const NetState *net, int side, int64_t raw[3], int64_t *linear);
/* The same as floating logits (int_forward's doubles, to the last bit). */
void net_value(const NetState *net, int side, double logits[3]);
/* The lanes `weights` run their hottest loops in: "avx2", or net_lanes.h's NET_LANES. */
const char *net_lanes_name(const NetWeights *weights);
/* The policy logit of the empty cell `cell` for `side` to move, times NET_BIAS. */
int64_t net_policy_raw(const NetState *net, int side, ptrdiff_t cell);

#endif
