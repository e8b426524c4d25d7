"""The build steps pyproject.toml cannot declare: the optional compiled engine core, and the
assets copied into the package.

`optional=True`: without a C compiler the install still succeeds and the engine uses its
pure-Python code (same moves, several times slower).

The assets live at the checkout's top (assets/: the asset scripts, the PyInstaller spec and
the README use them there), but an installed game looks for them inside its package
(game/resources.py: <package>/assets). So a regular build copies assets/ into the built
package as game/assets; MANIFEST.in puts assets/ into the sdist, so a wheel built from the
sdist gets them too. An editable install (`pip install -e .`) reads the checkout's assets/
directly and copies nothing.
"""

from glob import glob
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

#: Every C file of the core (game/engine/native/, plain C) and its one Python binding.
NATIVE = "game/engine/native"
NATIVE_SOURCES = sorted(glob(f"{NATIVE}/**/*.c", recursive=True))
#: binding.c at the top, the C in game/ (board, win check), search/ and eval/ beside it: each folder is
#: on the include path, so a file includes "board.h" wherever board.h lives.
NATIVE_FOLDERS = [NATIVE] + sorted(str(path) for path in Path(NATIVE).iterdir() if path.is_dir())
#: The checkout's assets folder, and where it goes in the installed package.
ASSETS = Path("assets")
PACKAGE_ASSETS = Path("game") / "assets"


class BuildPyWithAssets(build_py):
    """build_py that also copies assets/ into the built package as game/assets."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        if not ASSETS.is_dir():
            raise FileNotFoundError(
                f"no {ASSETS}/ folder beside setup.py in {Path.cwd()}: the game cannot run without it "
                "(an sdist must carry it: see MANIFEST.in)"
            )
        self.copy_tree(str(ASSETS), str(Path(self.build_lib) / PACKAGE_ASSETS))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if self.editable_mode or not ASSETS.is_dir():
            return outputs
        target = Path(self.build_lib) / PACKAGE_ASSETS
        return outputs + [str(target / path.relative_to(ASSETS)) for path in sorted(ASSETS.rglob("*")) if path.is_file()]


setup(
    cmdclass={"build_py": BuildPyWithAssets},
    ext_modules=[
        Extension(
            "game.engine._kernel",
            NATIVE_SOURCES,
            include_dirs=NATIVE_FOLDERS,
            depends=sorted(glob(f"{NATIVE}/**/*.h", recursive=True)),
            optional=True,
        )
    ],
)
