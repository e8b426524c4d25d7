/* The threat searches' failure memo: see memo.h. */
#include "memo.h"

#include <stdlib.h>

#include "board.h"

void
memo_init(Memo *memo)
{
    memo->slots = NULL;
    memo->capacity = memo->count = 0;
}

void
memo_free(Memo *memo)
{
    free(memo->slots);
    memo_init(memo);
}

void
memo_clear(Memo *memo)
{
    for (size_t k = 0; k < memo->capacity; k++)
        memo->slots[k].depth = 0;
    memo->count = 0;
}

static inline size_t
slot_of(uint64_t key, size_t capacity)
{
    return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 20) & (capacity - 1);
}

int
memo_get(const Memo *memo, uint64_t key)
{
    if (memo->capacity == 0)
        return -1;
    for (size_t k = slot_of(key, memo->capacity);; k = (k + 1) & (memo->capacity - 1)) {
        const MemoSlot *slot = &memo->slots[k];
        if (slot->depth == 0)
            return -1;
        if (slot->key == key)
            return slot->depth - 1;
    }
}

int
memo_next(const Memo *memo, size_t *at, uint64_t *key, int *depth)
{
    for (; *at < memo->capacity; (*at)++) {
        const MemoSlot *slot = &memo->slots[*at];
        if (slot->depth != 0) {
            *key = slot->key;
            *depth = slot->depth - 1;
            (*at)++;
            return 1;
        }
    }
    return 0;
}

static void
insert(MemoSlot *slots, size_t capacity, uint64_t key, int32_t stored, size_t *count)
{
    size_t k = slot_of(key, capacity);
    while (slots[k].depth != 0 && slots[k].key != key)
        k = (k + 1) & (capacity - 1);
    if (slots[k].depth == 0)
        (*count)++;
    slots[k].key = key;
    slots[k].depth = stored;
}

int
memo_put(Memo *memo, uint64_t key, int depth)
{
    if ((memo->count + 1) * 3 >= memo->capacity * 2) {
        size_t capacity = memo->capacity ? memo->capacity * 2 : 1024;
        MemoSlot *slots = calloc(capacity, sizeof(MemoSlot));
        if (slots == NULL)
            return K_NO_MEMORY;
        size_t count = 0;
        for (size_t k = 0; k < memo->capacity; k++)
            if (memo->slots[k].depth != 0)
                insert(slots, capacity, memo->slots[k].key, memo->slots[k].depth, &count);
        free(memo->slots);
        memo->slots = slots;
        memo->capacity = capacity;
        memo->count = count;
    }
    insert(memo->slots, memo->capacity, key, depth + 1, &memo->count);
    return K_OK;
}
