"""Find bundled assets the same way from a source checkout, an installed wheel and a PyInstaller build.

Everything under `assets/` is looked up through `asset_path`, so a build only needs to ship
that folder: the frozen build beside the programs, a wheel inside the package as
game/assets (setup.py copies it there). A failed lookup names every place it tried, which is what a maintainer
needs when a packaged build is missing a file.
"""

from __future__ import annotations

import sys
from pathlib import Path


class AssetNotFoundError(FileNotFoundError):
    """A bundled asset that is in none of the places assets can live."""


def asset_roots() -> list[Path]:
    """The folders that may hold `assets/`, most specific first."""
    roots: list[Path] = []
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        roots.append(Path(frozen_root) / "assets")
    if getattr(sys, "frozen", False):
        roots.append(Path(sys.executable).resolve().parent / "assets")
    package_dir = Path(__file__).resolve().parent
    roots.append(package_dir / "assets")  # assets installed inside the package
    roots.append(package_dir.parent / "assets")  # a source checkout: <repo>/assets
    return roots


def asset_path(*parts: str) -> Path:
    """The path of `assets/<parts...>`. Raises AssetNotFoundError listing every path tried."""
    tried = []
    for root in asset_roots():
        candidate = root.joinpath(*parts)
        if candidate.exists():
            return candidate
        tried.append(str(candidate))
    raise AssetNotFoundError(f"asset {'/'.join(parts)!r} not found; tried: " + ", ".join(tried))


def assets_folder() -> Path:
    """The first `assets/` folder that exists. Raises AssetNotFoundError listing every root tried."""
    roots = asset_roots()
    for root in roots:
        if root.is_dir():
            return root
    raise AssetNotFoundError("no assets folder found; tried: " + ", ".join(str(root) for root in roots))


def bundled_assets() -> list[Path]:
    """Every file in the assets folder, sorted, so a check can load each one."""
    return sorted(path for path in assets_folder().rglob("*") if path.is_file())
