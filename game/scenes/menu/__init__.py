"""The main menu: mode, level, colour and opening, then a new game.

`scene.py` is the screen; `setup.py` turns the menu's choices and the settings into a `Game`.
"""
