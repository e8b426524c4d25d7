"""The network as a small binary file of int16/int8 weights, and its forward pass in numpy:
in floats (the trained model, to check against) and in integers exactly as the C engine
will compute it.

The net (sizes in the header):
    per empty cell c:  acc_c = sum over the 4 directions of embed[shape id]       (D)
                       h_c   = clamp(acc_c, 0, 127/128)
    value:   g  = sum over empty cells of h_c / 32
             a1 = clamp(W1 g + b1, 0, 127/128);  a2 = clamp(W2 a1 + b2, 0, 127/128)
             s  = sum over empty cells and directions of linear[shape id]
             (win, draw, loss) logits = W3 a2 + b3 + (s/2, 0, -s/2), for the side to move
    policy:  per empty cell  z_c = clamp(P1 h_c + p1, 0, 127/128);  logit_c = P2 z_c + p2
The linear term (each shape's direct worth, as NNUE nets keep a material-like output
beside their layers) lets a single decisive cell, a four to complete, move the value at
once, which the clamped layers learn slowly. Integers: the linear term is int16 at
8192 a unit (the training keeps it within +-4); the embeddings are int16 at 512 a unit,
their sum shifted right by 2 to 128 a unit, so h_c is 0..127; dense weights are int8
at 64 a unit (the training keeps them within +-127/64), biases int32 at 8192 a unit, and
each layer's sum is shifted right by 6 back to 128 a unit before its clamp. W1 carries the
pooled sum's per-channel normalisation (model.py folds it in), so its weights are wider:
int16 at 64 << w1_shift a unit, w1_shift (in the header) the largest that holds them. The
pooled sum times W1 is shifted right by 5 + w1_shift (the /32 and W1's extra scale). Every
shift rounds: (x + half) >> bits.
A stone changes the shapes of at most 33 cells, so the C engine keeps acc_c, h_c and the pooled sum and updates only those.

File: b"GNET", version (u16), D, H1, H2, P (u16 each), the shape-id count (u32), w1_shift (u16),
then embed (int16, count x D), linear (int16, count), W1 (int16, H1 x D), b1 (int32), W2 (int8), b2,
W3 (3 x H2), b3, P1 (P x D),
p1, P2 (P), p2 (1), all little-endian, then a CRC-32 of everything before it.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .features import CODE_COUNT, line_ids

MAGIC = b"GNET"
VERSION = 2         # 1: no normalisation, W1 int8 (its value layers carried no signal)
ACT = 128           # activations: 127 is 127/128
LINEAR = 8192       # the linear term
EMBED = 512         # the embeddings (a shift of 2 brings their sum to ACT)
EMBED_SHIFT = 2
WEIGHT = 64         # int8 dense weights
BIAS = ACT * WEIGHT
POOL_SHIFT = 5      # the pooled sum / 32
POOL = 1 << POOL_SHIFT
ACT_MAX = 127 / ACT
WEIGHT_MAX = 127 / WEIGHT
LINEAR_MAX = 32767 / LINEAR
EMBED_MAX = 32767 / EMBED
HALVES = np.array([0.5, 0.0, -0.5])
_HEAD = struct.Struct("<4sH4HIH")
W1_SHIFT_MAX = 9    # W1 at 64 << 9 a unit at most
LAYERS = ("w1", "b1", "w2", "b2", "w3", "b3", "p1", "pb1", "p2", "pb2")


class NetFileError(ValueError):
    """A weights file that cannot be read; the message says why."""


@dataclass
class FloatNet:
    """The trained weights in floats (as numpy arrays), named as in the docstring."""

    embed: np.ndarray
    linear: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    w3: np.ndarray
    b3: np.ndarray
    p1: np.ndarray
    pb1: np.ndarray
    p2: np.ndarray
    pb2: np.ndarray

    @classmethod
    def random(cls, rng: np.random.Generator, d: int = 32, h1: int = 32, h2: int = 32, p: int = 16) -> "FloatNet":
        """Random weights of the right sizes (for tests)."""
        def dense(o, i):
            return np.clip(rng.normal(0, 1 / np.sqrt(i), (o, i)), -WEIGHT_MAX, WEIGHT_MAX)
        return cls(rng.normal(0.05, 0.15, (CODE_COUNT, d)), rng.normal(0, 0.02, CODE_COUNT),
                   dense(h1, d) * 4, rng.normal(0, 0.1, h1),
                   dense(h2, h1), rng.normal(0, 0.1, h2), dense(3, h2), rng.normal(0, 0.1, 3),
                   dense(p, d), rng.normal(0, 0.1, p), dense(1, p)[0], rng.normal(0, 0.1, 1))


@dataclass
class IntNet:
    """The quantized weights, as stored."""

    embed: np.ndarray   # int16
    linear: np.ndarray  # int16
    w1: np.ndarray      # int16 at 64 << w1_shift a unit
    b1: np.ndarray      # int32 ...
    w2: np.ndarray
    b2: np.ndarray
    w3: np.ndarray
    b3: np.ndarray
    p1: np.ndarray
    pb1: np.ndarray
    p2: np.ndarray
    pb2: np.ndarray
    w1_shift: int = 0

    @property
    def sizes(self) -> tuple[int, int, int, int]:
        return self.embed.shape[1], self.w1.shape[0], self.w2.shape[0], self.p1.shape[0]


def quantize(net: FloatNet) -> IntNet:
    def weights(a):
        return np.clip(np.rint(a * WEIGHT), -127, 127).astype(np.int8)

    def bias(a):
        return np.rint(a * BIAS).astype(np.int32)

    embed = np.clip(np.rint(net.embed * EMBED), -32767, 32767).astype(np.int16)
    linear = np.clip(np.rint(net.linear * LINEAR), -32767, 32767).astype(np.int16)
    w1_shift = w1_shift_for(net.w1)
    w1 = np.clip(np.rint(net.w1 * (WEIGHT << w1_shift)), -32767, 32767).astype(np.int16)
    return IntNet(embed, linear, w1, bias(net.b1), weights(net.w2), bias(net.b2), weights(net.w3),
                  bias(net.b3), weights(net.p1), bias(net.pb1), weights(net.p2), bias(net.pb2), w1_shift)


def w1_shift_for(w1: np.ndarray) -> int:
    """The finest scale (64 << shift a unit) at which every W1 weight fits an int16; weights
    beyond the coarsest scale's reach (+-511) are clipped."""
    largest = float(np.max(np.abs(w1))) if np.size(w1) else 0.0
    shift = 0
    while shift < W1_SHIFT_MAX and largest * (WEIGHT << (shift + 1)) <= 32767:
        shift += 1
    return shift


