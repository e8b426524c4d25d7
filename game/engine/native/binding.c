/* game.engine._kernel: the Python face of the compiled engine core (the other files in this folder, which hold
 * no Python). The board lives in C only: EngineBoard reads its arrays (cells, packed values, near counts, totals,
 * line keys) through read-only memoryviews and the cells of a class through cells_of(), so a make from Python or
 * inside a compiled search changes the C board alone. Large arrays the other way (pattern tables, Zobrist keys,
 * the search history) are Python arrays that C reads in place through the buffer protocol. state.py falls back to
 * its Python code when this module is missing (no compiler at install) or GOMOKU_PURE_PYTHON is set; tests
 * compare the two step by step. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "board.h"
#include "memo.h"
#include "net.h"
#include "root_search.h"
#include "search.h"
#include "search_pvs.h"
#include "threats.h"
#include "tss.h"

/* Bumped whenever the constructor's arguments or the semantics change: state.py only
 * uses a compiled module whose version it knows, so a stale build falls back to Python. */
/* 18: the learned network (Net, Kernel.attach_net, net_value, net_policy); 19: Search.evaluate;
 * 20: Kernel.flex4_left, Net.lanes */
#define KERNEL_API_VERSION 20
#define FIRST_SET_CLASS 2 /* cells_of() knows the classes >= C_FLEX3 (as EngineBoard.by_class) */
#define TABLE_COUNT 6     /* four joint tables (uint32), two cell tables (int32) */
#define VIEW_COUNT 11     /* the board arrays Kernel.views() lends */

/* Turn a core error code into a Python exception (unless one is set already); NULL. */
static PyObject *
raise_core_error(int code)
{
    if (PyErr_Occurred())
        return NULL;
    switch (code) {
    case K_NO_MEMORY: return PyErr_NoMemory();
    case K_BAD_KEY: return PyErr_Format(PyExc_RuntimeError, "a line key left its table (bad board setup)");
    case K_BROKEN: return PyErr_Format(PyExc_RuntimeError, "class counts disagree with the board");
    case K_BAD_MOVE: return PyErr_Format(PyExc_ValueError, "a move is not an empty cell of the board");
    default: return PyErr_Format(PyExc_RuntimeError, "engine kernel error %d", code);
    }
}

/* Hold a writable-or-not buffer of exactly `count` items of `size` bytes (an array.array). */
static int
hold_buffer(PyObject *object, Py_ssize_t count, Py_ssize_t size, const char *name, Py_buffer *view)
{
    if (PyObject_GetBuffer(object, view, PyBUF_SIMPLE) < 0)
        return -1;
    if (view->len != count * size) {
        PyErr_Format(PyExc_ValueError, "%s must be an array of %zd items of %zd bytes", name, count, size);
        PyBuffer_Release(view); /* (which leaves view->obj NULL) */
        return -1;
    }
    return 0;
}

/* The long searches run without the GIL, so a thread of the same process (the window's) keeps running while
 * one thinks. Between SEARCH_WITHOUT_GIL and SEARCH_WITH_GIL no Python object is touched: the arguments are
 * parsed and held before, the answer is built after, and the only calls back into Python (the poll and
 * on_iteration below) take the GIL for themselves. What a running search writes to (the Kernel's board, the
 * failure memos, the transposition table) is marked `searching` (claim_for_search), so another thread cannot
 * make or unmake on that board, nor start a second search over any of them, until the search ends. */
#define SEARCH_WITHOUT_GIL Py_BEGIN_ALLOW_THREADS
#define SEARCH_WITH_GIL Py_END_ALLOW_THREADS

/* Every search's poll: a Python callable (the clock's check, the stop flag's is_set) that
 * stops the search by raising or by answering true. Called without the GIL (see SEARCH_WITHOUT_GIL); the
 * exception it may raise stays set in this thread's state for the caller to see after the search. */
static int
call_python_poll(void *callable)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *result = PyObject_CallNoArgs((PyObject *)callable);
    int stop = result == NULL ? 1 : PyObject_IsTrue(result);
    Py_XDECREF(result);
    PyGILState_Release(gil);
    return stop != 0;
}
#define PYTHON_POLL(callable) ((Poll){(callable) == Py_None ? NULL : call_python_poll, (callable)})

/* A new list of `count` ints. */
static PyObject *
int_list(const int32_t *values, Py_ssize_t count)
{
    PyObject *list = PyList_New(count);
    for (Py_ssize_t k = 0; list != NULL && k < count; k++) {
        PyObject *value = PyLong_FromLong(values[k]);
        if (value == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, k, value);
    }
    return list;
}

/* A type of this module, from its object struct, constructor, destructor and methods (NAME##Object,
 * NAME##_new, NAME##_dealloc, NAME##_methods). */
