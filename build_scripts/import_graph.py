"""Counts import circles in game/ and checks that no screen package imports another, and that
other packages reach the engine only through its front door.

    python build_scripts/import_graph.py          # prints both results; exit 1 if either fails
    python -m build_scripts.import_graph          # the same

Why from the source and not from `sys.modules`: an import under `if TYPE_CHECKING:` or inside
a function never runs at start-up, yet it still ties the two modules together for a reader
and for the type checker. So every `import` statement anywhere in a module counts.

An edge goes to the module an import names (`from game.rules import Board` -> game.rules;
`from game.ui import theme` -> game.ui.theme, since that is a module). The parent packages
Python runs on the way are not counted as edges: a package's `__init__` is checked on its own.
Circles are the strongly connected components of that graph (Tarjan), plus self-imports.

The screen rule: `game/scenes/<name>/` is one screen's package; `game/scenes/shared/` is what
several screens use. A module in one screen's package may not import another screen's
package, and neither `shared/` nor the scene framework (base, manager) may import any screen.

The engine's front door: outside `game/engine/`, code imports engine things from `game.engine`
(its `__init__`), never from a module inside it (`from game.engine.coach.analysis import ...`,
`from game.engine import state`, `import game.engine.worker`). This holds for `game/` and for
`tests/`, except `tests/engine/`, whose tests exist to check the engine's insides. The lab
scripts in `benchmarks/` and `build_scripts/` tune those insides (pattern tables, evaluation
weights, the search's classes); their reaching in is counted and printed, not failed.
Standard library only, so it runs before the venv exists.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENES = "game.scenes"
#: Sub-packages of game.scenes that are not screens: any screen may import them.
COMMON_SCENE_PACKAGES = frozenset({"shared"})
ENGINE = "game.engine"
#: Folders whose Python files must use the engine's front door, and the folders inside them
#: that may reach in (relative to the root).
DOOR_SCOPES = ("game", "tests")
DOOR_EXEMPT = ("game/engine", "tests/engine")
#: Folders whose reaching into the engine is only counted (the engine's lab scripts).
LAB_SCOPES = ("benchmarks", "build_scripts")

Graph = dict[str, set[str]]


def module_names(root: Path, package: str = "game") -> dict[str, Path]:
    """Every module under root/package by dotted name (a package by its own name)."""
    modules: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    for name in native_modules(root):
        if name.split(".")[0] == package:
            modules[name] = root / "setup.py"  # compiled: no source to read, no imports of ours
    return modules


def native_modules(root: Path) -> list[str]:
    """The C extensions setup.py declares (`Extension("game.engine._kernel", ...)`).

    Read from setup.py rather than globbed as .so files, so a checkout that was never built
    still knows `from . import _kernel` names a module and not the package.
    """
    setup = root / "setup.py"
    if not setup.is_file():
        return []
    names = []
    for node in ast.walk(ast.parse(setup.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Extension" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                names.append(first.value)
    return names


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _resolve(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute name an ImportFrom starts at (`from ..x import y` inside a.b.c -> a.x)."""
    if node.level == 0:
        return node.module or ""
    here = module.split(".") if _is_package(path) else module.split(".")[:-1]
    base = here[: len(here) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """name, or its longest prefix that is a module of ours (None for outside modules)."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ours that `module` imports anywhere (top level, TYPE_CHECKING, functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    targets: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found = _known(alias.name, modules)
                if found:
                    targets.add(found)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, path, node)
            for alias in node.names:
                found = _known(f"{base}.{alias.name}", modules) if alias.name != "*" else None
                if found is None or found == _known(base, modules):
                    found = _known(base, modules)
                if found:
                    targets.add(found)
    return targets


def build_graph(root: Path = ROOT, package: str = "game") -> Graph:
    """module -> the modules of ours it imports."""
    modules = module_names(root, package)
    return {
        name: imports_of(name, path, modules) if path.name != "setup.py" else set()
        for name, path in modules.items()
    }


def circles(graph: Graph) -> list[list[str]]:
    """Each import circle as its sorted modules: the SCCs with more than one module, or a self-import.

    Tarjan's algorithm, iterative so a deep graph cannot hit the recursion limit.
    """
    index: dict[str, int] = {}
    lowlink: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph.get(start, ())))]
        index[start] = lowlink[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, pending = work[-1]
            if pending:
                child = pending.pop(0)
                if child not in index:
                    index[child] = lowlink[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, sorted(graph.get(child, ()))))
                elif child in on_stack:
                    lowlink[node] = min(lowlink[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                lowlink[parent] = min(lowlink[parent], lowlink[node])
            if lowlink[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph.get(node, ()):
                    found.append(sorted(component))
    return sorted(found)


def scene_package(module: str, graph: Graph) -> str | None:
    """The game.scenes sub-package `module` lives in (e.g. 'play'), or None outside one."""
    parts = module.split(".")
    prefix = SCENES.split(".")
    if parts[: len(prefix)] != prefix or len(parts) <= len(prefix):
        return None
    package = ".".join(parts[: len(prefix) + 1])
    is_package = module != package or any(name.startswith(package + ".") for name in graph)
    return parts[len(prefix)] if is_package else None


def screen_violations(graph: Graph) -> list[tuple[str, str]]:
    """(importer, imported) pairs that break the screen rule (see the module docstring)."""
    bad: list[tuple[str, str]] = []
    for module in sorted(graph):
        own = scene_package(module, graph)
        in_scenes = module == SCENES or module.startswith(SCENES + ".")
        if not in_scenes:
            continue
        for target in sorted(graph[module]):
            other = scene_package(target, graph)
            if other is None or other in COMMON_SCENE_PACKAGES or other == own:
                continue
            if module == SCENES:
                continue  # the registry may name screens (it does so by string anyway)
            bad.append((module, target))
    return bad


def _dotted(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def engine_internals_imported(root: Path, path: Path, modules: dict[str, Path]) -> list[str]:
    """The engine submodules (game.engine.x...) the file at `path` imports, in source order."""
    module = _dotted(root, path)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[str] = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [_known(alias.name, modules) or "" for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, path, node)
            for alias in node.names:
                target = _known(f"{base}.{alias.name}", modules) if alias.name != "*" else None
                names.append(target or _known(base, modules) or "")
        found += [name for name in names if name.startswith(ENGINE + ".")]
    return found


def _python_files(root: Path, scopes: tuple[str, ...], exempt: tuple[str, ...] = ()) -> list[Path]:
    files = []
    for scope in scopes:
        for path in sorted((root / scope).rglob("*.py")) if (root / scope).is_dir() else []:
            relative = path.relative_to(root).as_posix()
            if not any(relative == folder or relative.startswith(folder + "/") for folder in exempt):
                files.append(path)
    return files


def door_breaks(root: Path = ROOT, scopes: tuple[str, ...] = DOOR_SCOPES,
                exempt: tuple[str, ...] = DOOR_EXEMPT) -> list[tuple[str, str]]:
    """(file, engine submodule) for each import that walks past game/engine/__init__.py."""
    modules = module_names(root, "game")
    return [
        (path.relative_to(root).as_posix(), target)
        for path in _python_files(root, scopes, exempt)
        for target in engine_internals_imported(root, path, modules)
    ]


def main(argv: list[str] | None = None) -> int:
    graph = build_graph()
    found = circles(graph)
    bad = screen_violations(graph)
    edges = sum(len(targets) for targets in graph.values())
    print(f"modules in game/: {len(graph)}, imports between them: {edges}")
    print(f"import circles in game/: {len(found)}")
    for circle in found:
        print("  circle: " + " <-> ".join(circle))
    screens = sorted({p for m in graph if (p := scene_package(m, graph)) and p not in COMMON_SCENE_PACKAGES})
    print(f"screen packages: {len(screens)} ({', '.join(screens)})")
    print(f"screen-rule breaks (a scene package importing another screen's): {len(bad)}")
    for importer, imported in bad:
        print(f"  {importer} imports {imported}")
    door = door_breaks()
    print(f"imports of engine internals from outside the engine ({', '.join(DOOR_SCOPES)}; "
          f"not {', '.join(DOOR_EXEMPT)}): {len(door)}")
    for path, target in door:
        print(f"  {path} imports {target}")
    lab = door_breaks(scopes=LAB_SCOPES, exempt=())
    print(f"engine internals the lab scripts ({', '.join(LAB_SCOPES)}) reach (allowed): {len(lab)}")
    return 1 if found or bad or door else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
