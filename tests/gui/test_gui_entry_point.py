"""`python -m game`: the window starts and stops cleanly; help and the brain never load pygame."""

import os
import re
import subprocess
import sys

HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run(args, **kwargs):
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120, env=HEADLESS, **kwargs)


def test_the_game_opens_runs_some_frames_and_exits_cleanly(tmp_path):
    completed = run(["-m", "game", "--frames", "20", "--data-dir", str(tmp_path), "--windowed"])
    assert completed.returncode == 0, completed.stderr


def test_help_does_not_import_pygame():
    code = "import sys, runpy; sys.argv=['game','--help']\ntry:\n    runpy.run_module('game', run_name='__main__')\nexcept SystemExit:\n    pass\nprint('pygame' in sys.modules)"
    completed = run(["-c", code])
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip().endswith("False")


def test_the_brain_subcommand_answers_the_gomocup_protocol():
    completed = run(["-m", "game", "brain", "--level", "beginner"], input="START 15\nBEGIN\n")
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.splitlines()
    assert lines[0] == "OK"
    assert re.fullmatch(r"\d+,\d+", lines[-1])  # a move "x,y"


def test_a_bad_window_size_is_a_clear_error(tmp_path):
    completed = run(["-m", "game", "--size", "huge", "--data-dir", str(tmp_path)])
    assert completed.returncode != 0
    assert "huge" in completed.stderr
