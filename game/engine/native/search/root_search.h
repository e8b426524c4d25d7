/* The root of the depth-shaped search (issue 31, item 4): iterative deepening with aspiration
 * windows, late root moves searched shallower first, exclusion multi-PV and the proof of a lost
 * root, in C, so that Python calls the search once per move and reads the answer instead of
 * going back and forth once per root move and iteration. root.py's _iterate is the same loop
 * for the classic search and the pure-Python engine; for the depth-shaped search the two give
 * the same move, score, depth and node count (tests/engine/test_native_root.py).
 *
 * The iterations run until the clock ends them (the depth-shaped search deepens to its hard
 * limit, see timeplan.py), the deepest iteration, a proven score, or a single root move.
 */
#ifndef GOMOKU_ROOT_SEARCH_H
#define GOMOKU_ROOT_SEARCH_H

#include "search.h"

#define ROOT_MAX_LINES 16 /* multi-PV lines at most */
#define ROOT_PV_LENGTH 48 /* moves a line keeps: a VCF's whole line (root.py's root_vcf is at most 20 fours) */
#define ROOT_TT_LINE 12   /* moves of a line read from the transposition table (AlphaBeta.principal_variation) */
/* Aspiration windows (FEATURE_ASPIRATION): from this depth on, an iteration first searches
 * within this much of the last one's score (alphabeta.py's ASPIRATION_FROM and _WINDOW). */
#define ROOT_ASPIRATION_FROM 3
#define ROOT_ASPIRATION_WINDOW 400

typedef struct {
    int32_t move, score, pv_length;
    int32_t pv[ROOT_PV_LENGTH];
} RootLine;

/* What a root search found: lines[0] is the move to play. */
enum { ROOT_SEARCHED, ROOT_VCF }; /* how: by the iterations, or by the VCF before them (score WIN - its length) */
typedef struct {
    int depth; /* the iteration the lines come from (a VCF's length); 0: none finished, no line */
    int line_count, forced;
    long nodes; /* the search's node count when this answer was made */
    RootLine lines[ROOT_MAX_LINES];
} RootAnswer;

typedef struct {
    /* The root moves in search order (the best known first), with room for more: a proof of
     * a loss may add one of `rest`. Reordered as the iterations learn. */
    int32_t moves[MAX_MOVES];
    int count;
    /* Legal moves that `moves` leaves out and that a lost root's proof still needs; with
     * `prove` they are searched when every root move loses, without it such a loss is moved
     * into the unproven range. None (0): `moves` is every move that does not lose at once. */
    int32_t rest[MAX_MOVES];
    int rest_count;
    int side, max_depth, multipv, prove;
    /* Before the iterations, the shortest win by fours of at most this many fours (0: none), as
     * root.py's _vcf_win: one four deeper at a time, on the search's VCF memo and clock. */
    int vcf_depth;
    /* Called after each finished iteration with the answer so far; nonzero ends the search. */
    int (*on_iteration)(void *context, const RootAnswer *answer);
    void *context;
} RootPlan;

/* Set the plan's moves from `total` cells: the first `count` the root moves, the rest the moves
 * left out. K_OK, or K_BAD_MOVE when the counts do not fit (at most MAX_MOVES cells). */
int root_plan_moves(RootPlan *plan, const int32_t *cells, int total, int count);

/* An answer as ints, for the binding: depth, line count, forced, then per line its move, score,
 * pv length and pv. Returns how many it wrote (at most ROOT_FLAT_SIZE). */
#define ROOT_FLAT_SIZE (3 + ROOT_MAX_LINES * (3 + ROOT_PV_LENGTH))
int root_answer_flat(const RootAnswer *answer, int32_t *out);

/* Search the root: *answer holds the last finished iteration, or, where the clock cut an
 * iteration after its first root move, that iteration's best move so far (a line of one move;
 * not with multipv > 1, whose lines must come from one depth). Start search->clock first. K_OK,
 * K_INTERRUPTED when on_iteration asked to end, K_BAD_MOVE when a move is not an empty cell, or
 * a core error (the board left as it was). */
int root_iterate(Search *search, RootPlan *plan, RootAnswer *answer);

#endif
