/* The engine board's make/unmake, the VCF and VCT and the move ordering, compiled: the same
 * updates as EngineBoard.make/unmake in state.py, the same searches as ThreatSearch.vcf and
 * .vct in threats.py and the same order as AlphaBeta.ordered_moves.
 *
 * Why: make/unmake was over 80% of the pure-Python search (cProfile on the speed positions:
 * 4.5 s of 5.3 s) and, once compiled, the VCF run at every leaf was most of the rest.
 * Compiling just these (and the move ordering, the next biggest cost) buys most of the
 * speed a compiled engine would, while the alpha-beta, the evaluation and the other
 * threat searches stay Python.
 *
 * The board lives twice: in C arrays here, and in the Python lists and sets the rest of
 * the engine reads (cells, line keys, combined patterns, packed cell values, class sets,
 * totals, near counts). make/unmake called from Python update both ("mirrored"); the
 * compiled VCF and VCT make and unmake their moves in the C arrays only and undoes them all
 * before it returns, so Python never sees the difference. state.py falls back to its
 * Python code when this module is missing (no compiler when the game was installed) or
 * GOMOKU_PURE_PYTHON is set; tests compare the two step by step and search by search.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* Bumped whenever the constructor's arguments or the semantics change: state.py only
 * uses a compiled module whose version it knows, so a stale build falls back to Python. */
#define KERNEL_API_VERSION 5

#define TABLE_SIZE 65536
#define DIRECTIONS 4
#define SLOTS 8
#define NEAR_COUNT 24
#define CLASS_COUNT 10
#define FIRST_SET_CLASS 2 /* cells of class >= C_FLEX3 are kept in per-class sets */

/* ------------------------------------------------------------------ Tables */

typedef struct {
    PyObject_HEAD
    uint32_t *joint[DIRECTIONS]; /* line key -> both colours' patterns, shifted for the direction */
    int64_t *cells[3];           /* [1] black, [2] white: combined patterns -> value << 4 | class */
} TablesObject;

