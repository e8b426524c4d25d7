/* The engine board in C: a padded cell array with incremental line keys, patterns, class
 * counts, evaluation totals and a Zobrist hash, updated by make/unmake (the same updates as
 * EngineBoard._make_python/_unmake_python in state.py).
 *
 * Plain C, no Python: the binding (binding.c) sets a Board up for an EngineBoard, which
 * then reads these arrays in place (read-only views); the searches make and unmake here
 * only, and undo all their moves before they return.
 */
#ifndef GOMOKU_BOARD_H
#define GOMOKU_BOARD_H

#include <stddef.h>
#include <stdint.h>

#define TABLE_SIZE 65536
#define DIRECTIONS 4
#define SLOTS 8
#define NEAR_COUNT 24
#define CLASS_COUNT 10
#define MAX_MOVES 384 /* more than the empty cells of a 19x19 board */
#define BLACK 1

/* Cell classes, as in patterns.py (C_NONE .. C_FIVE). */
enum { C_NONE, C_FORBIDDEN, C_FLEX3, C_FLEX3_PLUS, C_FLEX3_2X, C_BLOCK4, C_BLOCK4_PLUS, C_BLOCK4_FLEX3, C_FLEX4, C_FIVE };
#define IS_FOUR_CLASS(k) ((k) >= C_BLOCK4 && (k) <= C_FLEX4)
/* The classes a board keeps a set of cells for (Board.fours): a four or better. */
#define IS_FOUR_OR_FIVE(k) ((k) >= C_BLOCK4)

/* What a core function can fail with; the binding turns these into Python exceptions. */
enum {
    K_OK = 0,
    K_NO_MEMORY = -1,
    K_BAD_KEY = -2,    /* a line key left its table: the board's setup was wrong */
    K_BROKEN = -3,     /* class counts disagree with the cells */
    K_INTERRUPTED = -4, /* a poll asked to stop (its reason is the caller's to keep) */
    K_BAD_MOVE = -5     /* a caller's move is not an empty cell of the board */
};

/* Pattern lookup tables for one rule. */
typedef struct {
    uint32_t *joint[DIRECTIONS]; /* line key -> both colours' patterns, shifted for the direction */
    int32_t *cells[3];           /* [1] black, [2] white: combined patterns -> value << 4 | class */
} Tables;

typedef struct {
    int32_t cell;     /* where the stone went */
    int16_t colour;
    int16_t counted_near; /* whether the move added to the near counts (board_make_threat does not) */
    int64_t total[3]; /* totals before the move */
    ptrdiff_t log_start;
} Frame;

typedef struct {
    int32_t cell, black, white; /* a cell's values before the move changed them */
    uint32_t comb;
} Change;

struct NetState;

typedef struct {
    const Tables *tables;
    ptrdiff_t length, width, first_cell, last_cell;
    int renju;
    uint32_t mask[DIRECTIONS];
    ptrdiff_t offset[DIRECTIONS][SLOTS];
    int shift[DIRECTIONS][SLOTS];
    ptrdiff_t near_offset[NEAR_COUNT];
    ptrdiff_t reach; /* the farthest any update goes from the played cell */
    /* [offset + reach]: 1 where a cell that far from a played cell is on its lines (the 32 make updates) */
    uint8_t *on_lines;
    int8_t *cells;
    uint32_t *keys[DIRECTIONS];
    uint32_t *comb;
    /* Line key -> black's pattern | white's << 4: the joint tables packed into 64 KB, so that
     * make's lookups stay in the cache (the four uint32 tables take 1 MB). */
    uint8_t *line_patterns;
    int32_t *packed[3]; /* value << 4 | class, per colour and empty cell */
    int32_t *near;
    int64_t total[3];
    /* 1 (the default): make keeps `total`. 0: a search that never reads it (the network is its
     * evaluation: pvs_run) lets makes leave it as it was, and each unmake puts back the totals
     * its make found, so the board has its own again once the search took its moves back. */
    int keep_totals;
    int32_t class_count[3][CLASS_COUNT]; /* empty cells of each class, per colour */
    /* Per colour, a bit per cell: the empty cells of a class from C_BLOCK4 up, so that the
     * threat searches find the fours and fives without scanning the board. */
    uint64_t *fours[3];
    uint64_t hash;
    const uint64_t *zobrist[3]; /* per colour and cell: the caller's (state.ZOBRIST), borrowed */
    /* The learned network's state (eval/net.h) once net_attach set it, else NULL. Make and
     * unmake leave it behind (a reader brings it up to date: net_refresh_view); unmake only tells
     * it how many frames are left (net_after_unmake). The board owns it (board_free detaches it). */
    struct NetState *net;
    Frame *frames;
    ptrdiff_t frame_count, frame_capacity;
    Change *log;
    ptrdiff_t log_count, log_capacity;
} Board;

/* A stone's shift in the key of a cell on its line, for the cell's slot s (0..3: the stone is
 * four to one cells before it, 4..7: one to four after): Board.shift's numbers, as constants. */
