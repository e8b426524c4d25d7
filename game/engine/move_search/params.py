"""The numbers the pure-Python engine shares with the compiled one, mirrored from C.

The compiled core names every tuned number in native/search/params.h, with what it is worth;
the binding exports the ones Python needs too, and tests/engine/test_search_params.py holds
these mirrors equal to them. The pure-Python engine must have them without the kernel, so
they are written here once, not read from it.
"""

#: Deepest ply a line may reach.
MAX_PLY = 60
#: Fewest candidates the classic search keeps at any node, however deep.
MIN_WIDTH = 6
#: Classic search: moves after this many at a node are searched one ply shallower first.
LMR_AFTER = 3
#: Xored into the hash when white is to move, so the side to move is part of a table key.
SIDE_KEY = 0x9E37_79B9_7F4A_7C15
#: Most nodes one compiled VCF or VCT call may visit (about a second in C): a safety bound
#: only, since the C search calls the clock's check every 2048 nodes (about a millisecond),
#: so a deadline or a stop ends it as promptly as in Python.
COMPILED_THREAT_NODES = 2_000_000
