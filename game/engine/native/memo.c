/* The threat searches' failure memo: see memo.h. */
#include "memo.h"

#include <stdlib.h>

#include "board.h"

void
memo_init(Memo *memo)
{
    memo->keys = NULL;
    memo->depths = NULL;
    memo->capacity = memo->count = 0;
}

void
memo_free(Memo *memo)
{
    free(memo->keys);
    free(memo->depths);
    memo_init(memo);
}

void
memo_clear(Memo *memo)
{
    for (size_t k = 0; k < memo->capacity; k++)
        memo->depths[k] = 0;
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
        if (memo->depths[k] == 0)
            return -1;
        if (memo->keys[k] == key)
            return memo->depths[k] - 1;
    }
}

static void
insert(uint64_t *keys, int32_t *depths, size_t capacity, uint64_t key, int32_t stored, size_t *count)
{
    size_t k = slot_of(key, capacity);
    while (depths[k] != 0 && keys[k] != key)
        k = (k + 1) & (capacity - 1);
    if (depths[k] == 0)
        (*count)++;
    keys[k] = key;
    depths[k] = stored;
}

int
memo_put(Memo *memo, uint64_t key, int depth)
{
    if ((memo->count + 1) * 3 >= memo->capacity * 2) {
        size_t capacity = memo->capacity ? memo->capacity * 2 : 1024;
        uint64_t *keys = malloc(capacity * sizeof(uint64_t));
        int32_t *depths = calloc(capacity, sizeof(int32_t));
        if (keys == NULL || depths == NULL) {
            free(keys);
            free(depths);
            return K_NO_MEMORY;
        }
        size_t count = 0;
        for (size_t k = 0; k < memo->capacity; k++)
            if (memo->depths[k] != 0)
                insert(keys, depths, capacity, memo->keys[k], memo->depths[k], &count);
        free(memo->keys);
        free(memo->depths);
        memo->keys = keys;
        memo->depths = depths;
        memo->capacity = capacity;
        memo->count = count;
    }
    insert(memo->keys, memo->depths, memo->capacity, key, depth + 1, &memo->count);
    return K_OK;
}
