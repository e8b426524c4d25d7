/* Reading a network file into NetWeights (net.h): its layout and checks are quantized.py's
 * to_bytes. The state on a board and the heads are net.c's. */
#include "net.h"
#include "net_internal.h"
#include "net_lanes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NET_VERSION 2
#define HEAD_SIZE 20     /* "GNET", version, D, H1, H2, P (u16 each), the shape-id count (u32), w1_shift (u16) */
#define W1_SHIFT_MAX 9   /* W1 at 64 << w1_shift a unit: quantized.W1_SHIFT_MAX */
#define SIDE_CODES 121   /* a side of a line: 1 + 3 + 9 + 27 + 81 codes */
#define EMBED_LIMIT 8191 /* four embeddings of at most this fit an int16 accumulator */
#define BIAS_NARROW (1 << 30) /* a bias of layer 1 or 2 up to this, beside a sum of at most 2^26, fits an int32 */

void *
net_aligned_zeroed(size_t size, void **block)
{
    *block = calloc(size + LINE_BYTES, 1);
    if (*block == NULL)
        return NULL;
    return (void *)(((uintptr_t)*block + LINE_BYTES - 1) & ~(uintptr_t)(LINE_BYTES - 1));
}

static uint32_t
crc32_of(const uint8_t *data, size_t size)
{
    uint32_t table[256];
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t k = 0; k < size; k++)
        crc = table[(crc ^ data[k]) & 0xFF] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFu;
}

static inline uint32_t
read_u16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static inline uint32_t
read_u32(const uint8_t *p)
{
    return read_u16(p) | read_u16(p + 2) << 16;
}

/* The key with black and white swapped (walls and empties stay). */
static inline uint32_t
swap_colours(uint32_t key)
{
    uint32_t differ = ((key >> 1) ^ key) & 0x5555u; /* the slots holding 1 or 2 */
    return key ^ (differ | differ << 1);
}

/* A side's code (features._side_code): the cells nearest first, base 3, up to the wall.
 * `slots` are the four 2-bit slot values from the nearest out. */
static int
side_code(const int slots[4])
{
    int length = 0, value = 0, power = 1;
    for (int k = 0; k < 4 && slots[k] != WALL; k++, power *= 3) {
        value += slots[k] * power;
        length++;
    }
    int full = 1;
    for (int k = 0; k < length; k++)
        full *= 3;
    return (full - 1) / 2 + value;
}

/* The shape tables (net.h): features.py's canonical shape id of a line (slots 0..3 of the
 * board's key: four to one cells before the cell, 4..7: one to four after; black = 1 as the
 * side to move, swapped for view 1): a line and its mirror share the id, numbered in the order
 * of their smaller raw code (before's side code x 121 + after's). */
static int
fill_shape_tables(NetWeights *weights)
{
    static const int raw_count = SIDE_CODES * SIDE_CODES;
    uint16_t *canonical = malloc(sizeof(uint16_t) * raw_count);
    if (canonical == NULL)
        return -1;
    int next = 0;
    for (int raw = 0; raw < raw_count; raw++) {
        int mirrored = (raw % SIDE_CODES) * SIDE_CODES + raw / SIDE_CODES;
        canonical[raw] = (uint16_t)(raw <= mirrored ? next++ : canonical[mirrored]);
    }
    weights->code_ids = canonical;
    for (int view = 0; view < 2; view++)
        for (uint32_t byte = 0; byte < 256; byte++) {
            uint32_t slots = view == 0 ? byte : swap_colours(byte);
            int before[4], after[4];
            for (int k = 0; k < 4; k++) {
                before[k] = (slots >> (2 * (3 - k))) & 3; /* the low byte: the nearest cell in its top bits */
                after[k] = (slots >> (2 * k)) & 3;        /* the high byte: the nearest in its low bits */
            }
            weights->before[view][byte] = (uint16_t)(side_code(before) * SIDE_CODES);
            weights->after[view][byte] = (uint8_t)side_code(after);
        }
    return 0;
}

static int
fail(char *error, size_t error_size, const char *why)
{
    snprintf(error, error_size, "network file refused: %s", why);
    return -1;
}

void
net_free(NetWeights *weights)
{
    void *arrays[] = {weights->embed_block, weights->linear, weights->w1, weights->w2, weights->w3, weights->p1,
                      weights->p2, weights->b1, weights->b2, weights->b3, weights->pb1, weights->pb2,
                      weights->p1_wide, weights->w2_wide, weights->w3_wide, weights->code_ids};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        free(arrays[k]);
    memset(weights, 0, sizeof(*weights));
}

/* Copy `count` little-endian items of `size` bytes from *at into a new array (*at moves on). */
static void *
take(const uint8_t **at, size_t count, size_t size)
{
    uint8_t *out = malloc(count * size > 0 ? count * size : 1);
    if (out == NULL)
        return NULL;
    const uint8_t *p = *at;
    for (size_t k = 0; k < count; k++, p += size) {
        if (size == 1)
            out[k] = p[0];
        else if (size == 2)
            ((int16_t *)out)[k] = (int16_t)read_u16(p);
        else
            ((int32_t *)out)[k] = (int32_t)read_u32(p);
    }
    *at = p;
    return out;
}

