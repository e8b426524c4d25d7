/* The transposition table: see tt.h. */
#include "tt.h"

#include <stdlib.h>

#include "board.h"

void
tt_init(TT *tt)
{
    tt->entries = NULL;
    tt->capacity = tt->count = 0;
    tt->fixed = 0;
    tt->generation = 0;
}

int
tt_init_fixed(TT *tt, size_t entries)
{
    tt_init(tt);
    size_t capacity = 1024;
    while (capacity * 2 <= entries)
        capacity *= 2;
    tt->entries = calloc(capacity, sizeof(TTEntry));
    if (tt->entries == NULL)
        return K_NO_MEMORY;
    tt->capacity = capacity;
    tt->fixed = 1;
    return K_OK;
}

int
tt_init_sized(TT *tt, ptrdiff_t entries)
{
    if (entries > 0)
        return tt_init_fixed(tt, (size_t)entries);
    tt_init(tt);
    return K_OK;
}

void
tt_free(TT *tt)
{
    free(tt->entries);
    tt_init(tt);
}

void
tt_new_search(TT *tt)
{
    tt->generation++;
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
    if (tt->fixed) {
        const TTEntry *bucket = &tt->entries[slot_of(key, tt->capacity) & ~(size_t)1];
        for (int k = 0; k < 2; k++)
            if (bucket[k].used && bucket[k].key == key)
                return &bucket[k];
        return NULL;
    }
    const TTEntry *entry = find(tt->entries, tt->capacity, key);
    return entry->used ? entry : NULL;
}

/* The slot of a fixed table a new entry for `key` of `depth` goes to, or NULL to keep both. */
static TTEntry *
fixed_slot(TT *tt, uint64_t key, int depth)
{
    TTEntry *bucket = &tt->entries[slot_of(key, tt->capacity) & ~(size_t)1];
    for (int k = 0; k < 2; k++)
        if (bucket[k].used && bucket[k].key == key)
            return &bucket[k];
    for (int k = 0; k < 2; k++)
        if (!bucket[k].used || bucket[k].generation != tt->generation)
            return &bucket[k];
    TTEntry *shallower = bucket[0].depth <= bucket[1].depth ? &bucket[0] : &bucket[1];
    return shallower->depth <= depth ? shallower : NULL;
}

int
tt_put(TT *tt, uint64_t key, int depth, int flag, int score, int move)
{
    TTEntry *entry;
    if (tt->fixed) {
        if ((entry = fixed_slot(tt, key, depth)) == NULL)
            return K_OK;
    } else {
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
        entry = find(tt->entries, tt->capacity, key);
    }
    tt->count += !entry->used;
    entry->key = key;
    entry->depth = (int16_t)depth;
    entry->flag = (int8_t)flag;
    entry->score = score;
    entry->move = move;
    entry->used = 1;
    entry->generation = tt->generation;
    return K_OK;
}
