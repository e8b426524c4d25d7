"""The teaching stop names a search-proven attack in words, as the analysis panel does."""

from game.engine import Proof
from game.i18n import set_language, tr
from game.rules import Stone
from game.scenes.play.coach import verdict_text
from game.scenes.play.teaching import TeachingVerdict


def test_a_search_proof_reads_as_words_not_its_internal_name():
    set_language("en")
    proof = Proof(attacker=Stone.WHITE, kind="search", line=((7, 7), (7, 8), (8, 8)))
    text = verdict_text(TeachingVerdict("allowed", proof), 15)
    assert tr("coach.kind.search") in text and "SEARCH" not in text


def test_a_vcf_proof_keeps_its_short_name():
    set_language("en")
    proof = Proof(attacker=Stone.BLACK, kind="vcf", line=((7, 7), (7, 8), (8, 8)))
    assert "VCF" in verdict_text(TeachingVerdict("missed", proof), 15)
