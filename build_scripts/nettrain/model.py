"""The network in PyTorch (build time only): the same computation as quantized.float_forward,
with the clamps the integer version needs, so what is trained is what is exported.

The pooled sum is normalised per channel (a batch norm without its own scale and shift)
before the value layers. Without it the value layers never woke: the pooled sums' spread
differs by channel by orders of magnitude, the first layer saturated at 0 or 1 in 99.8% of
its outputs, and the value was only the per-shape linear term (benchmarks/LOG.md). At export
the normalisation, a fixed per-channel affine map once trained, is folded into W1 and b1, so
the engine computes the same layers as before, with a wider W1."""

from __future__ import annotations

import numpy as np
import torch
from torch import nn

from .features import CODE_COUNT
from .quantized import ACT_MAX, EMBED_MAX, LINEAR_MAX, POOL, WEIGHT_MAX, FloatNet


class LineNet(nn.Module):
    def __init__(self, d: int = 32, h1: int = 32, h2: int = 32, p: int = 16) -> None:
        super().__init__()
        self.sizes = (d, h1, h2, p)
        self.embed = nn.Embedding(CODE_COUNT, d)
        nn.init.normal_(self.embed.weight, 0.0, 0.05)
        self.linear = nn.Embedding(CODE_COUNT, 1)
        nn.init.zeros_(self.linear.weight)
        self.register_buffer("halves", torch.tensor([0.5, 0.0, -0.5]))
        self.norm = nn.BatchNorm1d(d, affine=False)
        self.v1, self.v2, self.v3 = nn.Linear(d, h1), nn.Linear(h1, h2), nn.Linear(h2, 3)
        self.p1, self.p2 = nn.Linear(d, p), nn.Linear(p, 1)

    def forward(self, ids: torch.Tensor, empty: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """ids (B, 225, 4) shape ids, empty (B, 225) 1.0 on empty cells -> (B, 3) value
        logits, (B, 225) policy logits (very negative on stones)."""
        h = self.cells(ids, empty)
        g = self.pooled(h, empty)
        a1 = self.v1(g).clamp(0, ACT_MAX)
        a2 = self.v2(a1).clamp(0, ACT_MAX)
        linear = (self.linear(ids).sum(dim=2).squeeze(-1) * empty).sum(dim=1)
        value = self.v3(a2) + linear.unsqueeze(-1) * self.halves
        z = self.p1(h).clamp(0, ACT_MAX)
        policy = self.p2(z).squeeze(-1).masked_fill(empty == 0, -1e9)
        return value, policy

    def cells(self, ids: torch.Tensor, empty: torch.Tensor) -> torch.Tensor:
        """(B, 225, D) per-cell features: the four shapes' embeddings summed, clamped, zero on
        stones. (nettrain/designs.py tries others in training only; the engine computes this.)"""
        return self.embed(ids).sum(dim=2).clamp(0, ACT_MAX) * empty.unsqueeze(-1)

    def pooled(self, h: torch.Tensor, empty: torch.Tensor) -> torch.Tensor:
        """(B, D) what the value layers read: the board's sum, normalised per channel."""
        return self.norm(h.sum(dim=1) / POOL)

    def clip_weights(self) -> None:
        """Keep the weights where their integers can hold them (int8 at 64 a unit for the
        dense layers after the first, int16 for the tables; W1, folded with the normalisation,
        is int16 at a scale the export picks)."""
        with torch.no_grad():
            self.linear.weight.clamp_(-LINEAR_MAX, LINEAR_MAX)
            self.embed.weight.clamp_(-EMBED_MAX, EMBED_MAX)
            for layer in (self.v2, self.v3, self.p1, self.p2):
                layer.weight.clamp_(-WEIGHT_MAX, WEIGHT_MAX)

    def to_float_net(self) -> FloatNet:
        """The weights with the normalisation (its running statistics) folded into W1 and b1:
        W1 ((g - mean) / std) + b1 = (W1 / std) g + (b1 - W1 (mean / std))."""
        def a(t):
            return t.detach().cpu().double().numpy()
        std = np.sqrt(a(self.norm.running_var) + self.norm.eps)
        w1 = a(self.v1.weight) / std
        b1 = a(self.v1.bias) - w1 @ a(self.norm.running_mean)
        return FloatNet(a(self.embed.weight), a(self.linear.weight)[:, 0], w1, b1,
                        a(self.v2.weight), a(self.v2.bias),
                        a(self.v3.weight), a(self.v3.bias), a(self.p1.weight), a(self.p1.bias),
                        a(self.p2.weight)[0], a(self.p2.bias))


def start_from(model: LineNet, net: FloatNet, ids: torch.Tensor, empty: torch.Tensor) -> None:
    """Set `model` (a shipped-design LineNet of net's sizes) to compute what `net` does, as the
    start of a training on other data (another rule's games from freestyle's weights). The
    normalisation is unfolded against the pooled sums of the positions given (ids, empty: a
    sample of the new data), which a training batch then normalises by:
    W1 ((g - m) / s) + b1 equals net's w1 g + b1 when W1 = w1 s and b1 = net's b1 + w1 m."""
    def t(array):
        return torch.from_numpy(np.asarray(array, dtype=np.float32))
    with torch.no_grad():
        model.embed.weight.copy_(t(net.embed))
        model.linear.weight.copy_(t(net.linear)[:, None])
        pooled = model.cells(ids, empty).sum(dim=1) / POOL
        mean, var = pooled.mean(dim=0), pooled.var(dim=0, unbiased=False)
        model.norm.running_mean.copy_(mean)
        model.norm.running_var.copy_(var)
        std = torch.sqrt(var + model.norm.eps)
        model.v1.weight.copy_(t(net.w1) * std)
        model.v1.bias.copy_(t(net.b1) + t(net.w1) @ mean)
        for layer, weight, bias in ((model.v2, net.w2, net.b2), (model.v3, net.w3, net.b3),
                                    (model.p1, net.p1, net.pb1), (model.p2, net.p2[None, :], net.pb2)):
            layer.weight.copy_(t(weight))
            layer.bias.copy_(t(bias).reshape(layer.bias.shape))


def save_float(net: FloatNet, path) -> None:
    arrays = {name: np.asarray(value, dtype=np.float32) for name, value in net.__dict__.items()}
    np.savez_compressed(path, **arrays)


def load_float(path) -> FloatNet:
    with np.load(path) as data:
        return FloatNet(**{name: data[name] for name in data.files})
