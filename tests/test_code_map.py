"""README's code map names every package under game/ and every module at its top (issue 52).

A package counts as named when the map has a line for it (`game/engine/search/`) or when the
lines of its parent name it (`menu/` among game/scenes/'s screens). The synthetic tree below
shows that the check does fail.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def code_map(readme: str) -> dict[str, str]:
    """The code map's entries: `game/...` path -> its text (its own line and the indented ones under it)."""
    section = readme.split("## Code map", 1)[1].split("\n## ", 1)[0]
    entries: dict[str, str] = {}
    current = None
    for block in re.findall(r"```\n(.*?)```", section, flags=re.S):
        for line in block.splitlines():
            if line.startswith("game/"):
                current = line.split()[0].rstrip(",")
                entries[current] = line
            elif line.startswith(" ") and current is not None:
                entries[current] += "\n" + line
            else:
                current = None
    return entries


def missing(root: Path, readme: str) -> list[str]:
    """The packages under root/game and the modules at its top that the code map does not name."""
    entries = code_map(readme)
    text = "\n".join(entries.values())
    gaps = []
    game = root / "game"
    for init in sorted(game.rglob("__init__.py")):
        package = init.parent
        if package == game or "__pycache__" in package.parts:
            continue
        path = package.relative_to(root).as_posix() + "/"
        parents = [p.relative_to(root).as_posix() + "/" for p in package.parents if game in p.parents]
        named_by_parent = any(re.search(rf"(^|[\s(]){re.escape(package.name)}/", entries.get(parent, ""))
                              for parent in parents)
        if path not in entries and not named_by_parent:
            gaps.append(path)
    for module in sorted(game.glob("*.py")):
        if module.name != "__init__.py" and not re.search(rf"(^|[\s/,]){re.escape(module.name)}\b", text):
            gaps.append(module.relative_to(root).as_posix())
    return gaps


def test_the_code_map_names_every_package_and_top_module():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert missing(ROOT, readme) == []


def test_the_map_has_one_entry_for_the_engine_front_door_and_its_worker():
    entries = code_map((ROOT / "README.md").read_text(encoding="utf-8"))
    assert {"game/engine/", "game/engine/worker.py", "game/engine/native/"} <= set(entries)


def test_a_package_left_out_of_the_map_is_reported(tmp_path):
    for name in ("game/__init__.py", "game/app.py", "game/rules/__init__.py", "game/scenes/__init__.py",
                 "game/scenes/menu/__init__.py", "game/scenes/hidden/__init__.py", "game/newpkg/__init__.py",
                 "game/stray.py"):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")
    readme = ("## Code map\n\n```\ngame/app.py   the window\ngame/rules/   the rules\n"
              "game/scenes/  screens:\n              menu/ play/\n```\n\n## Next\n")
    assert missing(tmp_path, readme) == ["game/newpkg/", "game/scenes/hidden/", "game/stray.py"]


def test_the_benchmarks_readme_says_how_to_run_every_script():
    text = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    scripts = sorted(path.name for path in (ROOT / "benchmarks").glob("*.py"))
    assert [name for name in scripts if f"benchmarks/{name}" not in text and f"`{name}`" not in text] == []
    assert len(text.splitlines()) < 120  # the first screen says how to run them; the history is in LOG.md
