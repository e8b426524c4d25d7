"""Ratings for players and puzzles (Glicko-2), with no pygame and no engine import."""

from .glicko2 import Rating, expected_score, rate_game, update

__all__ = ["Rating", "expected_score", "rate_game", "update"]