static void
Tables_dealloc(TablesObject *self)
{
    for (int d = 0; d < DIRECTIONS; d++)
        PyMem_Free(self->joint[d]);
    for (int c = 1; c < 3; c++)
        PyMem_Free(self->cells[c]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
read_table(PyObject *sequence, const char *name, int64_t *out)
{
    PyObject *fast = PySequence_Fast(sequence, name);
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != TABLE_SIZE) {
        PyErr_Format(PyExc_ValueError, "%s must have %d entries", name, TABLE_SIZE);
        Py_DECREF(fast);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t k = 0; k < TABLE_SIZE; k++) {
        long long value = PyLong_AsLongLong(items[k]);
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[k] = value;
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *
Tables_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *joint, *black, *white;
    static char *keywords[] = {"joint", "black_cells", "white_cells", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO:Tables", keywords, &joint, &black, &white))
        return NULL;
    TablesObject *self = (TablesObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    int64_t *scratch = PyMem_Malloc(sizeof(int64_t) * TABLE_SIZE);
    if (scratch == NULL)
        goto fail;
    PyObject *joint_fast = PySequence_Fast(joint, "joint tables must be a sequence");
    if (joint_fast == NULL)
        goto fail;
    if (PySequence_Fast_GET_SIZE(joint_fast) != DIRECTIONS) {
        PyErr_SetString(PyExc_ValueError, "joint tables: one per direction (4)");
        Py_DECREF(joint_fast);
        goto fail;
    }
    for (int d = 0; d < DIRECTIONS; d++) {
        self->joint[d] = PyMem_Malloc(sizeof(uint32_t) * TABLE_SIZE);
        if (self->joint[d] == NULL || read_table(PySequence_Fast_GET_ITEM(joint_fast, d), "joint table", scratch) < 0) {
            Py_DECREF(joint_fast);
            goto fail;
        }
        for (Py_ssize_t k = 0; k < TABLE_SIZE; k++)
            self->joint[d][k] = (uint32_t)scratch[k];
    }
    Py_DECREF(joint_fast);
    PyObject *colour_tables[3] = {NULL, black, white};
    for (int c = 1; c < 3; c++) {
        self->cells[c] = PyMem_Malloc(sizeof(int64_t) * TABLE_SIZE);
        if (self->cells[c] == NULL || read_table(colour_tables[c], "cell table", self->cells[c]) < 0)
            goto fail;
    }
    PyMem_Free(scratch);
    return (PyObject *)self;
fail:
    PyMem_Free(scratch);
    if (!PyErr_Occurred())
        PyErr_NoMemory();
    Py_DECREF(self);
    return NULL;
}

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.engine._kernel.Tables",
    .tp_doc = PyDoc_STR("Pattern lookup tables for one rule, copied into C arrays once."),
    .tp_basicsize = sizeof(TablesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Tables_new,
    .tp_dealloc = (destructor)Tables_dealloc,
};

/* ------------------------------------------------------------------ Kernel */

/* Cell classes, as in patterns.py (C_NONE .. C_FIVE). */
enum { C_NONE, C_FORBIDDEN, C_FLEX3, C_FLEX3_PLUS, C_FLEX3_2X, C_BLOCK4, C_BLOCK4_PLUS, C_BLOCK4_FLEX3, C_FLEX4, C_FIVE };
#define IS_FOUR_CLASS(k) ((k) >= C_BLOCK4 && (k) <= C_FLEX4)
#define BLACK 1
#define VCF_LINE_MAX 160      /* longest VCF line kept: 2 cells per four, depth <= 75 */
#define MAX_VCF_DEPTH 75
#define MAX_MOVES 384      /* more than the empty cells of a 19x19 board */

typedef struct {
    int32_t cell;      /* where the stone went */
    int32_t colour;
    int32_t mirror;    /* whether the Python lists were updated too */
    int64_t total[3];  /* totals before the move */
    Py_ssize_t log_start;
} Frame;

typedef struct {
    int64_t cell, comb, black, white; /* a cell's values before the move changed them */
} Change;

typedef struct {
    PyObject_HEAD
    TablesObject *tables;
    /* The board's Python state (owned references), kept equal to the C state below
     * except inside a compiled search, which undoes all its moves before it returns.
     * (The line keys and combined patterns are only copied in, at the start.) */
    PyObject *py_cells, *py_packed[3], *py_sets[3][CLASS_COUNT], *py_total, *py_near;
    Py_ssize_t length, width, first_cell, last_cell;
    int renju;
    uint32_t mask[DIRECTIONS];
    Py_ssize_t offset[DIRECTIONS][SLOTS];
    long shift[DIRECTIONS][SLOTS];
    Py_ssize_t near_offset[NEAR_COUNT];
    Py_ssize_t reach; /* the farthest any update goes from the played cell */
    /* The C state. */
    int8_t *cells;
    uint32_t *keys[DIRECTIONS];
    uint32_t *comb;
    int64_t *packed[3];
    int32_t *near;
    int64_t total[3];
    int32_t class_count[3][CLASS_COUNT]; /* empty cells of each class, per colour */
    uint64_t hash;
    uint64_t *zobrist[3];
    Frame *frames;
    Py_ssize_t frame_count, frame_capacity;
    Change *log;
    Py_ssize_t log_count, log_capacity;
} KernelObject;

static int
Kernel_traverse(KernelObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->tables);
    Py_VISIT(self->py_cells);
    Py_VISIT(self->py_total);
    Py_VISIT(self->py_near);
    for (int c = 1; c < 3; c++) {
        Py_VISIT(self->py_packed[c]);
        for (int k = 0; k < CLASS_COUNT; k++)
            Py_VISIT(self->py_sets[c][k]);
    }
    return 0;
}

static int
Kernel_clear(KernelObject *self)
{
    Py_CLEAR(self->tables);
    Py_CLEAR(self->py_cells);
    Py_CLEAR(self->py_total);
    Py_CLEAR(self->py_near);
    for (int c = 1; c < 3; c++) {
        Py_CLEAR(self->py_packed[c]);
        for (int k = 0; k < CLASS_COUNT; k++)
            Py_CLEAR(self->py_sets[c][k]);
    }
    return 0;
}

static void
Kernel_dealloc(KernelObject *self)
{
    PyObject_GC_UnTrack(self);
    Kernel_clear(self);
    PyMem_Free(self->cells);
    PyMem_Free(self->comb);
    PyMem_Free(self->near);
    for (int d = 0; d < DIRECTIONS; d++)
        PyMem_Free(self->keys[d]);
    for (int c = 1; c < 3; c++) {
        PyMem_Free(self->packed[c]);
        PyMem_Free(self->zobrist[c]);
    }
    PyMem_Free(self->frames);
    PyMem_Free(self->log);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
take_list(PyObject *object, Py_ssize_t length, const char *name, PyObject **slot)
{
    if (!PyList_CheckExact(object) || PyList_GET_SIZE(object) != length) {
        PyErr_Format(PyExc_ValueError, "%s must be a list of %zd ints", name, length);
        return -1;
    }
    Py_INCREF(object);
    *slot = object;
    return 0;
}

/* Copy a list of `length` non-negative ints below 2**32 into `out`. */
static int
copy_words(PyObject *list, Py_ssize_t length, const char *name, uint32_t *out)
{
    if (!PyList_CheckExact(list) || PyList_GET_SIZE(list) != length) {
        PyErr_Format(PyExc_ValueError, "%s must be a list of %zd ints", name, length);
        return -1;
    }
    for (Py_ssize_t k = 0; k < length; k++) {
        unsigned long value = PyLong_AsUnsignedLong(PyList_GET_ITEM(list, k));
        if (value == (unsigned long)-1 && PyErr_Occurred())
            return -1;
        out[k] = (uint32_t)value;
    }
    return 0;
}

static int
read_ints(PyObject *sequence, Py_ssize_t count, const char *name, long long *out)
{
    PyObject *fast = PySequence_Fast(sequence, name);
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) < count) {
        PyErr_Format(PyExc_ValueError, "%s must hold %zd ints", name, count);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        out[k] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, k));
        if (out[k] == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int
read_hashes(PyObject *sequence, Py_ssize_t count, uint64_t *out)
{
    PyObject *fast = PySequence_Fast(sequence, "zobrist keys");
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) < count) {
        PyErr_Format(PyExc_ValueError, "zobrist keys must hold %zd ints", count);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        out[k] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, k));
        if (out[k] == (uint64_t)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static void *
allocate(Py_ssize_t count, size_t item)
{
    void *memory = PyMem_Calloc(count, item);
    if (memory == NULL)
        PyErr_NoMemory();
    return memory;
}

/* Copies a Python list of ints into a C array of any integer type. */
#define COPY_LIST(list, array, type)                                       \
    do {                                                                   \
        for (Py_ssize_t k_ = 0; k_ < self->length; k_++) {                 \
            long long v_ = PyLong_AsLongLong(PyList_GET_ITEM(list, k_));   \
            if (v_ == -1 && PyErr_Occurred())                              \
                goto fail;                                                 \
            (array)[k_] = (type)v_;                                        \
        }                                                                  \
    } while (0)

static PyObject *
Kernel_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *tables, *cells, *keys, *comb, *packed, *sets, *total, *near;
    PyObject *masks, *offsets, *shifts, *near_offsets, *zobrist, *board_cells;
    Py_ssize_t width;
    int renju;
    unsigned long long hash;
    static char *keywords[] = {"tables", "cells", "keys", "comb", "packed", "sets", "total", "near",
                               "masks", "offsets", "shifts", "near_offsets", "zobrist", "hash",
                               "board_cells", "width", "renju", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!OOOOOOOOOOOOKOnp:Kernel", keywords, &TablesType, &tables,
                                     &cells, &keys, &comb, &packed, &sets, &total, &near, &masks, &offsets, &shifts,
                                     &near_offsets, &zobrist, &hash, &board_cells, &width, &renju))
        return NULL;
    KernelObject *self = (KernelObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    Py_INCREF(tables);
    self->tables = (TablesObject *)tables;
    self->width = width;
    self->renju = renju;
    self->hash = hash;
    if (!PyList_CheckExact(cells)) {
        PyErr_SetString(PyExc_ValueError, "cells must be a list");
        goto fail;
    }
    Py_ssize_t length = self->length = PyList_GET_SIZE(cells);
    if (take_list(cells, length, "cells", &self->py_cells) < 0 || take_list(near, length, "near", &self->py_near) < 0 ||
        take_list(total, 3, "total", &self->py_total) < 0)
        goto fail;
    /* The line keys and combined patterns live only here from now on: copy them in. */
    self->comb = allocate(length, sizeof(uint32_t));
    if (self->comb == NULL || copy_words(comb, length, "comb", self->comb) < 0)
        goto fail;
    if (!PySequence_Check(keys) || PySequence_Size(keys) != DIRECTIONS) {
        PyErr_SetString(PyExc_ValueError, "keys: one list per direction (4)");
        goto fail;
    }
    for (int d = 0; d < DIRECTIONS; d++) {
        PyObject *list = PySequence_GetItem(keys, d);
        self->keys[d] = allocate(length, sizeof(uint32_t));
        int failed = list == NULL || self->keys[d] == NULL || copy_words(list, length, "keys[d]", self->keys[d]) < 0;
        Py_XDECREF(list);
        if (failed)
            goto fail;
    }
    if (!PySequence_Check(packed) || PySequence_Size(packed) != 3 || !PySequence_Check(sets) ||
        PySequence_Size(sets) != 3 || !PySequence_Check(zobrist) || PySequence_Size(zobrist) != 3) {
        PyErr_SetString(PyExc_ValueError, "packed, sets and zobrist are indexed by colour (3 entries)");
        goto fail;
    }
    for (int c = 1; c < 3; c++) {
        PyObject *list = PySequence_GetItem(packed, c);
        int failed = list == NULL || take_list(list, length, "packed[c]", &self->py_packed[c]) < 0;
        Py_XDECREF(list);
        if (failed)
            goto fail;
        PyObject *colour_sets = PySequence_GetItem(sets, c);
        if (colour_sets == NULL)
            goto fail;
        if (!PySequence_Check(colour_sets) || PySequence_Size(colour_sets) != CLASS_COUNT) {
            PyErr_SetString(PyExc_ValueError, "sets[c] must hold one set per class (10)");
            Py_DECREF(colour_sets);
            goto fail;
        }
        for (int k = 0; k < CLASS_COUNT; k++) {
            PyObject *one = PySequence_GetItem(colour_sets, k);
            if (one == NULL || !PySet_Check(one)) {
                Py_XDECREF(one);
                Py_DECREF(colour_sets);
                PyErr_SetString(PyExc_ValueError, "sets[c][k] must be a set");
                goto fail;
            }
            self->py_sets[c][k] = one;
        }
        Py_DECREF(colour_sets);
        self->zobrist[c] = allocate(length, sizeof(uint64_t));
        PyObject *keys_of_colour = PySequence_GetItem(zobrist, c);
        failed = self->zobrist[c] == NULL || keys_of_colour == NULL ||
                 read_hashes(keys_of_colour, length, self->zobrist[c]) < 0;
        Py_XDECREF(keys_of_colour);
        if (failed)
            goto fail;
    }
    long long numbers[DIRECTIONS * SLOTS];
    if (read_ints(masks, DIRECTIONS, "masks", numbers) < 0)
        goto fail;
    for (int d = 0; d < DIRECTIONS; d++)
        self->mask[d] = (uint32_t)numbers[d];
    if (read_ints(offsets, DIRECTIONS * SLOTS, "offsets", numbers) < 0)
        goto fail;
    Py_ssize_t reach = 0;
    for (int k = 0; k < DIRECTIONS * SLOTS; k++) {
        self->offset[k / SLOTS][k % SLOTS] = (Py_ssize_t)numbers[k];
        reach = Py_MAX(reach, numbers[k] < 0 ? -numbers[k] : numbers[k]);
    }
    if (read_ints(shifts, DIRECTIONS * SLOTS, "shifts", numbers) < 0)
        goto fail;
    for (int k = 0; k < DIRECTIONS * SLOTS; k++) {
        if (numbers[k] < 0 || numbers[k] > 14) {
            PyErr_SetString(PyExc_ValueError, "shifts must be in 0..14");
            goto fail;
        }
        self->shift[k / SLOTS][k % SLOTS] = (long)numbers[k];
    }
    if (read_ints(near_offsets, NEAR_COUNT, "near_offsets", numbers) < 0)
        goto fail;
    for (int k = 0; k < NEAR_COUNT; k++) {
        self->near_offset[k] = (Py_ssize_t)numbers[k];
        reach = Py_MAX(reach, numbers[k] < 0 ? -numbers[k] : numbers[k]);
    }
    self->reach = reach;
    /* The board cells' range, for the threat search's scans. */
    PyObject *fast = PySequence_Fast(board_cells, "board_cells must be a sequence");
    if (fast == NULL)
        goto fail;
    self->first_cell = length;
    self->last_cell = -1;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast); k++) {
        Py_ssize_t cell = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(fast, k));
        if (cell < 0 || cell >= length) {
            Py_DECREF(fast);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "board cell out of range");
            goto fail;
        }
        self->first_cell = Py_MIN(self->first_cell, cell);
        self->last_cell = Py_MAX(self->last_cell, cell);
    }
    Py_DECREF(fast);
    /* The C state starts as a copy of the Python state. */
    self->cells = allocate(length, sizeof(int8_t));
    self->near = allocate(length, sizeof(int32_t));
    if (self->cells == NULL || self->near == NULL)
        goto fail;
    COPY_LIST(self->py_cells, self->cells, int8_t);
    COPY_LIST(self->py_near, self->near, int32_t);
    for (int c = 1; c < 3; c++) {
        if ((self->packed[c] = allocate(length, sizeof(int64_t))) == NULL)
            goto fail;
        COPY_LIST(self->py_packed[c], self->packed[c], int64_t);
        self->total[c] = PyLong_AsLongLong(PyList_GET_ITEM(self->py_total, c));
        if (self->total[c] == -1 && PyErr_Occurred())
            goto fail;
        for (Py_ssize_t m = 0; m < length; m++)
            if (self->cells[m] == 0)
                self->class_count[c][self->packed[c][m] & 15]++;
    }
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* Small helpers over the Python lists (the mirrors). */
static inline int
put(PyObject *list, Py_ssize_t index, int64_t value)
{
    PyObject *number = PyLong_FromLongLong(value);
    if (number == NULL)
        return -1;
    PyObject *old = PyList_GET_ITEM(list, index);
    PyList_SET_ITEM(list, index, number);
    Py_DECREF(old);
    return 0;
}

