"""The depth-shaped search's root in C (native/root_search.c, issue 31 item 4): one call of the
compiled search per move instead of one per root move and iteration.

It must be the same root as root.py's Python loop (NATIVE_ROOT off): under a node budget both
are deterministic, so they must give the same move, score, depth, node count, lines and
progress reports, with one line or several, in play and with `prove`, and when the budget cuts
an iteration.
"""

import pytest

from game.engine import Level, Limit, root, search
from game.engine.alphabeta import WIN_THRESHOLD

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
    ], to_move=__import__("game.rules", fromlist=["Stone"]).Stone.BLACK)
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
