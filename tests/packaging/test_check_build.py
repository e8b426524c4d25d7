"""The build checker's brain conversation, run against the brain from source (no build needed)."""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build_scripts"))

import check_build  # noqa: E402


def test_conversation_with_the_source_brain_passes():
    transcript = check_build.check_brain([sys.executable, "-m", "game.protocol", "--level", "beginner"], dict(os.environ))
    assert transcript.startswith("START 15 -> OK, BEGIN -> ")


def test_a_brain_that_answers_nonsense_fails_the_check():
    fake = [sys.executable, "-c", "import sys\nfor line in sys.stdin: print('OK' if line.startswith('START') else 'hello', flush=True)"]
    with pytest.raises(check_build.CheckFailed, match="expected a move 'x,y' after 'BEGIN', got 'hello'"):
        check_build.check_brain(fake, dict(os.environ))


def test_occupied_point_is_an_illegal_move():
    with pytest.raises(check_build.CheckFailed, match="illegal move"):
        check_build._expect_move("7,7", "TURN", {(7, 7)})


def test_the_analyse_check_passes_against_the_source_game(tmp_path):
    env = dict(os.environ, GOMOKU_USER_DIR=str(tmp_path))
    detail = check_build.check_analyse([sys.executable, "-m", "game"], env)
    assert detail.startswith("6 moves (")
