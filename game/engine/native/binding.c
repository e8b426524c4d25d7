/* game.engine._kernel: the Python face of the compiled engine core (the other files in
 * this folder, which hold no Python).
 *
 * The board lives twice: in the C Board, and in the Python lists and sets the rest of the
 * engine reads (cells, packed cell values, class sets, totals, near counts). make/unmake
 * called from Python update both ("mirrored"); the compiled searches make and unmake their
 * moves on the C board only and undo them all before they return, so Python never sees the
 * difference. state.py falls back to its Python code when this module is missing (no
 * compiler when the game was installed) or GOMOKU_PURE_PYTHON is set; tests compare the two
 * step by step and search by search.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "board.h"
#include "memo.h"
#include "order.h"
#include "threats.h"

/* Bumped whenever the constructor's arguments or the semantics change: state.py only
 * uses a compiled module whose version it knows, so a stale build falls back to Python. */
#define KERNEL_API_VERSION 6
#define FIRST_SET_CLASS 2 /* cells of class >= C_FLEX3 are kept in per-class sets */

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

/* ------------------------------------------------------------------ Tables */

typedef struct {
    PyObject_HEAD
    Tables tables;
} TablesObject;

static void
Tables_dealloc(TablesObject *self)
{
    for (int d = 0; d < DIRECTIONS; d++)
        PyMem_Free(self->tables.joint[d]);
    for (int c = 1; c < 3; c++)
        PyMem_Free(self->tables.cells[c]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Copy a buffer of `count` items of `size` bytes (an array.array) into `out`. */
static int
copy_buffer(PyObject *object, Py_ssize_t count, Py_ssize_t size, void *out)
{
    Py_buffer view;
    if (PyObject_GetBuffer(object, &view, PyBUF_SIMPLE) < 0)
        return -1;
    int wrong = view.len != count * size;
    if (wrong)
        PyErr_Format(PyExc_ValueError, "a table must hold %zd items of %zd bytes", count, size);
    else
        memcpy(out, view.buf, view.len);
    PyBuffer_Release(&view);
    return wrong ? -1 : 0;
}

static PyObject *
Tables_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *joint[DIRECTIONS], *cells[3] = {NULL};
    static char *keywords[] = {"joint0", "joint1", "joint2", "joint3", "black_cells", "white_cells", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOO:Tables", keywords, &joint[0], &joint[1], &joint[2],
                                     &joint[3], &cells[1], &cells[2]))
        return NULL;
    TablesObject *self = (TablesObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    for (int d = 0; d < DIRECTIONS; d++)
        if ((self->tables.joint[d] = PyMem_Malloc(sizeof(uint32_t) * TABLE_SIZE)) == NULL ||
            copy_buffer(joint[d], TABLE_SIZE, sizeof(uint32_t), self->tables.joint[d]) < 0)
            goto fail;
    for (int c = 1; c < 3; c++)
        if ((self->tables.cells[c] = PyMem_Malloc(sizeof(int64_t) * TABLE_SIZE)) == NULL ||
            copy_buffer(cells[c], TABLE_SIZE, sizeof(int64_t), self->tables.cells[c]) < 0)
            goto fail;
    return (PyObject *)self;
fail:
    if (!PyErr_Occurred())
        PyErr_NoMemory();
    Py_DECREF(self);
    return NULL;
}

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.engine._kernel.Tables",
    .tp_doc = PyDoc_STR("Tables(joint0..3, black_cells, white_cells): one rule's pattern tables (arrays of\n"
                        "uint32 and int64, 65536 each), copied into C once."),
    .tp_basicsize = sizeof(TablesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Tables_new,
    .tp_dealloc = (destructor)Tables_dealloc,
};

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

static Py_ssize_t
Memo_len(MemoObject *self)
{
    return (Py_ssize_t)self->memo.count;
}

static PyMethodDef Memo_methods[] = {
    {"to_dict", (PyCFunction)Memo_to_dict, METH_NOARGS, PyDoc_STR("to_dict() -> {position key: failed depth}")},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Memo_as_sequence = {.sq_length = (lenfunc)Memo_len};

static PyTypeObject MemoType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.engine._kernel.Memo",
    .tp_doc = PyDoc_STR("A threat search's failure memo (position key -> deepest failed depth), kept in C."),
    .tp_basicsize = sizeof(MemoObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Memo_new,
    .tp_dealloc = (destructor)Memo_dealloc,
    .tp_methods = Memo_methods,
    .tp_as_sequence = &Memo_as_sequence,
};

/* ------------------------------------------------------------------ Kernel */

typedef struct {
    PyObject_HEAD
    TablesObject *tables;
    /* The board's Python state (owned references; set up by EngineBoard with the same
     * layout as board_setup), kept equal to the C board except inside a compiled search. */
    PyObject *py_cells, *py_packed[3], *py_sets[3][CLASS_COUNT], *py_total, *py_near;
    Board board;
    uint32_t *seen, generation; /* cells seen in one move's log (seen[cell] == generation) */
} KernelObject;

/* No GC support: the mirrors hold only ints and sets of ints, so no cycle runs through a Kernel. */
static void
Kernel_dealloc(KernelObject *self)
{
    Py_XDECREF(self->tables);
    Py_XDECREF(self->py_cells);
    Py_XDECREF(self->py_total);
    Py_XDECREF(self->py_near);
    for (int c = 1; c < 3; c++) {
        Py_XDECREF(self->py_packed[c]);
        for (int k = 0; k < CLASS_COUNT; k++)
            Py_XDECREF(self->py_sets[c][k]);
    }
    board_free(&self->board);
    PyMem_Free(self->seen);
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
    Py_INCREF(object);
    *slot = object;
    return 0;
}

/* Read the Zobrist keys (64-bit, per colour) for the board's cells. 0, or -1 with an exception. */
static int
read_zobrist(Board *board, PyObject *zobrist)
{
    for (int c = 1; c < 3; c++) {
        PyObject *hashes = PySequence_GetItem(zobrist, c);
        PyObject *fast = hashes == NULL ? NULL : PySequence_Fast(hashes, "zobrist keys");
        Py_XDECREF(hashes);
        int failed = fast == NULL || PySequence_Fast_GET_SIZE(fast) < board->length;
        for (Py_ssize_t k = 0; !failed && k < board->length; k++)
            board->zobrist[c][k] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, k));
        Py_XDECREF(fast);
        if (failed || PyErr_Occurred()) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "zobrist keys: one per cell and colour");
            return -1;
        }
    }
    return 0;
}

