"""The compiled backend: the one place that loads the kernel (game/engine/_kernel, built from
game/engine/native/), and what runs on it: NativeBoard (board.py), the threat searches
(threats.py), the tree search (alphabeta.py) and the depth-shaped search's root in one call
(root.py).

`KERNEL` is the compiled module, or None when it was not built (no C compiler) or is a stale
build of older sources; `kernel_available()` says whether the engine may use it now
(GOMOKU_PURE_PYTHON switches it off). Only backend/__init__.py asks it, to pick the backend.

`NETS` holds the learned network's weights for each rule that has them (15x15:
eval/weights/<rule>.gnet, made by build_scripts/train_net.py), read once here. A rule without a
file searches with the hand-set evaluation; a file that is refused leaves its rule so, after a
one-line warning, as does a missing freestyle file (which the game ships). `NET` is freestyle's.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from game.rules import Rule

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


#: The folder of the network's weights files (<rule>.gnet), shipped as package data.
NET_DIR = Path(__file__).resolve().parents[2] / "eval" / "weights"
#: Freestyle's weights file.
NET_PATH = NET_DIR / "freestyle.gnet"


def load_net(path: Path = NET_PATH):
    """The kernel's Net read from `path`, or None (with a one-line warning) when it cannot be."""
    if KERNEL is None:
        return None
    try:
        return KERNEL.Net(Path(path).read_bytes())
    except (OSError, ValueError) as error:
        logging.getLogger(__name__).warning("engine network %s not loaded (%s): running without it", path, error)
        return None


def load_nets(folder: Path = NET_DIR) -> dict:
    """{Rule: Net} for each rule whose weights file is in `folder` and loads; freestyle's is
    expected (a warning when it is missing), the others are optional."""
    nets = {}
    for rule in Rule:
        path = Path(folder) / f"{rule.value}.gnet"
        if rule is not Rule.FREESTYLE and not path.is_file():
            continue
        net = load_net(path)
        if net is not None:
            nets[rule] = net
    return nets


NETS = load_nets()
NET = NETS.get(Rule.FREESTYLE)
