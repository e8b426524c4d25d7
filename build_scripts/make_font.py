#!/usr/bin/env python3
"""Cut the UI font down to the characters the game shows: assets/fonts/GomokuUI.ttf.

    .venv/bin/pip install fonttools                  # build time only, not a game dependency
    apt-get install fonts-wqy-microhei               # the source font (Debian package)
    .venv/bin/python build_scripts/make_font.py [--source FONT.ttc]

Run it again whenever game/i18n/en.py or zh.py gains characters; the test suite checks that
every character of both tables is in the font, so a forgotten run fails CI, not a player.
The source is WenQuanYi Micro Hei (Apache-2.0 or GPL-3+ with font exception); its licence is
copied next to the subset.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "fonts"
OUT_NAME = "GomokuUI.ttf"
LICENCE_NAME = "GomokuUI-LICENSE.txt"
DEFAULT_SOURCE = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
DEFAULT_LICENCE = Path("/usr/share/doc/fonts-wqy-microhei/copyright")
FACE_NAME = "WenQuanYi Micro Hei"  # the proportional face of the collection, not "... Mono"
STRING_TABLES = [
    ROOT / "game" / "i18n" / "en.py",
    ROOT / "game" / "i18n" / "zh.py",
    ROOT / "game" / "rules" / "named_openings.py",  # the renju openings' Chinese names, shown in every language
]

# Beyond the string tables: anything a player name, file name or number may need, and the
# symbols the UI draws as text.
EXTRA_RANGES = [
    (0x20, 0x7E),  # printable ASCII
    (0xA0, 0xFF),  # Latin-1 (accented names)
    (0xFF01, 0xFF5E),  # full-width ASCII forms: ，！？：；（）
]
EXTRA_TEXT = "∞·×✓←→↑↓…—–‘’“”•▶◀■□●○★☆、。〈〉《》「」『』【】〔〕〖〗　"


def table_strings(path: Path) -> list[str]:
    """Every string literal in a string-table module, read without importing the game."""
    if not path.exists():
        print(f"warning: {path.relative_to(ROOT)} does not exist yet", file=sys.stderr)
        return []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def wanted_characters(tables: list[Path]) -> set[str]:
    chars = {chr(code) for low, high in EXTRA_RANGES for code in range(low, high + 1)}
    chars.update(EXTRA_TEXT)
    for table in tables:
        for text in table_strings(table):
            chars.update(text)
    return {c for c in chars if c.isprintable() or c == " "}


def open_face(source: Path, face_name: str) -> TTFont:
    """The face called `face_name` from a .ttc collection, or the single face of a .ttf."""
    if source.suffix.lower() != ".ttc":
        return TTFont(source, recalcTimestamp=False)
    for number, face in enumerate(TTCollection(source).fonts):
        if face["name"].getDebugName(1) == face_name:
            return TTFont(source, fontNumber=number, recalcTimestamp=False)
    raise SystemExit(f"no face named {face_name!r} in {source}")


def build(source: Path, licence: Path, out_dir: Path) -> Path:
    font = open_face(source, FACE_NAME)
    cmap = font.getBestCmap()
    chars = wanted_characters(STRING_TABLES)
    missing = sorted(c for c in chars if ord(c) not in cmap and not c.isspace())
    if missing:
        print(f"warning: the source font lacks {len(missing)} characters: {''.join(missing)!r}", file=sys.stderr)

    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True  # a visible box for anything still missing
    options.glyph_names = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars if ord(c) in cmap))
    subsetter.subset(font)

    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / OUT_NAME
    font.save(target)
    if licence.exists():
        text = licence.read_text(encoding="utf-8")
        note = (
            f"{OUT_NAME} is a subset of WenQuanYi Micro Hei ({source.name}, Debian package fonts-wqy-microhei),\n"
            "made by build_scripts/make_font.py (fontTools). The original licence follows.\n\n"
        )
        (out_dir / LICENCE_NAME).write_text(note + text, encoding="utf-8")
    else:
        print(f"warning: licence {licence} not found; keep {LICENCE_NAME} from before", file=sys.stderr)
    print(f"{target.relative_to(ROOT)}: {len(chars)} characters, {target.stat().st_size / 1024:.0f} KB")
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="the .ttc/.ttf to subset")
    parser.add_argument("--licence", type=Path, default=DEFAULT_LICENCE, help="the source font's copyright file")
    args = parser.parse_args()
    if not args.source.exists():
        raise SystemExit(f"source font {args.source} not found (apt-get install fonts-wqy-microhei)")
    build(args.source, args.licence, OUT_DIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())
