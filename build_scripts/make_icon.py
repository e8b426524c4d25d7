#!/usr/bin/env python3
"""Draw the application icon: a black and a white shaded stone on a wooden board.

    python build_scripts/make_icon.py   # writes assets/icon/gomoku-<size>.png, gomoku.ico, gomoku.icns

Uses pygame only (already a game dependency), so building the icon needs no Pillow. The .ico
holds PNG-compressed images, which Windows has read since Vista and PyInstaller embeds as is;
the .icns (the macOS app's icon) holds PNGs too, which macOS has read since 10.7.
The output is committed; rerun this only when the design changes. The drawing is seeded, so
rerunning gives the same pixels.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import random
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the environment above must be set before pygame loads)

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "icon"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # Windows picks the nearest size for each view
#: The .icns entry types that hold a PNG of each size (Finder, Dock and Retina displays).
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}
MASTER_SIZE = 1024  # drawn large, then scaled down: the scaling does the anti-aliasing

WOOD_LIGHT = (226, 178, 104)
WOOD_DARK = (190, 134, 66)
GRID = (92, 60, 28)


def _blend(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def draw_wood(size: int, rng: random.Random) -> pygame.Surface:
    """A rounded wooden square with soft grain and three grid lines each way."""
    wood = pygame.Surface((size, size), pygame.SRCALPHA)
    for y in range(size):
        # grain: a few overlapping slow waves, so the stripes look irregular rather than ruled
        t = 0.5 + 0.25 * _wave(y / size, phase=0.3) + 0.15 * _wave(y / size * 7.3, phase=1.7)
        pygame.draw.line(wood, _blend(WOOD_DARK, WOOD_LIGHT, min(1.0, max(0.0, t))), (0, y), (size, y))
    for _ in range(40):
        y = rng.randrange(size)
        shade = _blend(WOOD_DARK, WOOD_LIGHT, rng.uniform(0.1, 0.5))
        pygame.draw.line(wood, shade, (0, y), (size, y + rng.randint(-size // 40, size // 40)), max(1, size // 300))
    step = size // 4
    for i in (1, 2, 3):
        pygame.draw.line(wood, GRID, (step * i, step // 2), (step * i, size - step // 2), max(1, size // 90))
        pygame.draw.line(wood, GRID, (step // 2, step * i), (size - step // 2, step * i), max(1, size // 90))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=size // 7)
    wood.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return wood


def _wave(x: float, phase: float) -> float:
    return math.sin((x * 6.0 + phase) * math.pi)


def draw_stone(
    target: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    rim: tuple[int, int, int],
    highlight: tuple[int, int, int],
) -> None:
    """A shaded stone: a drop shadow, then discs shrinking toward an upper-left highlight."""
    shadow = pygame.Surface(target.get_size(), pygame.SRCALPHA)
    offset = radius // 10
    pygame.draw.circle(shadow, (40, 20, 0, 110), (centre[0] + offset, centre[1] + offset), radius)
    target.blit(shadow, (0, 0))
    steps = 60
    cx, cy = centre
    hx, hy = cx - radius * 0.35, cy - radius * 0.35
    for i in range(steps):
        t = i / (steps - 1)
        r = radius * (1.0 - t * 0.85)
        x = cx + (hx - cx) * t
        y = cy + (hy - cy) * t
        pygame.draw.circle(target, _blend(rim, highlight, t**1.6), (round(x), round(y)), max(1, round(r)))


def draw_icon(size: int = MASTER_SIZE) -> pygame.Surface:
    """The icon at `size` pixels: wood, then the black stone up-left and the white one down-right."""
    rng = random.Random(15)
    icon = draw_wood(size, rng)
    radius = round(size * 0.27)
    draw_stone(icon, (round(size * 0.36), round(size * 0.36)), radius, rim=(8, 8, 10), highlight=(120, 120, 130))
    draw_stone(icon, (round(size * 0.66), round(size * 0.66)), radius, rim=(170, 168, 160), highlight=(255, 255, 255))
    return icon


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An .ico file holding one PNG per size (ICONDIR, then ICONDIRENTRYs, then the images)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    entries = b""
    offset = len(header) + 16 * len(images)
    for size, data in sorted(images.items()):
        dim = 0 if size >= 256 else size  # 0 means 256 in the ICO directory
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(data for _, data in sorted(images.items()))


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """An .icns file: the 'icns' header, then one (type, length, PNG) entry per size."""
    entries = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data for size, data in sorted(images.items()))
    return b"icns" + struct.pack(">I", 8 + len(entries)) + entries


def write_icons(out_dir: Path) -> list[Path]:
    """Draw once, scale to every size, write the PNGs and the .ico. Returns the written paths."""
    master = draw_icon()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    all_sizes = set(PNG_SIZES + ICO_SIZES) | set(ICNS_TYPES)
    scaled = {size: png_bytes(_scaled(master, size)) for size in all_sizes}
    for size in PNG_SIZES:
        path = out_dir / f"gomoku-{size}.png"
        path.write_bytes(scaled[size])
        written.append(path)
    ico = out_dir / "gomoku.ico"
    ico.write_bytes(ico_bytes({size: scaled[size] for size in ICO_SIZES}))
    written.append(ico)
    icns = out_dir / "gomoku.icns"
    icns.write_bytes(icns_bytes({size: scaled[size] for size in ICNS_TYPES}))
    written.append(icns)
    return written


def _scaled(master: pygame.Surface, size: int) -> pygame.Surface:
    return master.copy() if size == master.get_width() else pygame.transform.smoothscale(master, (size, size))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help=f"output folder (default {OUT_DIR})")
    args = parser.parse_args(argv)
    for path in write_icons(args.out):
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
