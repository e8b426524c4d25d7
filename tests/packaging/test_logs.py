"""The log setup must make a console-less (windowed) start safe and write to a file."""

import logging
import subprocess
import sys

import pytest

from game import logs


@pytest.fixture
def clean_logging(monkeypatch):
    """Restore the root logger, the streams and the excepthook after each test."""
    root = logging.getLogger()
    saved_handlers, saved_level = list(root.handlers), root.level
    monkeypatch.setattr(sys, "stdout", sys.stdout)
    monkeypatch.setattr(sys, "stderr", sys.stderr)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    yield
    for handler in root.handlers:
        if handler not in saved_handlers:
            handler.close()
    root.handlers[:] = saved_handlers
    root.setLevel(saved_level)


def test_print_survives_missing_stdout_and_reaches_the_log(tmp_path, clean_logging, monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    log_file = logs.setup_logging(tmp_path)
    print("hello from a windowed build")
    print("half a line", end="")
    sys.stdout.flush()
    sys.stderr.write("an error line\n")
    assert log_file == tmp_path / logs.LOG_FILE_NAME
    text = log_file.read_text(encoding="utf-8")
    assert "hello from a windowed build" in text
    assert "half a line" in text
    assert "ERROR stderr: an error line" in text


def test_setup_twice_adds_one_file_handler(tmp_path, clean_logging):
    first = logs.setup_logging(tmp_path)
    second = logs.setup_logging(tmp_path / "elsewhere")
    assert first == second
    assert sum(isinstance(h, logs.GameLogHandler) for h in logging.getLogger().handlers) == 1


def test_unwritable_log_folder_still_makes_streams_safe(tmp_path, clean_logging, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert logs.setup_logging(blocker / "logs") is None
    print("no crash")
    sys.stderr.write("nor here\n")
    logging.getLogger("game").error("and no recursion through the last-resort handler")


def test_log_folder_follows_the_user_dir_override(tmp_path, monkeypatch):
    monkeypatch.setenv("GOMOKU_USER_DIR", str(tmp_path))
    assert logs.log_dir() == tmp_path / "logs"


def test_uncaught_exception_in_a_windowed_start_lands_in_the_log(tmp_path):
    code = (
        "import sys\n"
        "sys.stdout = None\n"
        "sys.stderr = None\n"
        "from game.logs import setup_logging\n"
        f"setup_logging({str(tmp_path)!r})\n"
        "print('before the crash')\n"
        "raise ValueError('boom 42')\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert completed.returncode == 1
    text = (tmp_path / logs.LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "before the crash" in text
    assert "ValueError: boom 42" in text
