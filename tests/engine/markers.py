"""Skip markers shared by the engine tests.

`compiled_only`: the compiled kernel was built (tests that call it directly, which
GOMOKU_PURE_PYTHON does not stop). `kernel_in_use`: the public search() runs on it (under
GOMOKU_PURE_PYTHON, search() is the pure-Python engine's classic search).
"""

import pytest

from game.engine import backend

compiled_only = pytest.mark.skipif(backend.KERNEL is None, reason="compiled kernel not built (no C compiler)")
kernel_in_use = pytest.mark.skipif(not backend.kernel_available(), reason="no compiled kernel (not built, or GOMOKU_PURE_PYTHON)")
