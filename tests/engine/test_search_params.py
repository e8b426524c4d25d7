"""The numbers Python shares with the compiled core are the same on both sides (issue 52).

native/search/params.h names them once for C; the binding exports them; move_search/params.py
(and scores.py, for the score scale) mirror them for the pure-Python engine, which must run
without the kernel.
"""

import re
from pathlib import Path

import pytest

from game.engine.backend.native import KERNEL
from game.engine.move_search import params, scores

PARAMS_H = Path(params.__file__).resolve().parents[1] / "native" / "search" / "params.h"
SHARED = ("MAX_PLY", "MIN_WIDTH", "LMR_AFTER", "SIDE_KEY", "COMPILED_THREAT_NODES")

compiled_only = pytest.mark.skipif(KERNEL is None, reason="compiled kernel not built (no C compiler)")


@compiled_only
@pytest.mark.parametrize("name", SHARED)
def test_the_python_mirror_equals_the_kernels_number(name):
    assert getattr(params, name) == getattr(KERNEL, name)


@compiled_only
@pytest.mark.parametrize("name", ("WIN", "WIN_THRESHOLD", "UNPROVEN_WIN", "UNPROVEN_THRESHOLD"))
def test_the_score_scale_equals_the_kernels(name):
    assert getattr(scores, name) == getattr(KERNEL, name)


def test_every_shared_number_is_defined_in_the_one_header():
    """Read from the source, so it holds without a build too."""
    text = PARAMS_H.read_text(encoding="utf-8")
    for name in SHARED:
        match = re.search(rf"^#define {name} (0x[0-9A-Fa-f]+|\d+)", text, re.M)
        assert match, f"{name} is not in params.h"
        assert int(match.group(1), 0) == getattr(params, name)


def test_no_tuned_number_is_defined_outside_the_header():
    names = re.findall(r"^#define (\w+)", PARAMS_H.read_text(encoding="utf-8"), re.M)
    assert len(names) > 30
    native = PARAMS_H.parents[1]
    for path in native.rglob("*.[ch]"):
        if path != PARAMS_H:
            defined = set(re.findall(r"^\s*#define (\w+)", path.read_text(encoding="utf-8"), re.M))
            assert not defined & set(names), f"{path.name} defines {defined & set(names)} again"
