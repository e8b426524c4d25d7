"""A fast subset of the tactics set: fives and must-blocks at every level, threats at Strong.

The accepted moves in each file come from the independent oracle (benchmarks/reference.py).
The full set with timings is `python benchmarks/tactics.py`.
"""

import pytest

from engine_positions import load_tactics

from game.engine import Level, Limit, search

TACTICS = load_tactics()
BY_KIND = {kind: [t for t in TACTICS if t.kind == kind] for kind in {t.kind for t in TACTICS}}


def test_the_set_has_every_kind_and_enough_positions():
    assert len(TACTICS) >= 60
    assert {"win1", "block", "four-three", "vcf", "defend"} <= set(BY_KIND)


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("tactic", BY_KIND.get("win1", [])[:6] + BY_KIND.get("block", [])[:6], ids=lambda t: t.name)
def test_every_level_takes_fives_and_blocks_fours(tactic, level):
    result = search(tactic.position, Limit(time_ms=1000, depth=2), level)
    assert result.move in tactic.accept


@pytest.mark.parametrize("tactic", BY_KIND.get("four-three", [])[:5] + BY_KIND.get("vcf", [])[:5], ids=lambda t: t.name)
def test_strong_finds_the_vcf(tactic):
    result = search(tactic.position, Limit(time_ms=2000, depth=1), Level.STRONG)
    assert result.move in tactic.accept
    assert result.forced in {"vcf", "win-in-1"}
