"""Which matches the ladder's calibration plays (build_scripts/calibrate_ladder.py)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "build_scripts"))

import calibrate_ladder  # noqa: E402


def test_each_rung_meets_its_upper_neighbour_the_seed_bot_up_to_a_rung_and_the_extra_pairings():
    rungs = ["650", "850", "950", "2000", "2200", "2300"]
    pairs = calibrate_ladder.pairings_to_play(rungs, 850, "2300:2000,1850:1550")
    assert ("650", "seed") in pairs and ("850", "seed") in pairs and ("950", "seed") not in pairs
    assert ("850", "650") in pairs and ("2300", "2200") in pairs
    assert ("2300", "2000") in pairs  # an extra pairing across a rung
    assert not any("1850" in pair for pair in pairs)  # an extra pairing of rungs not being measured is left out
    assert len(pairs) == len(set(pairs))


def test_an_extra_pairing_that_is_not_upper_colon_lower_is_refused_with_its_text():
    with pytest.raises(ValueError, match="'2300-2000'"):
        calibrate_ladder.pairings_to_play(["2000", "2300"], 0, "2300-2000")
