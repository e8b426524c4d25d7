"""A short turn gives the alpha-beta search the time: no threat-space search, a narrower root,
capped VCFs inside the tree."""

from __future__ import annotations

import pytest

from game.engine import Level, Limit, search
from game.engine.move_search import root as root_module
from game.engine.backend import current
from game.engine.backend.pure.alphabeta import AlphaBeta  # the root loop and __init__ every backend's search runs
from game.engine.levels.config import level_config

from test_kernel import _middlegames


@pytest.fixture(autouse=True)
def _classic_search(monkeypatch):
    """These tests guard the classic search (native/search/search.c and alphabeta.py), which Master
    no longer runs by default (levels.SEARCHES)."""
    monkeypatch.setenv("GOMOKU_SEARCH", "classic")


@pytest.fixture
def spy(monkeypatch):
    """Counts threat-space searches and records how many root moves each iteration gets."""
    seen = {"tss": 0, "root_moves": [], "capped_vcf": set()}
    ThreatSpaceSearch = current().tss  # the class the search makes
    real_find = ThreatSpaceSearch.find
    real_iteration = AlphaBeta.search_iteration
    real_init = AlphaBeta.__init__

    def init(self, board, config, *args, **kwargs):
        seen["capped_vcf"].add(config.capped_vcf)
        real_init(self, board, config, *args, **kwargs)

    def find(self, *args, **kwargs):
        seen["tss"] += 1
        return real_find(self, *args, **kwargs)

    def search_iteration(self, moves, *args, **kwargs):
        seen["root_moves"].append(len(moves))
        return real_iteration(self, moves, *args, **kwargs)

    monkeypatch.setattr(ThreatSpaceSearch, "find", find)
    monkeypatch.setattr(AlphaBeta, "search_iteration", search_iteration)
    monkeypatch.setattr(AlphaBeta, "__init__", init)
    return seen


#: A middlegame (benchmarks/data/middlegames.txt) with no tactical shortcut and no threat
#: plan of the opponent's, so the root defence leaves the root as wide as the turn allows.
_QUIET = 7


def _searched(spy, time_ms: int) -> dict:
    spy["tss"], spy["root_moves"], spy["capped_vcf"] = 0, [], set()
    result = search(_middlegames()[_QUIET], Limit(time_ms=time_ms), Level.MASTER)
    assert result.forced == "" and spy["root_moves"], "the root did not search this position"
    return {"tss": spy["tss"], "root_moves": max(spy["root_moves"]), "capped_vcf": spy["capped_vcf"]}


_SHORT_MS = 100
_LONG_MS = int(root_module._SHORT_TURN_S * 1000) + 400


def test_a_short_turn_skips_the_threat_space_search(spy):
    assert _searched(spy, _SHORT_MS)["tss"] == 0
    assert _searched(spy, _LONG_MS)["tss"] > 0


def test_a_short_turn_searches_fewer_root_moves(spy):
    short, long = _searched(spy, _SHORT_MS), _searched(spy, _LONG_MS)
    assert short["root_moves"] < long["root_moves"]
    assert short["root_moves"] <= level_config(Level.MASTER).width + root_module._SHORT_ROOT_WIDTH_BONUS


def test_a_short_turn_caps_the_vcfs_inside_the_tree(spy):
    assert _searched(spy, _SHORT_MS)["capped_vcf"] == {True}
    assert _searched(spy, _LONG_MS)["capped_vcf"] == {False}