int
net_load(NetWeights *weights, const uint8_t *data, size_t size, char *error, size_t error_size)
{
    memset(weights, 0, sizeof(*weights));
    if (size < HEAD_SIZE + 4)
        return fail(error, error_size, "too short for a network file");
    if (memcmp(data, "GNET", 4) != 0 || read_u16(data + 4) != NET_VERSION)
        return fail(error, error_size, "not a version-2 network file (bad magic or version)");
    uint32_t d = read_u16(data + 6), h1 = read_u16(data + 8), h2 = read_u16(data + 10), p = read_u16(data + 12);
    uint32_t count = read_u32(data + 14), w1_shift = read_u16(data + 18);
    if (d != NET_D)
        return fail(error, error_size, "the embeddings are not 32 wide");
    if (h1 < 1 || h1 > NET_MAX_HIDDEN || h2 < 1 || h2 > NET_MAX_HIDDEN || p < 1 || p > NET_MAX_HIDDEN)
        return fail(error, error_size, "a dense layer is empty or wider than 64");
    if (count != NET_SHAPES)
        return fail(error, error_size, "wrong number of shape ids (not 7381)");
    if (w1_shift > W1_SHIFT_MAX)
        return fail(error, error_size, "W1's scale shift is over 9");
    size_t expected = HEAD_SIZE + (size_t)count * d * 2 + (size_t)count * 2 + 2 * h1 * d + 4 * h1 + h2 * h1 + 4 * h2 +
                      3 * h2 + 4 * 3 + p * d + 4 * p + p + 4 + 4;
    if (size != expected)
        return fail(error, error_size, "the file's length does not match its sizes");
    if (read_u32(data + size - 4) != crc32_of(data, size - 4))
        return fail(error, error_size, "checksum mismatch: the file is damaged");
    const uint8_t *at = data + HEAD_SIZE;
    weights->h1 = (int)h1;
    weights->h2 = (int)h2;
    weights->p = (int)p;
    weights->w1_shift = (int)w1_shift;
    weights->embed = net_aligned_zeroed(sizeof(int16_t) * count * d, &weights->embed_block);
    if (weights->embed != NULL)
        for (size_t k = 0; k < (size_t)count * d; k++, at += 2)
            weights->embed[k] = (int16_t)read_u16(at);
    else
        at += (size_t)count * d * 2;
    weights->linear = take(&at, count, 2);
    weights->w1 = take(&at, h1 * d, 2);
    weights->b1 = take(&at, h1, 4);
    weights->w2 = take(&at, h2 * h1, 1);
    weights->b2 = take(&at, h2, 4);
    weights->w3 = take(&at, 3 * h2, 1);
    weights->b3 = take(&at, 3, 4);
    weights->p1 = take(&at, p * d, 1);
    weights->pb1 = take(&at, p, 4);
    weights->p2 = take(&at, p, 1);
    weights->pb2 = take(&at, 1, 4);
    weights->p1_wide = malloc(sizeof(int16_t) * p * d);
    weights->h1_wide = (int)(h1 + 7) / 8 * 8;
    weights->h2_wide = (int)(h2 + 7) / 8 * 8;
    weights->w2_wide = calloc((size_t)h2 * weights->h1_wide, sizeof(int16_t));
    weights->w3_wide = calloc((size_t)3 * weights->h2_wide, sizeof(int16_t));
    void *arrays[] = {weights->embed, weights->linear, weights->w1, weights->w2, weights->w3, weights->p1,
                      weights->p2, weights->b1, weights->b2, weights->b3, weights->pb1, weights->pb2,
                      weights->p1_wide, weights->w2_wide, weights->w3_wide};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        if (arrays[k] == NULL) {
            net_free(weights);
            return fail(error, error_size, "out of memory");
        }
    for (size_t k = 0; k < (size_t)count * d; k++)
        if (weights->embed[k] > EMBED_LIMIT || weights->embed[k] < -EMBED_LIMIT) {
            net_free(weights);
            return fail(error, error_size, "an embedding is too large for the int16 sums (|e| > 8191)");
        }
    /* net_value_raw's int32 path: a row of W1 times the largest pooled sum (127 a cell), with
     * the rounding's half, and a bias of layer 1 or 2 beside a shifted sum, all fit an int32. */
    weights->narrow = 1;
    for (size_t o = 0; o < h1; o++) {
        int64_t row = 0;
        for (size_t j = 0; j < d; j++)
            row += weights->w1[o * d + j] < 0 ? -(int64_t)weights->w1[o * d + j] : weights->w1[o * d + j];
        if (row * ACT_MAX * NET_MAX_SIZE * NET_MAX_SIZE + (1 << (POOL_SHIFT + W1_SHIFT_MAX)) > INT32_MAX ||
            weights->b1[o] > BIAS_NARROW || weights->b1[o] < -BIAS_NARROW)
            weights->narrow = 0;
    }
    for (size_t o = 0; o < h2; o++)
        if (weights->b2[o] > BIAS_NARROW || weights->b2[o] < -BIAS_NARROW)
            weights->narrow = 0;
#ifdef NET_AVX2
    weights->avx2 = net_lanes_avx2_usable() && getenv("GOMOKU_NET_NO_AVX2") == NULL;
#endif
    for (size_t k = 0; k < (size_t)p * d; k++)
        weights->p1_wide[k] = weights->p1[k];
    for (size_t o = 0; o < h2; o++)
        for (size_t j = 0; j < h1; j++)
            weights->w2_wide[o * weights->h1_wide + j] = weights->w2[o * h1 + j];
    for (size_t o = 0; o < 3; o++)
        for (size_t j = 0; j < h2; j++)
            weights->w3_wide[o * weights->h2_wide + j] = weights->w3[o * h2 + j];
    if (fill_shape_tables(weights) < 0) {
        net_free(weights);
        return fail(error, error_size, "out of memory");
    }
    return 0;
}
