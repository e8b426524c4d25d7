/* The engine board's make/unmake, compiled: the same updates as EngineBoard.make and
 * EngineBoard.unmake in state.py, on the same Python lists and sets.
 *
 * Why: make/unmake is over 80% of the pure-Python search (cProfile on the speed
 * positions: 4.5 s of 5.3 s), so compiling just these two functions buys most of the
 * speed a compiled engine would, while every other part of the engine stays Python.
 *
 * The Python objects stay the single source of truth (cells, line keys, combined
 * patterns, packed cell values, threat-class sets, totals, near counts), so the search
 * reads them exactly as before and a board behaves the same with or without this
 * module. Only the undo log lives here, in C arrays. state.py falls back to its Python
 * make/unmake when this module is missing (no compiler when the game was installed)
 * or when GOMOKU_PURE_PYTHON is set; tests compare the two step by step.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* Bumped whenever the constructor's arguments or the semantics change: state.py only
 * uses a compiled module whose version it knows, so a stale build falls back to Python. */
#define KERNEL_API_VERSION 1

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

typedef struct {
    int32_t cell;      /* where the stone went */
    int32_t colour;
    int64_t total[3];  /* totals before the move */
    Py_ssize_t log_start;
} Frame;

typedef struct {
    int64_t cell, comb, black, white; /* a cell's values before the move changed them */
} Change;

typedef struct {
    PyObject_HEAD
    TablesObject *tables;
    /* the board's Python state (owned references) */
    PyObject *cells, *keys[DIRECTIONS], *comb, *packed[3], *sets[3][CLASS_COUNT], *total, *near;
    Py_ssize_t length;
    uint32_t mask[DIRECTIONS];
    Py_ssize_t offset[DIRECTIONS][SLOTS];
    long shift[DIRECTIONS][SLOTS];
    Py_ssize_t near_offset[NEAR_COUNT];
    Py_ssize_t reach; /* the farthest any update goes from the played cell */
    Frame *frames;
    Py_ssize_t frame_count, frame_capacity;
    Change *log;
    Py_ssize_t log_count, log_capacity;
} KernelObject;

static int
Kernel_traverse(KernelObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->tables);
    Py_VISIT(self->cells);
    Py_VISIT(self->comb);
    Py_VISIT(self->total);
    Py_VISIT(self->near);
    for (int d = 0; d < DIRECTIONS; d++)
        Py_VISIT(self->keys[d]);
    for (int c = 1; c < 3; c++) {
        Py_VISIT(self->packed[c]);
        for (int k = 0; k < CLASS_COUNT; k++)
            Py_VISIT(self->sets[c][k]);
    }
    return 0;
}

static int
Kernel_clear(KernelObject *self)
{
    Py_CLEAR(self->tables);
    Py_CLEAR(self->cells);
    Py_CLEAR(self->comb);
    Py_CLEAR(self->total);
    Py_CLEAR(self->near);
    for (int d = 0; d < DIRECTIONS; d++)
        Py_CLEAR(self->keys[d]);
    for (int c = 1; c < 3; c++) {
        Py_CLEAR(self->packed[c]);
        for (int k = 0; k < CLASS_COUNT; k++)
            Py_CLEAR(self->sets[c][k]);
    }
    return 0;
}