def to_bytes(net: IntNet) -> bytes:
    d, h1, h2, p = net.sizes
    body = _HEAD.pack(MAGIC, VERSION, d, h1, h2, p, net.embed.shape[0], net.w1_shift)
    body += net.embed.astype("<i2").tobytes() + net.linear.astype("<i2").tobytes()
    for name in LAYERS:
        array = getattr(net, name)
        kind = {np.dtype(np.int32): "<i4", np.dtype(np.int16): "<i2"}.get(array.dtype, "i1")
        body += array.astype(kind).tobytes()
    return body + struct.pack("<I", zlib.crc32(body))


def from_bytes(data: bytes) -> IntNet:
    if len(data) < _HEAD.size + 4:
        raise NetFileError("too short for a network file")
    magic, version, d, h1, h2, p, count, w1_shift = _HEAD.unpack_from(data)
    if magic != MAGIC or version != VERSION:
        raise NetFileError(f"not a version-{VERSION} network file (magic {magic!r}, version {version})")
    if count != CODE_COUNT:
        raise NetFileError(f"{count} shape ids, expected {CODE_COUNT}")
    if w1_shift > W1_SHIFT_MAX:
        raise NetFileError(f"W1's scale shift {w1_shift} is over {W1_SHIFT_MAX}")
    if struct.unpack_from("<I", data, len(data) - 4)[0] != zlib.crc32(data[:-4]):
        raise NetFileError("checksum mismatch: the file is damaged")
    shapes = {"w1": ((h1, d), "<i2"), "b1": ((h1,), "<i4"), "w2": ((h2, h1), "i1"), "b2": ((h2,), "<i4"),
              "w3": ((3, h2), "i1"), "b3": ((3,), "<i4"), "p1": ((p, d), "i1"), "pb1": ((p,), "<i4"),
              "p2": ((p,), "i1"), "pb2": ((1,), "<i4")}
    at = _HEAD.size + count * d * 2 + count * 2
    if at + sum(int(np.prod(s)) * np.dtype(t).itemsize for s, t in shapes.values()) + 4 != len(data):
        raise NetFileError("the file's length does not match its sizes")
    embed = np.frombuffer(data, "<i2", count * d, _HEAD.size).reshape(count, d).astype(np.int16)
    arrays = {"linear": np.frombuffer(data, "<i2", count, _HEAD.size + count * d * 2).astype(np.int16)}
    for name in LAYERS:
        shape, kind = shapes[name]
        size = int(np.prod(shape))
        arrays[name] = np.frombuffer(data, kind, size, at).reshape(shape).astype(
            {"<i4": np.int32, "<i2": np.int16}.get(kind, np.int8))
        at += size * np.dtype(kind).itemsize
    return IntNet(embed, **arrays, w1_shift=w1_shift)


