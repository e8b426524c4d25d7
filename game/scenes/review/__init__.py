"""The review screen: step through a saved or finished game.

`scene.py` is the screen; `coach.py` adds live analysis and the annotations a file holds.
"""
