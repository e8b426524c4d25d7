/* The alpha-beta search's transposition table: position key (hash and side to move) ->
 * depth, bound, score and best move.
 *
 * Two kinds:
 * - exact (tt_init): an open-addressing map grown when 2/3 full that always keeps the
 *   newest entry for a key, as the Python dict in alphabeta.py does, so the compiled search
 *   can visit the same tree as the Python one (the tests' reference mode);
 * - fixed (tt_init_fixed): a fixed number of two-entry buckets, kept across the searches of
 *   a game, where a new entry takes the slot of the same key, else of an entry from an
 *   earlier search, else of the shallower one (depth-preferred replacement).
 */
#ifndef GOMOKU_TT_H
#define GOMOKU_TT_H

#include <stddef.h>
#include <stdint.h>

enum { TT_EXACT, TT_LOWER, TT_UPPER };

typedef struct {
    uint64_t key;
    int32_t score, move;
    int16_t depth;
    int8_t flag, used;
    uint32_t generation; /* the search that stored it (fixed tables) */
} TTEntry;

typedef struct {
    TTEntry *entries;
    size_t capacity, count;
    int fixed;
    uint32_t generation; /* bumped by tt_new_search */
} TT;

void tt_init(TT *tt);
/* A fixed table of `entries` entries (rounded down to a power of two, at least 1024):
 * K_OK or K_NO_MEMORY. */
int tt_init_fixed(TT *tt, size_t entries);
/* tt_init_fixed(entries), or tt_init (exact) when entries <= 0: K_OK or K_NO_MEMORY. */
int tt_init_sized(TT *tt, ptrdiff_t entries);
void tt_free(TT *tt);
/* A new search starts: entries of earlier ones become the first to be replaced. */
void tt_new_search(TT *tt);
/* The entry for `key`, or NULL. */
const TTEntry *tt_get(const TT *tt, uint64_t key);
/* Store: K_OK or K_NO_MEMORY. */
int tt_put(TT *tt, uint64_t key, int depth, int flag, int score, int move);

#endif
