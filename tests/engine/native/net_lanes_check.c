/* The network's per-cell lanes (game/engine/native/eval/net_lanes.h) against a plain reference.
 *
 * The lanes are static inline helpers in that header, so including it reaches them; which
 * body they take is the build's: SSE2 on x86-64, NEON on arm64, plain loops with -DGOMOKU_NET_SCALAR. Each
 * helper runs on many seeded random inputs (accumulators as sums of four embeddings of
 * |e| <= 8191, as net_load allows, plus the edge values of h) and every output is compared
 * with the reference below, written from the spec, not from the header's loops. It prints the body
 * it tested and a digest per helper, so that the test (tests/engine/test_net_lanes.py) can
 * also hold a vector build's digests to the plain build's. Exit 0: all equal; 1: a mismatch,
 * with the first one printed.
 *
 * Where the header builds AVX2 lanes (NET_AVX2: GCC or clang on x86-64) and the CPU has AVX2,
 * lanes_move_avx2 and lanes_dense_avx2 run on the same inputs against the same reference; the
 * last line says whether they did ("avx2: checked", "avx2: no cpu", "avx2: not built").
 *
 * Build: cc -O2 -I game/engine/native/eval -I game/engine/native/game tests/engine/native/net_lanes_check.c
 * (-DNET_LANES_SABOTAGE flips one output bit after a call, -DNET_LANES_SABOTAGE_AVX2 one of the
 * AVX2 lanes': the check must then fail.) */
#include "net_lanes.h"

#include <inttypes.h>
#include <string.h>

