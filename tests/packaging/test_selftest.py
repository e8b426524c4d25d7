"""`python -m game --self-test` from source, and the self-test's own checks."""

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from game import selftest

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path):
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GOMOKU_USER_DIR=str(tmp_path))
    return env


def test_self_test_from_source_passes_and_logs_its_summary(tmp_path):
    completed = subprocess.run(
        [sys.executable, "-m", "game", "--self-test"],
        capture_output=True, text=True, timeout=180, cwd=ROOT, env=_env(tmp_path),
    )  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    summary = completed.stdout.strip().splitlines()[-1]
    assert summary.startswith("self-test ok: ")
    assert "winner" in summary
    assert summary in (tmp_path / "logs" / "gomoku.log").read_text(encoding="utf-8")


def test_broken_asset_fails_with_the_file_named(tmp_path):
    broken = tmp_path / "board.png"
    broken.write_bytes(b"not really a png")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    with pytest.raises(selftest.SelfTestError, match="board.png"):
        selftest.load_asset(broken)


def test_non_media_files_are_skipped(tmp_path):
    notes = tmp_path / "LICENSE.txt"
    notes.write_text("text")
    assert selftest.load_asset(notes) is False


def test_ico_images_reads_every_entry():
    first, second = b"A" * 5, b"B" * 7
    header = struct.pack("<HHH", 0, 1, 2)
    entries = struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, 5, 38) + struct.pack("<BBBBHHII", 32, 32, 0, 0, 1, 32, 7, 43)
    assert selftest.ico_images(header + entries + first + second) == [first, second]


def test_truncated_ico_is_rejected():
    header = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, 500, 22)
    with pytest.raises(selftest.SelfTestError, match="past the end"):
        selftest.ico_images(header)


def test_summary_line_reads_as_documented():
    report = selftest.SelfTestReport(assets=23, moves=31, winner="black", seconds=4.24, engine="compiled")
    assert report.summary() == "self-test ok: 23 assets, 31 moves, winner black, engine compiled, 4.2s"


def test_missing_assets_folder_fails_with_exit_status_1_and_names_it(tmp_path, monkeypatch, capsys):
    from game import resources

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setattr(resources, "asset_roots", lambda: [tmp_path / "no-assets-here"])
    assert selftest.run_self_test() == 1
    error = capsys.readouterr().err
    assert "self-test FAILED" in error and "no-assets-here" in error
