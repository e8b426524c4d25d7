"""Drawing and input helpers for the pygame window: layout maths, the board view, widgets.

`layout` is pure arithmetic; the other modules import pygame and are used only once the
window is open.
"""