static inline int
set_change(PyObject *set, Py_ssize_t cell, int add)
{
    PyObject *number = PyLong_FromSsize_t(cell);
    if (number == NULL)
        return -1;
    int result = add ? PySet_Add(set, number) : PySet_Discard(set, number);
    Py_DECREF(number);
    return result < 0 ? -1 : 0;
}

/* Move `cell` from class `before` to class `after`: the counts, and the Python sets if mirrored. */
static inline int
move_class(KernelObject *self, int colour, Py_ssize_t cell, int64_t before, int64_t after, int mirror)
{
    if (before == after)
        return 0;
    self->class_count[colour][before]--;
    self->class_count[colour][after]++;
    if (!mirror)
        return 0;
    if (before >= FIRST_SET_CLASS && set_change(self->py_sets[colour][before], cell, 0) < 0)
        return -1;
    if (after >= FIRST_SET_CLASS && set_change(self->py_sets[colour][after], cell, 1) < 0)
        return -1;
    return 0;
}

static int
grow(void **buffer, Py_ssize_t *capacity, Py_ssize_t needed, size_t item)
{
    if (needed <= *capacity)
        return 0;
    Py_ssize_t wanted = Py_MAX(needed, *capacity * 2 + 64);
    void *larger = PyMem_Realloc(*buffer, wanted * item);
    if (larger == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    *buffer = larger;
    *capacity = wanted;
    return 0;
}

/* A negative index counts from the end, as in Python: the padded layout has no wall rows
 * left of the top-left corner's diagonal, and state.py's lists wrap there onto the walls
 * at the end of the array. Doing the same keeps the two implementations identical. */
static inline Py_ssize_t
wrap(KernelObject *self, Py_ssize_t index)
{
    return index < 0 ? index + self->length : index;
}

static int
check_cell(KernelObject *self, Py_ssize_t cell)
{
    if (cell < 0 || cell - self->reach < -self->length || cell + self->reach >= self->length) {
        PyErr_Format(PyExc_IndexError, "cell %zd is not on the board", cell);
        return -1;
    }
    return 0;
}

/* Place `colour` on the empty cell i. With `mirror` the Python lists and sets follow;
 * without, only the C state changes (inside a compiled search, which undoes it all). */
static int
do_make(KernelObject *self, Py_ssize_t i, int colour, int mirror)
{
    if (grow((void **)&self->frames, &self->frame_capacity, self->frame_count + 1, sizeof(Frame)) < 0 ||
        grow((void **)&self->log, &self->log_capacity, self->log_count + DIRECTIONS * SLOTS, sizeof(Change)) < 0)
        return -1;
    int64_t *total = self->total;
    Frame *frame = &self->frames[self->frame_count++];
    frame->cell = (int32_t)i;
    frame->colour = colour;
    frame->mirror = mirror;
    frame->total[1] = total[1];
    frame->total[2] = total[2];
    frame->log_start = self->log_count;

    self->cells[i] = (int8_t)colour;
    self->hash ^= self->zobrist[colour][i];
    if (mirror && put(self->py_cells, i, colour) < 0)
        return -1;
    /* The cell stops being a candidate: take its values out of the totals. */
    for (int c = 1; c < 3; c++) {
        int64_t before = self->packed[c][i];
        total[c] -= before >> 4;
        self->class_count[c][before & 15]--;
        if (mirror && (before & 15) >= FIRST_SET_CLASS && set_change(self->py_sets[c][before & 15], i, 0) < 0)
            return -1;
    }
    int64_t *black_cells = self->tables->cells[1], *white_cells = self->tables->cells[2];
    int64_t *black_packed = self->packed[1], *white_packed = self->packed[2];
    for (int d = 0; d < DIRECTIONS; d++) {
        uint32_t *keys = self->keys[d];
        uint32_t *joint = self->tables->joint[d];
        uint32_t mask = self->mask[d];
        for (int s = 0; s < SLOTS; s++) {
            Py_ssize_t m = wrap(self, i + self->offset[d][s]);
            uint32_t key = keys[m] + ((uint32_t)colour << self->shift[d][s]);
            if (key >= TABLE_SIZE) {
                PyErr_Format(PyExc_RuntimeError, "line key %u out of range at cell %zd", key, m);
                return -1;
            }
            keys[m] = key;
            if (self->cells[m] != 0)
                continue;
            uint32_t old = self->comb[m];
            uint32_t updated = (old & mask) | joint[key];
            if (updated == old)
                continue;
            self->comb[m] = updated;
            int64_t old_black = black_packed[m], old_white = white_packed[m];
            Change *change = &self->log[self->log_count++];
            change->cell = m;
            change->comb = old;
            change->black = old_black;
            change->white = old_white;
            int64_t after = black_cells[updated & 0xFFFF];
            if (after != old_black) {
                black_packed[m] = after;
                total[1] += (after >> 4) - (old_black >> 4);
                if ((mirror && put(self->py_packed[1], m, after) < 0) ||
                    move_class(self, 1, m, old_black & 15, after & 15, mirror) < 0)
                    return -1;
            }
            after = white_cells[updated >> 16];
            if (after != old_white) {
                white_packed[m] = after;
                total[2] += (after >> 4) - (old_white >> 4);
                if ((mirror && put(self->py_packed[2], m, after) < 0) ||
                    move_class(self, 2, m, old_white & 15, after & 15, mirror) < 0)
                    return -1;
            }
        }
    }
    for (int k = 0; k < NEAR_COUNT; k++) {
        Py_ssize_t m = wrap(self, i + self->near_offset[k]);
        self->near[m]++;
        if (mirror && put(self->py_near, m, self->near[m]) < 0)
            return -1;
    }
    if (mirror && (put(self->py_total, 1, total[1]) < 0 || put(self->py_total, 2, total[2]) < 0))
        return -1;
    return 0;
}

/* Take back the last stone (mirrored as it was made); returns its cell, or -1 on error. */
static Py_ssize_t
do_unmake(KernelObject *self)
{
    Frame *frame = &self->frames[--self->frame_count];
    Py_ssize_t i = frame->cell;
    int colour = frame->colour, mirror = frame->mirror;
    self->cells[i] = 0;
    self->hash ^= self->zobrist[colour][i];
    if (mirror && put(self->py_cells, i, 0) < 0)
        return -1;
    for (int d = 0; d < DIRECTIONS; d++) {
        uint32_t *keys = self->keys[d];
        for (int s = 0; s < SLOTS; s++) {
            Py_ssize_t m = wrap(self, i + self->offset[d][s]);
            keys[m] -= (uint32_t)colour << self->shift[d][s];
        }
    }
    for (Py_ssize_t k = self->log_count - 1; k >= frame->log_start; k--) {
        Change *change = &self->log[k];
        Py_ssize_t m = (Py_ssize_t)change->cell;
        self->comb[m] = (uint32_t)change->comb;
        int64_t olds[3] = {0, change->black, change->white};
        for (int c = 1; c < 3; c++) {
            int64_t now = self->packed[c][m];
            if (olds[c] == now)
                continue;
            self->packed[c][m] = olds[c];
            if ((mirror && put(self->py_packed[c], m, olds[c]) < 0) ||
                move_class(self, c, m, now & 15, olds[c] & 15, mirror) < 0)
                return -1;
        }
    }
    self->log_count = frame->log_start;
    /* The cell is empty again with the patterns it had: count it in its classes again. */
    for (int c = 1; c < 3; c++) {
        int64_t cls = self->packed[c][i] & 15;
        self->class_count[c][cls]++;
        if (mirror && cls >= FIRST_SET_CLASS && set_change(self->py_sets[c][cls], i, 1) < 0)
            return -1;
    }
    self->total[1] = frame->total[1];
    self->total[2] = frame->total[2];
    if (mirror && (put(self->py_total, 1, frame->total[1]) < 0 || put(self->py_total, 2, frame->total[2]) < 0))
        return -1;
    for (int k = 0; k < NEAR_COUNT; k++) {
        Py_ssize_t m = wrap(self, i + self->near_offset[k]);
        self->near[m]--;
        if (mirror && put(self->py_near, m, self->near[m]) < 0)
            return -1;
    }
    return i;
}

PyDoc_STRVAR(Kernel_make_doc, "make(cell, colour)\n\nPlace colour (1 or 2) on the empty cell; logs what changes for unmake.");

static PyObject *
Kernel_make(KernelObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "make(cell, colour)");
        return NULL;
    }
    Py_ssize_t i = PyLong_AsSsize_t(args[0]);
    long colour = PyLong_AsLong(args[1]);
    if (PyErr_Occurred())
        return NULL;
    if (check_cell(self, i) < 0)
        return NULL;
    if (colour != 1 && colour != 2) {
        PyErr_Format(PyExc_ValueError, "colour must be 1 or 2, not %ld", colour);
        return NULL;
    }
    if (self->cells[i] != 0) {
        PyErr_Format(PyExc_ValueError, "cell %zd is not empty", i);
        return NULL;
    }
    if (do_make(self, i, (int)colour, 1) < 0)
        return NULL;
    Py_RETURN_NONE;
}

