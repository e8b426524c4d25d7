/* A failure memo for the threat searches: position key -> the deepest depth at which the
 * search failed there. An exact map (open addressing, grown when 2/3 full), so it answers
 * as the Python dict in threats.py does and the two searches stay move for move equal.
 */
#ifndef GOMOKU_MEMO_H
#define GOMOKU_MEMO_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t key;
    int32_t depth; /* depth + 1; 0 marks an empty slot */
} MemoSlot;

typedef struct {
    MemoSlot *slots; /* key and depth side by side: one cache line per probe */
    size_t capacity, count;
} Memo;

void memo_init(Memo *memo);
void memo_free(Memo *memo);
void memo_clear(Memo *memo);
/* The depth stored for `key`, or -1. */
int memo_get(const Memo *memo, uint64_t key);
/* Store (or overwrite) `key`: K_OK or K_NO_MEMORY. */
int memo_put(Memo *memo, uint64_t key, int depth);
/* The next entry from slot *at on (start at 0): 1 with its key and depth, *at moved past it;
 * 0 when none is left. */
int memo_next(const Memo *memo, size_t *at, uint64_t *key, int *depth);

#endif
