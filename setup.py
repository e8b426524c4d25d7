"""Only the optional compiled engine core; everything else is in pyproject.toml.

`optional=True`: without a C compiler the install still succeeds and the engine uses its
pure-Python code (same moves, several times slower).
"""

from glob import glob

from setuptools import Extension, setup

#: Every C file of the core (game/engine/native/, plain C) and its one Python binding.
NATIVE_SOURCES = sorted(glob("game/engine/native/*.c"))

setup(
    ext_modules=[
        Extension(
            "game.engine._kernel",
            NATIVE_SOURCES,
            include_dirs=["game/engine/native"],
            depends=sorted(glob("game/engine/native/*.h")),
            optional=True,
        )
    ]
)
