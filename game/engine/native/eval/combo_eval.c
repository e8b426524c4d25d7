/* The learned shape-combination evaluation and move order: see combo_eval.h. */
#include "combo_eval.h"

#include <stdlib.h>
#include <string.h>

#include "combo_tables.h"

#define PATTERNS 11 /* patterns.py: NONE .. OVERLINE */
#define FORBIDDEN_COMBO (COMBO_COUNT - 1)
#define CLASSES 10 /* C_NONE .. C_FIVE */
#define OVERLINE 10

typedef struct {
    const int32_t *eval_mine, *eval_theirs, *threat, *order_own, *order_his;
} RuleTables;

static const RuleTables RULE_TABLES[3] = {
    {combo_freestyle_eval_mine, combo_freestyle_eval_theirs, combo_freestyle_threat, combo_freestyle_order_own,
     combo_freestyle_order_his},
    {combo_standard_eval_mine, combo_standard_eval_theirs, combo_standard_threat, combo_standard_order_own,
     combo_standard_order_his},
    {combo_renju_eval_mine, combo_renju_eval_theirs, combo_renju_threat, combo_renju_order_own,
     combo_renju_order_his},
};

/* Four packed patterns -> combination, built on first use: the rank of the sorted four in
 * the order itertools.combinations_with_replacement lists them (as combo_eval.COMBOS). */
static uint16_t index_table[65536];
static volatile int index_ready;

static void
build_index(void)
{
    static uint16_t rank[PATTERNS][PATTERNS][PATTERNS][PATTERNS];
    int next = 0;
    for (int a = 0; a < PATTERNS; a++)
        for (int b = a; b < PATTERNS; b++)
            for (int c = b; c < PATTERNS; c++)
                for (int d = c; d < PATTERNS; d++)
                    rank[a][b][c][d] = (uint16_t)next++;
    for (uint32_t key = 0; key < 65536; key++) {
        int p[4];
        int known = 1;
        for (int k = 0; k < 4; k++) {
            p[k] = (int)((key >> (4 * k)) & 15);
            known = known && p[k] < PATTERNS;
        }
        if (!known) {
            index_table[key] = 0;
            continue;
        }
        for (int i = 1; i < 4; i++) /* insertion sort of four */
            for (int j = i; j > 0 && p[j - 1] > p[j]; j--) {
                int t = p[j];
                p[j] = p[j - 1];
                p[j - 1] = t;
            }
        index_table[key] = rank[p[0]][p[1]][p[2]][p[3]];
    }
    index_ready = 1;
}

int
combo_index(uint32_t patterns16)
{
    if (!index_ready)
        build_index(); /* racing threads would write the same numbers */
    return index_table[patterns16 & 0xFFFF];
}

int
combo_active(void)
{
    static int active = -1;
    if (active < 0) {
        const char *value = getenv("GOMOKU_EVAL");
        active = value == NULL                          ? 0
                 : strcmp(value, "combo") == 0       ? COMBO_EVAL | COMBO_ORDER
                 : strcmp(value, "combo-eval") == 0  ? COMBO_EVAL
                 : strcmp(value, "combo-order") == 0 ? COMBO_ORDER
                                                     : 0;
    }
    return active;
}

int
combo_rule(const Board *board)
{
    if (board->renju)
        return COMBO_RENJU;
    /* Black's pattern for the centre of four black stones on its left and one on its right:
     * a five where overlines win, an overline where only an exact five does. */
    uint32_t six = 0x55u | (1u << 8);
    return (board->line_patterns[six] & 15) == OVERLINE ? COMBO_STANDARD : COMBO_FREESTYLE;
}

static inline int
cell_combo(uint32_t comb, int32_t packed_black, int colour, int rule)
{
    if (colour == BLACK && rule == COMBO_RENJU && (packed_black & 15) == C_FORBIDDEN)
        return FORBIDDEN_COMBO;
    return combo_index(colour == BLACK ? comb & 0xFFFF : comb >> 16);
}

int
combo_cells_sum(const int8_t *cells, const uint32_t *comb, const int32_t *packed_black, ptrdiff_t first,
                ptrdiff_t last, int side, int rule)
{
    const RuleTables *tables = &RULE_TABLES[rule];
    int other = 3 - side;
    int64_t sum = 0;
    for (ptrdiff_t m = first; m <= last; m++) {
        if (cells[m] != 0 || comb[m] == 0)
            continue; /* a stone, a wall, or a cell on no line: worth nothing */
        sum += tables->eval_mine[cell_combo(comb[m], packed_black[m], side, rule)];
        sum += tables->eval_theirs[cell_combo(comb[m], packed_black[m], other, rule)];
    }
    return (int)sum;
}

int
combo_threat(int rule, int own_best_class, int his_best_class)
{
    return RULE_TABLES[rule].threat[own_best_class * CLASSES + his_best_class];
}

static int
best_class(const Board *board, int colour)
{
    for (int k = C_FIVE; k > C_NONE; k--)
        if (board->class_count[colour][k])
            return k;
    return C_NONE;
}

int
combo_evaluate(const Board *board, int side)
{
    int rule = combo_rule(board);
    return combo_threat(rule, best_class(board, side), best_class(board, 3 - side)) +
           combo_cells_sum(board->cells, board->comb, board->packed[BLACK], board->first_cell, board->last_cell, side,
                           rule);
}

int
combo_cell_order(uint32_t comb, int32_t packed_black, int side, int rule)
{
    const RuleTables *tables = &RULE_TABLES[rule];
    return tables->order_own[cell_combo(comb, packed_black, side, rule)] +
           tables->order_his[cell_combo(comb, packed_black, 3 - side, rule)];
}

int64_t
combo_order_score(const Board *board, int side, ptrdiff_t cell)
{
    return combo_cell_order(board->comb[cell], board->packed[BLACK][cell], side, combo_rule(board));
}
