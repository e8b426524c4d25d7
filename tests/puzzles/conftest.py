"""Puzzles shared by the puzzle tests: a few lines the generator made, kept as data."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.puzzles import read_puzzles

SAMPLE = Path(__file__).resolve().parent.parent / "data" / "puzzles" / "sample.txt"


@pytest.fixture(scope="session")
def sample():
    """The sample puzzles by id."""
    return {puzzle.id: puzzle for puzzle in read_puzzles(SAMPLE)}