#define MODULE_TYPE(NAME, DOC)                                                                                 \
    {PyVarObject_HEAD_INIT(NULL, 0).tp_name = "game.engine._kernel." #NAME, .tp_doc = PyDoc_STR(DOC),          \
     .tp_basicsize = sizeof(NAME##Object), .tp_flags = Py_TPFLAGS_DEFAULT, .tp_new = NAME##_new,               \
     .tp_dealloc = (destructor)NAME##_dealloc, .tp_methods = NAME##_methods}

typedef struct {
    PyObject_HEAD
    Memo memo;
    int searching; /* a search that writes to this memo runs without the GIL */
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
    uint64_t position;
    int failed_depth;
    for (size_t at = 0; dict != NULL && memo_next(&self->memo, &at, &position, &failed_depth);) {
        PyObject *pair = Py_BuildValue("(Ki)", (unsigned long long)position, failed_depth);
        if (pair == NULL || PyDict_SetItem(dict, PyTuple_GET_ITEM(pair, 0), PyTuple_GET_ITEM(pair, 1)) < 0)
            Py_CLEAR(dict);
        Py_XDECREF(pair);
    }
    return dict;
}

static PyMethodDef Memo_methods[] = {
    {"to_dict", (PyCFunction)Memo_to_dict, METH_NOARGS, PyDoc_STR("to_dict() -> {position key: failed depth}")},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject MemoType = MODULE_TYPE(Memo, "A threat search's failure memo (position key -> failed depth), in C.");

typedef struct {
    PyObject_HEAD
    NetWeights weights;
} NetObject;

static PyObject *
Net_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    Py_buffer data;
    if (!PyArg_ParseTuple(args, "y*:Net", &data))
        return NULL;
    NetObject *self = (NetObject *)type->tp_alloc(type, 0);
    char error[160];
    if (self != NULL && net_load(&self->weights, data.buf, (size_t)data.len, error, sizeof error) < 0) {
        Py_CLEAR(self);
        PyErr_SetString(PyExc_ValueError, error);
    }
    PyBuffer_Release(&data);
    return (PyObject *)self;
}

static void
Net_dealloc(NetObject *self)
{
    net_free(&self->weights);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *
Net_lanes(NetObject *self, PyObject *Py_UNUSED(ignored))
{
    return PyUnicode_FromString(net_lanes_name(&self->weights));
}

static PyMethodDef Net_methods[] = {
    {"lanes", (PyCFunction)Net_lanes, METH_NOARGS,
     PyDoc_STR("lanes() -> the vector lanes these weights run in: 'avx2', 'sse2', 'neon' or 'plain' (chosen at load)")},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject NetType = MODULE_TYPE(Net, "Net(data): the learned network's weights read from a file's "
                                          "bytes (build_scripts/nettrain/quantized.py); ValueError says why a file "
                                          "is refused.");

typedef struct { void *data; Py_ssize_t count, itemsize; char *format; } Lent; /* a board array views() lends */

typedef struct {
    PyObject_HEAD
    Py_buffer tables[TABLE_COUNT], zobrist[3]; /* held for as long as the board reads them */
    Tables table_pointers;
    Board board;
    Lent lent[VIEW_COUNT]; /* the arrays views() lends, each its memoryviews' master */
    int lending;           /* 1 + the one it is lending now; 0 outside views() */
    int searching;         /* a search over this board runs without the GIL: no make, unmake or other search */
    PyObject *net;         /* the NetObject whose weights board.net reads, or NULL */
} KernelObject;

/* Mark what a search writes to as searched: up to three `searching` flags (NULL: none). -1 with RuntimeError,
 * marking nothing, when one is marked already (another thread's search is using it). */
static int
claim_for_search(int *board, int *memo, int *other)
{
    int *flags[3] = {board, memo, other};
    for (int k = 0; k < 3; k++)
        if (flags[k] != NULL && *flags[k]) {
            PyErr_SetString(PyExc_RuntimeError, "a board, memo or table in use by another thread's search");
            return -1;
        }
    for (int k = 0; k < 3; k++)
        if (flags[k] != NULL)
            *flags[k] = 1;
    return 0;
}

static void
release_after_search(int *board, int *memo, int *other)
{
    int *flags[3] = {board, memo, other};
    for (int k = 0; k < 3; k++)
        if (flags[k] != NULL)
            *flags[k] = 0;
}

static void
Kernel_dealloc(KernelObject *self)
{
    for (int c = 0; c < 3; c++) /* (PyBuffer_Release passes over a view that holds nothing) */
        PyBuffer_Release(&self->zobrist[c]);
    for (int k = 0; k < TABLE_COUNT; k++)
        PyBuffer_Release(&self->tables[k]);
    board_free(&self->board); /* (detaches the network first) */
    Py_XDECREF(self->net);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Hold the pattern tables (a tuple of six arrays), set the board up over them, and hold the
 * Zobrist keys (a sequence indexed by colour of uint64 arrays, one key per cell). */
static int
setup_board(KernelObject *self, PyObject *tables, PyObject *zobrist, int size, int renju)
{
    if (!PyTuple_Check(tables) || PyTuple_GET_SIZE(tables) != TABLE_COUNT) {
        PyErr_SetString(PyExc_ValueError, "tables: (joint0, joint1, joint2, joint3, black_cells, white_cells)");
        return -1;
    }
    for (int k = 0; k < TABLE_COUNT; k++) {
        Py_ssize_t item = k < DIRECTIONS ? sizeof(uint32_t) : sizeof(int32_t);
        if (hold_buffer(PyTuple_GET_ITEM(tables, k), TABLE_SIZE, item, "a pattern table", &self->tables[k]) < 0)
            return -1;
    }
    for (int d = 0; d < DIRECTIONS; d++)
        self->table_pointers.joint[d] = self->tables[d].buf;
    self->table_pointers.cells[1] = self->tables[DIRECTIONS].buf;
    self->table_pointers.cells[2] = self->tables[DIRECTIONS + 1].buf;
    if (board_setup(&self->board, &self->table_pointers, size, renju) < 0) {
        PyErr_NoMemory();
        return -1;
    }
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
    PyObject *tables, *zobrist;
    int size, renju;
    static char *keywords[] = {"tables", "zobrist", "size", "renju", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOip:Kernel", keywords, &tables, &zobrist, &size, &renju))
        return NULL;
    if (size < 5 || size > 25)
        return PyErr_Format(PyExc_ValueError, "board size must be 5..25, not %d", size);
    KernelObject *self = (KernelObject *)type->tp_alloc(type, 0);
    if (self != NULL && setup_board(self, tables, zobrist, size, renju) < 0)
        Py_CLEAR(self);
    return (PyObject *)self;
}

/* The Kernel lends its board arrays itself, read-only, through the buffer protocol: views()
 * makes a memoryview of each, lending one array at a time (`lending`). A memoryview holds
 * the Kernel, so the array outlives it; it reads its shape once, when it is made. */
static int
Kernel_getbuffer(KernelObject *self, Py_buffer *view, int flags)
{
    if (self->lending == 0) {
        view->obj = NULL;
        PyErr_SetString(PyExc_BufferError, "a Kernel lends its arrays through views() only");
        return -1;
    }
    Lent *lent = &self->lent[self->lending - 1];
    /* Read-only: the board changes only by make and unmake (FillInfo refuses a writable view). */
    if (PyBuffer_FillInfo(view, (PyObject *)self, lent->data, lent->count * lent->itemsize, 1, flags) < 0)
        return -1;
    view->itemsize = lent->itemsize; /* strides, when asked for, point here */
    view->format = flags & PyBUF_FORMAT ? lent->format : NULL;
    view->shape = flags & PyBUF_ND ? &lent->count : NULL;
    return 0;
}

static PyBufferProcs Kernel_as_buffer = {.bf_getbuffer = (getbufferproc)Kernel_getbuffer};

static PyObject *
Kernel_views(KernelObject *self, PyObject *Py_UNUSED(ignored))
{
    Board *board = &self->board;
    Py_ssize_t n = board->length, int32 = sizeof(int32_t), uint32 = sizeof(uint32_t);
    Lent arrays[VIEW_COUNT] = {
        {board->cells, n, sizeof(int8_t), "b"}, {board->packed[1], n, int32, "i"}, {board->packed[2], n, int32, "i"},
        {board->near, n, int32, "i"}, {board->total, 3, sizeof(int64_t), "q"}, {board->keys[0], n, uint32, "I"},
        {board->keys[1], n, uint32, "I"}, {board->keys[2], n, uint32, "I"}, {board->keys[3], n, uint32, "I"},
        {board->comb, n, uint32, "I"}, {&board->hash, 1, sizeof(uint64_t), "Q"}};
    PyObject *views[VIEW_COUNT];
    for (int k = 0; k < VIEW_COUNT; k++) {
        self->lent[k] = arrays[k];
        self->lending = k + 1;
        views[k] = PyMemoryView_FromObject((PyObject *)self); /* NULL: Py_BuildValue fails */
    }
    self->lending = 0;
    return Py_BuildValue("(N(ONN)NN(NNNN)NN)", views[0], Py_None, views[1], views[2], views[3], views[4], views[5],
                         views[6], views[7], views[8], views[9], views[10]);
}

static PyObject *
Kernel_cells_of(KernelObject *self, PyObject *args)
{
    int colour, cls;
    if (!PyArg_ParseTuple(args, "ii:cells_of", &colour, &cls))
        return NULL;
    if (colour != 1 && colour != 2)
        return PyErr_Format(PyExc_ValueError, "colour must be 1 or 2, not %d", colour);
    if (cls < 0 || cls >= CLASS_COUNT)
        return PyErr_Format(PyExc_IndexError, "no cell class %d", cls);
    int32_t cells[MAX_CELLS];
    int count = cls < FIRST_SET_CLASS ? 0 : cells_of_class(&self->board, colour, cls, cells, MAX_CELLS);
    PyObject *list = int_list(cells, count), *found = list == NULL ? NULL : PyFrozenSet_New(list);
    Py_XDECREF(list);
    return found;
}

static PyObject *
Kernel_make(KernelObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2)
        return PyErr_Format(PyExc_TypeError, "make(cell, colour)");
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
    if (self->searching)
        return PyErr_Format(PyExc_RuntimeError, "make during a search of this board");
    int error = board_make(board, i, (int)colour);
    if (error < 0)
        return raise_core_error(error);
    Py_RETURN_NONE;
}

static PyObject *
Kernel_unmake(KernelObject *self, PyObject *Py_UNUSED(ignored))
{
    if (self->board.frame_count == 0)
        return PyErr_Format(PyExc_IndexError, "unmake with no move made");
    if (self->searching)
        return PyErr_Format(PyExc_RuntimeError, "unmake during a search of this board");
    return PyLong_FromSsize_t(board_unmake(&self->board));
}

static PyObject *
Kernel_flex4_left(KernelObject *self, PyObject *args)
{
    Py_ssize_t i;
    int colour;
    if (!PyArg_ParseTuple(args, "ni:flex4_left", &i, &colour))
        return NULL;
    Board *board = &self->board;
    if (!board_cell_in_range(board, i) || board->cells[i] != 0)
        return PyErr_Format(PyExc_IndexError, "cell %zd is not an empty cell of the board", i);
    if (colour != 1 && colour != 2)
        return PyErr_Format(PyExc_ValueError, "colour must be 1 or 2, not %d", colour);
    int left = board_flex4_left(board, i, colour);
    return left < 0 ? raise_core_error(left) : PyBool_FromLong(left);
}

PyDoc_STRVAR(Kernel_threat_doc,
"threat(attacker, depth, vcf_depth, zone_a, zone_b, vcf_failed, vct_failed, max_nodes, poll) -> (line or None, nodes)\n\n"
"vct_failed None: ThreatSearch.vcf, a line of `depth` fours at most for `attacker` (to move); a Memo: ThreatSearch.vct,\n"
"[first move] of a win by fours and `depth` open threes (a VCF of vcf_depth first at each attacker node). zone_a/b:\n"
"the cells whose 9x9 squares threats must touch (-1: any). None after max_nodes; poll() every 2048 nodes may stop it.");

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
    if ((attacker != 1 && attacker != 2) || depth > MAX_VCF_DEPTH || (is_vct && vcf_depth > MAX_VCF_DEPTH))
        return PyErr_Format(PyExc_ValueError, "attacker must be 1 or 2 (is %d), no search depth over %d", attacker,
                            MAX_VCF_DEPTH);
    if ((zone_a < 0) != (zone_b < 0))
        return PyErr_Format(PyExc_ValueError, "a zone has two cells or none");
    if (zone_a >= 0 && (!board_cell_in_range(&self->board, zone_a) || !board_cell_in_range(&self->board, zone_b)))
        return PyErr_Format(PyExc_IndexError, "zone cell is not on the board");
    int *vct_busy = is_vct ? &((MemoObject *)vct_failed)->searching : NULL;
    if (claim_for_search(&self->searching, &((MemoObject *)vcf_failed)->searching, vct_busy) < 0)
        return NULL;
    ThreatRun run;
    threat_run_init(&run, &self->board, &((MemoObject *)vcf_failed)->memo,
                    is_vct ? &((MemoObject *)vct_failed)->memo : NULL, max_nodes, PYTHON_POLL(poll));
    int found;
    SEARCH_WITHOUT_GIL
    found = is_vct ? vct(&run, attacker, depth, vcf_depth, zone_a, zone_b) : vcf(&run, attacker, depth, zone_a, zone_b);
    SEARCH_WITH_GIL
    release_after_search(&self->searching, &((MemoObject *)vcf_failed)->searching, vct_busy);
    if (found < 0)
        return raise_core_error(found);
    if (found == 0)
        return Py_BuildValue("(Ol)", Py_None, run.nodes);
    PyObject *line = int_list(run.line, run.length);
    return line == NULL ? NULL : Py_BuildValue("(Nl)", line, run.nodes);
}

PyDoc_STRVAR(Kernel_tss_doc,
"tss(attacker, depth, unsound, failed, max_nodes, poll) -> ((threats, costs) or None, nodes)\n\n"
"ThreatSpaceSearch.find (tss.py) with its failure memo `failed`; the node cap and poll as threat().");

static PyObject *
Kernel_tss(KernelObject *self, PyObject *args)
{
    int attacker, depth, unsound;
    PyObject *failed, *poll;
    long max_nodes;
    if (!PyArg_ParseTuple(args, "iipO!lO:tss", &attacker, &depth, &unsound, &MemoType, &failed, &max_nodes, &poll))
        return NULL;
    if ((attacker != 1 && attacker != 2) || depth > TSS_MAX_DEPTH)
        return PyErr_Format(PyExc_ValueError, "attacker must be 1 or 2 (is %d), depth at most %d", attacker, TSS_MAX_DEPTH);
    if (claim_for_search(&self->searching, &((MemoObject *)failed)->searching, NULL) < 0)
        return NULL;
    TssRun run; /* Py_BuildValue below releases both lists if either could not be made */
    tss_run_init(&run, &self->board, &((MemoObject *)failed)->memo, unsound, max_nodes, PYTHON_POLL(poll));
    int found;
    SEARCH_WITHOUT_GIL
    found = tss_find(&run, attacker, depth);
    SEARCH_WITH_GIL
    release_after_search(&self->searching, &((MemoObject *)failed)->searching, NULL);
    if (found < 0)
        return raise_core_error(found);
    if (found == 0)
        return Py_BuildValue("(Ol)", Py_None, run.base.nodes);
    return Py_BuildValue("((NN)l)", int_list(run.threats, run.threat_count), int_list(run.costs, run.cost_count),
                         run.base.nodes);
}

static PyObject *
Kernel_attach_net(KernelObject *self, PyObject *net)
{
    if (net != Py_None && !PyObject_TypeCheck(net, &NetType))
        return PyErr_Format(PyExc_TypeError, "attach_net takes a Net or None");
    if (self->searching)
        return PyErr_Format(PyExc_RuntimeError, "attach_net during a search of this board");
    net_detach(&self->board);
    Py_CLEAR(self->net);
    if (net == Py_None)
        Py_RETURN_NONE;
    int error = net_attach(&self->board, &((NetObject *)net)->weights);
    if (error == K_BAD_MOVE)
        return PyErr_Format(PyExc_ValueError, "the network reads boards up to %dx%d", NET_MAX_SIZE, NET_MAX_SIZE);
    if (error < 0)
        return PyErr_NoMemory();
    self->net = Py_NewRef(net);
    Py_RETURN_NONE;
}

/* The board's network state, brought up to date to read for `side`; NULL with an exception when there is none. */
static const NetState *
readable_net(KernelObject *self, long side)
{
    NetState *net = self->board.net;
    if (side != 1 && side != 2)
        PyErr_Format(PyExc_ValueError, "side must be 1 or 2, not %ld", side);
    else if (net == NULL)
        PyErr_SetString(PyExc_RuntimeError, "no network attached to this board");
    else if (self->searching)
        PyErr_SetString(PyExc_RuntimeError, "the network is not readable during a search of this board");
    else {
        net_refresh_view(net, &self->board, side == BLACK ? 0 : 1); /* that view only, as the search does */
        return net;
    }
    return NULL;
}

static PyObject *
Kernel_net_value(KernelObject *self, PyObject *arg)
{
    long side = PyLong_AsLong(arg);
    if (side == -1 && PyErr_Occurred())
        return NULL;
    const NetState *net = readable_net(self, side);
    if (net == NULL)
        return NULL;
    double logits[3];
    net_value(net, (int)side, logits);
    return Py_BuildValue("(ddd)", logits[0], logits[1], logits[2]);
}

static PyObject *
Kernel_net_policy(KernelObject *self, PyObject *args)
{
    long side;
    PyObject *cells;
    if (!PyArg_ParseTuple(args, "lO:net_policy", &side, &cells))
        return NULL;
    const NetState *net = readable_net(self, side);
    PyObject *seq = net == NULL ? NULL : PySequence_Fast(cells, "net_policy: cells must be a sequence of cell indices");
    if (seq == NULL)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(count);
    for (Py_ssize_t k = 0; out != NULL && k < count; k++) {
        Py_ssize_t cell = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(seq, k));
        if (cell == -1 && PyErr_Occurred()) {
            Py_CLEAR(out);
        } else if (cell < self->board.first_cell || cell > self->board.last_cell || self->board.cells[cell] != 0) {
            PyErr_Format(PyExc_ValueError, "cell %zd is not an empty cell of the board", cell);
            Py_CLEAR(out);
        } else {
            PyObject *logit = PyFloat_FromDouble((double)net_policy_raw(net, (int)side, cell) / NET_BIAS);
            if (logit == NULL)
                Py_CLEAR(out);
            else
                PyList_SET_ITEM(out, k, logit);
        }
    }
    Py_DECREF(seq);
    return out;
}

static PyMethodDef Kernel_methods[] = {
    {"attach_net", (PyCFunction)Kernel_attach_net, METH_O,
     PyDoc_STR("attach_net(net or None): keep the network's state on this board from now on (None: drop it)")},
    {"net_value", (PyCFunction)Kernel_net_value, METH_O,
     PyDoc_STR("net_value(side) -> (win, draw, loss) logits for side (1 or 2) to move, as quantized.int_forward")},
    {"net_policy", (PyCFunction)Kernel_net_policy, METH_VARARGS,
     PyDoc_STR("net_policy(side, cells) -> the policy logit of each empty cell, as quantized.int_forward")},
    {"make", (PyCFunction)(void (*)(void))Kernel_make, METH_FASTCALL,
     PyDoc_STR("make(cell, colour): place colour (1 or 2) on the empty cell")},
    {"unmake", (PyCFunction)Kernel_unmake, METH_NOARGS, PyDoc_STR("unmake() -> cell: take back the last stone")},
    {"threat", (PyCFunction)Kernel_threat, METH_VARARGS, Kernel_threat_doc},
    {"tss", (PyCFunction)Kernel_tss, METH_VARARGS, Kernel_tss_doc},
    {"views", (PyCFunction)Kernel_views, METH_NOARGS,
     PyDoc_STR("views() -> (cells, (None, packed1, packed2), near, total, (keys0, .., keys3), comb, [hash]):\n"
               "read-only memoryviews of the board's arrays (EngineBoard's attributes of the same names)")},
    {"flex4_left", (PyCFunction)Kernel_flex4_left, METH_VARARGS,
     PyDoc_STR("flex4_left(cell, colour) -> whether the other colour keeps an open-four point once colour played\n"
               "the empty cell, read without making the move (the defence test of the compiled search)")},
    {"cells_of", (PyCFunction)Kernel_cells_of, METH_VARARGS,
     PyDoc_STR("cells_of(colour, cls) -> frozenset of the empty cells where colour has class cls (>= 2)")},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KernelType = MODULE_TYPE(Kernel, "Kernel(tables, zobrist, size, renju): the C board under an "
                                              "EngineBoard, and the threat searches over it.");

typedef struct {
    PyObject_HEAD
    TT tt;
    int searching; /* a search that writes to this table runs without the GIL */
} TableObject;

static PyObject *
Table_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    Py_ssize_t entries;
    if (!PyArg_ParseTuple(args, "n:Table", &entries))
        return NULL;
    TableObject *self = (TableObject *)type->tp_alloc(type, 0);
    if (self != NULL && tt_init_sized(&self->tt, entries) < 0) {
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

static PyMethodDef Table_methods[] = {{NULL, NULL, 0, NULL}};

static PyTypeObject TableType = MODULE_TYPE(Table, "Table(entries): a transposition table (native/search/tt.h), kept across "
                                            "a game's searches, or exact (entries 0).");

typedef struct {
    PyObject_HEAD
    KernelObject *kernel;
    MemoObject *memo;
    TableObject *table;
    Py_buffer history;
    Search search;
} SearchObject;

static void
Search_dealloc(SearchObject *self)
{
    Py_XDECREF(self->table);
    PyBuffer_Release(&self->history);
    Py_XDECREF(self->kernel);
    Py_XDECREF(self->memo);
    PyMem_Free(self->search.net_scores);
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
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!O!OO!iiiKppi|(iiii):Search", keywords, &KernelType, &kernel,
                                     &MemoType, &memo, &history, &TableType, &table, &config.width,
                                     &config.node_vcf, &config.noise, &noise_key, &config.sees_threes,
                                     &config.quiet_threes, &config.features, &config.eval.scale_num,
                                     &config.eval.scale_den, &config.eval.double_three, &config.eval.tempo))
        return NULL;
    if (config.node_vcf < 0 || config.node_vcf > MAX_VCF_DEPTH || config.noise < 0 || config.eval.scale_den <= 0)
        return PyErr_Format(PyExc_ValueError, "node_vcf must be in 0..%d, noise >= 0, the scale's denominator > 0",
                            MAX_VCF_DEPTH);
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
    self->table = (TableObject *)Py_NewRef(table);
    tt_new_search(&self->table->tt); /* a kept table's older entries go first */
    search_init(&self->search, board, config, &self->table->tt, &self->memo->memo, self->history.buf);
    if (config.features & FEATURE_NET_EVAL) { /* the score memory (256 KB) only where the network evaluates */
        self->search.net_scores = PyMem_Calloc(NET_EVAL_SLOTS, sizeof(NetEvalSlot));
        if (self->search.net_scores == NULL) {
            Py_DECREF(self);
            return PyErr_NoMemory();
        }
    }
    return (PyObject *)self;
}

/* Start the search's clock from a Python Clock's kernel_state(): nodes, next check, check interval, node budget
 * and seconds to the deadline (-1: none), and stop() (or None), which is asked every few checks. */
static int
start_python_clock(Search *search, PyObject *state)
{
    long nodes, next_check, interval, max_nodes;
    double seconds;
    PyObject *stop;
    int parsed = PyArg_ParseTuple(state, "lllldO:clock", &nodes, &next_check, &interval, &max_nodes, &seconds, &stop);
    if (parsed) /* (an interval below 1 only makes it look at the time at every node) */
        search_start_clock(&search->clock, nodes, next_check, interval, max_nodes, seconds, PYTHON_POLL(stop));
    return parsed ? 0 : -1;
}

PyDoc_STRVAR(Search_negamax_doc,
"negamax(depth, alpha, beta, ply, side, clock) -> (score, nodes, next_check, halt): AlphaBeta.negamax in C (the\n"
"board left as it was); clock: Clock.kernel_state(). halt: 0 done, 1 stop, 2 deadline, 3 node budget (no score).");

static PyObject *
Search_negamax(SearchObject *self, PyObject *args)
{
    int depth, alpha, beta, ply, side;
    PyObject *clock_state;
    if (!PyArg_ParseTuple(args, "iiiiiO!:negamax", &depth, &alpha, &beta, &ply, &side, &PyTuple_Type, &clock_state))
        return NULL;
    if ((side != 1 && side != 2) || ply < 0 || ply > MAX_PLY || depth > 1000)
        return PyErr_Format(PyExc_ValueError, "side must be 1 or 2 (is %d), ply in 0..%d, depth at most 1000", side,
                            MAX_PLY);
    Search *search = &self->search;
    SearchClock *clock = &search->clock;
    if (start_python_clock(search, clock_state) < 0 || claim_for_search(&self->kernel->searching, &self->memo->searching, &self->table->searching) < 0)
        return NULL;
    int score;
    SEARCH_WITHOUT_GIL
    score = (search->config.features & FEATURE_PVS ? pvs_run : search_run)(search, depth, alpha, beta, ply, side);
    SEARCH_WITH_GIL
    release_after_search(&self->kernel->searching, &self->memo->searching, &self->table->searching);
    if (clock->halt == HALT_ERROR)
        return raise_core_error(clock->error);
    if (PyErr_Occurred()) /* raised by stop() */
        return NULL;
    return Py_BuildValue("(illi)", score, clock->nodes, clock->next_check, clock->halt);
}

/* root_iterate's on_iteration: the Python callable gets (answer as a flat list, nodes); raising ends the search.
 * Called without the GIL (see SEARCH_WITHOUT_GIL), so it takes it. */
static int
call_python_iteration(void *callable, const RootAnswer *answer)
{
    int32_t flat[ROOT_FLAT_SIZE];
    int count = root_answer_flat(answer, flat);
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *result = PyObject_CallFunction((PyObject *)callable, "(Nl)", int_list(flat, count), answer->nodes);
    int failed = result == NULL;
    Py_XDECREF(result);
    PyGILState_Release(gil);
    return failed;
}

PyDoc_STRVAR(Search_iterate_doc,
"iterate(cells, count, side, max_depth, multipv, prove, vcf_depth, clock, on_iteration) -> (answer, its nodes, nodes,\n"
"next_check, halt): the depth-shaped search's root (root_search.h) over int32 cells, the `count` root moves and then\n"
"the legal moves left out; on_iteration(answer, nodes) (or None) after each iteration. answer: root_answer_flat().");

static PyObject *
Search_iterate(SearchObject *self, PyObject *args)
{
    Py_buffer view;
    PyObject *clock_state, *on_iteration;
    int count, side, max_depth, multipv, prove, vcf_depth;
    if (!PyArg_ParseTuple(args, "y*iiiipiO!O:iterate", &view, &count, &side, &max_depth, &multipv, &prove, &vcf_depth,
                          &PyTuple_Type, &clock_state, &on_iteration))
        return NULL;
    Py_ssize_t total = view.len / (Py_ssize_t)sizeof(int32_t);
    RootPlan plan = {.side = side, .max_depth = max_depth, .multipv = multipv, .prove = prove, .vcf_depth = vcf_depth,
                     .on_iteration = on_iteration == Py_None ? NULL : call_python_iteration, .context = on_iteration};
    int error = root_plan_moves(&plan, view.buf, (int)(total < MAX_MOVES ? total : MAX_MOVES + 1), count);
    PyBuffer_Release(&view);
    if (error < 0 || (side != 1 && side != 2) || max_depth < 1 || multipv < 1 || vcf_depth < 0 || vcf_depth > MAX_VCF_DEPTH)
        return PyErr_Format(PyExc_ValueError, "at most %d cells, count in 0..cells, side 1 or 2, max_depth and multipv "
                            ">= 1, vcf_depth in 0..%d", MAX_MOVES, MAX_VCF_DEPTH);
    Search *search = &self->search;
    if (start_python_clock(search, clock_state) < 0 || claim_for_search(&self->kernel->searching, &self->memo->searching, &self->table->searching) < 0)
        return NULL;
    RootAnswer answer;
    int32_t flat[ROOT_FLAT_SIZE];
    SEARCH_WITHOUT_GIL
    error = root_iterate(search, &plan, &answer);
    SEARCH_WITH_GIL
    release_after_search(&self->kernel->searching, &self->memo->searching, &self->table->searching);
    if (PyErr_Occurred()) /* raised by stop() or on_iteration() */
        return NULL;
    if (error < 0)
        return raise_core_error(error);
    return Py_BuildValue("(Nllli)", int_list(flat, root_answer_flat(&answer, flat)), answer.nodes,
                         search->clock.nodes, search->clock.next_check, search->clock.halt);
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

/* The search's static evaluation of the board as it stands (pvs_evaluate), so a test can hold the network's
 * evaluation (FEATURE_NET_EVAL) to the Python reference. */
static PyObject *
Search_evaluate(SearchObject *self, PyObject *arg)
{
    long side = PyLong_AsLong(arg);
    if (side == -1 && PyErr_Occurred())
        return NULL;
    if (side != 1 && side != 2)
        return PyErr_Format(PyExc_ValueError, "side must be 1 or 2 (is %ld)", side);
    if (claim_for_search(&self->kernel->searching, NULL, NULL) < 0)
        return NULL;
    int score = pvs_evaluate(&self->search, (int)side);
    release_after_search(&self->kernel->searching, NULL, NULL);
    return PyLong_FromLong(score);
}

static PyMethodDef Search_methods[] = {
    {"negamax", (PyCFunction)Search_negamax, METH_VARARGS, Search_negamax_doc},
    {"iterate", (PyCFunction)Search_iterate, METH_VARARGS, Search_iterate_doc},
    {"tt_move", (PyCFunction)Search_tt_move, METH_O,
     PyDoc_STR("tt_move(side) -> the best move stored for the board's position with `side` to move, or -1")},
    {"evaluate", (PyCFunction)Search_evaluate, METH_O,
     PyDoc_STR("evaluate(side) -> the depth-shaped search's static score of the board for `side` to move")},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef Search_members[] = {
    {"horizon_nodes", T_LONG, offsetof(SearchObject, search.horizon_nodes), READONLY,
     PyDoc_STR("nodes the depth-shaped search (features & 256) spent in its horizon search")},
    {NULL},
};

static PyTypeObject SearchType = MODULE_TYPE(
    Search, "Search(kernel, vcf_failed, history, table, width, node_vcf, noise, noise_key, sees_threes, quiet_threes,\n"
            "features, evaluation=(5, 4, 8000, -400)): alpha-beta's state over a Kernel (see AlphaBeta in alphabeta.py).");

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "game.engine._kernel",
    .m_doc = PyDoc_STR("The compiled engine core (optional; state.py, threats.py and alphabeta.py do the same in Python)."),
    .m_size = -1,
};

/* The numbers the Python engine shares with this core (params.h, search.h), so that
 * game/engine/move_search/params.py can be held equal to them by a test. */
static int
add_shared_numbers(PyObject *module)
{
    const struct {
        const char *name;
        long value;
    } numbers[] = {
        {"MAX_PLY", MAX_PLY},
        {"MIN_WIDTH", MIN_WIDTH},
        {"LMR_AFTER", LMR_AFTER},
        {"COMPILED_THREAT_NODES", COMPILED_THREAT_NODES},
        {"WIN", WIN},
        {"WIN_THRESHOLD", WIN_THRESHOLD},
        {"UNPROVEN_WIN", UNPROVEN_WIN},
        {"UNPROVEN_THRESHOLD", UNPROVEN_THRESHOLD},
        {"NET_EVAL_SCALE", NET_EVAL_SCALE},
        {"NET_EVAL_CLAMP", NET_EVAL_CLAMP},
    };
    for (size_t k = 0; k < sizeof numbers / sizeof numbers[0]; k++)
        if (PyModule_AddIntConstant(module, numbers[k].name, numbers[k].value) < 0)
            return -1;
    PyObject *side_key = PyLong_FromUnsignedLongLong(SIDE_KEY);
    if (side_key == NULL)
        return -1;
    if (PyModule_AddObject(module, "SIDE_KEY", side_key) < 0) {
        Py_DECREF(side_key);
        return -1;
    }
    return 0;
}

PyMODINIT_FUNC
PyInit__kernel(void)
{
    PyTypeObject *types[] = {&MemoType, &KernelType, &TableType, &SearchType, &NetType};
    KernelType.tp_as_buffer = &Kernel_as_buffer;
    SearchType.tp_members = Search_members;
    PyObject *module = PyModule_Create(&kernel_module);
    if (module == NULL)
        return NULL;
    int failed = PyModule_AddIntConstant(module, "API_VERSION", KERNEL_API_VERSION) < 0 || add_shared_numbers(module) < 0;
    for (int k = 0; k < 5 && !failed; k++)
        failed = PyModule_AddType(module, types[k]) < 0; /* readies it; named after tp_name's last part */
    if (failed)
        Py_CLEAR(module);
    return module;
}
