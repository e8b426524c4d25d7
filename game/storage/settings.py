"""The player's settings as one value that the menu edits and the store saves."""

from __future__ import annotations

import ipaddress
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ..engine import RENAMED_RUNGS, Level
from ..rules import Rule
from ..rules.named_openings import ALL as NAMED_OPENINGS
from ..rules.opening import OpeningRule
from .engines import DEFAULT_ENGINE_MOVE_MS, ENGINE_MOVE_TIMES, is_engine_list

LEVELS = ("beginner", "casual", "strong", "master")
#: The opponent the player's rating chooses (game/rating/ladder.adaptive_level), and the
#: full ladder (the rung in `ladder_rung`); offered after the short list of named levels.
ADAPTIVE = "adaptive"
LADDER = "ladder"
AI_CHOICES = LEVELS + (ADAPTIVE, LADDER)
LADDER_RUNGS = tuple(rung.value for rung in Level.rungs())
COLOURS = ("black", "white", "random")
LANGUAGES = ("", "en", "zh")  # "" follows the system language
BOARD_SIZES = (15, 19)
MAX_UNDO_CHOICE = 5  # the menu offers 0..5 or unlimited (None)
CLOCK_MINUTES = (5, 10, 20, 30)  # thinking time per side; None = no clock
OPENINGS = tuple(rule.value for rule in OpeningRule)
NAMED_OPENING_CHOICES = ("random",) + tuple(opening.key for opening in NAMED_OPENINGS)


@dataclass(frozen=True)
class Settings:
    """Every choice the player can make in the menu. Unknown or bad values fall back to defaults."""

    rule: str = Rule.FREESTYLE.value
    board_size: int = 15
    undo_limit: int | None = 3
    clock_minutes: int | None = None
    forbidden_loses: bool = True
    show_move_numbers: bool = False
    show_coordinates: bool = True
    ai_level: str = "casual"
    ladder_rung: str = "1100"
    human_colour: str = "black"
    language: str = ""
    sound_volume: float = 0.8
    muted: bool = False
    fullscreen: bool = False
    window_width: int = 1120
    window_height: int = 800
    teaching_mode: bool = False  # coach: vs the computer, stop at a move that loses a forced win
    opening: str = OpeningRule.FREE.value
    named_opening: str = "random"  # which renju opening "named" sets up, or a random one
    # external engines (game/storage/engines.py): the list, their move time, and which one
    # is the opponent / gives hints / analyses ("" = the built-in engine)
    engines: tuple[dict[str, str], ...] = ()
    engine_move_ms: int = DEFAULT_ENGINE_MOVE_MS
    opponent_engine: str = ""
    hint_engine: str = ""
    analysis_engine: str = ""
    # playing a friend online (game/net): the name the friend sees, the address the host
    # listens on ("" = this computer's first network address), the TCP port, and discovery:
    # the address the join screen listens on for announced games and where a host sends its
    # announcement ("" = the hosting address's broadcast; 127.0.0.1 keeps it on this machine)
    player_name: str = ""
    online_interface: str = ""
    online_port: int = 48512
    discovery_interface: str = "0.0.0.0"
    discovery_address: str = ""

    @property
    def rule_value(self) -> Rule:
        return Rule(self.rule)

    def with_changes(self, **changes: Any) -> "Settings":
        return replace(self, **changes).validated()

    def validated(self) -> "Settings":
        """A copy where every out-of-range field is replaced by its default."""
        return Settings.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        """Read settings leniently: a bad field falls back to its default, unknown keys are ignored."""
        if not isinstance(data, dict):
            return cls()
        defaults = cls()
        values: dict[str, Any] = {}
        for spec in fields(cls):
            value = data.get(spec.name, getattr(defaults, spec.name))
            if spec.name == "ladder_rung" and isinstance(value, str):
                value = RENAMED_RUNGS.get(value, value)  # a rung saved under its old name
            values[spec.name] = value if _is_valid(spec.name, value) else getattr(defaults, spec.name)
        values["engines"] = tuple(dict(item) for item in values["engines"] if isinstance(item, dict))
        return cls(**values)


def _is_address(value: Any) -> bool:
    """A literal IPv4 or IPv6 address (no host names: the game never looks anything up for these)."""
    if not isinstance(value, str):
        return False
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


def _is_valid(name: str, value: Any) -> bool:
    def is_int(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    checks = {
        "rule": lambda v: v in {r.value for r in Rule},
        "board_size": lambda v: v in BOARD_SIZES,
        "undo_limit": lambda v: v is None or (is_int(v) and 0 <= v <= MAX_UNDO_CHOICE),
        "clock_minutes": lambda v: v is None or (is_int(v) and v in CLOCK_MINUTES),
        "forbidden_loses": lambda v: isinstance(v, bool),
        "show_move_numbers": lambda v: isinstance(v, bool),
        "show_coordinates": lambda v: isinstance(v, bool),
        "ai_level": lambda v: v in AI_CHOICES,
        "ladder_rung": lambda v: v in LADDER_RUNGS,
        "human_colour": lambda v: v in COLOURS,
        "language": lambda v: v in LANGUAGES,
        "sound_volume": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0.0 <= v <= 1.0,
        "muted": lambda v: isinstance(v, bool),
        "fullscreen": lambda v: isinstance(v, bool),
        "window_width": lambda v: is_int(v) and 640 <= v <= 10000,
        "window_height": lambda v: is_int(v) and 480 <= v <= 10000,
        "teaching_mode": lambda v: isinstance(v, bool),
        "opening": lambda v: v in OPENINGS,
        "named_opening": lambda v: v in NAMED_OPENING_CHOICES,
        "engines": is_engine_list,
        "engine_move_ms": lambda v: v in ENGINE_MOVE_TIMES,
        "opponent_engine": lambda v: isinstance(v, str),
        "hint_engine": lambda v: isinstance(v, str),
        "analysis_engine": lambda v: isinstance(v, str),
        "player_name": lambda v: isinstance(v, str) and len(v) <= 24 and v.isprintable(),
        "online_interface": lambda v: v == "" or _is_address(v),
        "online_port": lambda v: is_int(v) and (v == 0 or 1024 <= v <= 65535),
        "discovery_interface": _is_address,
        "discovery_address": lambda v: v == "" or _is_address(v),
    }
    return checks[name](value)