#define SLOT_SHIFT(s) (2 * (7 - (s)))
/* Before a loop over a line's eight slots: unrolled where the compiler takes the hint, so that
 * SLOT_SHIFT is a constant in each copy (GCC and clang; elsewhere a plain loop). */
#if defined(__clang__)
#define UNROLL_SLOTS _Pragma("unroll 8")
#elif defined(__GNUC__)
#define UNROLL_SLOTS _Pragma("GCC unroll 8")
#else
#define UNROLL_SLOTS
#endif

#define PAD 4 /* wall rows and columns around the board, as in state.py */
#define WALL 3

/* Set up an empty size x size board (the layout of state.py's EngineBoard: cell (x, y) is
 * (y + PAD) * (size + PAD) + x): geometry, walls, line keys, patterns, totals and counts.
 * The caller sets the Zobrist keys and the hash. K_OK or K_NO_MEMORY (then board_free it). */
int board_setup(Board *board, const Tables *tables, int size, int renju);
void board_free(Board *board);
/* Whether `cell` can take a stone without an update leaving the arrays. */
int board_cell_in_range(const Board *board, ptrdiff_t cell);

/* Place `colour` on the empty cell i, logging what changes: K_OK or an error. */
int board_make(Board *board, ptrdiff_t i, int colour);
/* board_make for the threat searches, which never read the near counts (only move ordering
 * does): the same, without counting the cell's neighbours. */
int board_make_threat(Board *board, ptrdiff_t i, int colour);
/* Whether the other colour (3 - colour) would still have an empty cell of class C_FLEX4 once
 * `colour` played the empty cell i (1 or 0): what board_make would leave, read without making
 * the move (a defence test asks it of every candidate). First a glance for one of his open-four
 * points off i's lines, which the move cannot change; else the lines through i are read.
 * K_BAD_KEY as board_make when it reads them. */
int board_flex4_left(const Board *board, ptrdiff_t i, int colour);
/* Take back the last stone; returns its cell. */
ptrdiff_t board_unmake(Board *board);

/* A negative index counts from the end, as in Python: the padded layout has no wall rows
 * left of the top-left corner's diagonal, and state.py's lists wrap there onto the walls
 * at the end of the array. Doing the same keeps the two implementations identical. */
static inline ptrdiff_t
board_wrap(const Board *board, ptrdiff_t index)
{
    return index < 0 ? index + board->length : index;
}

static inline int
class_of(const Board *board, int colour, ptrdiff_t cell)
{
    return (int)(board->packed[colour][cell] & 15);
}

static inline int
blocked_by_forbidden(const Board *board, int defender, ptrdiff_t cell)
{
    return board->renju && defender == BLACK && class_of(board, BLACK, cell) == C_FORBIDDEN;
}

static inline int
has_four(const Board *board, int colour)
{
    const int32_t *count = board->class_count[colour];
    return count[C_BLOCK4] || count[C_BLOCK4_PLUS] || count[C_BLOCK4_FLEX3];
}

/* The index of the lowest set bit of x (x != 0). Compilers without GCC's builtin (MSVC) run
 * the loop; defining GOMOKU_PORTABLE_BITS makes GCC run it too, so that a test can build it
 * and hold its searches to the builtin's (tests/engine/test_portable_build.py). */
static inline int
lowest_bit(uint64_t x)
{
#if (defined(__GNUC__) || defined(__clang__)) && !defined(GOMOKU_PORTABLE_BITS)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* The lowest cell at or after `from` in `colour`'s set of fours and fives, or -1. */
static inline ptrdiff_t
next_four(const Board *board, int colour, ptrdiff_t from)
{
    const uint64_t *bits = board->fours[colour];
    ptrdiff_t word = from >> 6, words = (board->length + 63) >> 6;
    if (word >= words)
        return -1;
    uint64_t left = bits[word] & (~0ULL << (from & 63));
    while (!left) {
        if (++word >= words)
            return -1;
        left = bits[word];
    }
    return (word << 6) + lowest_bit(left);
}

/* The lowest empty cell where `colour` has class `cls`, or -1. */
ptrdiff_t first_of_class(const Board *board, int colour, int cls);
/* The empty cells where `colour` has class `cls`, lowest first, into `out` (room for
 * `room`; more are not written); returns how many there are. */
int cells_of_class(const Board *board, int colour, int cls, int32_t *out, int room);
/* The last cell played, or -1. */
static inline ptrdiff_t
board_last_move(const Board *board)
{
    return board->frame_count ? (ptrdiff_t)board->frames[board->frame_count - 1].cell : -1;
}
/* The five point the stone just played at `move` made for `colour` (the caller knows there
 * is exactly one): it lies on one of the stone's lines, so only 32 cells need a look. */
ptrdiff_t five_made_by(const Board *board, int colour, ptrdiff_t move);
/* Whether `cell` lies in the 9x9 square around `centre`. */
int in_zone(const Board *board, ptrdiff_t cell, ptrdiff_t centre);

#endif
