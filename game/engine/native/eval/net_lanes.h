/* The network's per-cell lanes, NET_D int16 at a time: net.c's (and the lanes check's,
 * tests/engine/native/net_lanes_check.c). Each operation has up to three bodies that give the
 * same numbers: SSE2 on every x86-64 (GCC and clang define __SSE2__ there, MSVC _M_X64), NEON
 * on arm64 (Apple silicon, Linux and Windows arm64: NEON is part of AArch64, so the compiler's
 * target decides, as for SSE2; the intrinsics are ARMv7's too, so a 32-bit ARM build with NEON
 * takes them), else plain loops (the compiler vectorizes what it can). GOMOKU_NET_SCALAR
 * forces the plain loops, so that the tests can hold the vector bodies to them:
 * tests/engine/test_net_lanes.py lane by lane (the NEON ones under qemu-aarch64),
 * tests/engine/test_portable_build.py through whole searches. On x86-64 with GCC or clang,
 * lanes_move and lanes_dense also have AVX2 bodies, taken at run time where the CPU has AVX2
 * (NET_AVX2, at the end).
 *
 * The int16 lanes wrap where the plain loops truncate an int, which is the same number; and
 * no h needs more: an accumulator is a sum of four embeddings (|acc| <= 4 x 8191 = 32764, so
 * acc + 2 fits), a pooled sum at most 127 a cell. */
#ifndef GOMOKU_NET_LANES_H
#define GOMOKU_NET_LANES_H

#include <stdint.h>

#include "net.h"

#define EMBED_SHIFT 2 /* an accumulator (512 a unit) >> 2 is h (128 a unit) */
#define ACT_MAX 127

/* C99's restrict, which MSVC spells __restrict. */
#if defined(_MSC_VER)
#define NET_RESTRICT __restrict
#else
#define NET_RESTRICT restrict
#endif

/* h from an accumulator entry: clamp((acc + 2) >> 2, 0, 127). */
static inline int16_t
activation(int16_t acc)
{
    int16_t h = (int16_t)((acc + 2) >> EMBED_SHIFT);
    return h < 0 ? 0 : h > ACT_MAX ? ACT_MAX : h;
}

#if !defined(GOMOKU_NET_SCALAR) && (defined(__SSE2__) || defined(_M_X64) || defined(_M_AMD64))
#include <emmintrin.h>
#define NET_SSE2 1
#define NET_LANES "sse2"

/* h for eight accumulator entries: clamp((acc + 2) >> 2, 0, 127). */
static inline __m128i
activation8(__m128i acc)
{
    __m128i h = _mm_srai_epi16(_mm_add_epi16(acc, _mm_set1_epi16(2)), EMBED_SHIFT);
    return _mm_min_epi16(_mm_max_epi16(h, _mm_setzero_si128()), _mm_set1_epi16(ACT_MAX));
}
#elif !defined(GOMOKU_NET_SCALAR) && (defined(__ARM_NEON) || defined(__aarch64__) || defined(_M_ARM64))
#include <arm_neon.h>
#define NET_NEON 1
#define NET_LANES "neon"

/* h for eight accumulator entries. vrshrq_n_s16 is (acc + 2) >> 2 exactly: it adds the half
 * before an arithmetic shift, halves up, with no intermediate wrap. */
static inline int16x8_t
activation8(int16x8_t acc)
{
    int16x8_t h = vrshrq_n_s16(acc, EMBED_SHIFT);
    return vminq_s16(vmaxq_s16(h, vdupq_n_s16(0)), vdupq_n_s16(ACT_MAX));
}
#else
#define NET_LANES "plain"
#endif

