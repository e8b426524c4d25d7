/* The transposition table: see tt.h. */
#include "tt.h"

#include <stdlib.h>

#include "board.h"

void
tt_init(TT *tt)
{
    tt->entries = NULL;
    tt->capacity = tt->count = 0;
}

void
tt_free(TT *tt)
{
    free(tt->entries);
    tt_init(tt);
}

static inline size_t
slot_of(uint64_t key, size_t capacity)
{
    return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 24) & (capacity - 1);
}

static TTEntry *
find(TTEntry *entries, size_t capacity, uint64_t key)
{
    size_t k = slot_of(key, capacity);
    while (entries[k].used && entries[k].key != key)
        k = (k + 1) & (capacity - 1);
    return &entries[k];
}

const TTEntry *
tt_get(const TT *tt, uint64_t key)
{
    if (tt->capacity == 0)
        return NULL;
    const TTEntry *entry = find(tt->entries, tt->capacity, key);
    return entry->used ? entry : NULL;
}

int
tt_put(TT *tt, uint64_t key, int depth, int flag, int score, int move)
{
    if ((tt->count + 1) * 3 >= tt->capacity * 2) {
        size_t capacity = tt->capacity ? tt->capacity * 2 : 4096;
        TTEntry *entries = calloc(capacity, sizeof(TTEntry));
        if (entries == NULL)
            return K_NO_MEMORY;
        for (size_t k = 0; k < tt->capacity; k++)
            if (tt->entries[k].used)
                *find(entries, capacity, tt->entries[k].key) = tt->entries[k];
        free(tt->entries);
        tt->entries = entries;
        tt->capacity = capacity;
    }
    TTEntry *entry = find(tt->entries, tt->capacity, key);
    tt->count += !entry->used;
    entry->key = key;
    entry->depth = (int16_t)depth;
    entry->flag = (int8_t)flag;
    entry->score = score;
    entry->move = move;
    entry->used = 1;
    return K_OK;
}
