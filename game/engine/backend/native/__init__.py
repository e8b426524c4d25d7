"""The compiled backend: the one place that loads the kernel (game/engine/_kernel, built from
game/engine/native/), and what runs on it: NativeBoard (board.py), the threat searches
(threats.py), the tree search (alphabeta.py) and the depth-shaped search's root in one call
(root.py).

`KERNEL` is the compiled module, or None when it was not built (no C compiler) or is a stale
build of older sources; `kernel_available()` says whether the engine may use it now
(GOMOKU_PURE_PYTHON switches it off). Only backend/__init__.py asks it, to pick the backend.

`NET` is the learned network's weights (freestyle, 15x15: eval/weights/freestyle.gnet, made by
build_scripts/train_net.py), read once here, or None when the file is missing or refused: the
engine then runs as without it, after a one-line warning.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

#: The kernel's interface version this Python expects (binding.c's KERNEL_API_VERSION).
KERNEL_API = 20
try:
    from ... import _kernel as KERNEL
except ImportError:  # not built: installed without a C compiler
    KERNEL = None
if KERNEL is not None and getattr(KERNEL, "API_VERSION", None) != KERNEL_API:
    KERNEL = None  # a stale build from older sources: do not trust it


def kernel_available() -> bool:
    """Whether boards use the compiled make/unmake (built, current, and not switched off)."""
    return KERNEL is not None and not os.environ.get("GOMOKU_PURE_PYTHON")


#: The network's weights file, shipped as package data.
NET_PATH = Path(__file__).resolve().parents[2] / "eval" / "weights" / "freestyle.gnet"


def load_net(path: Path = NET_PATH):
    """The kernel's Net read from `path`, or None (with a one-line warning) when it cannot be."""
    if KERNEL is None:
        return None
    try:
        return KERNEL.Net(Path(path).read_bytes())
    except (OSError, ValueError) as error:
        logging.getLogger(__name__).warning("engine network %s not loaded (%s): running without it", path, error)
        return None


NET = load_net()
