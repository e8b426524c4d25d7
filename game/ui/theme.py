"""Colours and proportions in one place, so every scene looks like the same game."""

from __future__ import annotations

Colour = tuple[int, int, int]

BACKGROUND_TOP: Colour = (38, 44, 52)
BACKGROUND_BOTTOM: Colour = (22, 25, 30)
PANEL: Colour = (46, 52, 61)
PANEL_EDGE: Colour = (70, 78, 90)
TEXT: Colour = (236, 232, 222)
TEXT_DIM: Colour = (160, 164, 172)
TEXT_DARK: Colour = (40, 30, 20)
ACCENT: Colour = (226, 170, 74)
GOOD: Colour = (120, 200, 120)
BAD: Colour = (226, 92, 80)
FOCUS: Colour = (255, 214, 110)

BUTTON: Colour = (66, 74, 86)
BUTTON_HOVER: Colour = (84, 94, 108)
BUTTON_PRIMARY: Colour = (176, 122, 52)
BUTTON_PRIMARY_HOVER: Colour = (198, 142, 66)
BUTTON_DISABLED: Colour = (52, 56, 64)
BUTTON_TEXT_DISABLED: Colour = (112, 116, 124)

GRID_LINE: Colour = (58, 38, 18)
BOARD_EDGE: Colour = (120, 80, 38)
COORDINATE: Colour = (78, 52, 26)
LAST_MOVE: Colour = (222, 60, 48)
FORBIDDEN: Colour = (210, 40, 36)
HINT: Colour = (40, 170, 110)
WIN_GLOW: Colour = (255, 210, 70)
CURSOR: Colour = (30, 110, 200)

#: Stone diameter as a fraction of the cell.
STONE_SCALE = 0.92
#: Cached stone surfaces are drawn this many times larger, then smooth-scaled down.
SUPERSAMPLE = 4

#: The type scale: every piece of text is drawn at one of these sizes (in pixels), so labels
#: that sit side by side share a size. A size asked for between two steps is drawn at the
#: step below it (`type_size`), which keeps a layout that fitted at the asked size fitting.
#: A label too wide for its box gets the catalogue's shorter wording, never a smaller step.
TYPE_SCALE: dict[str, int] = {
    "tiny": 10,
    "caption": 12,
    "small": 14,
    "body": 16,
    "label": 18,
    "large": 21,
    "heading": 25,
    "title": 30,
    "display": 38,
    "hero": 48,
    "banner": 60,
}
_STEPS = sorted(TYPE_SCALE.values())


def type_size(asked: float) -> int:
    """The type-scale step for a size a layout asked for: the largest step not above it."""
    size = int(asked)
    below = [step for step in _STEPS if step <= size]
    return below[-1] if below else _STEPS[0]


def type_step_below(size: int) -> int:
    """The next smaller step of the scale (the smallest stays the smallest)."""
    below = [step for step in _STEPS if step < size]
    return below[-1] if below else _STEPS[0]
