"""The first-frame report that build_scripts/measure_startup.py reads."""

import time

from game import startup_timing


def test_report_writes_the_current_time_when_asked(tmp_path, monkeypatch):
    target = tmp_path / "first-frame"
    monkeypatch.setenv(startup_timing.REPORT_ENV_VAR, str(target))
    before = time.time()
    startup_timing.report_first_frame()
    assert before <= float(target.read_text()) <= time.time()


def test_report_does_nothing_unless_asked(tmp_path, monkeypatch):
    monkeypatch.delenv(startup_timing.REPORT_ENV_VAR, raising=False)
    monkeypatch.chdir(tmp_path)
    startup_timing.report_first_frame()
    assert list(tmp_path.iterdir()) == []
