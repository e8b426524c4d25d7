"""Counts call circles between the C files of the engine's core (game/engine/native/).

    python build_scripts/c_call_graph.py      # prints the files, their calls and any circle; exit 1 on a circle

A unit is a file's name without its suffix: `qsearch.c` with `qsearch.h`. A unit calls another
when its code names a function the other defines (a non-static function of its .c file, or a
`static inline` one of its .h file). Two units that call each other, directly or round a longer
loop, are a circle: neither can be read, tested or moved without the other. The search is
textual (function names are unique across the core), which is enough for our plain C.
Standard library only.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NATIVE = ROOT / "game" / "engine" / "native"
sys.path.insert(0, str(Path(__file__).resolve().parent))

from import_graph import circles  # noqa: E402

#: A definition starts at the first column: `name(` after its return type's line (our style),
#: or `static inline type name(` in a header. A return type's line that starts with `static`
#: makes the function the file's own: another file may define one of the same name.
_DEFINITION = re.compile(r"^(static\b[^\n]*\n)?([A-Za-z_]\w*)\s*\(", re.M)
_INLINE = re.compile(r"^static inline\b[^\n(]*?\b([A-Za-z_]\w*)\s*\(", re.M)
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_STRING = re.compile(r'"(?:\\.|[^"\\])*"')
_KEYWORDS = frozenset({"if", "for", "while", "switch", "return", "sizeof", "defined"})


def _code(path: Path) -> str:
    return _STRING.sub('""', _COMMENT.sub(" ", path.read_text(encoding="utf-8")))


def definitions(native: Path = NATIVE) -> dict[str, str]:
    """function name -> the unit that defines it."""
    owner: dict[str, str] = {}
    for path in sorted(native.rglob("*.[ch]")):
        code = _code(path)
        found = _DEFINITION.findall(code)
        if path.suffix == ".c":
            names = [name for local, name in found if not local]
        else:
            names = [name for local, name in found if "inline" in local] + _INLINE.findall(code)
        for name in names:
            if name not in _KEYWORDS:
                owner[name] = path.stem
    return owner


def build_graph(native: Path = NATIVE) -> dict[str, set[str]]:
    """unit -> the other units whose functions it calls."""
    owner = definitions(native)
    graph: dict[str, set[str]] = {}
    for path in sorted(native.rglob("*.[ch]")):
        unit = path.stem
        calls = graph.setdefault(unit, set())
        code = _code(path)
        own = {name for local, name in _DEFINITION.findall(code) if local} if path.suffix == ".c" else set()
        for name in re.findall(r"\b([A-Za-z_]\w*)\s*\(", code):
            target = owner.get(name) if name not in own else None
            if target is not None and target != unit:
                calls.add(target)
    return graph


def main(argv: list[str] | None = None) -> int:
    graph = build_graph()
    found = circles(graph)
    print(f"C units in game/engine/native: {len(graph)}, calls between them: {sum(map(len, graph.values()))}")
    print(f"C call circles: {len(found)}")
    for circle in found:
        print("  circle: " + " <-> ".join(circle))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
