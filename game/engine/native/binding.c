/* game.engine._kernel: the Python face of the compiled engine core (the other files in
 * this folder, which hold no Python).
 *
 * The board lives twice: in the C Board, and in the Python lists and sets the rest of the
 * engine reads (cells, packed cell values, class sets, totals, near counts). make/unmake
 * called from Python update both ("mirrored"); the compiled searches make and unmake their
 * moves on the C board only and undo them all before they return, so Python never sees the
 * difference. Large read-only or shared arrays (pattern tables, Zobrist keys, the search
 * history) are Python arrays that C reads in place through the buffer protocol.
 * state.py falls back to its Python code when this module is missing (no compiler when the
 * game was installed) or GOMOKU_PURE_PYTHON is set; tests compare the two step by step and
 * search by search.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "board.h"
#include "memo.h"
#include "order.h"
#include "search.h"
#include "threats.h"

/* Bumped whenever the constructor's arguments or the semantics change: state.py only
 * uses a compiled module whose version it knows, so a stale build falls back to Python. */
#define KERNEL_API_VERSION 11
#define FIRST_SET_CLASS 2 /* cells of class >= C_FLEX3 are kept in per-class sets */
#define TABLE_COUNT 6     /* four joint tables (uint32), two cell tables (int32) */

/* Turn a core error code into a Python exception (unless one is set already); NULL. */
static PyObject *
raise_core_error(int code)
{
    if (PyErr_Occurred())
        return NULL;
    switch (code) {
    case K_NO_MEMORY: return PyErr_NoMemory();
    case K_BAD_KEY: PyErr_SetString(PyExc_RuntimeError, "a line key left its table (bad board setup)"); break;
    case K_BROKEN: PyErr_SetString(PyExc_RuntimeError, "class counts disagree with the board"); break;
    default: PyErr_Format(PyExc_RuntimeError, "engine kernel error %d", code);
    }
    return NULL;
}

