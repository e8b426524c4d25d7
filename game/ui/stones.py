"""Shaded, anti-aliased stones, drawn once per size and then only blitted.

Each stone is painted at SUPERSAMPLE times its size as concentric discs whose centre drifts
towards the light (a radial highlight), then smooth-scaled down, which anti-aliases the edge.
A soft shadow is a separate blurred disc offset down and to the right.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.rules import Stone

from . import theme

_LIGHT = (-0.38, -0.42)  # where the highlight sits, as a fraction of the radius

# (edge colour, centre-of-highlight colour, highlight reach) for each stone colour
_PALETTE = {
    Stone.BLACK: ((8, 8, 10), (112, 114, 120), 0.55),
    Stone.WHITE: ((184, 182, 174), (255, 255, 252), 0.95),
}


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


@lru_cache(maxsize=16)
def stone_surface(stone: Stone, diameter: int) -> pygame.Surface:
    """A `diameter`-pixel stone with a transparent background."""
    diameter = max(4, int(diameter))
    scale = theme.SUPERSAMPLE
    big = diameter * scale
    radius = big / 2
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    edge, glow, reach = _PALETTE[stone]
    steps = 48
    for step in range(steps):
        t = step / (steps - 1)  # 0 at the rim, 1 at the highlight
        r = radius * (1 - t * 0.92)
        cx = radius + _LIGHT[0] * radius * t * 0.9
        cy = radius + _LIGHT[1] * radius * t * 0.9
        shade = min(1.0, (t / reach) ** 1.6) if reach < 1 else t**1.3
        pygame.draw.circle(canvas, (*_mix(edge, glow, shade), 255), (cx, cy), r)
    if stone is Stone.WHITE:  # a faint rim keeps white stones crisp on pale wood
        pygame.draw.circle(canvas, (150, 146, 138, 255), (radius, radius), radius, width=max(1, scale))
    return pygame.transform.smoothscale(canvas, (diameter, diameter))


@lru_cache(maxsize=8)
def shadow_surface(diameter: int) -> pygame.Surface:
    """A soft shadow a little larger than a stone, to blit offset below it."""
    diameter = max(4, int(diameter))
    size = int(diameter * 1.25)
    canvas = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = size / 2
    layers = 14
    for layer in range(layers):
        t = layer / (layers - 1)
        r = centre * (1 - t * 0.35)
        pygame.draw.circle(canvas, (30, 18, 6, int(12 + 70 * t**2)), (centre, centre), r)
    return canvas


@lru_cache(maxsize=8)
def ghost_surface(stone: Stone, diameter: int) -> pygame.Surface:
    """A translucent stone for the hover preview."""
    ghost = stone_surface(stone, diameter).copy()
    ghost.fill((255, 255, 255, 120), special_flags=pygame.BLEND_RGBA_MULT)
    return ghost


def blit_stone(target: pygame.Surface, stone: Stone, centre: tuple[int, int], diameter: int) -> None:
    """Draw a stone with its shadow centred on `centre`."""
    shadow = shadow_surface(diameter)
    offset = max(1, diameter // 14)
    target.blit(shadow, shadow.get_rect(center=(centre[0] + offset, centre[1] + offset * 1.4)))
    surface = stone_surface(stone, diameter)
    target.blit(surface, surface.get_rect(center=centre))