/* acc += come - gone; with `pooled`, also pooled += h(acc after) - h(acc before). */
static inline void
lanes_move(int16_t *NET_RESTRICT acc, int16_t *NET_RESTRICT pooled, const int16_t *NET_RESTRICT come,
           const int16_t *NET_RESTRICT gone)
{
#if defined(NET_SSE2)
    for (int j = 0; j < NET_D; j += 8) {
        __m128i before = _mm_loadu_si128((const __m128i *)(acc + j));
        __m128i after = _mm_sub_epi16(_mm_add_epi16(before, _mm_loadu_si128((const __m128i *)(come + j))),
                                      _mm_loadu_si128((const __m128i *)(gone + j)));
        _mm_storeu_si128((__m128i *)(acc + j), after);
        if (pooled != NULL) {
            __m128i sum = _mm_loadu_si128((const __m128i *)(pooled + j));
            sum = _mm_add_epi16(sum, _mm_sub_epi16(activation8(after), activation8(before)));
            _mm_storeu_si128((__m128i *)(pooled + j), sum);
        }
    }
#elif defined(NET_NEON)
    for (int j = 0; j < NET_D; j += 8) {
        int16x8_t before = vld1q_s16(acc + j);
        int16x8_t after = vsubq_s16(vaddq_s16(before, vld1q_s16(come + j)), vld1q_s16(gone + j));
        vst1q_s16(acc + j, after);
        if (pooled != NULL)
            vst1q_s16(pooled + j, vaddq_s16(vld1q_s16(pooled + j), vsubq_s16(activation8(after), activation8(before))));
    }
#else
    for (int j = 0; j < NET_D; j++) {
        int16_t before = acc[j], after = (int16_t)(before + come[j] - gone[j]);
        acc[j] = after;
        if (pooled != NULL)
            pooled[j] = (int16_t)(pooled[j] + activation(after) - activation(before));
    }
#endif
}

/* pooled += h(acc) (sign 1) or -= (sign -1). */
static inline void
lanes_count(int16_t *NET_RESTRICT pooled, const int16_t *NET_RESTRICT acc, int sign)
{
#if defined(NET_SSE2)
    for (int j = 0; j < NET_D; j += 8) {
        __m128i h = activation8(_mm_loadu_si128((const __m128i *)(acc + j)));
        __m128i sum = _mm_loadu_si128((const __m128i *)(pooled + j));
        _mm_storeu_si128((__m128i *)(pooled + j), sign > 0 ? _mm_add_epi16(sum, h) : _mm_sub_epi16(sum, h));
    }
#elif defined(NET_NEON)
    for (int j = 0; j < NET_D; j += 8) {
        int16x8_t h = activation8(vld1q_s16(acc + j)), sum = vld1q_s16(pooled + j);
        vst1q_s16(pooled + j, sign > 0 ? vaddq_s16(sum, h) : vsubq_s16(sum, h));
    }
#else
    for (int j = 0; j < NET_D; j++)
        pooled[j] = (int16_t)(pooled[j] + sign * activation(acc[j]));
#endif
}

/* sums[k] = x . rows[k] for the `count` rows of `width` int16 (`width` a multiple of 8), where
 * every product, every two products' sum and every row's sum fit an int32 (the callers: x at
 * most 255 in size against int16 weights, or 0..127 against int8 ones, 64 wide at most, or a
 * pooled sum against rows of W1 whose absolute sums net_load found small enough: narrow), so
 * any order of adding gives the same number. The vector bodies take four rows at a time, then
 * one at a time; the plain loop takes them all in a plain build. */
