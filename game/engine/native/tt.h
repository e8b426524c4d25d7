/* The alpha-beta search's transposition table: position key (hash and side to move) ->
 * depth, bound, score and best move.
 *
 * An exact map (open addressing, grown when 2/3 full) that always keeps the newest entry
 * for a key, as the Python dict in alphabeta.py does, so the compiled search visits the
 * same tree as the Python one.
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
} TTEntry;

typedef struct {
    TTEntry *entries;
    size_t capacity, count;
} TT;

void tt_init(TT *tt);
void tt_free(TT *tt);
/* The entry for `key`, or NULL. */
const TTEntry *tt_get(const TT *tt, uint64_t key);
/* Store (replacing any entry for `key`): K_OK or K_NO_MEMORY. */
int tt_put(TT *tt, uint64_t key, int depth, int flag, int score, int move);

#endif
