/* What net.c (the state and the heads) and net_load.c (reading a file) share: not part of
 * net.h's interface. */
#ifndef GOMOKU_NET_INTERNAL_H
#define GOMOKU_NET_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "net.h"

#define POOL_SHIFT 5 /* the pooled sum is read at 1 / 2^POOL_SHIFT */

/* A cache line: the embedding rows and accumulators (NET_D int16, 64 bytes) are aligned to it,
 * so that each takes one line and not two. */
#define LINE_BYTES 64

/* `size` bytes at a LINE_BYTES boundary inside a new block (*block, for free), zeroed; NULL if
 * out of memory. */
void *net_aligned_zeroed(size_t size, void **block);

/* A line key's shape id for `view` (net_load.c: fill_shape_tables). */
static inline uint16_t
net_shape_id(const NetWeights *weights, int view, uint32_t key)
{
    return weights->code_ids[weights->before[view][key & 0xFF] + weights->after[view][key >> 8]];
}

#endif
