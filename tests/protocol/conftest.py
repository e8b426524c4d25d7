"""Fixtures for the brain's tests."""

from pathlib import Path

import pytest
from protocol_helpers import shared_dir


@pytest.fixture

def arena_dir() -> Path:
    found = shared_dir()
    if found is None:
        pytest.skip("shared/arena is absent (looked in $GOMOKU_SHARED, ../shared and /work/shared)")
    return found / "arena"