static inline void
lanes_dense(int32_t *NET_RESTRICT sums, const int16_t *NET_RESTRICT x, const int16_t *NET_RESTRICT rows, int count,
            int width)
{
    int k = 0;
#if defined(NET_SSE2)
    for (; k + 4 <= count; k += 4) {
        __m128i part[4];
        for (int r = 0; r < 4; r++) {
            const int16_t *row = rows + (size_t)(k + r) * width;
            __m128i sum = _mm_setzero_si128();
            for (int j = 0; j < width; j += 8)
                sum = _mm_add_epi32(sum, _mm_madd_epi16(_mm_loadu_si128((const __m128i *)(x + j)),
                                                        _mm_loadu_si128((const __m128i *)(row + j))));
            part[r] = sum;
        }
        __m128i ab = _mm_add_epi32(_mm_unpacklo_epi32(part[0], part[1]), _mm_unpackhi_epi32(part[0], part[1]));
        __m128i cd = _mm_add_epi32(_mm_unpacklo_epi32(part[2], part[3]), _mm_unpackhi_epi32(part[2], part[3]));
        _mm_storeu_si128((__m128i *)(sums + k), _mm_add_epi32(_mm_unpacklo_epi64(ab, cd), _mm_unpackhi_epi64(ab, cd)));
    }
    for (; k < count; k++) {
        const int16_t *row = rows + (size_t)k * width;
        __m128i sum = _mm_setzero_si128();
        for (int j = 0; j < width; j += 8)
            sum = _mm_add_epi32(sum, _mm_madd_epi16(_mm_loadu_si128((const __m128i *)(x + j)),
                                                    _mm_loadu_si128((const __m128i *)(row + j))));
        sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(1, 0, 3, 2)));
        sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(2, 3, 0, 1)));
        sums[k] = _mm_cvtsi128_si32(sum);
    }
#elif defined(NET_NEON)
    for (; k + 4 <= count; k += 4) {
        int32x2_t half[4];
        for (int r = 0; r < 4; r++) {
            const int16_t *row = rows + (size_t)(k + r) * width;
            int32x4_t sum = vdupq_n_s32(0);
            for (int j = 0; j < width; j += 8) {
                int16x8_t in = vld1q_s16(x + j), weight = vld1q_s16(row + j);
                sum = vmlal_s16(sum, vget_low_s16(in), vget_low_s16(weight));
                sum = vmlal_s16(sum, vget_high_s16(in), vget_high_s16(weight));
            }
            half[r] = vadd_s32(vget_low_s32(sum), vget_high_s32(sum));
        }
        vst1q_s32(sums + k, vcombine_s32(vpadd_s32(half[0], half[1]), vpadd_s32(half[2], half[3])));
    }
    for (; k < count; k++) {
        const int16_t *row = rows + (size_t)k * width;
        int32x4_t sum = vdupq_n_s32(0);
        for (int j = 0; j < width; j += 8) {
            int16x8_t in = vld1q_s16(x + j), weight = vld1q_s16(row + j);
            sum = vmlal_s16(sum, vget_low_s16(in), vget_low_s16(weight));
            sum = vmlal_s16(sum, vget_high_s16(in), vget_high_s16(weight));
        }
        int32x2_t half = vadd_s32(vget_low_s32(sum), vget_high_s32(sum));
        sums[k] = vget_lane_s32(vpadd_s32(half, half), 0);
    }
#else
    for (; k < count; k++) {
        const int16_t *row = rows + (size_t)k * width;
        int32_t sum = 0;
        for (int j = 0; j < width; j++)
            sum += x[j] * row[j];
        sums[k] = sum;
    }
#endif
}

/* sums[k] = h(acc) . rows[k] for the `count` rows of NET_D (each sum at most 32 x 127 x 128,
 * so int32 holds it in any order): the activations, then lanes_dense's dot products. */
static inline void
lanes_policy(int32_t *NET_RESTRICT sums, const int16_t *NET_RESTRICT acc, const int16_t *NET_RESTRICT rows,
             int count)
{
    int16_t h[NET_D];
    for (int j = 0; j < NET_D; j++)
        h[j] = activation(acc[j]);
    lanes_dense(sums, h, rows, count, NET_D);
}

/* AVX2: lanes_move and lanes_dense 16 lanes at a time, where the compiler is GCC or clang on
 * x86-64 (which compile a function for AVX2 on its own: NET_AVX2_TARGET) and the CPU has it
 * (net_lanes_avx2_usable, asked once by net_load in net_load.c): net.c then runs its hottest loops through
 * these, else the SSE2 bodies above. The same numbers as those: the same int16 wraps, and the
 * int32 sums in another order, which lanes_dense's callers allow. GOMOKU_NET_NO_AVX2 leaves
 * them out of the build. Not on macOS: an Intel Mac keeps SSE2, untested there (its clang's
 * CPU probe needs the compiler's runtime library). */
