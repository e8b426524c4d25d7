"""Reviews shared by the coach tests: each crafted game is reviewed once per test session."""

import pytest

from game.coach import review_game
from game.rules import Rule

from coach_games import GAME_MISSED_VCF, GAME_MISSED_VCT

#: Small time per position keeps the tests fast; the proofs get their own generous bound
#: (they end by themselves long before it), so the flags do not depend on the machine's load.
FAST_MS = 100
PROOF_MS = 3000


@pytest.fixture(scope="session")
def vct_review():
    return review_game(15, Rule.FREESTYLE, GAME_MISSED_VCT, time_ms=FAST_MS, proof_ms=PROOF_MS)


@pytest.fixture(scope="session")
def vcf_review():
    return review_game(15, Rule.FREESTYLE, GAME_MISSED_VCF, time_ms=FAST_MS, proof_ms=PROOF_MS)
