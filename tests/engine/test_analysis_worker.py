"""Analysis in the worker process: progress snapshots, a final answer, and a new board cancelling the old."""

import time

import pytest

from game.engine import AnalysisReply, EngineWorker, Limit, Purpose

from coach_positions import position_of, vcf_position

QUIET = [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 9)]


@pytest.fixture
def worker():
    engine = EngineWorker()
    yield engine
    engine.close()


def replies_until_final(worker: EngineWorker, seconds: float = 60.0) -> list:
    got = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        reply = worker.poll()
        if reply is None:
            time.sleep(0.01)
            continue
        got.append(reply)
        if not isinstance(reply, AnalysisReply) or reply.analysis.final:
            return got
    raise AssertionError("no final analysis arrived")


def test_a_limited_analysis_sends_snapshots_then_a_final_one(worker):
    # The depth ends it; the clock is only a guard, generous enough for a loaded machine
    # (the pure-Python engine once missed depth 3 in 5 s beside two arena games).
    job = worker.request_analysis(position_of(QUIET), n_best=2, limit=Limit(time_ms=45000, depth=3))
    got = replies_until_final(worker)
    assert all(isinstance(reply, AnalysisReply) and reply.job_id == job and reply.purpose is Purpose.ANALYSIS
               for reply in got)
    *snapshots, final = got
    assert final.analysis.final and final.analysis.depth == 3 and len(final.analysis.candidates) == 2
    assert not any(reply.analysis.final for reply in snapshots)
    assert not worker.busy


def test_a_new_request_replaces_an_endless_analysis(worker):
    first = worker.request_analysis(position_of(QUIET), n_best=3)  # endless
    deadline = time.monotonic() + 60
    snapshot = None
    while snapshot is None and time.monotonic() < deadline:
        snapshot = worker.poll()
        time.sleep(0.01)
    assert snapshot is not None and snapshot.job_id == first and not snapshot.analysis.final
    second = worker.request_analysis(vcf_position(), n_best=3, limit=Limit(time_ms=2000))
    got = replies_until_final(worker)
    assert {reply.job_id for reply in got} == {second}  # nothing of the old job leaks through
    assert got[-1].analysis.win is not None and got[-1].analysis.win.line[0] == (10, 7)
