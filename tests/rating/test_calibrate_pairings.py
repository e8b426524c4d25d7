"""Which matches the ladder's calibration plays (build_scripts/calibrate_ladder.py)."""

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "build_scripts"))

import calibrate_ladder  # noqa: E402


def test_each_rung_meets_its_upper_neighbour_the_seed_bot_up_to_a_rung_and_the_extra_pairings():
    rungs = ["650", "850", "950", "2000", "2200", "2650"]
    pairs = calibrate_ladder.pairings_to_play(rungs, 850, "2650:2000,1850:1550")
    assert ("650", "seed") in pairs and ("850", "seed") in pairs and ("950", "seed") not in pairs
    assert ("850", "650") in pairs and ("2650", "2200") in pairs
    assert ("2650", "2000") in pairs  # an extra pairing across a rung
    assert not any("1850" in pair for pair in pairs)  # an extra pairing of rungs not being measured is left out
    assert len(pairs) == len(set(pairs))


def test_an_extra_pairing_that_is_not_upper_colon_lower_is_refused_with_its_text():
    with pytest.raises(ValueError, match="'2650-2000'"):
        calibrate_ladder.pairings_to_play(["2000", "2650"], 0, "2650-2000")


def test_results_that_never_reach_the_seed_bot_are_kept_and_no_table_is_written(tmp_path):
    results = tmp_path / "results.json"
    results.write_text('{"2200,2000": {"wins": 30, "losses": 9, "draws": 1}}', encoding="utf-8")
    table = tmp_path / "table.json"
    script = Path(calibrate_ladder.__file__)
    done = subprocess.run([sys.executable, str(script), "--fit-only", "--rungs", "2000,2200", "--results", str(results),
                           "--table", str(table)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "cannot fit" in done.stderr and str(results) in done.stderr
    assert not table.exists() and "2200,2000" in results.read_text(encoding="utf-8")
