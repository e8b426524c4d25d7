"""The load screen: the list of saved games.
"""
