"""Line patterns and the lookup tables that make evaluation a matter of indexing lists.

Every empty cell has, in each of the four directions, a *line key*: its eight neighbours
(four each side) packed two bits apiece (0 empty, 1 black, 2 white, 3 off the board).
A table maps each key to the *pattern* that the side would make by playing the cell
(five, open four, four, open three, ...). A second table maps the four directional
patterns of a cell, packed four bits apiece, to the cell's *class* (the threat it is:
five, open four or double four, four-three, ...) and its *value* for evaluation and
move ordering, from the weights table in use (eval_weights.py). Both tables are built
once per rule flavour and cached.

A pattern is always judged "through" the cell: it is what a stone on the cell takes
part in, so a line that is already a four elsewhere does not make every cell a four.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from .eval_weights import CLASS_NAMES, PATTERN_NAMES, EvalWeights, active_weights  # noqa: F401 (names re-exported)

# ---------------------------------------------------------------- line patterns
NONE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE, OVERLINE = range(11)

# One stone more promotes a pattern to the next shape: what a line *can become* names it.
_DEMOTE = {FLEX4: FLEX3, BLOCK4: BLOCK3, FLEX3: FLEX2, BLOCK3: BLOCK2, FLEX2: FLEX1, BLOCK2: BLOCK1}

# Neighbour offsets along a line, in key-slot order; slot i sits at bits 2i..2i+1.
SLOT_OFFSETS = (-4, -3, -2, -1, 1, 2, 3, 4)

EMPTY_CODE, BLACK_CODE, WHITE_CODE, WALL_CODE = 0, 1, 2, 3

# ---------------------------------------------------------------- cell classes
# Higher is more urgent. FORBIDDEN marks a renju-forbidden point for black.
(C_NONE, C_FORBIDDEN, C_FLEX3, C_FLEX3_PLUS, C_FLEX3_2X, C_BLOCK4, C_BLOCK4_PLUS,
 C_BLOCK4_FLEX3, C_FLEX4, C_FIVE) = range(10)

#: Class values at or above which a move makes a four (forces a reply).
FOUR_CLASSES = (C_BLOCK4, C_BLOCK4_PLUS, C_BLOCK4_FLEX3, C_FLEX4)
#: Classes where the attacker makes a four or better: against his open three, the
#: points that stop it (and the only points worth searching) are among these.
DEFENCE_CLASSES = (C_FIVE, C_FLEX4, C_BLOCK4_FLEX3, C_BLOCK4_PLUS, C_BLOCK4)
#: Classes that make an open three without a four (the extra threats of a VCT).
THREE_CLASSES = (C_FLEX3, C_FLEX3_PLUS, C_FLEX3_2X)

# The values of patterns and classes (for evaluation and move ordering) are data, not
# code: see eval_weights.py. `cell_table` packs the values of the table in use.


def _run_through_centre(line: tuple[int, ...]) -> tuple[int, int]:
    """First and last index of the run of own stones (1) through the centre (index 4)."""
    low = 4
    while low > 0 and line[low - 1] == 1:
        low -= 1
    high = 4
    while high < 8 and line[high + 1] == 1:
        high += 1
    return low, high


@lru_cache(maxsize=None)
def classify_line(line: tuple[int, ...], exact_five: bool) -> int:
    """The pattern own stones (1) make through the centre of a 9-cell line.

    `line` holds 0 empty, 1 own, 3 blocked (opponent or edge); the centre is own.
    With `exact_five` a run of six or more is an overline, not a five. Cells beyond the
    window are unknown and assumed not to extend a run (exact only inside +-4).
    """
    low, high = _run_through_centre(line)
    length = high - low + 1
    if length >= 5:
        return OVERLINE if exact_five and length > 5 else FIVE
    five_points = 0
    empties = [i for i in range(9) if line[i] == 0]
    for index in empties:
        grown = line[:index] + (1,) + line[index + 1:]
        low, high = _run_through_centre(grown)
        length = high - low + 1
        if length >= 5 and (length == 5 or not exact_five):
            five_points += 1
    if five_points >= 2:
        return FLEX4
    if five_points == 1:
        return BLOCK4
    best = NONE
    for index in empties:
        grown = line[:index] + (1,) + line[index + 1:]
        shape = _DEMOTE.get(classify_line(grown, exact_five), NONE)
        if shape > best:
            best = shape
    return best


def _normalised_side(side: tuple[int, ...], own: int) -> tuple[int, ...]:
    """A side (nearest cell first) as own 1 / empty 0, blocked 3 from the first blocker outwards."""
    out, blocked = [], False
    for code in side:
        blocked = blocked or (code != own and code != EMPTY_CODE)
        out.append(3 if blocked else (1 if code == own else 0))
    return tuple(out)


def _side_sequences() -> list[tuple[int, ...]]:
    """Every reachable 4-cell side, nearest cell first: stones/empties, then the edge."""
    sides = []
    for length in range(5):
        for number in range(3**length):
            cells, rest = [], number
            for _ in range(length):
                cells.append(rest % 3)
                rest //= 3
            sides.append(tuple(cells) + (WALL_CODE,) * (4 - length))
    return sides


@lru_cache(maxsize=None)
def valid_keys() -> tuple[int, ...]:
    """Every line key that can occur on a board (walls only beyond the edge), sorted."""
    sides = _side_sequences()
    lefts = [sum(code << (2 * (3 - distance)) for distance, code in enumerate(side)) for side in sides]
    rights = [sum(code << (2 * (4 + distance)) for distance, code in enumerate(side)) for side in sides]
    return tuple(sorted(left | right for left in lefts for right in rights))


@lru_cache(maxsize=None)
def line_table(own: int, exact_five: bool) -> tuple[int, ...]:
    """Pattern for `own` (BLACK_CODE or WHITE_CODE) playing the centre, for every 16-bit line key."""
    table = [NONE] * 65536
    # slot 3 is the nearest left neighbour (offset -1), slot 4 the nearest right one
    lefts = []
    rights = []
    for side in _side_sequences():
        normal = _normalised_side(side, own)
        left_key = sum(code << (2 * (3 - distance)) for distance, code in enumerate(side))
        right_key = sum(code << (2 * (4 + distance)) for distance, code in enumerate(side))
        lefts.append((left_key, tuple(reversed(normal))))
        rights.append((right_key, normal))
    for left_key, left in lefts:
        for right_key, right in rights:
            table[left_key | right_key] = classify_line(left + (1,) + right, exact_five)
    return tuple(table)


@lru_cache(maxsize=None)
def cell_class(patterns: tuple[int, ...], renju_black: bool) -> int:
    """The class of a cell from its four directional patterns (any order)."""
    counts = [0] * 11
    for pattern in patterns:
        counts[pattern] += 1
    fours = counts[FLEX4] + counts[BLOCK4]
    if counts[FIVE]:
        return C_FIVE
    if renju_black and (counts[OVERLINE] or fours >= 2 or counts[FLEX3] >= 2):
        return C_FORBIDDEN
    if counts[FLEX4] or fours >= 2:
        return C_FLEX4
    if fours and counts[FLEX3]:
        return C_BLOCK4_FLEX3
    if fours and (counts[BLOCK3] or counts[FLEX2]):
        return C_BLOCK4_PLUS
    if fours:
        return C_BLOCK4
    if counts[FLEX3] >= 2:
        return C_FLEX3_2X
    if counts[FLEX3] and (counts[BLOCK3] or counts[FLEX2]):
        return C_FLEX3_PLUS
    if counts[FLEX3]:
        return C_FLEX3
    return C_NONE


def builds_two_threes(patterns: tuple[int, ...], cls: int) -> bool:
    """A cell of no class that builds two threes at once: the seed of a double threat."""
    return cls == C_NONE and sum(1 for p in patterns if p in (BLOCK3, FLEX2)) >= 2


def cell_value(patterns: tuple[int, ...], cls: int, weights: EvalWeights) -> int:
    """A cell's value for evaluation and move ordering under `weights` (0 if forbidden)."""
    if cls == C_FORBIDDEN:
        return 0
    value = sum(weights.pattern[p] for p in patterns) + weights.class_bonus[cls]
    if builds_two_threes(patterns, cls):
        value += weights.building_pair
    return value


def cell_table(renju_black: bool, weights: EvalWeights | None = None) -> tuple[int, ...]:
    """Packed `value << 4 | class` for every combined key (four 4-bit patterns), under
    `weights` (default: the table this process uses, `eval_weights.active_weights`)."""
    return _cell_table(renju_black, weights if weights is not None else active_weights())


@lru_cache(maxsize=None)
def _cell_table(renju_black: bool, weights: EvalWeights) -> tuple[int, ...]:
    table = [0] * 65536
    for patterns in product(range(OVERLINE + 1), repeat=4):
        key = patterns[0] | patterns[1] << 4 | patterns[2] << 8 | patterns[3] << 12
        ordered = tuple(sorted(patterns))
        cls = cell_class(ordered, renju_black)
        table[key] = cell_value(ordered, cls, weights) << 4 | cls
    return tuple(table)