PyDoc_STRVAR(Kernel_unmake_doc, "unmake() -> cell\n\nTake back the last stone made through this kernel; returns its cell.");

static PyObject *
Kernel_unmake(KernelObject *self, PyObject *Py_UNUSED(ignored))
{
    if (self->frame_count == 0) {
        PyErr_SetString(PyExc_IndexError, "unmake with no move made");
        return NULL;
    }
    Py_ssize_t cell = do_unmake(self);
    return cell < 0 ? NULL : PyLong_FromSsize_t(cell);
}

/* ------------------------------------------------------------------ VCF */

/* One call of vcf() or vct(): the node count, its cap, and the line found so far. */
typedef struct {
    KernelObject *board;
    PyObject *failed;     /* dict: VCF position key -> deepest depth that failed (shared with threats.py) */
    PyObject *vct_failed; /* the same for the VCT (NULL in a vcf() call) */
    long nodes, max_nodes;
    PyObject *poll;       /* called every POLL_INTERVAL nodes (the clock's check); may raise to stop */
    long next_poll;
    int aborted;
    Py_ssize_t line[VCF_LINE_MAX];
} VcfRun;

#define POLL_INTERVAL 2048

/* Count a node: 1 to go on, 0 when the node cap is reached (the search ends as "not found"),
 * -1 when the poll raised (a deadline or stop: the exception goes up to Python). */