#define CASES 60000
#define EMBED_MAX 8191

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t
next_random(void)
{
    rng_state ^= rng_state << 13; /* xorshift64 */
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static int
random_between(int low, int high)
{
    return low + (int)(next_random() % (uint64_t)(high - low + 1));
}

/* One embedding value: mostly uniform, sometimes an edge (the limits, and values whose sums
 * land on h's steps and clamps). */
static int16_t
random_embed(void)
{
    static const int16_t edges[] = {-EMBED_MAX, EMBED_MAX, 0, 1, -1, 2, -2, 127, 128, 126, 508, 509, 510, 511, 512};
    if (next_random() % 6 == 0)
        return edges[next_random() % (sizeof edges / sizeof edges[0])];
    if (next_random() % 4 == 0)
        return (int16_t)random_between(-200, 200);
    return (int16_t)random_between(-EMBED_MAX, EMBED_MAX);
}

static void
random_row(int16_t row[NET_D])
{
    for (int j = 0; j < NET_D; j++)
        row[j] = random_embed();
}

/* h = clamp(floor((acc + 2) / 4), 0, 127), by division rather than a shift. */
static int
reference_h(int acc)
{
    int q = acc + 2;
    int h = q >= 0 ? q / 4 : -((-q + 3) / 4);
    return h < 0 ? 0 : h > 127 ? 127 : h;
}

static uint64_t digests[4] = {0xCBF29CE484222325u, 0xCBF29CE484222325u, 0xCBF29CE484222325u,
                              0xCBF29CE484222325u};

static void
digest(int which, int64_t value)
{
    uint64_t v = (uint64_t)value;
    for (int b = 0; b < 8; b++, v >>= 8) {
        digests[which] ^= v & 0xFF; /* FNV-1a */
        digests[which] *= 0x100000001B3u;
    }
}

static int
mismatch(const char *helper, int number, int lane, int64_t got, int64_t want)
{
    printf("MISMATCH (%s lanes) in %s, case %d, lane %d: got %" PRId64 ", want %" PRId64 "\n", NET_LANES, helper,
           number, lane, got, want);
    return 1;
}

#ifdef NET_AVX2
static int avx2_usable;
#endif

/* 1 for the one case an AVX2 sabotage build spoils, else 0. */
static int
sabotaged_avx2(int number)
{
#ifdef NET_LANES_SABOTAGE_AVX2
    return number == CASES / 2;
#else
    (void)number;
    return 0;
#endif
}

/* 1 for the one case a sabotage build spoils (its output's lowest bit flipped), else 0. */
static int
sabotaged(int number)
{
#ifdef NET_LANES_SABOTAGE
    return number == CASES / 2;
#else
    (void)number;
    return 0;
#endif
}

/* acc (four embeddings) += come - gone (gone one of the four), pooled moved by the h's. */
static int
check_move(int number)
{
    int16_t parts[4][NET_D], come[NET_D], acc[NET_D], pooled[NET_D];
    int want_acc[NET_D], want_pooled[NET_D];
    for (int d = 0; d < 4; d++)
        random_row(parts[d]);
    random_row(come);
    int gone = random_between(0, 3), with_pooled = next_random() % 4 != 0;
    for (int j = 0; j < NET_D; j++) {
        int before = parts[0][j] + parts[1][j] + parts[2][j] + parts[3][j];
        int after = before - parts[gone][j] + come[j];
        acc[j] = (int16_t)before;
        pooled[j] = (int16_t)random_between(0, 32000);
        want_acc[j] = after;
        want_pooled[j] = pooled[j] + reference_h(after) - reference_h(before);
    }
#ifdef NET_AVX2
    if (avx2_usable) {
        int16_t wide_acc[NET_D], wide_pooled[NET_D];
        memcpy(wide_acc, acc, sizeof acc);
        memcpy(wide_pooled, pooled, sizeof pooled);
        lanes_move_avx2(wide_acc, with_pooled ? wide_pooled : NULL, come, parts[gone]);
        wide_acc[5] ^= (int16_t)sabotaged_avx2(number);
        for (int j = 0; j < NET_D; j++) {
            if (wide_acc[j] != want_acc[j])
                return mismatch("lanes_move_avx2 (acc)", number, j, wide_acc[j], want_acc[j]);
            if (with_pooled && wide_pooled[j] != want_pooled[j])
                return mismatch("lanes_move_avx2 (pooled)", number, j, wide_pooled[j], want_pooled[j]);
        }
    }
#endif
    lanes_move(acc, with_pooled ? pooled : NULL, come, parts[gone]);
    acc[5] ^= (int16_t)sabotaged(number);
    for (int j = 0; j < NET_D; j++) {
        if (acc[j] != want_acc[j])
            return mismatch("lanes_move (acc)", number, j, acc[j], want_acc[j]);
        if (with_pooled && pooled[j] != want_pooled[j])
            return mismatch("lanes_move (pooled)", number, j, pooled[j], want_pooled[j]);
        digest(0, acc[j]);
        digest(0, with_pooled ? pooled[j] : -1);
    }
    return 0;
}

static void
random_acc(int16_t acc[NET_D])
{
    for (int j = 0; j < NET_D; j++)
        acc[j] = (int16_t)(random_embed() + random_embed() + random_embed() + random_embed());
}

/* pooled +/-= h(acc). */
static int
check_count(int number)
{
    int16_t acc[NET_D], pooled[NET_D];
    int want[NET_D], sign = next_random() % 2 ? 1 : -1;
    random_acc(acc);
    for (int j = 0; j < NET_D; j++) {
        pooled[j] = (int16_t)random_between(127, 32000);
        want[j] = pooled[j] + sign * reference_h(acc[j]);
    }
    lanes_count(pooled, acc, sign);
    pooled[5] ^= (int16_t)sabotaged(number);
    for (int j = 0; j < NET_D; j++) {
        if (pooled[j] != want[j])
            return mismatch("lanes_count", number, j, pooled[j], want[j]);
        digest(1, pooled[j]);
    }
    return 0;
}

/* sums[k] = h(acc) . rows[k], for 1..64 rows of int8 weights (p1_wide). */
static int
check_policy(int number)
{
    static int16_t rows[NET_MAX_HIDDEN * NET_D];
    int16_t acc[NET_D];
    int32_t sums[NET_MAX_HIDDEN];
    int count = random_between(1, NET_MAX_HIDDEN);
    random_acc(acc);
    for (int k = 0; k < count * NET_D; k++)
        rows[k] = (int16_t)(next_random() % 8 == 0 ? (next_random() % 2 ? 127 : -128) : random_between(-128, 127));
    lanes_policy(sums, acc, rows, count);
    sums[count - 1] ^= sabotaged(number);
    for (int k = 0; k < count; k++) {
        int64_t want = 0;
        for (int j = 0; j < NET_D; j++)
            want += (int64_t)reference_h(acc[j]) * rows[k * NET_D + j];
        if (sums[k] != want)
            return mismatch("lanes_policy", number, k, sums[k], want);
        digest(2, sums[k]);
    }
    return 0;
}

/* sums[k] = x . rows[k] for 1..64 rows 8..64 wide, as the value head calls it: the pooled sum's
 * low bytes (0..255) or high bytes (-128..127) against int16 rows (W1), or activations 0..127
 * against int8 rows (W2, W3 widened). */
static int
check_dense(int number)
{
    static int16_t rows[NET_MAX_HIDDEN * NET_MAX_HIDDEN];
    int16_t x[NET_MAX_HIDDEN];
    int32_t sums[NET_MAX_HIDDEN];
    int count = random_between(1, NET_MAX_HIDDEN), width = 8 * random_between(1, NET_MAX_HIDDEN / 8);
    int kind = random_between(0, 2);
    for (int j = 0; j < width; j++) {
        int edge = next_random() % 8 == 0;
        x[j] = (int16_t)(kind == 0   ? (edge ? 255 : random_between(0, 255))
                         : kind == 1 ? (edge ? (next_random() % 2 ? 127 : -128) : random_between(-128, 127))
                                     : (edge ? 127 : random_between(0, 127)));
    }
    for (int k = 0; k < count * width; k++) {
        int edge = next_random() % 8 == 0;
        rows[k] = (int16_t)(kind < 2 ? (edge ? (next_random() % 2 ? 32767 : -32768) : random_between(-32768, 32767))
                                     : (edge ? (next_random() % 2 ? 127 : -128) : random_between(-128, 127)));
    }
#ifdef NET_AVX2
    if (avx2_usable) {
        int32_t wide[NET_MAX_HIDDEN];
        lanes_dense_avx2(wide, x, rows, count, width);
        wide[count - 1] ^= sabotaged_avx2(number);
        for (int k = 0; k < count; k++) {
            int64_t want = 0;
            for (int j = 0; j < width; j++)
                want += (int64_t)x[j] * rows[k * width + j];
            if (wide[k] != want)
                return mismatch("lanes_dense_avx2", number, k, wide[k], want);
        }
    }
#endif
    lanes_dense(sums, x, rows, count, width);
    sums[count - 1] ^= sabotaged(number);
    for (int k = 0; k < count; k++) {
        int64_t want = 0;
        for (int j = 0; j < width; j++)
            want += (int64_t)x[j] * rows[k * width + j];
        if (sums[k] != want)
            return mismatch("lanes_dense", number, k, sums[k], want);
        digest(3, sums[k]);
    }
    return 0;
}

int
main(void)
{
#ifdef NET_AVX2
    avx2_usable = net_lanes_avx2_usable();
#endif
    for (int number = 0; number < CASES; number++)
        if (check_move(number) || check_count(number) || check_policy(number) || check_dense(number))
            return 1;
    printf("lanes: %s\n", NET_LANES);
    printf("lanes_move: %d cases, digest %016" PRIx64 "\n", CASES, digests[0]);
    printf("lanes_count: %d cases, digest %016" PRIx64 "\n", CASES, digests[1]);
    printf("lanes_policy: %d cases, digest %016" PRIx64 "\n", CASES, digests[2]);
    printf("lanes_dense: %d cases, digest %016" PRIx64 "\n", CASES, digests[3]);
#ifdef NET_AVX2
    printf("avx2: %s\n", avx2_usable ? "checked" : "no cpu");
#else
    printf("avx2: not built\n");
#endif
    return 0;
}
