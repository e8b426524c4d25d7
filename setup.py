"""Only the optional compiled engine kernel; everything else is in pyproject.toml.

`optional=True`: without a C compiler the install still succeeds and the engine uses its
pure-Python make/unmake (same moves, about a third of the speed).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("game.engine._kernel", ["game/engine/_kernel.c"], optional=True)])
