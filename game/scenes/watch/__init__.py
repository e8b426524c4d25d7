"""Watch mode: two engines play each other on screen.
"""