#if defined(NET_SSE2) && !defined(GOMOKU_NET_NO_AVX2) && (defined(__GNUC__) || defined(__clang__)) && \
    defined(__x86_64__) && !defined(__APPLE__)
#include <immintrin.h>
#define NET_AVX2 1
#define NET_AVX2_TARGET __attribute__((target("avx2")))

static inline int
net_lanes_avx2_usable(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0; /* the OS keeping the wide registers too */
}

/* h for sixteen accumulator entries. */
NET_AVX2_TARGET static inline __m256i
activation16(__m256i acc)
{
    __m256i h = _mm256_srai_epi16(_mm256_add_epi16(acc, _mm256_set1_epi16(2)), EMBED_SHIFT);
    return _mm256_min_epi16(_mm256_max_epi16(h, _mm256_setzero_si256()), _mm256_set1_epi16(ACT_MAX));
}

/* lanes_move's numbers. */
NET_AVX2_TARGET static inline void
lanes_move_avx2(int16_t *NET_RESTRICT acc, int16_t *NET_RESTRICT pooled, const int16_t *NET_RESTRICT come,
                const int16_t *NET_RESTRICT gone)
{
    for (int j = 0; j < NET_D; j += 16) {
        __m256i before = _mm256_loadu_si256((const __m256i *)(acc + j));
        __m256i after = _mm256_sub_epi16(_mm256_add_epi16(before, _mm256_loadu_si256((const __m256i *)(come + j))),
                                         _mm256_loadu_si256((const __m256i *)(gone + j)));
        _mm256_storeu_si256((__m256i *)(acc + j), after);
        if (pooled != NULL) {
            __m256i sum = _mm256_loadu_si256((const __m256i *)(pooled + j));
            sum = _mm256_add_epi16(sum, _mm256_sub_epi16(activation16(after), activation16(before)));
            _mm256_storeu_si256((__m256i *)(pooled + j), sum);
        }
    }
}

/* x . row as four int32 partial sums (width a multiple of 8). */
NET_AVX2_TARGET static inline __m128i
row_parts_avx2(const int16_t *NET_RESTRICT x, const int16_t *NET_RESTRICT row, int width)
{
    __m256i sum = _mm256_setzero_si256();
    int j = 0;
    for (; j + 16 <= width; j += 16)
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(x + j)),
                                                      _mm256_loadu_si256((const __m256i *)(row + j))));
    __m128i parts = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    if (j < width)
        parts = _mm_add_epi32(parts, _mm_madd_epi16(_mm_loadu_si128((const __m128i *)(x + j)),
                                                    _mm_loadu_si128((const __m128i *)(row + j))));
    return parts;
}

/* lanes_dense's numbers (the same bounds). */
NET_AVX2_TARGET static inline void
lanes_dense_avx2(int32_t *NET_RESTRICT sums, const int16_t *NET_RESTRICT x, const int16_t *NET_RESTRICT rows,
                 int count, int width)
{
    int k = 0;
    for (; k + 4 <= count; k += 4) {
        __m128i part[4];
        for (int r = 0; r < 4; r++)
            part[r] = row_parts_avx2(x, rows + (size_t)(k + r) * width, width);
        __m128i ab = _mm_add_epi32(_mm_unpacklo_epi32(part[0], part[1]), _mm_unpackhi_epi32(part[0], part[1]));
        __m128i cd = _mm_add_epi32(_mm_unpacklo_epi32(part[2], part[3]), _mm_unpackhi_epi32(part[2], part[3]));
        _mm_storeu_si128((__m128i *)(sums + k), _mm_add_epi32(_mm_unpacklo_epi64(ab, cd), _mm_unpackhi_epi64(ab, cd)));
    }
    for (; k < count; k++) {
        __m128i sum = row_parts_avx2(x, rows + (size_t)k * width, width);
        sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(1, 0, 3, 2)));
        sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(2, 3, 0, 1)));
        sums[k] = _mm_cvtsi128_si32(sum);
    }
}
#endif

#endif
