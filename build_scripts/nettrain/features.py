"""The network's inputs: the line shape through each cell in each of the four directions.

A cell's shape in one direction is what lies within four cells on either side of it:
each side is the run of cells up to the board's edge (0 to 4 of them), each empty, the
side to move's or the opponent's, read nearest first as a base-3 number. A side has
1 + 3 + 9 + 27 + 81 = 121 possible values, a line 121 * 121. A line read the other way
is the same shape, so the two readings share one id: 7381 ids in all. The four
directions share one table, which, with the mirrored readings, makes the net exactly
invariant under the board's 8 symmetries (so no augmentation is needed to learn them).

When a stone comes or goes only the cells within four steps of it along the four lines
change their shape: that is what makes the net cheap to update as a search moves.
"""

from __future__ import annotations

import numpy as np

SIZE = 15
CELLS = SIZE * SIZE
REACH = 4
SIDE_CODES = sum(3 ** k for k in range(REACH + 1))          # 121
RAW_CODES = SIDE_CODES * SIDE_CODES
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
EMPTY, MINE, THEIRS, WALL = 0, 1, 2, 3


def _canonical_table() -> tuple[np.ndarray, int]:
    raw = np.arange(RAW_CODES)
    mirrored = (raw % SIDE_CODES) * SIDE_CODES + raw // SIDE_CODES
    canonical = np.minimum(raw, mirrored)
    unique, ids = np.unique(canonical, return_inverse=True)
    return ids.astype(np.int32), len(unique)


#: raw line code (left * 121 + right) -> the shared id of it and its mirror
CANONICAL, CODE_COUNT = _canonical_table()


def boards_from(stones: list[tuple[int, ...]] | tuple[tuple[int, ...], ...]) -> np.ndarray:
    """Positions (each the cells played, black first) as (N, 15, 15) int8 arrays from the
    side to move's view: 0 empty, 1 its stones, 2 the opponent's."""
    boards = np.zeros((len(stones), CELLS), dtype=np.int8)
    for row, played in enumerate(stones):
        count = len(played)
        for ply, cell in enumerate(played):
            boards[row, cell] = MINE if ply % 2 == count % 2 else THEIRS
    return boards.reshape(-1, SIZE, SIZE)


def _side_code(padded: np.ndarray, dx: int, dy: int, sign: int) -> np.ndarray:
    """The base-3 code of the cells up to REACH steps in one direction from every cell."""
    length = np.zeros(padded.shape[:1] + (SIZE, SIZE), dtype=np.int32)
    value = np.zeros_like(length)
    inside = np.ones_like(length, dtype=bool)
    for k in range(1, REACH + 1):
        y0, x0 = REACH + sign * k * dy, REACH + sign * k * dx
        seen = padded[:, y0:y0 + SIZE, x0:x0 + SIZE]
        inside &= seen != WALL
        length += inside
        value += np.where(inside, seen, 0).astype(np.int32) * 3 ** (k - 1)
    return (3 ** length - 1) // 2 + value


def line_ids(boards: np.ndarray) -> np.ndarray:
    """(N, 15, 15) boards -> (N, 225, 4) int32 shape ids (cells row by row, then direction)."""
    boards = np.asarray(boards, dtype=np.int8)
    padded = np.pad(boards, ((0, 0), (REACH, REACH), (REACH, REACH)), constant_values=WALL)
    ids = np.empty((boards.shape[0], SIZE, SIZE, len(DIRECTIONS)), dtype=np.int32)
    for d, (dx, dy) in enumerate(DIRECTIONS):
        ids[..., d] = CANONICAL[_side_code(padded, dx, dy, -1) * SIDE_CODES + _side_code(padded, dx, dy, 1)]
    return ids.reshape(boards.shape[0], CELLS, len(DIRECTIONS))


def symmetry(boards: np.ndarray, cells: np.ndarray, which: int) -> tuple[np.ndarray, np.ndarray]:
    """One of the 8 symmetries (0 is the identity) applied to (N, 15, 15) boards and to
    cell numbers (y * 15 + x) on them."""
    flip, turns = which >= 4, which % 4
    grid = np.arange(CELLS).reshape(SIZE, SIZE)
    if flip:
        boards, grid = boards[:, :, ::-1], grid[:, ::-1]
    boards, grid = np.rot90(boards, turns, axes=(1, 2)), np.rot90(grid, turns)
    where = np.empty(CELLS, dtype=np.int64)
    where[grid.reshape(-1)] = np.arange(CELLS)
    return np.ascontiguousarray(boards), where[np.asarray(cells)]
