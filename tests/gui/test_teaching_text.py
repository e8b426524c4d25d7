"""The teaching stop names the kind of forced win in words, as the analysis panel does."""

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


def test_a_vcf_proof_reads_in_a_players_words_not_as_a_term():
    """Issue 56 item 8: the terms VCF and VCT are kept for the help screen."""
    set_language("en")
    proof = Proof(attacker=Stone.BLACK, kind="vcf", line=((7, 7), (7, 8), (8, 8)))
    text = verdict_text(TeachingVerdict("missed", proof), 15)
    assert tr("coach.kind.vcf") in text and "VCF" not in text
