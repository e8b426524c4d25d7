"""Fuzzing: random and mutated command lines never crash the brain nor make it print non-protocol lines.

Most examples run in-process against the loop with a fake engine (fast); a few go through
the real entry point with raw bytes, including bytes that are not UTF-8.
"""

import re
import subprocess

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from protocol_helpers import PROTOCOL_LINE, PYTHON, REPO, FakeSearch, converse

MOVE = re.compile(r"^(\d+),(\d+)$")

coordinate = st.integers(min_value=0, max_value=26)
point = st.builds(lambda x, y: f"{x},{y}", coordinate, coordinate)
info_key = st.sampled_from(
    ["timeout_turn", "timeout_match", "time_left", "max_memory", "game_type", "rule", "evaluate", "folder", "thread_num"]
)
info_value = st.one_of(st.integers(min_value=0, max_value=3000).map(str), st.sampled_from(["-1", "x", "", "1e3", "4 4"]))

valid_line = st.one_of(
    st.integers(min_value=0, max_value=30).map(lambda n: f"START {n}"),
    st.tuples(coordinate, coordinate).map(lambda wh: f"RECTSTART {wh[0]},{wh[1]}"),
    st.sampled_from(["RESTART", "BEGIN", "BOARD", "YXBOARD", "DONE", "ABOUT", "YXSTOP", "STOP", "YXSHOWFORBID", "SWAP2BOARD", ""]),
    point.map(lambda p: f"TURN {p}"),
    point.map(lambda p: f"TAKEBACK {p}"),
    st.tuples(point, st.integers(min_value=0, max_value=4)).map(lambda pf: f"{pf[0]},{pf[1]}"),
    st.tuples(info_key, info_value).map(lambda kv: f"INFO {kv[0]} {kv[1]}"),
    st.integers(min_value=0, max_value=12).map(lambda n: f"YXNBEST {n}"),
)


@st.composite
def mutated(draw, line_strategy=valid_line):
    """A valid line with a few characters replaced, inserted or deleted."""
    line = list(draw(line_strategy))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        where = draw(st.integers(min_value=0, max_value=len(line)))
        action = draw(st.sampled_from(["replace", "insert", "delete"]))
        char = draw(st.characters(blacklist_categories=("Cs",)))
        if action == "insert" or not line:
            line.insert(where, char)
        elif action == "replace":
            line[min(where, len(line) - 1)] = char
        else:
            del line[min(where, len(line) - 1)]
    return "".join(line)


any_line = st.one_of(valid_line, valid_line, mutated(), st.text(max_size=40))
# A game is more likely to get somewhere when it starts properly.
script = st.lists(any_line, max_size=60).map(lambda lines: ["START 15", *lines])


def assert_protocol_only(lines):
    for line in lines:
        assert PROTOCOL_LINE.match(line), f"not a protocol line: {line!r}"
        assert "internal error" not in line, line


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(script)
def test_random_lines_in_process_get_protocol_answers_only(lines):
    assert_protocol_only(converse([line for line in lines if line.strip().upper() != "END"]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(any_line, max_size=40))
def test_random_lines_with_an_engine_that_answers_nonsense_never_give_an_illegal_move(lines):
    # The fake engine always answers the centre, occupied or not: the brain must fix it.
    # An illegal move would make Session.play raise, which the loop reports as an
    # "internal error" line instead of the move, so assert_protocol_only catches it.
    fake = FakeSearch(answer=(7, 7))
    out = converse(["START 15", "BEGIN", *[line for line in lines if "END" not in line.upper()]], search=fake)
    assert_protocol_only(out)
    moves = [line for line in out if MOVE.match(line)]
    assert moves[0] == "7,7"


raw_line = st.one_of(
    any_line.map(lambda text: text.replace("\n", " ").replace("\r", " ").encode("utf-8")),
    st.binary(max_size=30).map(lambda data: data.replace(b"\n", b" ")),
)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(raw_line, min_size=5, max_size=40))
def test_the_real_brain_survives_random_bytes(lines):
    # A short turn time first keeps each search quick; a random INFO may change it, the level caps depth.
    payload = b"START 15\nINFO timeout_turn 100\n" + b"".join(line + b"\n" for line in lines)
    payload = b"\n".join(line for line in payload.split(b"\n") if line.strip().upper() != b"END")
    completed = subprocess.run(
        [PYTHON, "-m", "game.protocol", "--level", "beginner"],
        input=payload + b"\n", cwd=REPO, capture_output=True, timeout=120,
    )
    assert completed.returncode == 0, completed.stderr.decode("utf-8", "replace")
    text = completed.stdout.decode("utf-8")
    assert_protocol_only(text.splitlines())
    assert "Traceback" not in completed.stderr.decode("utf-8", "replace")