static PyObject *
Kernel_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *tables, *cells, *packed, *sets, *total, *near, *zobrist;
    int size, renju;
    unsigned long long hash;
    static char *keywords[] = {"tables", "size", "renju", "cells", "packed", "sets", "total", "near", "zobrist",
                               "hash", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!ipOOOOOOK:Kernel", keywords, &TablesType, &tables, &size,
                                     &renju, &cells, &packed, &sets, &total, &near, &zobrist, &hash))
        return NULL;
    if (size < 5 || size > 25)
        return PyErr_Format(PyExc_ValueError, "board size must be 5..25, not %d", size);
    KernelObject *self = (KernelObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    Py_INCREF(tables);
    self->tables = (TablesObject *)tables;
    Board *board = &self->board;
    if (board_setup(board, &self->tables->tables, size, renju) < 0) {
        PyErr_NoMemory();
        goto fail;
    }
    board->hash = hash;
    Py_ssize_t length = board->length;
    if ((self->seen = PyMem_Calloc(length, sizeof(uint32_t))) == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    if (take_list(cells, length, "cells", &self->py_cells) < 0 || take_list(near, length, "near", &self->py_near) < 0 ||
        take_list(total, 3, "total", &self->py_total) < 0)
        goto fail;
    if (!PySequence_Check(packed) || PySequence_Size(packed) != 3 || !PySequence_Check(sets) ||
        PySequence_Size(sets) != 3 || !PySequence_Check(zobrist) || PySequence_Size(zobrist) != 3) {
        PyErr_SetString(PyExc_ValueError, "packed, sets and zobrist are indexed by colour (3 entries)");
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
    if (read_zobrist(board, zobrist) < 0)
        goto fail;
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

/* A cell's packed values before and after a move, per colour. */
typedef struct {
    Py_ssize_t cell;
    int64_t before[3], after[3];
} Transition;

/* The cells whose values the last move changed, from its log, with the C board in its
 * after-the-move state: the first logged value of a cell is its value before the move. */
static int
move_transitions(KernelObject *self, Transition *out)
{
    const Board *board = &self->board;
    int count = 0;
    uint32_t generation = ++self->generation;
    for (ptrdiff_t k = board->frames[board->frame_count - 1].log_start; k < board->log_count; k++) {
        const Change *change = &board->log[k];
        if (self->seen[change->cell] == generation)
            continue;
        self->seen[change->cell] = generation;
        Transition *next = &out[count];
        next->cell = (Py_ssize_t)change->cell;
        next->before[1] = change->black;
        next->before[2] = change->white;
        next->after[1] = board->packed[1][next->cell];
        next->after[2] = board->packed[2][next->cell];
        count += next->before[1] != next->after[1] || next->before[2] != next->after[2];
    }
    return count;
}

/* One cell's Python packed values and class sets from `was` to `now`. */
static int
mirror_cell(KernelObject *self, Py_ssize_t m, const int64_t *was, const int64_t *now)
{
    for (int c = 1; c < 3; c++) {
        if (was[c] == now[c])
            continue;
        if (put(self->py_packed[c], m, now[c]) < 0)
            return -1;
        int64_t old_class = was[c] & 15, new_class = now[c] & 15;
        if (old_class != new_class) {
            if (old_class >= FIRST_SET_CLASS && set_change(self->py_sets[c][old_class], m, 0) < 0)
                return -1;
            if (new_class >= FIRST_SET_CLASS && set_change(self->py_sets[c][new_class], m, 1) < 0)
                return -1;
        }
    }
    return 0;
}

/* After the C board made (`placed`) or took back a stone at i: update the Python state. */
static int
mirror_move(KernelObject *self, Py_ssize_t i, int placed, const Transition *changed, int count)
{
    Board *board = &self->board;
    if (put(self->py_cells, i, board->cells[i]) < 0)
        return -1;
    for (int c = 1; c < 3; c++) { /* the played cell leaves (or rejoins) its class sets */
        int64_t cls = board->packed[c][i] & 15;
        if (cls >= FIRST_SET_CLASS && set_change(self->py_sets[c][cls], i, !placed) < 0)
            return -1;
    }
    for (int k = 0; k < count; k++) {
        const Transition *change = &changed[k];
        if (mirror_cell(self, change->cell, placed ? change->before : change->after,
                        placed ? change->after : change->before) < 0)
            return -1;
    }
    for (int k = 0; k < NEAR_COUNT; k++) {
        Py_ssize_t m = board_wrap(board, i + board->near_offset[k]);
        if (put(self->py_near, m, board->near[m]) < 0)
            return -1;
    }
    if (put(self->py_total, 1, board->total[1]) < 0 || put(self->py_total, 2, board->total[2]) < 0)
        return -1;
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
    Transition changed[DIRECTIONS * SLOTS];
    if (mirror_move(self, i, 1, changed, move_transitions(self, changed)) < 0)
        return NULL;
    Py_RETURN_NONE;
}

PyDoc_STRVAR(Kernel_unmake_doc, "unmake() -> cell\n\nTake back the last stone made through this kernel; returns its cell.");

static PyObject *
Kernel_unmake(KernelObject *self, PyObject *Py_UNUSED(ignored))
{
    Board *board = &self->board;
    if (board->frame_count == 0) {
        PyErr_SetString(PyExc_IndexError, "unmake with no move made");
        return NULL;
    }
    Transition changed[DIRECTIONS * SLOTS];
    int count = move_transitions(self, changed);
    ptrdiff_t cell = board_unmake(board);
    if (mirror_move(self, cell, 0, changed, count) < 0)
        return NULL;
    return PyLong_FromSsize_t(cell);
}

/* ---------------------------------------------------------------- threat searches */

/* The poll the core calls: the Python callable (the clock's check); an exception it
 * raises stops the search and goes up to the caller. */
static int
call_python_poll(void *callable)
{
    PyObject *result = PyObject_CallNoArgs((PyObject *)callable);
    if (result == NULL)
        return 1;
    Py_DECREF(result);
    return 0;
}

static Poll
python_poll(PyObject *callable)
{
    Poll poll = {callable == Py_None ? NULL : call_python_poll, callable};
    return poll;
}

static int
check_threat_call(KernelObject *self, int attacker, int depth, Py_ssize_t zone_a, Py_ssize_t zone_b)
{
    if (attacker != 1 && attacker != 2) {
        PyErr_Format(PyExc_ValueError, "attacker must be 1 or 2, not %d", attacker);
        return -1;
    }
    if (depth > MAX_VCF_DEPTH) {
        PyErr_Format(PyExc_ValueError, "search depth %d is over %d", depth, MAX_VCF_DEPTH);
        return -1;
    }
    if ((zone_a >= 0 && !board_cell_in_range(&self->board, zone_a)) ||
        (zone_b >= 0 && !board_cell_in_range(&self->board, zone_b))) {
        PyErr_SetString(PyExc_IndexError, "zone cell is not on the board");
        return -1;
    }
    if ((zone_a < 0) != (zone_b < 0)) {
        PyErr_SetString(PyExc_ValueError, "a zone has two cells or none");
        return -1;
    }
    return 0;
}

/* (line or None, nodes), or NULL with the error. */
static PyObject *
threat_result(ThreatRun *run, int found)
{
    if (found < 0)
        return raise_core_error(found);
    if (found == 0)
        return Py_BuildValue("(Ol)", Py_None, run->nodes);
    PyObject *line = PyList_New(run->length);
    if (line == NULL)
        return NULL;
    for (int k = 0; k < run->length; k++) {
        PyObject *cell = PyLong_FromLong(run->line[k]);
        if (cell == NULL) {
            Py_DECREF(line);
            return NULL;
        }
        PyList_SET_ITEM(line, k, cell);
    }
    return Py_BuildValue("(Nl)", line, run->nodes);
}

PyDoc_STRVAR(Kernel_vcf_doc,
"vcf(attacker, depth, zone_a, zone_b, failed, max_nodes, poll) -> (line or None, nodes)\n\n"
"ThreatSearch.vcf in C: a winning line of fours for `attacker` (to move) as cells, or None.\n"
"zone_a/zone_b are the two cells whose 9x9 squares the fours must touch (-1: anywhere);\n"
"`failed` is the failure Memo. Stops (returns None) after max_nodes nodes; calls poll()\n"
"(or nothing, for None) every 2048 nodes, and an exception it raises ends the search.");

static PyObject *
Kernel_vcf(KernelObject *self, PyObject *args)
{
    int attacker, depth;
    Py_ssize_t zone_a, zone_b;
    PyObject *failed, *poll;
    long max_nodes;
    if (!PyArg_ParseTuple(args, "iinnO!lO:vcf", &attacker, &depth, &zone_a, &zone_b, &MemoType, &failed, &max_nodes,
                          &poll))
        return NULL;
    if (check_threat_call(self, attacker, depth, zone_a, zone_b) < 0)
        return NULL;
    ThreatRun run;
    threat_run_init(&run, &self->board, &((MemoObject *)failed)->memo, NULL, max_nodes, python_poll(poll));
    return threat_result(&run, vcf(&run, attacker, depth, zone_a, zone_b));
}

PyDoc_STRVAR(Kernel_vct_doc,
"vct(attacker, depth, vcf_depth, zone_a, zone_b, vcf_failed, vct_failed, max_nodes, poll) -> (line or None, nodes)\n\n"
"ThreatSearch.vct in C: [first move] of a win by fours and open threes for `attacker` (to\n"
"move), or the VCF line when fours alone win; None without one. `depth` counts threes, each\n"
"attacker node first tries a VCF of `vcf_depth`; the memos are Memo objects. max_nodes\n"
"and poll as in vcf().");

static PyObject *
Kernel_vct(KernelObject *self, PyObject *args)
{
    int attacker, depth, vcf_depth;
    Py_ssize_t zone_a, zone_b;
    PyObject *vcf_failed, *vct_failed, *poll;
    long max_nodes;
    if (!PyArg_ParseTuple(args, "iiinnO!O!lO:vct", &attacker, &depth, &vcf_depth, &zone_a, &zone_b, &MemoType,
                          &vcf_failed, &MemoType, &vct_failed, &max_nodes, &poll))
        return NULL;
    if (check_threat_call(self, attacker, vcf_depth, zone_a, zone_b) < 0 ||
        check_threat_call(self, attacker, depth, zone_a, zone_b) < 0)
        return NULL;
    ThreatRun run;
    threat_run_init(&run, &self->board, &((MemoObject *)vcf_failed)->memo, &((MemoObject *)vct_failed)->memo,
                    max_nodes, python_poll(poll));
    return threat_result(&run, vct(&run, attacker, depth, vcf_depth, zone_a, zone_b));
}

/* ---------------------------------------------------------------- move ordering and queries */

static PyObject *
cells_to_list(const int32_t *cells, int count)
{
    PyObject *list = PyList_New(count);
    for (int k = 0; list != NULL && k < count; k++) {
        PyObject *cell = PyLong_FromLong(cells[k]);
        if (cell == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, k, cell);
    }
    return list;
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
    if (side != 1 && side != 2)
        return PyErr_Format(PyExc_ValueError, "side must be 1 or 2, not %d", side);
    Py_ssize_t length = self->board.length;
    int64_t *past = PyMem_Malloc(sizeof(int64_t) * length);
    if (past == NULL)
        return PyErr_NoMemory();
    if (PyList_GET_SIZE(history) != length) {
        PyMem_Free(past);
        PyErr_SetString(PyExc_ValueError, "history must have one entry per cell");
        return NULL;
    }
    const Board *board = &self->board;
    for (Py_ssize_t m = 0; m < length; m++) { /* only the candidates' entries are read */
        past[m] = board->cells[m] == 0 && (forced || board->near[m]) ? PyLong_AsLongLong(PyList_GET_ITEM(history, m)) : 0;
        if (past[m] == -1 && PyErr_Occurred()) {
            PyMem_Free(past);
            return NULL;
        }
    }
    int32_t moves[MAX_MOVES];
    int count = order_moves(&self->board, side, forced, tt_move, killer_a, killer_b, past, limit, moves);
    PyMem_Free(past);
    return cells_to_list(moves, count);
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
words_to_list(const uint32_t *values, Py_ssize_t length)
{
    PyObject *list = PyList_New(length);
    for (Py_ssize_t k = 0; list != NULL && k < length; k++) {
        PyObject *value = PyLong_FromUnsignedLong(values[k]);
        if (value == NULL)
            Py_CLEAR(list);
        else
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
    if (d < 0 || d >= DIRECTIONS)
        return PyErr_Format(PyExc_IndexError, "no direction %zd", d);
    return words_to_list(self->board.keys[d], self->board.length);
}

static PyObject *
Kernel_combined(KernelObject *self, PyObject *Py_UNUSED(ignored))
{
    return words_to_list(self->board.comb, self->board.length);
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
    {"hash", (getter)Kernel_get_hash, NULL, PyDoc_STR("the Zobrist hash of the C board (equals EngineBoard.hash)"), NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PySequenceMethods Kernel_as_sequence = {.sq_length = (lenfunc)Kernel_len};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.engine._kernel.Kernel",
    .tp_doc = PyDoc_STR("The C board under an EngineBoard, mirrored into its lists and sets, and the searches over it."),
    .tp_basicsize = sizeof(KernelObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Kernel_new,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
    .tp_getset = Kernel_getset,
    .tp_as_sequence = &Kernel_as_sequence,
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
    PyTypeObject *types[] = {&TablesType, &MemoType, &KernelType};
    const char *names[] = {"Tables", "Memo", "Kernel"};
    PyObject *module = PyModule_Create(&kernel_module);
    if (module == NULL)
        return NULL;
    for (int k = 0; k < 3; k++) {
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