static void
Kernel_dealloc(KernelObject *self)
{
    PyObject_GC_UnTrack(self);
    Kernel_clear(self);
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

static int
read_ints(PyObject *sequence, Py_ssize_t count, const char *name, long long *out)
{
    PyObject *fast = PySequence_Fast(sequence, name);
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
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

static PyObject *
Kernel_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *tables, *cells, *keys, *comb, *packed, *sets, *total, *near;
    PyObject *masks, *offsets, *shifts, *near_offsets;
    static char *keywords[] = {"tables", "cells", "keys", "comb", "packed", "sets", "total", "near",
                               "masks", "offsets", "shifts", "near_offsets", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!OOOOOOOOOOO:Kernel", keywords, &TablesType, &tables, &cells,
                                     &keys, &comb, &packed, &sets, &total, &near, &masks, &offsets, &shifts,
                                     &near_offsets))
        return NULL;
    KernelObject *self = (KernelObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    Py_INCREF(tables);
    self->tables = (TablesObject *)tables;
    if (!PyList_CheckExact(cells)) {
        PyErr_SetString(PyExc_ValueError, "cells must be a list");
        goto fail;
    }
    Py_ssize_t length = self->length = PyList_GET_SIZE(cells);
    if (take_list(cells, length, "cells", &self->cells) < 0 || take_list(comb, length, "comb", &self->comb) < 0 ||
        take_list(near, length, "near", &self->near) < 0 || take_list(total, 3, "total", &self->total) < 0)
        goto fail;
    if (!PySequence_Check(keys) || PySequence_Size(keys) != DIRECTIONS) {
        PyErr_SetString(PyExc_ValueError, "keys: one list per direction (4)");
        goto fail;
    }
    for (int d = 0; d < DIRECTIONS; d++) {
        PyObject *list = PySequence_GetItem(keys, d);
        int failed = list == NULL || take_list(list, length, "keys[d]", &self->keys[d]) < 0;
        Py_XDECREF(list);
        if (failed)
            goto fail;
    }
    if (!PySequence_Check(packed) || PySequence_Size(packed) != 3 || !PySequence_Check(sets) ||
        PySequence_Size(sets) != 3) {
        PyErr_SetString(PyExc_ValueError, "packed and sets are indexed by colour (3 entries)");
        goto fail;
    }
    for (int c = 1; c < 3; c++) {
        PyObject *list = PySequence_GetItem(packed, c);
        int failed = list == NULL || take_list(list, length, "packed[c]", &self->packed[c]) < 0;
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
            self->sets[c][k] = one;
        }
        Py_DECREF(colour_sets);
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
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* Small helpers over the Python lists: items are ints by construction. */
static inline int64_t
get(PyObject *list, Py_ssize_t index)
{
    return PyLong_AsLongLong(PyList_GET_ITEM(list, index));
}

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

/* Move `cell` from the set of class `before` to the set of class `after` (either may be untracked). */
static inline int
move_class(KernelObject *self, int colour, Py_ssize_t cell, int64_t before, int64_t after)
{
    if (before == after)
        return 0;
    if (before >= FIRST_SET_CLASS && set_change(self->sets[colour][before], cell, 0) < 0)
        return -1;
    if (after >= FIRST_SET_CLASS && set_change(self->sets[colour][after], cell, 1) < 0)
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
    if (get(self->cells, i) != 0) {
        PyErr_Format(PyExc_ValueError, "cell %zd is not empty", i);
        return NULL;
    }
    if (grow((void **)&self->frames, &self->frame_capacity, self->frame_count + 1, sizeof(Frame)) < 0 ||
        grow((void **)&self->log, &self->log_capacity, self->log_count + DIRECTIONS * SLOTS, sizeof(Change)) < 0)
        return NULL;
    int64_t total[3] = {0, get(self->total, 1), get(self->total, 2)};
    Frame *frame = &self->frames[self->frame_count++];
    frame->cell = (int32_t)i;
    frame->colour = (int32_t)colour;
    frame->total[1] = total[1];
    frame->total[2] = total[2];
    frame->log_start = self->log_count;

    if (put(self->cells, i, colour) < 0)
        return NULL;
    /* The cell stops being a candidate: take its values out of the totals. */
    for (int c = 1; c < 3; c++) {
        int64_t before = get(self->packed[c], i);
        total[c] -= before >> 4;
        if ((before & 15) >= FIRST_SET_CLASS && set_change(self->sets[c][before & 15], i, 0) < 0)
            return NULL;
    }
    int64_t *black_cells = self->tables->cells[1], *white_cells = self->tables->cells[2];
    for (int d = 0; d < DIRECTIONS; d++) {
        PyObject *keys = self->keys[d];
        uint32_t *joint = self->tables->joint[d];
        uint32_t mask = self->mask[d];
        for (int s = 0; s < SLOTS; s++) {
            Py_ssize_t m = wrap(self, i + self->offset[d][s]);
            int64_t key = get(keys, m) + ((int64_t)colour << self->shift[d][s]);
            if (key < 0 || key >= TABLE_SIZE) {
                PyErr_Format(PyExc_RuntimeError, "line key %lld out of range at cell %zd", (long long)key, m);
                return NULL;
            }
            if (put(keys, m, key) < 0)
                return NULL;
            if (get(self->cells, m) != 0)
                continue;
            int64_t old = get(self->comb, m);
            int64_t updated = (int64_t)(((uint32_t)old & mask) | joint[key]);
            if (updated == old)
                continue;
            if (put(self->comb, m, updated) < 0)
                return NULL;
            int64_t old_black = get(self->packed[1], m), old_white = get(self->packed[2], m);
            Change *change = &self->log[self->log_count++];
            change->cell = m;
            change->comb = old;
            change->black = old_black;
            change->white = old_white;
            int64_t after = black_cells[updated & 0xFFFF];
            if (after != old_black) {
                if (put(self->packed[1], m, after) < 0)
                    return NULL;
                total[1] += (after >> 4) - (old_black >> 4);
                if (move_class(self, 1, m, old_black & 15, after & 15) < 0)
                    return NULL;
            }
            after = white_cells[(updated >> 16) & 0xFFFF];
            if (after != old_white) {
                if (put(self->packed[2], m, after) < 0)
                    return NULL;
                total[2] += (after >> 4) - (old_white >> 4);
                if (move_class(self, 2, m, old_white & 15, after & 15) < 0)
                    return NULL;
            }
        }
    }
    for (int k = 0; k < NEAR_COUNT; k++) {
        Py_ssize_t m = wrap(self, i + self->near_offset[k]);
        if (put(self->near, m, get(self->near, m) + 1) < 0)
            return NULL;
    }
    if (put(self->total, 1, total[1]) < 0 || put(self->total, 2, total[2]) < 0)
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
    Frame *frame = &self->frames[--self->frame_count];
    Py_ssize_t i = frame->cell;
    long colour = frame->colour;
    if (put(self->cells, i, 0) < 0)
        return NULL;
    for (int d = 0; d < DIRECTIONS; d++) {
        PyObject *keys = self->keys[d];
        for (int s = 0; s < SLOTS; s++) {
            Py_ssize_t m = wrap(self, i + self->offset[d][s]);
            if (put(keys, m, get(keys, m) - ((int64_t)colour << self->shift[d][s])) < 0)
                return NULL;
        }
    }
    for (Py_ssize_t k = self->log_count - 1; k >= frame->log_start; k--) {
        Change *change = &self->log[k];
        Py_ssize_t m = (Py_ssize_t)change->cell;
        if (put(self->comb, m, change->comb) < 0)
            return NULL;
        int64_t olds[3] = {0, change->black, change->white};
        for (int c = 1; c < 3; c++) {
            int64_t now = get(self->packed[c], m);
            if (olds[c] == now)
                continue;
            if (put(self->packed[c], m, olds[c]) < 0 || move_class(self, c, m, now & 15, olds[c] & 15) < 0)
                return NULL;
        }
    }
    self->log_count = frame->log_start;
    /* The cell is empty again with the patterns it had: put it back in the sets. */
    for (int c = 1; c < 3; c++) {
        int64_t cls = get(self->packed[c], i) & 15;
        if (cls >= FIRST_SET_CLASS && set_change(self->sets[c][cls], i, 1) < 0)
            return NULL;
    }
    if (put(self->total, 1, frame->total[1]) < 0 || put(self->total, 2, frame->total[2]) < 0)
        return NULL;
    for (int k = 0; k < NEAR_COUNT; k++) {
        Py_ssize_t m = wrap(self, i + self->near_offset[k]);
        if (put(self->near, m, get(self->near, m) - 1) < 0)
            return NULL;
    }
    return PyLong_FromSsize_t(i);
}

static PyObject *
Kernel_moves(KernelObject *self, PyObject *Py_UNUSED(ignored))
{
    PyObject *moves = PyList_New(self->frame_count);
    if (moves == NULL)
        return NULL;
    for (Py_ssize_t k = 0; k < self->frame_count; k++) {
        PyObject *pair = Py_BuildValue("(ni)", (Py_ssize_t)self->frames[k].cell, (int)self->frames[k].colour);
        if (pair == NULL) {
            Py_DECREF(moves);
            return NULL;
        }
        PyList_SET_ITEM(moves, k, pair);
    }
    return moves;
}

static PyObject *
Kernel_last(KernelObject *self, PyObject *Py_UNUSED(ignored))
{
    return PyLong_FromSsize_t(self->frame_count ? (Py_ssize_t)self->frames[self->frame_count - 1].cell : -1);
}

static Py_ssize_t
Kernel_len(KernelObject *self)
{
    return self->frame_count;
}

static PyMethodDef Kernel_methods[] = {
    {"make", (PyCFunction)(void (*)(void))Kernel_make, METH_FASTCALL, Kernel_make_doc},
    {"unmake", (PyCFunction)Kernel_unmake, METH_NOARGS, Kernel_unmake_doc},
    {"moves", (PyCFunction)Kernel_moves, METH_NOARGS, PyDoc_STR("moves() -> [(cell, colour), ...] in play order")},
    {"last", (PyCFunction)Kernel_last, METH_NOARGS, PyDoc_STR("last() -> the last cell played, or -1")},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Kernel_as_sequence = {
    .sq_length = (lenfunc)Kernel_len,
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.engine._kernel.Kernel",
    .tp_doc = PyDoc_STR("make/unmake over an EngineBoard's lists and sets, with the undo log in C."),
    .tp_basicsize = sizeof(KernelObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = Kernel_new,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_traverse = (traverseproc)Kernel_traverse,
    .tp_clear = (inquiry)Kernel_clear,
    .tp_methods = Kernel_methods,
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