def save(net: IntNet, path: Path) -> None:
    from netdata.records import atomic_write_bytes

    atomic_write_bytes(Path(path), to_bytes(net))


def load(path: Path) -> IntNet:
    return from_bytes(Path(path).read_bytes())


CHUNK = 256  # positions at a time (a gathered embedding is 225 x 4 x D numbers a position)


def _chunked(forward):
    def run(net, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        parts = [forward(net, boards[start:start + CHUNK]) for start in range(0, len(boards), CHUNK)]
        if not parts:
            return np.zeros((0, 3)), np.zeros((0, boards.shape[1] * boards.shape[2]))
        return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    run.__doc__ = forward.__doc__
    return run


@_chunked
def float_forward(net: FloatNet, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(N, 3) value logits and (N, 225) policy logits (-inf on stones), in floats."""
    ids = line_ids(boards)
    empty = (np.asarray(boards).reshape(len(ids), -1) == 0)
    h = np.clip(net.embed[ids].sum(axis=2), 0, ACT_MAX) * empty[..., None]
    g = h.sum(axis=1) / POOL
    a1 = np.clip(g @ net.w1.T + net.b1, 0, ACT_MAX)
    a2 = np.clip(a1 @ net.w2.T + net.b2, 0, ACT_MAX)
    linear = (net.linear[ids].sum(axis=2) * empty).sum(axis=1)
    value = a2 @ net.w3.T + net.b3 + linear[:, None] * HALVES
    z = np.clip(h @ net.p1.T + net.pb1, 0, ACT_MAX)
    policy = np.where(empty, z @ net.p2 + net.pb2[0], -np.inf)
    return value, policy


def _shift(x: np.ndarray, bits: int) -> np.ndarray:
    """x / 2**bits rounded to nearest (halves up), as (x + 2**(bits-1)) >> bits in C."""
    return (x + (1 << (bits - 1))) >> bits


@_chunked
def int_forward(net: IntNet, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The same in integers as the C engine computes it; returned as floats (logits)."""
    ids = line_ids(boards)
    empty = (np.asarray(boards).reshape(len(ids), -1) == 0)
    acc = net.embed.astype(np.int64)[ids].sum(axis=2)
    h = np.clip(_shift(acc, EMBED_SHIFT), 0, 127) * empty[..., None]
    pooled = h.sum(axis=1)
    y1 = _shift(pooled @ net.w1.T.astype(np.int64), POOL_SHIFT + net.w1_shift) + net.b1
    a1 = np.clip(_shift(y1, 6), 0, 127)
    a2 = np.clip(_shift(a1 @ net.w2.T.astype(np.int64) + net.b2, 6), 0, 127)
    linear = (net.linear.astype(np.int64)[ids].sum(axis=2) * empty).sum(axis=1)
    value = (a2 @ net.w3.T.astype(np.int64) + net.b3) / BIAS + linear[:, None] / LINEAR * HALVES
    z = np.clip(_shift(h @ net.p1.T.astype(np.int64) + net.pb1, 6), 0, 127)
    policy = np.where(empty, (z @ net.p2.astype(np.int64) + net.pb2[0]) / BIAS, -np.inf)
    return value, policy


def win_rate(value_logits: np.ndarray) -> np.ndarray:
    """P(win) + P(draw) / 2 for the side to move, from (N, 3) logits."""
    shifted = np.exp(value_logits - value_logits.max(axis=1, keepdims=True))
    p = shifted / shifted.sum(axis=1, keepdims=True)
    return p[:, 0] + 0.5 * p[:, 1]
