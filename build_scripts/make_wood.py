#!/usr/bin/env python3
"""Generate the wooden board texture, assets/images/wood.png, from a fixed seed.

Standard library only (no numpy, no pygame), so it runs anywhere:

    python3 build_scripts/make_wood.py [--size 768] [--seed 7] [--out assets/images/wood.png]

The look is kaya-like: pale honey wood with straight, slightly wavy grain running top to
bottom, darker late-wood lines of varying width, fine fibres, and gentle tone variation so a
large board does not look flat. The same seed always gives the same bytes.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "images" / "wood.png"

LIGHT = (231, 190, 122)
DARK = (196, 146, 78)
LATE_WOOD = (176, 124, 62)


class ValueNoise:
    """Smooth 2-D value noise on a lattice of random values (wraps every `period` cells)."""

    def __init__(self, rng: random.Random, period: int = 64) -> None:
        self.period = period
        self.values = [[rng.random() for _ in range(period)] for _ in range(period)]

    def __call__(self, x: float, y: float) -> float:
        x0, y0 = math.floor(x), math.floor(y)
        fx, fy = x - x0, y - y0
        sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
        p = self.period
        row0, row1 = self.values[y0 % p], self.values[(y0 + 1) % p]
        a, b = row0[x0 % p], row0[(x0 + 1) % p]
        c, d = row1[x0 % p], row1[(x0 + 1) % p]
        top = a + (b - a) * sx
        bottom = c + (d - c) * sx
        return top + (bottom - top) * sy


def fractal(noise: ValueNoise, x: float, y: float, octaves: int) -> float:
    total, amplitude, norm = 0.0, 1.0, 0.0
    for _ in range(octaves):
        total += noise(x, y) * amplitude
        norm += amplitude
        x, y, amplitude = x * 2.03, y * 2.03, amplitude * 0.5
    return total / norm


def mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[float, float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def wood_pixels(size: int, seed: int) -> list[bytearray]:
    """Rows of RGB bytes for a `size` x `size` texture."""
    rng = random.Random(seed)
    warp = ValueNoise(rng)
    tone = ValueNoise(rng)
    fibre = ValueNoise(rng, period=256)
    grain_frequency = 2 * math.pi * 34 / size  # about 34 growth rings across the board
    rows = []
    for y in range(size):
        row = bytearray()
        v = y / size
        for x in range(size):
            u = x / size
            # the grain runs vertically; a slow warp makes the lines meander like real wood
            bend = fractal(warp, u * 1.6, v * 0.45, 3) * 7.0 + math.sin(v * 3.1 + u * 1.7) * 0.25
            phase = x * grain_frequency + bend * 2 * math.pi
            ring = 0.5 + 0.5 * math.sin(phase)
            strength = 0.35 + 0.9 * fractal(tone, u * 5.0 + 17.0, v * 0.8, 2)
            late = ring**12 * strength  # thin late-wood lines, some faint and some bold
            t = 0.55 * (1 - ring) * 0.6 + 0.35 * fractal(tone, u * 2.0, v * 2.0, 2)
            r, g, b = mix(LIGHT, DARK, min(1.0, t))
            r, g, b = mix((int(r), int(g), int(b)), LATE_WOOD, late * 0.55)
            streak = (fibre(u * 240.0, v * 12.0) - 0.5) * 14.0  # fine fibres along the grain
            row += bytes(
                (
                    max(0, min(255, int(r + streak))),
                    max(0, min(255, int(g + streak * 0.85))),
                    max(0, min(255, int(b + streak * 0.6))),
                )
            )
        rows.append(row)
    return rows


def png_bytes(rows: list[bytearray]) -> bytes:
    """A minimal truecolour PNG (no pygame needed to build the asset)."""
    height, width = len(rows), len(rows[0]) // 3
    raw = b"".join(b"\x00" + bytes(row) for row in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=768)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    if args.size < 16:
        parser.error(f"--size must be at least 16, got {args.size}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    data = png_bytes(wood_pixels(args.size, args.seed))
    temporary = args.out.with_suffix(".tmp")
    temporary.write_bytes(data)
    temporary.replace(args.out)
    print(f"wrote {args.out} ({args.size}x{args.size}, {len(data)} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