static inline int
count_node(VcfRun *run)
{
    if (++run->nodes > run->max_nodes) {
        run->aborted = 1;
        return 0;
    }
    if (run->poll != NULL && run->nodes >= run->next_poll) {
        run->next_poll = run->nodes + POLL_INTERVAL;
        PyObject *result = PyObject_CallNoArgs(run->poll);
        if (result == NULL)
            return -1;
        Py_DECREF(result);
    }
    return 1;
}

static inline int
class_of(KernelObject *self, int colour, Py_ssize_t cell)
{
    return (int)(self->packed[colour][cell] & 15);
}

static inline int
blocked_by_forbidden(KernelObject *self, int defender, Py_ssize_t cell)
{
    return self->renju && defender == BLACK && class_of(self, BLACK, cell) == C_FORBIDDEN;
}

/* The lowest empty cell where `colour` has class `cls` (the caller knows there is one). */
static Py_ssize_t
first_of_class(KernelObject *self, int colour, int cls)
{
    for (Py_ssize_t m = self->first_cell; m <= self->last_cell; m++)
        if (self->cells[m] == 0 && class_of(self, colour, m) == cls)
            return m;
    return -1;
}

static inline int
in_zone(KernelObject *self, Py_ssize_t cell, Py_ssize_t centre)
{
    Py_ssize_t dx = cell % self->width - centre % self->width;
    Py_ssize_t dy = cell / self->width - centre / self->width;
    return dx >= -4 && dx <= 4 && dy >= -4 && dy <= 4;
}

/* The five point that the stone just played at `move` made for `colour` (the caller knows
 * there is exactly one five point and that the stone made it): it lies on one of the
 * stone's four lines, so only its 32 line neighbours need a look. */
static Py_ssize_t
five_made_by(KernelObject *self, int colour, Py_ssize_t move)
{
    for (int d = 0; d < DIRECTIONS; d++)
        for (int s = 0; s < SLOTS; s++) {
            Py_ssize_t m = wrap(self, move + self->offset[d][s]);
            if (self->cells[m] == 0 && class_of(self, colour, m) == C_FIVE)
                return m;
        }
    return first_of_class(self, colour, C_FIVE);
}

/* Rank of a four class in the VCF's move order (as _VCF_ORDER in threats.py), or -1. */
static inline int
four_rank(int cls)
{
    return cls == C_BLOCK4_FLEX3 ? 0 : cls == C_BLOCK4_PLUS ? 1 : cls == C_BLOCK4 ? 2 : -1;
}

/* Rank of a threat class in the VCT's move order (fours, then threes: _VCF_ORDER +
 * _VCT_THREES in threats.py), or -1. */
static inline int
threat_rank(int cls)
{
    switch (cls) {
    case C_BLOCK4_FLEX3: return 0;
    case C_BLOCK4_PLUS: return 1;
    case C_BLOCK4: return 2;
    case C_FLEX3_2X: return 3;
    case C_FLEX3_PLUS: return 4;
    case C_FLEX3: return 5;
    default: return -1;
    }
}

/* Collect the attacker's moves that `rank_of` ranks, as rank << 16 | cell, from the squares
 * of radius 4 around zone_a and zone_b (or the whole board when zone_a < 0). Returns how many. */
static int
collect_ranked(KernelObject *self, int attacker, Py_ssize_t zone_a, Py_ssize_t zone_b, int32_t *moves,
               int (*rank_of)(int))
{
    int count = 0;
    if (zone_a < 0) {
        for (Py_ssize_t m = self->first_cell; m <= self->last_cell && count < MAX_MOVES; m++) {
            int rank = self->cells[m] == 0 ? rank_of(class_of(self, attacker, m)) : -1;
            if (rank >= 0)
                moves[count++] = (int32_t)(rank << 16 | m);
        }
        return count;
    }
    Py_ssize_t width = self->width, centres[2] = {zone_a, zone_b};
    for (int z = 0; z < (zone_a == zone_b ? 1 : 2); z++) {
        Py_ssize_t cx = centres[z] % width, cy = centres[z] / width;
        for (Py_ssize_t y = cy - 4; y <= cy + 4; y++) {
            for (Py_ssize_t x = cx - 4; x <= cx + 4; x++) {
                Py_ssize_t m = y * width + x;
                if (x < 0 || x >= width || m < 0 || m >= self->length || self->cells[m] != 0)
                    continue;
                if (z == 1 && in_zone(self, m, zone_a))
                    continue; /* already seen around zone_a */
                int rank = rank_of(class_of(self, attacker, m));
                if (rank >= 0 && count < MAX_MOVES)
                    moves[count++] = (int32_t)(rank << 16 | m);
            }
        }
    }
    return count;
}

static void
sort_moves(int32_t *moves, int count)
{
    for (int k = 1; k < count; k++) { /* insertion sort: a node has a handful of fours */
        int32_t move = moves[k];
        int j = k - 1;
        while (j >= 0 && moves[j] > move) {
            moves[j + 1] = moves[j];
            j--;
        }
        moves[j + 1] = move;
    }
    for (int k = 0; k < count; k++)
        moves[k] &= 0xFFFF;
}

/* Whether the memo says this position failed at `depth` or deeper: 1 yes, 0 no, -1 error. */
static int
memo_failed(PyObject *memo, PyObject *key, int depth)
{
    PyObject *known = PyDict_GetItemWithError(memo, key);
    if (known == NULL)
        return PyErr_Occurred() ? -1 : 0;
    long failed_depth = PyLong_AsLong(known);
    if (failed_depth == -1 && PyErr_Occurred())
        return -1;
    return failed_depth >= depth;
}

static int
memo_store(PyObject *memo, PyObject *key, int depth)
{
    PyObject *depth_object = PyLong_FromLong(depth);
    if (depth_object == NULL)
        return -1;
    int result = PyDict_SetItem(memo, key, depth_object);
    Py_DECREF(depth_object);
    return result;
}

static int vcf_search(VcfRun *run, int attacker, int depth, Py_ssize_t zone_a, Py_ssize_t zone_b, int at, int *length);

/* Play the four at `move`, the forced block, and look for the rest of the line. */
static int
try_four(VcfRun *run, int attacker, Py_ssize_t move, int depth, int at, int *length)
{
    KernelObject *self = run->board;
    int defender = 3 - attacker, found = 0;
    if (do_make(self, move, attacker, 0) < 0)
        return -1;
    int fives = self->class_count[attacker][C_FIVE];
    if (fives >= 2) {
        run->line[at] = move;
        *length = at + 1;
        found = 1;
    } else if (fives == 1) { /* else: not a real four after all (an edge case of exact-five rules) */
        Py_ssize_t block = five_made_by(self, attacker, move);
        if (block < 0) {
            PyErr_SetString(PyExc_RuntimeError, "class counts disagree with the board (five point)");
            do_unmake(self);
            return -1;
        }
        if (blocked_by_forbidden(self, defender, block)) {
            run->line[at] = move;
            run->line[at + 1] = block;
            *length = at + 2;
            found = 1;
        } else {
            if (do_make(self, block, defender, 0) < 0)
                return -1;
            found = vcf_search(run, attacker, depth - 1, move, block, at + 2, length);
            do_unmake(self);
            if (found == 1) {
                run->line[at] = move;
                run->line[at + 1] = block;
            }
        }
    }
    do_unmake(self);
    return found;
}

