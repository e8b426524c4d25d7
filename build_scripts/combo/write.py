"""Write the fitted tables: game/engine/eval/combo_tables.py for the Python mirror and
game/engine/native/eval/combo_tables.h for the compiled one (the same numbers)."""

from __future__ import annotations

import json
from pathlib import Path

from game.engine.eval import combo_eval as ce
from game.records.atomic import atomic_write_text

ROOT = Path(__file__).resolve().parent.parent.parent
PYTHON_TABLES = ROOT / "game" / "engine" / "eval" / "combo_tables.py"
C_TABLES = ROOT / "game" / "engine" / "native" / "eval" / "combo_tables.h"
NAMES = ("eval_mine", "eval_theirs", "threat", "order_own", "order_his")


def python_text(tables: dict, command: str, report: list[str]) -> str:
    lines = "\n".join(report)
    body = json.dumps({rule: {name: tables[rule][name] for name in NAMES} for rule in ce.RULES if rule in tables})
    return (f'"""The shape-combination tables (combo_eval.py), learned by build_scripts/make_combo_tables.py\n'
            f"(generated: do not edit).\n\nMade by:\n\n    {command}\n\n{lines}\n"
            f'"""\n\nTABLES = {body}\n')


def _c_array(name: str, values: list[int]) -> str:
    rows = [", ".join(str(v) for v in values[i:i + 20]) for i in range(0, len(values), 20)]
    return f"static const int32_t {name}[{len(values)}] = {{\n    " + ",\n    ".join(rows) + "\n};\n"


def c_text(tables: dict, command: str) -> str:
    parts = [
        "/* The shape-combination tables (combo_eval.c), learned by build_scripts/make_combo_tables.py\n"
        f" * (generated: do not edit; game/engine/eval/combo_tables.py holds the same numbers).\n *\n * {command}\n */\n",
        "#ifndef GOMOKU_COMBO_TABLES_H\n#define GOMOKU_COMBO_TABLES_H\n\n#include <stdint.h>\n\n",
        f"#define COMBO_COUNT {ce.COMBO_COUNT}\n#define COMBO_THREAT_COUNT {ce.THREAT_COUNT}\n\n",
    ]
    for rule in ce.RULES:
        for name in NAMES:
            parts.append(_c_array(f"combo_{rule}_{name}", tables[rule][name]))
        parts.append("\n")
    parts.append("#endif\n")
    return "".join(parts)


def write_tables(tables: dict, command: str, report: list[str]) -> None:
    """Both files, each written whole (atomically). Every rule must be there."""
    missing = [rule for rule in ce.RULES if rule not in tables]
    if missing:
        raise ValueError(f"tables for {missing} are missing: the C header needs all of {ce.RULES}")
    atomic_write_text(PYTHON_TABLES, python_text(tables, command, report))
    atomic_write_text(C_TABLES, c_text(tables, command))
    print(f"wrote {PYTHON_TABLES.relative_to(ROOT)} and {C_TABLES.relative_to(ROOT)}")
