"""Puzzles: the puzzle file, proofs checked on the rules board, the player's puzzle rating.

No pygame here: the puzzle screen (game/scenes/puzzles/) and the generator
(build_scripts/make_puzzles.py) build on it.
"""

from .puzzle import THEMES, Goal, ProofNode, Puzzle
from .puzzle_file import PuzzleFormatError, format_puzzle, parse_puzzle, parse_puzzles, read_puzzles
from .verify import ProofError, ProofFacts, verify, verify_win

__all__ = [
    "Goal",
    "ProofError",
    "ProofFacts",
    "ProofNode",
    "Puzzle",
    "PuzzleFormatError",
    "THEMES",
    "format_puzzle",
    "parse_puzzle",
    "parse_puzzles",
    "read_puzzles",
    "verify",
    "verify_win",
]
