"""The depth-shaped search's root in C (native/search/root_search.c, issue 31 item 4): one call of the
compiled search per move instead of one per root move and iteration.

It must be the same root as root.py's Python loop (NATIVE_ROOT off): under a node budget both
are deterministic, so they must give the same move, score, depth, node count, lines and
progress reports, with one line or several, in play and with `prove`, and when the budget cuts
an iteration.
"""

import dataclasses

import pytest

from game.engine import Level, Limit, search
from game.engine.move_search import root
from game.engine.move_search.scores import WIN_THRESHOLD
from game.rules import Stone

from engine_positions import load_tactics, lost_positions, position_from_rows
from markers import kernel_in_use
from test_kernel import _middlegames


def _both_roots(monkeypatch, position, nodes: int, multipv: int = 1, prove: bool = False, level=Level.MASTER):
    """(native result, its progress reports, Python result, its reports)."""
    runs = []
    for native in (True, False):
        monkeypatch.setattr(root, "NATIVE_ROOT", native)
        reports = []
        result = search(position, Limit(nodes=nodes), level, multipv=multipv, prove=prove, on_progress=reports.append)
        runs += [result, reports]
    return runs


def _summary(result):
    return (result.move, result.score, result.depth, result.nodes, result.forced,
            [(c.move, c.score, c.pv) for c in result.candidates])


@kernel_in_use
@pytest.mark.parametrize("nodes", [3_000, 40_000])
@pytest.mark.parametrize("multipv", [1, 3])
def test_the_native_root_searches_as_the_python_root_does(monkeypatch, nodes, multipv):
    compared = 0
    for position in _middlegames()[:8]:
        native, native_reports, python, python_reports = _both_roots(monkeypatch, position, nodes, multipv)
        assert _summary(native) == _summary(python)
        assert [_summary(r) for r in native_reports] == [_summary(r) for r in python_reports]
        compared += not native.forced
    assert compared >= 4  # most middlegames reach the iterations


@kernel_in_use
@pytest.mark.parametrize("multipv", [1, 2])
def test_the_native_root_finds_the_vcf_first_as_the_python_root_does(monkeypatch, multipv):
    """Without a threat stage in Python (no time budget), the compiled root runs the VCF too.
    With several lines, the compiled root finds the others in one call (it deepens to the
    depth the Python loop searches each line at once, so their scores may differ)."""
    tactics = [t for t in load_tactics() if t.kind in ("vcf", "four-three")][:8]
    for tactic in tactics:
        native, native_reports, python, python_reports = _both_roots(monkeypatch, tactic.position, 20_000, multipv)
        assert native.forced == "vcf" and native.move in tactic.accept
        if multipv == 1:
            assert _summary(native) == _summary(python)
        else:
            assert _summary(native)[:3] == _summary(python)[:3] and native.candidates[0] == python.candidates[0]
            assert len(native.candidates) == multipv and native.candidates[1].move != native.move
        assert native_reports == python_reports == []


@kernel_in_use
def test_a_shortcut_gets_its_other_lines_from_one_call_of_the_compiled_root(monkeypatch):
    """Multi-PV after a shortcut (a VCF here): the next best moves come from one exclusion
    multi-PV call, not one search per line; they are distinct and scored below the win."""
    monkeypatch.setattr(root, "NATIVE_ROOT", True)
    calls = []
    real_iterate = root.iterate

    def counting_iterate(searcher, moves, rest, side, max_depth, multipv, *args, **kwargs):
        calls.append(multipv)
        return real_iterate(searcher, moves, rest, side, max_depth, multipv, *args, **kwargs)

    monkeypatch.setattr(root, "iterate", counting_iterate)
    tactic = next(t for t in load_tactics() if t.kind == "vcf")
    result = search(tactic.position, Limit(nodes=20_000), Level.MASTER, multipv=4)
    assert result.forced == "vcf" and len(result.candidates) == 4
    moves = [c.move for c in result.candidates]
    assert len(set(moves)) == 4
    scores = [c.score for c in result.candidates]
    assert scores == sorted(scores, reverse=True) and scores[1] < scores[0]
    assert calls[-1] == 3 and len(calls) == 2  # the VCF's call, then one for the three other lines


