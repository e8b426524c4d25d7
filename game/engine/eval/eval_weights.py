"""The evaluation's weights as data: which table the engine uses, and how one is read.

The static evaluation is linear in a handful of numbers: a value per line pattern, a bonus
per cell class, a bonus for two building threes at one cell, a bonus for a double three to
play, the side to move's share of its own potential and a tempo term. They live in tables,
not in code, so that they can be learned from games (build_scripts/tune_eval.py writes
`eval_weights_tuned.py`) and weighed against each other in a match without a rebuild:

    GOMOKU_EVAL_WEIGHTS=handset   the hand-set values (HANDSET below)
    GOMOKU_EVAL_WEIGHTS=tuned     the table learned by the tuner
    GOMOKU_EVAL_WEIGHTS=/a/b.json any table in the JSON form `weights_to_json` writes

Unset, each level uses the table its LevelConfig names (levels.py), and a board set up
without a level uses DEFAULT_TABLE. The variable is read once per process, when the
first pattern table is built; a table that cannot be used raises WeightsError naming it
(the engine never falls back to other numbers in silence).

The committed tables are Python modules, not JSON files, so that the frozen game and brain
carry them like any other module.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from .eval_weights_tuned import TUNED

#: Names of the line patterns and cell classes, in the order of patterns.py's constants.
PATTERN_NAMES = ("none", "block1", "flex1", "block2", "flex2", "block3", "flex3", "block4", "flex4", "five", "overline")
CLASS_NAMES = ("none", "forbidden", "flex3", "flex3+", "flex3x2", "block4", "block4+", "block4-flex3", "flex4", "five")
#: Classes a table gives a bonus to (a forbidden point is worth nothing to black).
BONUS_CLASSES = tuple(name for name in CLASS_NAMES if name != "forbidden")
#: Largest value one entry may have: a cell's packed value (four patterns and a bonus,
#: shifted by four bits) must stay far inside an int32, and scores far below a win.
MAX_VALUE = 100_000
WEIGHTS_ENV = "GOMOKU_EVAL_WEIGHTS"

#: The values set by hand before the tuner existed (the first engine's), kept to compare.
HANDSET: dict[str, Any] = {
    "about": "set by hand (the first engine's values)",
    "pattern": {
        "none": 0, "block1": 2, "flex1": 6, "block2": 10, "flex2": 40, "block3": 45, "flex3": 200,
        "block4": 220, "flex4": 1500, "five": 12000, "overline": 0,
    },
    "class_bonus": {
        "none": 0, "flex3": 0, "flex3+": 150, "flex3x2": 900, "block4": 0, "block4+": 300,
        "block4-flex3": 1500, "flex4": 3000, "five": 20000,
    },
    "building_pair": 60,
    "double_three": 8000,
    "mover_scale": [5, 4],
    "tempo": -400,
}
TABLES: dict[str, Mapping[str, Any]] = {"handset": HANDSET, "tuned": TUNED}
#: The table used when GOMOKU_EVAL_WEIGHTS is not set.
DEFAULT_TABLE = "handset"


class WeightsError(ValueError):
    """A weights table that cannot be used; the message names the table and what is wrong."""


@dataclass(frozen=True)
class EvalWeights:
    """One table, checked. Cell value = sum of its four patterns' values + its class's bonus
    (+ building_pair when it is of no class but builds two threes at once). A side's score =
    its total * mover_scale - the opponent's total, + double_three when it can play one and
    the opponent has no four; the compiled search's "tempo" feature adds `tempo`."""

    pattern: tuple[int, ...]  # by pattern index (patterns.NONE .. OVERLINE)
    class_bonus: tuple[int, ...]  # by class index (patterns.C_NONE .. C_FIVE); forbidden is 0
    building_pair: int
    double_three: int
    mover_scale: tuple[int, int]  # numerator, denominator
    tempo: int
    about: str = ""

    def search_constants(self) -> tuple[int, int, int, int]:
        """What the compiled search's evaluation needs besides the cell tables."""
        return self.mover_scale[0], self.mover_scale[1], self.double_three, self.tempo

    def to_mapping(self) -> dict[str, Any]:
        """The table as plain data, in the form `parse_weights` reads."""
        bonus = dict(zip(CLASS_NAMES, self.class_bonus))
        return {
            "about": self.about,
            "pattern": dict(zip(PATTERN_NAMES, self.pattern)),
            "class_bonus": {name: bonus[name] for name in BONUS_CLASSES},
            "building_pair": self.building_pair,
            "double_three": self.double_three,
            "mover_scale": list(self.mover_scale),
            "tempo": self.tempo,
        }


