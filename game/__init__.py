"""Gomoku: rules core, engine, Gomocup brain, records and the pygame-ce desktop game."""
