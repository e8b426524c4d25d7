"""The wire format: what encodes, what decodes, and how each kind of bad line is named."""

import json

import pytest

from game.net import protocol
from game.net.protocol import CATALOGUE, MAX_LINE_BYTES, Fault, Message, ProtocolError, decode, encode, message


def test_every_message_type_is_documented_in_the_module_docstring():
    for kind in CATALOGUE:
        assert f"    {kind} " in protocol.__doc__, kind


def test_a_move_round_trips_as_one_ascii_line():
    line = encode(message("move", ply=4, x=7, y=8))
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert decode(line) == Message("move", {"ply": 4, "x": 7, "y": 8})


def test_a_name_with_chinese_characters_is_escaped_on_the_wire_and_read_back():
    line = encode(message("hello", v=protocol.VERSION, name="小明", proof="0" * 64, token=""))
    assert line.isascii()
    assert decode(line)["name"] == "小明"


def test_unknown_fields_are_ignored():
    line = json.dumps({"type": "move", "ply": 0, "x": 1, "y": 2, "later": [1, 2]}).encode()
    assert decode(line).fields == {"ply": 0, "x": 1, "y": 2}


@pytest.mark.parametrize(
    "line, fault",
    [
        (b"hello there", Fault.GARBAGE),
        (b"[1, 2]", Fault.GARBAGE),
        (b'{"type": "move", "ply": 0, "x": 1, "y": NaN}', Fault.GARBAGE),
        ('{"type":"chat","phrase":"é"}'.encode("utf-8"), Fault.GARBAGE),
        (b'{"type": "launch"}', Fault.UNKNOWN_TYPE),
        (b'{"ply": 0}', Fault.UNKNOWN_TYPE),
        (b'{"type": "move", "ply": 0, "x": 1}', Fault.BAD_FIELD),
        (b'{"type": "move", "ply": 0, "x": 1, "y": 25}', Fault.BAD_FIELD),
        (b'{"type": "move", "ply": true, "x": 1, "y": 2}', Fault.BAD_FIELD),
        (b'{"type": "chat", "phrase": "rm -rf /"}', Fault.BAD_FIELD),
        (b'{"type": "hello", "v": 2, "proof": "AB CD", "token": "", "name": "x"}', Fault.BAD_FIELD),
        (b'{"type": "hello", "v": 2, "proof": "%s", "token": "", "name": "a\\nb"}' % (b"0" * 64), Fault.BAD_FIELD),
        (b'{"type": "hello", "v": 1, "code": "ABCDEF", "name": "x"}', Fault.VERSION),
        (b'{"type": "welcome", "v": 2, "name": "x", "seat": "first", "token": "0", "game": {}}', Fault.BAD_FIELD),
        (b'{"type": "error", "fault": "%s", "text": ""}' % (b"x" * 30), Fault.BAD_FIELD),
        (b'{"type": "clock", "ply": 1, "black": -1, "white": 3}', Fault.BAD_FIELD),
        (b"[" * 100000, Fault.OVERSIZED),
        (b"[" * 5000 + b"]" * 5000, Fault.GARBAGE),
    ],
)
def test_a_bad_line_is_refused_with_the_fault_named(line, fault):
    with pytest.raises(ProtocolError) as caught:
        decode(line)
    assert caught.value.fault is fault
    assert str(caught.value)


def test_the_size_limit_is_the_documented_one():
    padding = "x" * (MAX_LINE_BYTES - 40)
    line = json.dumps({"type": "ping", "pad": padding}).encode()
    assert len(line) < MAX_LINE_BYTES and decode(line).type == "ping"
    too_long = json.dumps({"type": "ping", "pad": "x" * MAX_LINE_BYTES}).encode()
    with pytest.raises(ProtocolError, match="limit"):
        decode(too_long)


def test_building_a_bad_message_is_our_bug_and_raises():
    with pytest.raises(ValueError, match="phrase"):
        message("chat", phrase="free text")
