/* The learned shape-combination evaluation and move order (issue 31, item 3): the C twin
 * of combo_eval.py, which explains the tables; their numbers are in combo_tables.h.
 *
 * Off by default: the search uses them instead of today's evaluation and order only when
 * the environment says GOMOKU_EVAL=combo (both), combo-eval or combo-order (one of the two);
 * read once per process.
 */
#ifndef GOMOKU_COMBO_EVAL_H
#define GOMOKU_COMBO_EVAL_H

#include "board.h"

enum { COMBO_FREESTYLE, COMBO_STANDARD, COMBO_RENJU };
enum { COMBO_EVAL = 1, COMBO_ORDER = 2 };

/* Which tables GOMOKU_EVAL asks for: COMBO_EVAL | COMBO_ORDER bits (0: today's). */
int combo_active(void);

/* The board's rule: renju from its flag, standard (exact five) from its line tables. */
int combo_rule(const Board *board);

/* The score for `side` to move, on the win-rate scale of combo_eval.py (EVAL_SCALE). */
int combo_evaluate(const Board *board, int side);

/* A candidate's move-order score for `side` at the empty cell. */
int64_t combo_order_score(const Board *board, int side, ptrdiff_t cell);

/* The parts, on plain arrays of the board's layout (what combo_evaluate adds up; the
 * tests call these through ctypes to hold them to the Python mirror):
 * the cells' sum over [first, last] for `side`, and the threat term for the two sides'
 * best classes. `packed_black` gives black's classes (for renju's forbidden points). */
int combo_cells_sum(const int8_t *cells, const uint32_t *comb, const int32_t *packed_black, ptrdiff_t first,
                    ptrdiff_t last, int side, int rule);
int combo_threat(int rule, int own_best_class, int his_best_class);
int combo_cell_order(uint32_t comb, int32_t packed_black, int side, int rule);
/* The combination index of four patterns packed 4 bits apiece (0 when one is unknown). */
int combo_index(uint32_t patterns16);

#endif
