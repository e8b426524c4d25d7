"""Readers on random and mutated text: a valid record or a RecordError, never anything else."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.records import GameRecord, RecordError, read_psq, read_sgf, write_psq, write_sgf
from records_strategies import records

SGF_ALPHABET = "();[]\\:+ \n\t" + "ABGMPRSTUWZabhi0145" + "é\x00"
PSQ_ALPHABET = "Piskvorky x,:-0123456789\n\r ?" + "é\x00"


@st.composite
def mutated(draw, writer, alphabet: str) -> str:
    """A valid record's text with a few characters inserted, deleted or replaced."""
    text = writer(draw(records()))
    for _ in range(draw(st.integers(1, 4))):
        position = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace", "truncate"]))
        piece = draw(st.text(alphabet=alphabet, min_size=1, max_size=3))
        if action == "insert":
            text = text[:position] + piece + text[position:]
        elif action == "delete":
            text = text[:position] + text[position + 1:]
        elif action == "replace":
            text = text[:position] + piece + text[position + len(piece):]
        else:
            text = text[:position]
    return text


def read_or_record_error(reader, text: str) -> None:
    try:
        record = reader(text)
    except RecordError as error:
        assert str(error)  # every error explains itself
        return
    assert isinstance(record, GameRecord)
    record.replay()  # whatever a reader accepts is a legal game


FUZZ = settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.text(alphabet=SGF_ALPHABET, max_size=80))
def test_sgf_reader_on_random_text(text):
    read_or_record_error(read_sgf, text)


@FUZZ
@given(st.text(max_size=80))
def test_sgf_reader_on_arbitrary_unicode(text):
    read_or_record_error(read_sgf, text)


@FUZZ
@given(mutated(write_sgf, SGF_ALPHABET))
def test_sgf_reader_on_mutated_records(text):
    read_or_record_error(read_sgf, text)


@FUZZ
@given(st.text(alphabet=PSQ_ALPHABET, max_size=80))
def test_psq_reader_on_random_text(text):
    read_or_record_error(read_psq, text)


@FUZZ
@given(st.text(max_size=80).map(lambda tail: "Piskvorky 15x15, 11:11, 0\n" + tail))
def test_psq_reader_on_arbitrary_text_after_a_good_header(text):
    read_or_record_error(read_psq, text)


@FUZZ
@given(mutated(write_psq, PSQ_ALPHABET))
def test_psq_reader_on_mutated_records(text):
    read_or_record_error(read_psq, text)
