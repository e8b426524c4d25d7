"""Other network designs, for short training runs beside the shipped one (build_scripts/
net_designs.py): each changes what a cell knows (`cells`) or what the value layers read
(`pooled`), and nothing else, so that a run measures that one change. None has an integer
version in the engine; one earns it only by a clear gain in held-out log-loss."""

from __future__ import annotations

import numpy as np
import torch
from torch import nn

from .features import CODE_COUNT, SIZE
from .model import LineNet
from .quantized import ACT_MAX, POOL

_ys, _xs = np.divmod(np.arange(SIZE * SIZE), SIZE)
_steps = np.maximum(abs(_ys - SIZE // 2), abs(_xs - SIZE // 2))
#: 0, 1, 2: a cell within 2, 4 or more steps (king moves) of the centre.
RING = np.digitize(_steps, (3, 5))


def _grid(h: torch.Tensor) -> torch.Tensor:
    return h.transpose(1, 2).reshape(len(h), -1, SIZE, SIZE)


def _cells(grid: torch.Tensor) -> torch.Tensor:
    return grid.reshape(len(grid), grid.shape[1], -1).transpose(1, 2)


class Rings(LineNet):
    """Three sums, by ring around the centre: the value sees where the cells are."""

    def __init__(self, d=32, h1=32, h2=32, p=16):
        super().__init__(d, h1, h2, p)
        self.v1, self.norm = nn.Linear(3 * d, h1), nn.BatchNorm1d(3 * d, affine=False)
        self.register_buffer("onehot", nn.functional.one_hot(torch.from_numpy(RING), 3).float())

    def pooled(self, h, empty):
        return self.norm(torch.einsum("bcd,cr->brd", h, self.onehot).reshape(len(h), -1) / POOL)


class SumMax(LineNet):
    """The sum and each channel's maximum over the cells."""

    def __init__(self, d=32, h1=32, h2=32, p=16):
        super().__init__(d, h1, h2, p)
        self.v1, self.norm = nn.Linear(2 * d, h1), nn.BatchNorm1d(2 * d, affine=False)

    def pooled(self, h, empty):
        return self.norm(torch.cat([h.sum(dim=1) / POOL, h.max(dim=1).values], dim=1))


class CellLayer(LineNet):
    """A per-cell D x D layer before the sum (the policy reads h as before)."""

    def __init__(self, d=32, h1=32, h2=32, p=16):
        super().__init__(d, h1, h2, p)
        self.c1 = nn.Linear(d, d)

    def pooled(self, h, empty):
        return self.norm((self.c1(h).clamp(0, ACT_MAX) * empty.unsqueeze(-1)).sum(dim=1) / POOL)


class Pairs(LineNet):
    """The four shapes of a cell also meet in pairs: a second table A, and h gains
    sum over pairs of directions of A[id1] * A[id2] (elementwise), so a four crossing a three
    can be worth more than the two apart."""

    def __init__(self, d=32, h1=32, h2=32, p=16):
        super().__init__(d, h1, h2, p)
        self.pair = nn.Embedding(CODE_COUNT, d)
        nn.init.normal_(self.pair.weight, 0.0, 0.05)

    def cells(self, ids, empty):
        a = self.pair(ids)
        crossed = (a.sum(dim=2) ** 2 - (a * a).sum(dim=2)) / 2
        return (self.embed(ids).sum(dim=2) + crossed).clamp(0, ACT_MAX) * empty.unsqueeze(-1)


class Mixed(LineNet):
    """A depthwise k x k mix of neighbouring cells' h, added to h, before the pool and the policy."""

    def __init__(self, d=32, h1=32, h2=32, p=16, k=3):
        super().__init__(d, h1, h2, p)
        self.mix = nn.Conv2d(d, d, k, padding=k // 2, groups=d)
        nn.init.zeros_(self.mix.weight)
        nn.init.zeros_(self.mix.bias)

    def cells(self, ids, empty):
        h = super().cells(ids, empty)
        return (h + _cells(self.mix(_grid(h)))).clamp(0, ACT_MAX) * empty.unsqueeze(-1)


class Tower(LineNet):
    """A ceiling, not a candidate: h through four residual blocks of two full 3x3
    convolutions (no incremental update could keep it)."""

    def __init__(self, d=32, h1=32, h2=32, p=16, blocks=4):
        super().__init__(d, h1, h2, p)
        self.convs = nn.ModuleList(nn.Conv2d(d, d, 3, padding=1) for _ in range(2 * blocks))

    def cells(self, ids, empty):
        x = _grid(self.embed(ids).sum(dim=2).clamp(0, ACT_MAX))
        for first, second in zip(self.convs[::2], self.convs[1::2]):
            x = (x + second(torch.relu(first(x))) * 0.5).clamp(0, ACT_MAX)
        return _cells(x) * empty.unsqueeze(-1)


#: name -> (class, sizes D,H1,H2,P)
DESIGNS = {
    "shipped": (LineNet, (32, 32, 32, 16)),
    "wide": (LineNet, (64, 32, 32, 16)),
    "rings": (Rings, (32, 32, 32, 16)),
    "summax": (SumMax, (32, 32, 32, 16)),
    "cell-layer": (CellLayer, (32, 32, 32, 16)),
    "pairs": (Pairs, (32, 32, 32, 16)),
    "mixed3": (Mixed, (32, 32, 32, 16)),
    "tower": (Tower, (32, 32, 32, 16)),
}