/* threats.ThreatSearch.vcf, move for move: returns 1 (line in run->line[at:*length]), 0 or -1 (error). */
static int
vcf_search(VcfRun *run, int attacker, int depth, Py_ssize_t zone_a, Py_ssize_t zone_b, int at, int *length)
{
    KernelObject *self = run->board;
    int go_on = count_node(run);
    if (go_on <= 0)
        return go_on;
    int defender = 3 - attacker;
    int32_t *own = self->class_count[attacker];
    if (own[C_FIVE]) {
        run->line[at] = first_of_class(self, attacker, C_FIVE);
        *length = at + 1;
        return 1;
    }
    int32_t moves[MAX_MOVES];
    int count = 0;
    int their_fives = self->class_count[defender][C_FIVE];
    if (their_fives) {
        if (their_fives > 1)
            return 0;
        Py_ssize_t block = first_of_class(self, defender, C_FIVE);
        if (block < 0) {
            PyErr_SetString(PyExc_RuntimeError, "class counts disagree with the board (five point)");
            return -1;
        }
        if (!IS_FOUR_CLASS(class_of(self, attacker, block)))
            return 0; /* the forced block is not a four: the chain breaks */
        moves[count++] = (int32_t)block;
    } else {
        if (own[C_FLEX4]) {
            run->line[at] = first_of_class(self, attacker, C_FLEX4);
            *length = at + 1;
            return 1;
        }
        if (own[C_BLOCK4_FLEX3] || own[C_BLOCK4_PLUS] || own[C_BLOCK4]) {
            count = collect_ranked(self, attacker, zone_a, zone_b, moves, four_rank);
            sort_moves(moves, count);
        }
    }
    if (depth <= 0 || count == 0)
        return 0;
    if (at + 2 * depth + 1 > VCF_LINE_MAX) {
        PyErr_SetString(PyExc_ValueError, "VCF depth too large");
        return -1;
    }
    uint64_t key = self->hash ^ (uint64_t)attacker ^ (zone_a < 0 ? 0 : 0x5A5A5A5AULL);
    PyObject *key_object = PyLong_FromUnsignedLongLong(key);
    if (key_object == NULL)
        return -1;
    int known = memo_failed(run->failed, key_object, depth);
    if (known != 0) {
        Py_DECREF(key_object);
        return known < 0 ? -1 : 0;
    }
    for (int k = 0; k < count; k++) {
        int found = try_four(run, attacker, moves[k], depth, at, length);
        if (found != 0) {
            Py_DECREF(key_object);
            return found;
        }
    }
    if (!run->aborted && memo_store(run->failed, key_object, depth) < 0) {
        Py_DECREF(key_object);
        return -1;
    }
    Py_DECREF(key_object);
    return 0;
}

/* ------------------------------------------------------------------ VCT */

static int every_defence_loses(VcfRun *run, int attacker, int depth, int vcf_depth, Py_ssize_t threat);

/* threats.ThreatSearch.vct, move for move: 1 when the attacker (to move) wins by fours and
 * threes (the first move, or the VCF line, in run->line[0:*length]), 0 when not, -1 on error. */
static int
vct_search(VcfRun *run, int attacker, int depth, int vcf_depth, Py_ssize_t zone_a, Py_ssize_t zone_b, int *length)
{
    KernelObject *self = run->board;
    int go_on = count_node(run);
    if (go_on <= 0)
        return go_on;
    int defender = 3 - attacker;
    if (self->class_count[defender][C_FIVE]) /* must answer a four: only fours keep the initiative */
        return vcf_search(run, attacker, vcf_depth, zone_a, zone_b, 0, length);
    int found = vcf_search(run, attacker, vcf_depth, zone_a, zone_b, 0, length);
    if (found != 0 || depth <= 0)
        return found;
    uint64_t key = self->hash ^ (uint64_t)attacker ^ (zone_a < 0 ? 0 : 0x3C3C3C3CULL);
    PyObject *key_object = PyLong_FromUnsignedLongLong(key);
    if (key_object == NULL)
        return -1;
    int known = memo_failed(run->vct_failed, key_object, depth);
    if (known != 0) {
        Py_DECREF(key_object);
        return known < 0 ? -1 : 0;
    }
    int32_t moves[MAX_MOVES];
    int count = collect_ranked(self, attacker, zone_a, zone_b, moves, threat_rank);
    sort_moves(moves, count);
    for (int k = 0; k < count; k++) {
        Py_ssize_t move = moves[k];
        if (do_make(self, move, attacker, 0) < 0) {
            Py_DECREF(key_object);
            return -1;
        }
        int wins = 0;
        if (!self->class_count[defender][C_FIVE]) /* else the three ignored a four of the defender */
            wins = every_defence_loses(run, attacker, depth - 1, vcf_depth, move);
        do_unmake(self);
        if (wins != 0) {
            Py_DECREF(key_object);
            if (wins == 1) {
                run->line[0] = move;
                *length = 1;
            }
            return wins;
        }
    }
    if (!run->aborted && memo_store(run->vct_failed, key_object, depth) < 0) {
        Py_DECREF(key_object);
        return -1;
    }
    Py_DECREF(key_object);
    return 0;
}

/* The defender to move against the attacker's `threat`: 1 when the attacker wins whatever
 * he does (threats._every_defence_loses), 0 when some defence holds, -1 on error. */
static int
every_defence_loses(VcfRun *run, int attacker, int depth, int vcf_depth, Py_ssize_t threat)
{
    KernelObject *self = run->board;
    int go_on = count_node(run);
    if (go_on <= 0)
        return go_on;
    int defender = 3 - attacker, length = 0;
    if (self->class_count[defender][C_FIVE])
        return 0;
    int32_t *attack = self->class_count[attacker];
    if (attack[C_FIVE] >= 2)
        return 1;
    if (attack[C_FIVE]) {
        Py_ssize_t block = first_of_class(self, attacker, C_FIVE);
        if (block < 0) {
            PyErr_SetString(PyExc_RuntimeError, "class counts disagree with the board (five point)");
            return -1;
        }
        if (blocked_by_forbidden(self, defender, block))
            return 1;
        if (do_make(self, block, defender, 0) < 0)
            return -1;
        int found = vct_search(run, attacker, depth, vcf_depth, threat, block, &length);
        do_unmake(self);
        return found;
    }
    if (!attack[C_FLEX4])
        return 0; /* no threat left */
    /* The defences, in cell order: his points that stop the four, and our own fours. */
    int32_t defences[MAX_MOVES];
    int count = 0;
    for (Py_ssize_t m = self->first_cell; m <= self->last_cell && count < MAX_MOVES; m++)
        if (self->cells[m] == 0 && (class_of(self, attacker, m) >= C_BLOCK4 || IS_FOUR_CLASS(class_of(self, defender, m))))
            defences[count++] = (int32_t)m;
    for (int k = 0; k < count; k++) {
        Py_ssize_t cell = defences[k];
        if (blocked_by_forbidden(self, defender, cell))
            continue;
        if (do_make(self, cell, defender, 0) < 0)
            return -1;
        int holds; /* 1: this defence holds, 0: it loses, -1: error */
        int32_t their_fives = self->class_count[defender][C_FIVE];
        if (their_fives) { /* a counter-four: the attacker must block, then the defender moves again */
            Py_ssize_t block = first_of_class(self, defender, C_FIVE);
            if (their_fives >= 2 || blocked_by_forbidden(self, attacker, block)) {
                holds = 1;
            } else if (do_make(self, block, attacker, 0) < 0) {
                holds = -1;
            } else {
                int loses = every_defence_loses(run, attacker, depth, vcf_depth, threat);
                holds = loses < 0 ? -1 : !loses;
                do_unmake(self);
            }
        } else {
            int found = vct_search(run, attacker, depth, vcf_depth, threat, cell, &length);
            holds = found < 0 ? -1 : !found;
        }
        do_unmake(self);
        if (holds != 0)
            return holds < 0 ? -1 : 0;
    }
    return 1;
}

