"""Reviews shared by the coach tests: each crafted game is reviewed once per test session."""

import pytest

from game.coach import review_game
from game.rules import Rule

from coach_games import FAST_MS, GAME_MISSED_VCF, GAME_MISSED_VCT, PROOF_MS


@pytest.fixture(scope="session")
def vct_review():
    return review_game(15, Rule.FREESTYLE, GAME_MISSED_VCT, time_ms=FAST_MS, proof_ms=PROOF_MS)


@pytest.fixture(scope="session")
def vcf_review():
    return review_game(15, Rule.FREESTYLE, GAME_MISSED_VCF, time_ms=FAST_MS, proof_ms=PROOF_MS)