def _integer(value: Any, where: str, source: str, low: int = 0, high: int = MAX_VALUE) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise WeightsError(f"{source}: {where} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise WeightsError(f"{source}: {where} = {value} is outside {low}..{high}")
    return value


def _named(table: Any, names: tuple[str, ...], where: str, source: str) -> tuple[int, ...]:
    if not isinstance(table, Mapping):
        raise WeightsError(f"{source}: {where} must be a table of {', '.join(names)}")
    missing = [name for name in names if name not in table]
    unknown = [name for name in table if name not in names]
    if missing or unknown:
        raise WeightsError(f"{source}: {where} is missing {missing} / has unknown {unknown}; expected {list(names)}")
    return tuple(_integer(table[name], f"{where}[{name!r}]", source) for name in names)


def parse_weights(data: Any, source: str = "weights") -> EvalWeights:
    """An EvalWeights from plain data (a parsed JSON object). Raises WeightsError quoting `source`."""
    expected = {"about", "pattern", "class_bonus", "building_pair", "double_three", "mover_scale", "tempo"}
    if not isinstance(data, Mapping):
        raise WeightsError(f"{source}: a weights table must be a JSON object, not {type(data).__name__}")
    missing, unknown = sorted(expected - {"about"} - set(data)), sorted(set(data) - expected)
    if missing or unknown:
        raise WeightsError(f"{source}: missing {missing} / unknown {unknown} entries")
    bonus = dict(zip(BONUS_CLASSES, _named(data["class_bonus"], BONUS_CLASSES, "class_bonus", source)))
    scale = data["mover_scale"]
    if not isinstance(scale, (list, tuple)) or len(scale) != 2:
        raise WeightsError(f"{source}: mover_scale must be [numerator, denominator], not {scale!r}")
    about = data.get("about", "")
    if not isinstance(about, str):
        raise WeightsError(f"{source}: about must be text, not {about!r}")
    return EvalWeights(
        pattern=_named(data["pattern"], PATTERN_NAMES, "pattern", source),
        class_bonus=tuple(bonus.get(name, 0) for name in CLASS_NAMES),
        building_pair=_integer(data["building_pair"], "building_pair", source),
        double_three=_integer(data["double_three"], "double_three", source),
        mover_scale=(_integer(scale[0], "mover_scale[0]", source, 1, 64), _integer(scale[1], "mover_scale[1]", source, 1, 64)),
        tempo=_integer(data["tempo"], "tempo", source, -MAX_VALUE, MAX_VALUE),
        about=about,
    )


def weights_to_json(weights: EvalWeights) -> str:
    """The table as JSON text (what GOMOKU_EVAL_WEIGHTS=/path reads)."""
    return json.dumps(weights.to_mapping(), indent=2) + "\n"


def load_weights(spec: str) -> EvalWeights:
    """A table by name ("handset", "tuned") or from a JSON file at path `spec`.

    Raises WeightsError naming the file when it cannot be read, is not JSON or not a table."""
    if spec in TABLES:
        return parse_weights(TABLES[spec], f"table {spec!r}")
    path = Path(spec)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise WeightsError(f"cannot read the weights table {str(path)!r}: {error.strerror or error}") from error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise WeightsError(f"{str(path)!r} is not JSON: {error}") from error
    return parse_weights(data, repr(str(path)))


def weights_for(table: str) -> EvalWeights:
    """The table a level names (levels.py), unless GOMOKU_EVAL_WEIGHTS names one for every
    level, as a match of one table against another needs."""
    if os.environ.get(WEIGHTS_ENV, "").strip():
        return active_weights()
    return _named_table(table)


@lru_cache(maxsize=None)
def _named_table(name: str) -> EvalWeights:
    return load_weights(name)


@lru_cache(maxsize=None)
def active_weights() -> EvalWeights:
    """The table this process uses: GOMOKU_EVAL_WEIGHTS's, else DEFAULT_TABLE (read once)."""
    spec = os.environ.get(WEIGHTS_ENV, "").strip() or DEFAULT_TABLE
    try:
        return load_weights(spec)
    except WeightsError as error:
        raise WeightsError(f"{WEIGHTS_ENV}={spec}: {error}") from None