PyDoc_STRVAR(Kernel_vcf_doc,
"vcf(attacker, depth, zone_a, zone_b, failed, max_nodes, poll) -> (line or None, nodes)\n\n"
"ThreatSearch.vcf in C: a winning line of fours for `attacker` (to move) as cells, or None.\n"
"zone_a/zone_b are the two cells whose 9x9 squares the fours must touch (-1: anywhere);\n"
"`failed` is the failure memo dict. Stops (returns None) after max_nodes nodes; calls\n"
"poll() (or nothing, for None) every 2048 nodes, and an exception it raises ends the search.");

/* Checks shared by vcf() and vct(). */
static int
check_threat_call(KernelObject *self, int attacker, int depth, Py_ssize_t zone_a, Py_ssize_t zone_b)
{
    if (attacker != 1 && attacker != 2) {
        PyErr_Format(PyExc_ValueError, "attacker must be 1 or 2, not %d", attacker);
        return -1;
    }
    if (depth > MAX_VCF_DEPTH) {
        PyErr_Format(PyExc_ValueError, "VCF depth %d is over %d", depth, MAX_VCF_DEPTH);
        return -1;
    }
    if ((zone_a >= 0 && check_cell(self, zone_a) < 0) || (zone_b >= 0 && check_cell(self, zone_b) < 0))
        return -1;
    if ((zone_a < 0) != (zone_b < 0)) {
        PyErr_SetString(PyExc_ValueError, "a zone has two cells or none");
        return -1;
    }
    return 0;
}

/* Undo what an error left on the board, then return (line or None, nodes). */
static PyObject *
threat_result(VcfRun *run, Py_ssize_t frames_before, int found, int length)
{
    KernelObject *self = run->board;
    while (self->frame_count > frames_before) /* only after an error: leave the board as it was */
        do_unmake(self);
    if (found < 0)
        return NULL;
    if (found == 0)
        return Py_BuildValue("(Ol)", Py_None, run->nodes);
    PyObject *line = PyList_New(length);
    if (line == NULL)
        return NULL;
    for (int k = 0; k < length; k++) {
        PyObject *cell = PyLong_FromSsize_t(run->line[k]);
        if (cell == NULL) {
            Py_DECREF(line);
            return NULL;
        }
        PyList_SET_ITEM(line, k, cell);
    }
    return Py_BuildValue("(Nl)", line, run->nodes);
}

static PyObject *
Kernel_vcf(KernelObject *self, PyObject *args)
{
    int attacker, depth;
    Py_ssize_t zone_a, zone_b;
    PyObject *failed, *poll;
    long max_nodes;
    if (!PyArg_ParseTuple(args, "iinnO!lO:vcf", &attacker, &depth, &zone_a, &zone_b, &PyDict_Type, &failed, &max_nodes,
                          &poll))
        return NULL;
    if (check_threat_call(self, attacker, depth, zone_a, zone_b) < 0)
        return NULL;
    VcfRun run = {.board = self, .failed = failed, .vct_failed = NULL, .nodes = 0, .max_nodes = max_nodes,
                  .poll = poll == Py_None ? NULL : poll, .next_poll = POLL_INTERVAL};
    int length = 0;
    Py_ssize_t frames_before = self->frame_count;
    int found = vcf_search(&run, attacker, depth, zone_a, zone_b, 0, &length);
    return threat_result(&run, frames_before, found, length);
}

PyDoc_STRVAR(Kernel_vct_doc,
"vct(attacker, depth, vcf_depth, zone_a, zone_b, vcf_failed, vct_failed, max_nodes, poll) -> (line or None, nodes)\n\n"
"ThreatSearch.vct in C: [first move] of a win by fours and open threes for `attacker` (to\n"
"move), or the VCF line when fours alone win; None without one. `depth` counts threes, each\n"
"attacker node first tries a VCF of `vcf_depth`; the memo dicts are threats.py's. max_nodes\n"
"and poll as in vcf().");

static PyObject *
Kernel_vct(KernelObject *self, PyObject *args)
{
    int attacker, depth, vcf_depth;
    Py_ssize_t zone_a, zone_b;
    PyObject *vcf_failed, *vct_failed, *poll;
    long max_nodes;
    if (!PyArg_ParseTuple(args, "iiinnO!O!lO:vct", &attacker, &depth, &vcf_depth, &zone_a, &zone_b, &PyDict_Type,
                          &vcf_failed, &PyDict_Type, &vct_failed, &max_nodes, &poll))
        return NULL;
    if (check_threat_call(self, attacker, vcf_depth, zone_a, zone_b) < 0)
        return NULL;
    if (depth > MAX_VCF_DEPTH) {
        PyErr_Format(PyExc_ValueError, "VCT depth %d is over %d", depth, MAX_VCF_DEPTH);
        return NULL;
    }
    VcfRun run = {.board = self, .failed = vcf_failed, .vct_failed = vct_failed, .nodes = 0, .max_nodes = max_nodes,
                  .poll = poll == Py_None ? NULL : poll, .next_poll = POLL_INTERVAL};
    int length = 0;
    Py_ssize_t frames_before = self->frame_count;
    int found = vct_search(&run, attacker, depth, vcf_depth, zone_a, zone_b, &length);
    return threat_result(&run, frames_before, found, length);
}

/* ------------------------------------------------------------------ move ordering */

typedef struct {
    int64_t score;
    Py_ssize_t cell;
} Scored;

static int
compare_scored(const void *a, const void *b)
{
    const Scored *x = a, *y = b;
    if (x->score != y->score)
        return x->score > y->score ? -1 : 1; /* best first */
    return x->cell < y->cell ? -1 : x->cell > y->cell; /* then the lower cell, as in Python */
}

PyDoc_STRVAR(Kernel_ordered_doc,
"ordered(side, forced, tt_move, killer_a, killer_b, history, limit) -> [cell, ...]\n\n"
"AlphaBeta.ordered_moves in C: candidates for `side`, best first. With `forced` (he has an\n"
"open three) only his four points and ours, never cut; otherwise the empty cells near a\n"
"stone, cut to `limit`. Renju-forbidden points are left out for black.");

