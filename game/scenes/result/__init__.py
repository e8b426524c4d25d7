"""The result screen: who won and why, the moves, save, play again.
"""