@kernel_in_use
def test_a_lost_root_is_proven_or_unproven_as_in_python(monkeypatch):
    """Positions where the side to move is lost: a loss is only a proof where no legal move
    was left out, and `prove` searches the moves left out, in C as in Python."""
    tactics = {tactic.name: tactic for tactic in load_tactics()}
    checked = 0
    for name in sorted(lost_positions())[:3]:
        position = tactics[name].position
        for prove in (False, True):
            native, _, python, _ = _both_roots(monkeypatch, position, 60_000, prove=prove)
            assert _summary(native) == _summary(python)
            checked += 1
    assert checked >= 2


@kernel_in_use
def test_the_native_root_makes_the_win_and_keeps_the_last_answer_when_stopped(monkeypatch):
    monkeypatch.setattr(root, "NATIVE_ROOT", True)
    # Black has an open three to make a four-three with: the search must find the win.
    position = position_from_rows([
        ".........",
        ".........",
        "..XXX....",
        "....X....",
        "....X....",
        "..OO.O...",
        ".....O...",
        ".........",
        ".........",
    ], to_move=Stone.BLACK)
    result = search(position, Limit(time_ms=2000), Level.MASTER)
    assert result.score > WIN_THRESHOLD

    class SetAfterFirstPoll:
        calls = 0

        def is_set(self):
            self.calls += 1
            return self.calls > 1

    middlegame = _middlegames()[3]
    stopped = search(middlegame, Limit(time_ms=5000), Level.MASTER, stop=SetAfterFirstPoll())
    assert stopped.move in set(middlegame.to_board().empty_points())


@kernel_in_use
def test_the_native_root_deepens_until_the_turn_is_spent_and_reports_each_iteration(monkeypatch):
    """The depth-shaped search has no soft target (timeplan.py): its root deepens to the hard
    limit, reporting every finished iteration, one ply deeper each time."""
    monkeypatch.setattr(root, "NATIVE_ROOT", True)
    middlegame = _middlegames()[7]  # quiet: no shortcut answers it
    reports = []
    result = search(middlegame, Limit(time_ms=800), Level.MASTER, on_progress=reports.append)
    assert result.forced == "" and abs(result.score) < WIN_THRESHOLD
    assert [r.depth for r in reports] == list(range(1, len(reports) + 1))
    assert len(reports) >= 4
    assert 400 <= result.time_ms <= 800 + 200


@kernel_in_use
@pytest.mark.parametrize("prove", [False, True])
def test_a_level_without_threat_stages_leaves_the_move_to_one_call_in_play_and_analysis(monkeypatch, prove):
    """LevelConfig.threat_stages=False: no threat-space search, defence or VCT runs in Python,
    in play or in analysis (prove), and the compiled root does the VCF too; with them, the
    threat-space search and the VCF run in Python first."""
    from game.engine.levels import config as levels
    from game.engine.backend import current

    ThreatSpaceSearch = current().tss  # the class the search makes

    monkeypatch.setattr(root, "NATIVE_ROOT", True)
    master = levels.level_config(Level.MASTER)
    seen = {"tss": 0, "vcf_depths": []}
    real_find, real_iterate = ThreatSpaceSearch.find, root.iterate

    def find(self, *args, **kwargs):
        seen["tss"] += 1
        return real_find(self, *args, **kwargs)

    def iterate(searcher, moves, rest, side, max_depth, multipv, on_iteration=None, vcf_depth=0):
        seen["vcf_depths"].append(vcf_depth)
        return real_iterate(searcher, moves, rest, side, max_depth, multipv, on_iteration, vcf_depth)

    monkeypatch.setattr(ThreatSpaceSearch, "find", find)
    monkeypatch.setattr(root, "iterate", iterate)
    middlegame = _middlegames()[7]
    for stages in (False, True):
        config = dataclasses.replace(master, threat_stages=stages)
        monkeypatch.setattr(root, "level_config", lambda level: config)
        seen["tss"], seen["vcf_depths"] = 0, []
        search(middlegame, Limit(time_ms=600), Level.MASTER, prove=prove)
        if stages:
            assert seen["tss"] > 0 and seen["vcf_depths"] == [0]  # the VCF ran first, in Python
        else:
            assert seen == {"tss": 0, "vcf_depths": [master.root_vcf]}
