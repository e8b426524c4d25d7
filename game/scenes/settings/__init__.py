"""The Settings screen: board size, rules, clock, undo, language, sound.
"""