static PyObject *
Kernel_ordered(KernelObject *self, PyObject *args)
{
    int side, forced;
    Py_ssize_t tt_move, killer_a, killer_b, limit;
    PyObject *history;
    if (!PyArg_ParseTuple(args, "ipnnnO!n:ordered", &side, &forced, &tt_move, &killer_a, &killer_b, &PyList_Type,
                          &history, &limit))
        return NULL;
    if (side != 1 && side != 2) {
        PyErr_Format(PyExc_ValueError, "side must be 1 or 2, not %d", side);
        return NULL;
    }
    if (PyList_GET_SIZE(history) != self->length) {
        PyErr_SetString(PyExc_ValueError, "history must have one entry per cell");
        return NULL;
    }
    int other = 3 - side;
    int check_forbidden = self->renju && side == BLACK;
    int64_t *own = self->packed[side], *theirs = self->packed[other];
    Scored scored[MAX_MOVES];
    int count = 0;
    for (Py_ssize_t m = self->first_cell; m <= self->last_cell && count < MAX_MOVES; m++) {
        if (self->cells[m] != 0)
            continue;
        if (forced) {
            int mine = (int)(own[m] & 15), his = (int)(theirs[m] & 15);
            if (!(his >= C_BLOCK4) && !IS_FOUR_CLASS(mine))
                continue; /* neither stops his three (DEFENCE_CLASSES) nor makes our four */
        } else if (!self->near[m]) {
            continue;
        }
        if (check_forbidden && (own[m] & 15) == C_FORBIDDEN)
            continue;
        int64_t past = PyLong_AsLongLong(PyList_GET_ITEM(history, m));
        if (past == -1 && PyErr_Occurred())
            return NULL;
        int64_t score = (own[m] >> 4) * 2 + (theirs[m] >> 4) + past;
        if (m == tt_move)
            score += (int64_t)1 << 40;
        else if (m == killer_a || m == killer_b)
            score += (int64_t)1 << 20;
        scored[count].score = score;
        scored[count].cell = m;
        count++;
    }
    qsort(scored, count, sizeof(Scored), compare_scored);
    if (!forced && count > limit)
        count = (int)Py_MAX(limit, 0);
    PyObject *moves = PyList_New(count);
    if (moves == NULL)
        return NULL;
    for (int k = 0; k < count; k++) {
        PyObject *cell = PyLong_FromSsize_t(scored[k].cell);
        if (cell == NULL) {
            Py_DECREF(moves);
            return NULL;
        }
        PyList_SET_ITEM(moves, k, cell);
    }
    return moves;
}

static PyObject *
Kernel_key(KernelObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "key(direction, cell)");
        return NULL;
    }
    Py_ssize_t d = PyLong_AsSsize_t(args[0]), cell = PyLong_AsSsize_t(args[1]);
    if (PyErr_Occurred())
        return NULL;
    if (d < 0 || d >= DIRECTIONS || cell < 0 || cell >= self->length) {
        PyErr_Format(PyExc_IndexError, "no line key for direction %zd at cell %zd", d, cell);
        return NULL;
    }
    return PyLong_FromUnsignedLong(self->keys[d][cell]);
}

static PyObject *
array_to_list(const uint32_t *values, Py_ssize_t length)
{
    PyObject *list = PyList_New(length);
    if (list == NULL)
        return NULL;
    for (Py_ssize_t k = 0; k < length; k++) {
        PyObject *value = PyLong_FromUnsignedLong(values[k]);
        if (value == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, value);
    }
    return list;
}

static PyObject *
Kernel_keys(KernelObject *self, PyObject *arg)
{
    Py_ssize_t d = PyLong_AsSsize_t(arg);
    if (d == -1 && PyErr_Occurred())
        return NULL;
    if (d < 0 || d >= DIRECTIONS) {
        PyErr_Format(PyExc_IndexError, "no direction %zd", d);
        return NULL;
    }
    return array_to_list(self->keys[d], self->length);
}

static PyObject *
Kernel_combined(KernelObject *self, PyObject *Py_UNUSED(ignored))
{
    return array_to_list(self->comb, self->length);
}

static PyObject *
Kernel_last(KernelObject *self, PyObject *Py_UNUSED(ignored))
{
    return PyLong_FromSsize_t(self->frame_count ? (Py_ssize_t)self->frames[self->frame_count - 1].cell : -1);
}

static PyObject *
Kernel_get_hash(KernelObject *self, void *Py_UNUSED(closure))
{
    return PyLong_FromUnsignedLongLong(self->hash);
}

static Py_ssize_t
Kernel_len(KernelObject *self)
{
    return self->frame_count;
}

static PyMethodDef Kernel_methods[] = {
    {"make", (PyCFunction)(void (*)(void))Kernel_make, METH_FASTCALL, Kernel_make_doc},
    {"unmake", (PyCFunction)Kernel_unmake, METH_NOARGS, Kernel_unmake_doc},
    {"vcf", (PyCFunction)Kernel_vcf, METH_VARARGS, Kernel_vcf_doc},
    {"vct", (PyCFunction)Kernel_vct, METH_VARARGS, Kernel_vct_doc},
    {"ordered", (PyCFunction)Kernel_ordered, METH_VARARGS, Kernel_ordered_doc},
    {"key", (PyCFunction)(void (*)(void))Kernel_key, METH_FASTCALL, PyDoc_STR("key(direction, cell) -> the cell's line key")},
    {"keys", (PyCFunction)Kernel_keys, METH_O, PyDoc_STR("keys(direction) -> every cell's line key, as a list")},
    {"combined", (PyCFunction)Kernel_combined, METH_NOARGS, PyDoc_STR("combined() -> every cell's packed patterns, as a list")},
    {"last", (PyCFunction)Kernel_last, METH_NOARGS, PyDoc_STR("last() -> the last cell played, or -1")},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Kernel_getset[] = {
    {"hash", (getter)Kernel_get_hash, NULL, PyDoc_STR("the Zobrist hash of the C state (equals EngineBoard.hash)"), NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PySequenceMethods Kernel_as_sequence = {
    .sq_length = (lenfunc)Kernel_len,
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.engine._kernel.Kernel",
    .tp_doc = PyDoc_STR("make/unmake and VCF over an EngineBoard: C arrays, mirrored into its lists and sets."),
    .tp_basicsize = sizeof(KernelObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = Kernel_new,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_traverse = (traverseproc)Kernel_traverse,
    .tp_clear = (inquiry)Kernel_clear,
    .tp_methods = Kernel_methods,
    .tp_getset = Kernel_getset,
    .tp_as_sequence = &Kernel_as_sequence,
};

/* ------------------------------------------------------------------ module */

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "game.engine._kernel",
    .m_doc = PyDoc_STR("Compiled make/unmake for the engine board (optional; state.py has the same in Python)."),
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__kernel(void)
{
    if (PyType_Ready(&TablesType) < 0 || PyType_Ready(&KernelType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&kernel_module);
    if (module == NULL)
        return NULL;
    Py_INCREF(&TablesType);
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(module, "Tables", (PyObject *)&TablesType) < 0 ||
        PyModule_AddObject(module, "Kernel", (PyObject *)&KernelType) < 0 ||
        PyModule_AddIntConstant(module, "API_VERSION", KERNEL_API_VERSION) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