/* Hold a writable-or-not buffer of exactly `count` items of `size` bytes (an array.array). */
static int
hold_buffer(PyObject *object, Py_ssize_t count, Py_ssize_t size, const char *name, Py_buffer *view)
{
    if (PyObject_GetBuffer(object, view, PyBUF_SIMPLE) < 0)
        return -1;
    if (view->len != count * size) {
        PyErr_Format(PyExc_ValueError, "%s must be an array of %zd items of %zd bytes", name, count, size);
        PyBuffer_Release(view);
        view->obj = NULL;
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ Memo */

typedef struct {
    PyObject_HEAD
    Memo memo;
} MemoObject;

static PyObject *
Memo_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    if (!PyArg_ParseTuple(args, ":Memo"))
        return NULL;
    MemoObject *self = (MemoObject *)type->tp_alloc(type, 0);
    if (self != NULL)
        memo_init(&self->memo);
    return (PyObject *)self;
}

static void
Memo_dealloc(MemoObject *self)
{
    memo_free(&self->memo);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *
Memo_to_dict(MemoObject *self, PyObject *Py_UNUSED(ignored))
{
    PyObject *dict = PyDict_New();
    for (size_t k = 0; dict != NULL && k < self->memo.capacity; k++) {
        if (self->memo.depths[k] == 0)
            continue;
        PyObject *key = PyLong_FromUnsignedLongLong(self->memo.keys[k]);
        PyObject *depth = PyLong_FromLong(self->memo.depths[k] - 1);
        if (key == NULL || depth == NULL || PyDict_SetItem(dict, key, depth) < 0)
            Py_CLEAR(dict);
        Py_XDECREF(key);
        Py_XDECREF(depth);
    }
    return dict;
}

static PyMethodDef Memo_methods[] = {
    {"to_dict", (PyCFunction)Memo_to_dict, METH_NOARGS, PyDoc_STR("to_dict() -> {position key: failed depth}")},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject MemoType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.engine._kernel.Memo",
    .tp_doc = PyDoc_STR("A threat search's failure memo (position key -> deepest failed depth), kept in C."),
    .tp_basicsize = sizeof(MemoObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Memo_new,
    .tp_dealloc = (destructor)Memo_dealloc,
    .tp_methods = Memo_methods,
};

/* ------------------------------------------------------------------ Kernel */

typedef struct {
    PyObject_HEAD
    /* The board's Python state (owned references; set up by EngineBoard with the same
     * layout as board_setup), kept equal to the C board except inside a compiled search. */
    PyObject *py_cells, *py_packed[3], *py_sets[3][CLASS_COUNT], *py_total, *py_near;
    Py_buffer tables[TABLE_COUNT], zobrist[3]; /* held for as long as the board reads them */
    Tables table_pointers;
    Board board;
} KernelObject;

/* No GC support: the mirrors hold only ints and sets of ints, so no cycle runs through a Kernel. */
static void
Kernel_dealloc(KernelObject *self)
{
    Py_XDECREF(self->py_cells);
    Py_XDECREF(self->py_total);
    Py_XDECREF(self->py_near);
    for (int c = 1; c < 3; c++) {
        Py_XDECREF(self->py_packed[c]);
        for (int k = 0; k < CLASS_COUNT; k++)
            Py_XDECREF(self->py_sets[c][k]);
        if (self->zobrist[c].obj != NULL)
            PyBuffer_Release(&self->zobrist[c]);
    }
    for (int k = 0; k < TABLE_COUNT; k++)
        if (self->tables[k].obj != NULL)
            PyBuffer_Release(&self->tables[k]);
    board_free(&self->board);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Keep a reference to a list of `length` items (a mirror). */
static int
take_list(PyObject *object, Py_ssize_t length, const char *name, PyObject **slot)
{
    if (!PyList_CheckExact(object) || PyList_GET_SIZE(object) != length) {
        PyErr_Format(PyExc_ValueError, "%s must be a list of %zd ints", name, length);
        return -1;
    }
    *slot = Py_NewRef(object);
    return 0;
}

/* Hold the pattern tables (a tuple of six arrays) where the C board will read them. */
static int
hold_tables(KernelObject *self, PyObject *tables)
{
    if (!PyTuple_Check(tables) || PyTuple_GET_SIZE(tables) != TABLE_COUNT) {
        PyErr_SetString(PyExc_ValueError, "tables: (joint0, joint1, joint2, joint3, black_cells, white_cells)");
        return -1;
    }
    for (int k = 0; k < TABLE_COUNT; k++) {
        Py_ssize_t size = k < DIRECTIONS ? sizeof(uint32_t) : sizeof(int32_t);
        if (hold_buffer(PyTuple_GET_ITEM(tables, k), TABLE_SIZE, size, "a pattern table", &self->tables[k]) < 0)
            return -1;
    }
    for (int d = 0; d < DIRECTIONS; d++)
        self->table_pointers.joint[d] = self->tables[d].buf;
    self->table_pointers.cells[1] = self->tables[DIRECTIONS].buf;
    self->table_pointers.cells[2] = self->tables[DIRECTIONS + 1].buf;
    return 0;
}

/* Hold the Zobrist keys (a sequence indexed by colour of uint64 arrays, one key per cell). */
static int
hold_zobrist(KernelObject *self, PyObject *zobrist)
{
    for (int c = 1; c < 3; c++) {
        PyObject *keys = PySequence_GetItem(zobrist, c);
        int failed = keys == NULL ||
                     hold_buffer(keys, self->board.length, sizeof(uint64_t), "zobrist keys", &self->zobrist[c]) < 0;
        Py_XDECREF(keys);
        if (failed)
            return -1;
        self->board.zobrist[c] = self->zobrist[c].buf;
    }
    return 0;
}

static PyObject *
Kernel_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *tables, *zobrist, *cells, *packed, *sets, *total, *near;
    int size, renju;
    unsigned long long hash;
    static char *keywords[] = {"tables", "zobrist", "size", "renju", "cells", "packed", "sets", "total", "near",
                               "hash", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOipOOOOOK:Kernel", keywords, &tables, &zobrist, &size, &renju,
                                     &cells, &packed, &sets, &total, &near, &hash))
        return NULL;
    if (size < 5 || size > 25)
        return PyErr_Format(PyExc_ValueError, "board size must be 5..25, not %d", size);
    KernelObject *self = (KernelObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    Board *board = &self->board;
    if (hold_tables(self, tables) < 0)
        goto fail;
    if (board_setup(board, &self->table_pointers, size, renju) < 0) {
        PyErr_NoMemory();
        goto fail;
    }
    if (hold_zobrist(self, zobrist) < 0)
        goto fail;
    board->hash = hash;
    Py_ssize_t length = board->length;
    if (take_list(cells, length, "cells", &self->py_cells) < 0 || take_list(near, length, "near", &self->py_near) < 0 ||
        take_list(total, 3, "total", &self->py_total) < 0)
        goto fail;
    if (!PySequence_Check(packed) || PySequence_Size(packed) != 3 || !PySequence_Check(sets) ||
        PySequence_Size(sets) != 3) {
        PyErr_SetString(PyExc_ValueError, "packed and sets are indexed by colour (3 entries)");
        goto fail;
    }
    for (int c = 1; c < 3; c++) {
        PyObject *list = PySequence_GetItem(packed, c);
        int failed = list == NULL || take_list(list, length, "packed[c]", &self->py_packed[c]) < 0;
        Py_XDECREF(list);
        PyObject *colour_sets = failed ? NULL : PySequence_GetItem(sets, c);
        if (colour_sets == NULL)
            goto fail;
        for (int k = 0; k < CLASS_COUNT; k++) {
            PyObject *one = PySequence_GetItem(colour_sets, k);
            if (one == NULL || !PySet_Check(one)) {
                Py_XDECREF(one);
                Py_DECREF(colour_sets);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "sets[c] must hold one set per class (10)");
                goto fail;
            }
            self->py_sets[c][k] = one;
        }
        Py_DECREF(colour_sets);
    }
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* ---------------------------------------------------------------- the mirror */

static int
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

static int
set_change(PyObject *set, Py_ssize_t cell, int add)
{
    PyObject *number = PyLong_FromSsize_t(cell);
    if (number == NULL)
        return -1;
    int result = add ? PySet_Add(set, number) : PySet_Discard(set, number);
    Py_DECREF(number);
    return result < 0 ? -1 : 0;
}

/* One cell's Python packed values and class sets from `was` to `now`. */
static int
mirror_cell(KernelObject *self, Py_ssize_t m, const int32_t *was, const int32_t *now)
{
    for (int c = 1; c < 3; c++) {
        if (was[c] == now[c])
            continue;
        if (put(self->py_packed[c], m, now[c]) < 0)
            return -1;
        int old_class = was[c] & 15, new_class = now[c] & 15;
        if (old_class != new_class &&
            ((old_class >= FIRST_SET_CLASS && set_change(self->py_sets[c][old_class], m, 0) < 0) ||
             (new_class >= FIRST_SET_CLASS && set_change(self->py_sets[c][new_class], m, 1) < 0)))
            return -1;
    }
    return 0;
}

/* After the C board made (`placed`) or took back a stone at i: update the Python state. */
static int
mirror_move(KernelObject *self, Py_ssize_t i, int placed, const CellChange *changes, int count)
{
    Board *board = &self->board;
    if (put(self->py_cells, i, board->cells[i]) < 0)
        return -1;
    for (int c = 1; c < 3; c++) { /* the played cell leaves (or rejoins) its class sets */
        int cls = board->packed[c][i] & 15;
        if (cls >= FIRST_SET_CLASS && set_change(self->py_sets[c][cls], i, !placed) < 0)
            return -1;
    }
    for (int k = 0; k < count; k++) {
        const CellChange *change = &changes[k];
        if (mirror_cell(self, change->cell, placed ? change->before : change->after,
                        placed ? change->after : change->before) < 0)
            return -1;
    }
    for (int k = 0; k < NEAR_COUNT; k++) {
        Py_ssize_t m = board_wrap(board, i + board->near_offset[k]);
        if (put(self->py_near, m, board->near[m]) < 0)
            return -1;
    }
    return put(self->py_total, 1, board->total[1]) < 0 || put(self->py_total, 2, board->total[2]) < 0 ? -1 : 0;
}

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
    Board *board = &self->board;
    if (!board_cell_in_range(board, i))
        return PyErr_Format(PyExc_IndexError, "cell %zd is not on the board", i);
    if (colour != 1 && colour != 2)
        return PyErr_Format(PyExc_ValueError, "colour must be 1 or 2, not %ld", colour);
    if (board->cells[i] != 0)
        return PyErr_Format(PyExc_ValueError, "cell %zd is not empty", i);
    int error = board_make(board, i, (int)colour);
    if (error < 0)
        return raise_core_error(error);
    CellChange changes[DIRECTIONS * SLOTS];
    if (mirror_move(self, i, 1, changes, board_last_changes(board, changes)) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *
Kernel_unmake(KernelObject *self, PyObject *Py_UNUSED(ignored))
{
    Board *board = &self->board;
    if (board->frame_count == 0) {
        PyErr_SetString(PyExc_IndexError, "unmake with no move made");
        return NULL;
    }
    CellChange changes[DIRECTIONS * SLOTS];
    int count = board_last_changes(board, changes);
    ptrdiff_t cell = board_unmake(board);
    if (mirror_move(self, cell, 0, changes, count) < 0)
        return NULL;
    return PyLong_FromSsize_t(cell);
}

/* ---------------------------------------------------------------- threat searches */

/* The threat search's poll: a Python callable (the clock's check) that raises to stop. */
static int
call_python_check(void *callable)
{
    PyObject *result = PyObject_CallNoArgs((PyObject *)callable);
    Py_XDECREF(result);
    return result == NULL;
}

PyDoc_STRVAR(Kernel_threat_doc,
"threat(attacker, depth, vcf_depth, zone_a, zone_b, vcf_failed, vct_failed, max_nodes, poll)\n"
"    -> (line or None, nodes)\n\n"
"With vct_failed None, ThreatSearch.vcf in C: a winning line of `depth` fours at most for\n"
"`attacker` (to move), as cells (vcf_depth is ignored). With a Memo, ThreatSearch.vct: [first\n"
"move] of a win by fours and `depth` open threes, each attacker node first trying a VCF of\n"
"vcf_depth (or the VCF line when fours alone win). zone_a/zone_b: the two cells whose 9x9\n"
"squares the threats must touch (-1: anywhere). Gives up (None) after max_nodes nodes; calls\n"
"poll() (if not None) every 2048 nodes, and an exception it raises ends the search.");

static PyObject *
Kernel_threat(KernelObject *self, PyObject *args)
{
    int attacker, depth, vcf_depth;
    Py_ssize_t zone_a, zone_b;
    PyObject *vcf_failed, *vct_failed, *poll;
    long max_nodes;
    if (!PyArg_ParseTuple(args, "iiinnO!OlO:threat", &attacker, &depth, &vcf_depth, &zone_a, &zone_b, &MemoType,
                          &vcf_failed, &vct_failed, &max_nodes, &poll))
        return NULL;
    int is_vct = vct_failed != Py_None;
    if (is_vct && !PyObject_TypeCheck(vct_failed, &MemoType))
        return PyErr_Format(PyExc_TypeError, "vct_failed must be a Memo or None");
    if (attacker != 1 && attacker != 2)
        return PyErr_Format(PyExc_ValueError, "attacker must be 1 or 2, not %d", attacker);
    if (depth > MAX_VCF_DEPTH || (is_vct && vcf_depth > MAX_VCF_DEPTH))
        return PyErr_Format(PyExc_ValueError, "search depth is over %d", MAX_VCF_DEPTH);
    if ((zone_a < 0) != (zone_b < 0))
        return PyErr_Format(PyExc_ValueError, "a zone has two cells or none");
    if (zone_a >= 0 && (!board_cell_in_range(&self->board, zone_a) || !board_cell_in_range(&self->board, zone_b)))
        return PyErr_Format(PyExc_IndexError, "zone cell is not on the board");
    ThreatRun run;
    Poll checker = {poll == Py_None ? NULL : call_python_check, poll};
    threat_run_init(&run, &self->board, &((MemoObject *)vcf_failed)->memo,
                    is_vct ? &((MemoObject *)vct_failed)->memo : NULL, max_nodes, checker);
    int found = is_vct ? vct(&run, attacker, depth, vcf_depth, zone_a, zone_b) : vcf(&run, attacker, depth, zone_a, zone_b);
    if (found < 0)
        return raise_core_error(found);
    if (found == 0)
        return Py_BuildValue("(Ol)", Py_None, run.nodes);
    PyObject *line = PyList_New(run.length);
    for (int k = 0; line != NULL && k < run.length; k++) {
        PyObject *cell = PyLong_FromLong(run.line[k]);
        if (cell == NULL)
            Py_CLEAR(line);
        else
            PyList_SET_ITEM(line, k, cell);
    }
    return line == NULL ? NULL : Py_BuildValue("(Nl)", line, run.nodes);
}

/* ---------------------------------------------------------------- move ordering and queries */

PyDoc_STRVAR(Kernel_ordered_doc,
"ordered(side, forced, tt_move, killer_a, killer_b, history, limit) -> [cell, ...]\n\n"
"AlphaBeta.ordered_moves in C: candidates for `side`, best first. With `forced` (he has an\n"
"open three) only his four points and ours, never cut; otherwise the empty cells near a\n"
"stone, cut to `limit`. Renju-forbidden points are left out for black. history: an\n"
"array('q') with one entry per cell.");

static PyObject *
Kernel_ordered(KernelObject *self, PyObject *args)
{
    int side, forced;
    Py_ssize_t tt_move, killer_a, killer_b, limit;
    PyObject *history;
    if (!PyArg_ParseTuple(args, "ipnnnOn:ordered", &side, &forced, &tt_move, &killer_a, &killer_b, &history, &limit))
        return NULL;
    if (side != 1 && side != 2)
        return PyErr_Format(PyExc_ValueError, "side must be 1 or 2, not %d", side);
    Py_buffer view;
    if (hold_buffer(history, self->board.length, sizeof(int64_t), "history", &view) < 0)
        return NULL;
    int32_t moves[MAX_MOVES];
    int count = order_moves(&self->board, side, forced, tt_move, killer_a, killer_b, view.buf, limit, moves);
    PyBuffer_Release(&view);
    PyObject *list = PyList_New(count);
    for (int k = 0; list != NULL && k < count; k++) {
        PyObject *cell = PyLong_FromLong(moves[k]);
        if (cell == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, k, cell);
    }
    return list;
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
    if (d < 0 || d >= DIRECTIONS || cell < 0 || cell >= self->board.length)
        return PyErr_Format(PyExc_IndexError, "no line key for direction %zd at cell %zd", d, cell);
    return PyLong_FromUnsignedLong(self->board.keys[d][cell]);
}

static PyObject *
Kernel_keys(KernelObject *self, PyObject *arg)
{
    Py_ssize_t d = PyLong_AsSsize_t(arg);
    if (d == -1 && PyErr_Occurred())
        return NULL;
    if (d < 0 || d > DIRECTIONS)
        return PyErr_Format(PyExc_IndexError, "no direction %zd", d);
    const uint32_t *values = d < DIRECTIONS ? self->board.keys[d] : self->board.comb;
    PyObject *list = PyList_New(self->board.length);
    for (Py_ssize_t k = 0; list != NULL && k < self->board.length; k++) {
        PyObject *value = PyLong_FromUnsignedLong(values[k]);
        if (value == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, k, value);
    }
    return list;
}

static PyObject *
Kernel_last(KernelObject *self, PyObject *Py_UNUSED(ignored))
{
    const Board *board = &self->board;
    return PyLong_FromSsize_t(board->frame_count ? (Py_ssize_t)board->frames[board->frame_count - 1].cell : -1);
}

static PyObject *
Kernel_get_hash(KernelObject *self, void *Py_UNUSED(closure))
{
    return PyLong_FromUnsignedLongLong(self->board.hash);
}

static Py_ssize_t
Kernel_len(KernelObject *self)
{
    return self->board.frame_count;
}

static PyMethodDef Kernel_methods[] = {
    {"make", (PyCFunction)(void (*)(void))Kernel_make, METH_FASTCALL,
     PyDoc_STR("make(cell, colour): place colour (1 or 2) on the empty cell, on both boards")},
    {"unmake", (PyCFunction)Kernel_unmake, METH_NOARGS, PyDoc_STR("unmake() -> cell: take back the last stone")},
    {"threat", (PyCFunction)Kernel_threat, METH_VARARGS, Kernel_threat_doc},
    {"ordered", (PyCFunction)Kernel_ordered, METH_VARARGS, Kernel_ordered_doc},
    {"key", (PyCFunction)(void (*)(void))Kernel_key, METH_FASTCALL, PyDoc_STR("key(direction, cell) -> the cell's line key")},
    {"keys", (PyCFunction)Kernel_keys, METH_O,
     PyDoc_STR("keys(d) -> every cell's line key in direction d (0-3), or its packed patterns (d = 4)")},
    {"last", (PyCFunction)Kernel_last, METH_NOARGS, PyDoc_STR("last() -> the last cell played, or -1")},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Kernel_getset[] = {
    {"hash", (getter)Kernel_get_hash, NULL, PyDoc_STR("the Zobrist hash of the C board (equals EngineBoard.hash)"), NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PySequenceMethods Kernel_as_sequence = {.sq_length = (lenfunc)Kernel_len};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.engine._kernel.Kernel",
    .tp_doc = PyDoc_STR("Kernel(tables, zobrist, size, renju, cells, packed, sets, total, near, hash): the C board\n"
                        "under an EngineBoard, mirrored into its lists and sets, and the threat searches over it."),
    .tp_basicsize = sizeof(KernelObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Kernel_new,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
    .tp_getset = Kernel_getset,
    .tp_as_sequence = &Kernel_as_sequence,
};

/* ------------------------------------------------------------------ Table */

typedef struct {
    PyObject_HEAD
    TT tt;
} TableObject;

static PyObject *
Table_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    Py_ssize_t entries;
    if (!PyArg_ParseTuple(args, "n:Table", &entries))
        return NULL;
    TableObject *self = (TableObject *)type->tp_alloc(type, 0);
    if (self != NULL && tt_init_fixed(&self->tt, entries > 0 ? (size_t)entries : 0) < 0) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void
Table_dealloc(TableObject *self)
{
    tt_free(&self->tt);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.engine._kernel.Table",
    .tp_doc = PyDoc_STR("Table(entries): a fixed-size transposition table with depth-preferred replacement,\n"
                        "for keeping across the searches of a game (see native/tt.h)."),
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Table_new,
    .tp_dealloc = (destructor)Table_dealloc,
};

/* ------------------------------------------------------------------ Search */

typedef struct {
    PyObject_HEAD
    KernelObject *kernel;
    MemoObject *memo;
    TableObject *table; /* NULL: the search's own exact table (own_tt) */
    TT own_tt;
    Py_buffer history;
    Search search;
} SearchObject;

static void
Search_dealloc(SearchObject *self)
{
    tt_free(&self->own_tt);
    Py_XDECREF(self->table);
    if (self->history.obj != NULL)
        PyBuffer_Release(&self->history);
    Py_XDECREF(self->kernel);
    Py_XDECREF(self->memo);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *
Search_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *kernel, *memo, *history, *table;
    SearchConfig config = {.eval = EVAL_HANDSET}; /* evaluation: the weights table's numbers (eval.h) */
    unsigned long long noise_key;
    static char *keywords[] = {"kernel", "vcf_failed", "history", "table", "width", "node_vcf", "noise", "noise_key",
                               "sees_threes", "quiet_threes", "features", "evaluation", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!O!OOiiiKppi|(iiii):Search", keywords, &KernelType, &kernel,
                                     &MemoType, &memo, &history, &table, &config.width, &config.node_vcf,
                                     &config.noise, &noise_key, &config.sees_threes, &config.quiet_threes,
                                     &config.features, &config.eval.scale_num, &config.eval.scale_den,
                                     &config.eval.double_three, &config.eval.tempo))
        return NULL;
    if (config.eval.scale_den <= 0)
        return PyErr_Format(PyExc_ValueError, "evaluation: the mover scale's denominator must be positive");
    if (table != Py_None && !PyObject_TypeCheck(table, &TableType))
        return PyErr_Format(PyExc_TypeError, "table must be a Table or None");
    if (config.node_vcf < 0 || config.node_vcf > MAX_VCF_DEPTH || config.noise < 0)
        return PyErr_Format(PyExc_ValueError, "node_vcf must be in 0..%d and noise >= 0", MAX_VCF_DEPTH);
    config.noise_key = noise_key;
    SearchObject *self = (SearchObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->kernel = (KernelObject *)Py_NewRef(kernel);
    self->memo = (MemoObject *)Py_NewRef(memo);
    Board *board = &self->kernel->board;
    if (hold_buffer(history, board->length, sizeof(int64_t), "history", &self->history) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    tt_init(&self->own_tt);
    TT *tt = &self->own_tt;
    if (table != Py_None) {
        self->table = (TableObject *)Py_NewRef(table);
        tt = &self->table->tt;
        tt_new_search(tt);
    }
    search_init(&self->search, board, config, tt, &self->memo->memo, self->history.buf);
    return (PyObject *)self;
}

/* The stop flag's poll: a callable whose truth means stop (an exception it raises stops too). */
static int
call_python_flag(void *callable)
{
    PyObject *result = PyObject_CallNoArgs((PyObject *)callable);
    int set = result == NULL ? 1 : PyObject_IsTrue(result);
    Py_XDECREF(result);
    return set != 0;
}

PyDoc_STRVAR(Search_negamax_doc,
"negamax(depth, alpha, beta, ply, side, nodes, next_check, interval, max_nodes, seconds, stop)\n"
"    -> (score, nodes, next_check, halt)\n\n"
"AlphaBeta.negamax in C on the kernel's board (left as it was). The clock is the Python\n"
"Clock's state: node count, next check, check interval, node budget (-1: none), seconds to\n"
"the deadline (-1: none); stop() (or None) is asked every few checks. halt: 0 finished,\n"
"1 stop flag, 2 deadline, 3 node budget (then the score means nothing).");

static PyObject *
Search_negamax(SearchObject *self, PyObject *args)
{
    int depth, alpha, beta, ply, side;
    long nodes, next_check, interval, max_nodes;
    double seconds;
    PyObject *stop;
    if (!PyArg_ParseTuple(args, "iiiiilllldO:negamax", &depth, &alpha, &beta, &ply, &side, &nodes, &next_check,
                          &interval, &max_nodes, &seconds, &stop))
        return NULL;
    if (side != 1 && side != 2)
        return PyErr_Format(PyExc_ValueError, "side must be 1 or 2, not %d", side);
    if (ply < 0 || ply > MAX_PLY || depth > 1000 || interval < 1)
        return PyErr_Format(PyExc_ValueError, "ply must be in 0..%d, depth at most 1000, interval at least 1", MAX_PLY);
    Search *search = &self->search;
    SearchClock *clock = &search->clock;
    clock->nodes = nodes;
    clock->next_check = next_check;
    clock->interval = interval;
    clock->max_nodes = max_nodes;
    clock->deadline = seconds < 0 ? -1.0 : timer_now() + seconds;
    clock->stop.poll = stop == Py_None ? NULL : call_python_flag;
    clock->stop.context = stop;
    clock->checks_to_poll = STOP_POLL_CHECKS;
    clock->halt = HALT_NONE;
    Board *board = search->board;
    ptrdiff_t frames_before = board->frame_count;
    int score = search_negamax(search, depth, alpha, beta, ply, side);
    while (board->frame_count > frames_before) /* only after an error */
        board_unmake(board);
    if (clock->halt == HALT_ERROR)
        return raise_core_error(clock->error);
    if (PyErr_Occurred()) /* raised by stop() */
        return NULL;
    return Py_BuildValue("(illi)", score, clock->nodes, clock->next_check, clock->halt);
}

static PyObject *
Search_tt_move(SearchObject *self, PyObject *arg)
{
    long side = PyLong_AsLong(arg);
    if (side == -1 && PyErr_Occurred())
        return NULL;
    const TTEntry *entry = tt_get(self->search.tt, search_key(&self->kernel->board, (int)side));
    return PyLong_FromLong(entry == NULL ? -1 : entry->move);
}

static PyMethodDef Search_methods[] = {
    {"negamax", (PyCFunction)Search_negamax, METH_VARARGS, Search_negamax_doc},
    {"tt_move", (PyCFunction)Search_tt_move, METH_O,
     PyDoc_STR("tt_move(side) -> the best move stored for the board's position with `side` to move, or -1")},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.engine._kernel.Search",
    .tp_doc = PyDoc_STR("Search(kernel, vcf_failed, history, table, width, node_vcf, noise, noise_key, sees_threes,\n"
                        "quiet_threes, features, evaluation=(5, 4, 8000, -400)): the alpha-beta search's state over\n"
                        "a Kernel (killers; its own exact transposition table when table is None; the history array\n"
                        "is shared with Python). evaluation: mover scale numerator, denominator, double-three\n"
                        "bonus, tempo (eval.h)."),
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Search_new,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
};

/* ------------------------------------------------------------------ module */

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "game.engine._kernel",
    .m_doc = PyDoc_STR("The compiled engine core (optional; state.py, threats.py and alphabeta.py do the same in Python)."),
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__kernel(void)
{
    PyTypeObject *types[] = {&MemoType, &KernelType, &TableType, &SearchType};
    const char *names[] = {"Memo", "Kernel", "Table", "Search"};
    PyObject *module = PyModule_Create(&kernel_module);
    if (module == NULL)
        return NULL;
    for (int k = 0; k < 4; k++) {
        if (PyType_Ready(types[k]) < 0 || PyModule_AddObjectRef(module, names[k], (PyObject *)types[k]) < 0) {
            Py_DECREF(module);
            return NULL;
        }
    }
    if (PyModule_AddIntConstant(module, "API_VERSION", KERNEL_API_VERSION) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
