"""The pure line parsers: each command, the tolerated variations, and malformed input."""

import pytest

from game.protocol import ProtocolError, parse_command
from game.protocol import commands as cmd


@pytest.mark.parametrize(
    "line, expected",
    [
        ("START 15", cmd.Start(15)),
        ("start 20\r\n", cmd.Start(20)),
        ("RECTSTART 15,15", cmd.RectStart(15, 15)),
        ("RECTSTART 20, 10", cmd.RectStart(20, 10)),
        ("RESTART", cmd.Restart()),
        ("BEGIN", cmd.Begin()),
        ("TURN 7,8", cmd.Turn((7, 8))),
        ("TURN 7, 8", cmd.Turn((7, 8))),
        ("BOARD", cmd.BoardStart(think=True)),
        ("YXBOARD", cmd.BoardStart(think=False)),
        ("DONE", cmd.Done()),
        ("INFO timeout_turn 1000", cmd.Info("timeout_turn", "1000")),
        ("INFO RULE 4", cmd.Info("rule", "4")),
        ("INFO folder C:\\my games\\x", cmd.Info("folder", "C:\\my games\\x")),
        ("TAKEBACK 3,4", cmd.Takeback((3, 4))),
        ("END", cmd.End()),
        ("ABOUT", cmd.About()),
        ("YXSTOP", cmd.Stop()),
        ("STOP", cmd.Stop()),
        ("YXSHOWFORBID", cmd.ShowForbid()),
        ("YXNBEST 5", cmd.NBest(5)),
        ("", cmd.Blank()),
        ("   \r", cmd.Blank()),
    ],
)
def test_each_command_parses_to_its_value(line, expected):
    assert parse_command(line) == expected


def test_unknown_first_word_is_unknown_not_an_error():
    assert parse_command("SWAP3BOARD") == cmd.Unknown("SWAP3BOARD")
    assert parse_command("FOO 1 2") == cmd.Unknown("FOO 1 2")


def test_stone_lines_are_stones_only_inside_a_board_block():
    assert parse_command("7,8,1", in_board=True) == cmd.StoneLine((7, 8), 1)
    assert parse_command(" 7 , 8 , 3 ", in_board=True) == cmd.StoneLine((7, 8), 3)
    assert parse_command("7,8,1") == cmd.Unknown("7,8,1")
    assert parse_command("DONE", in_board=True) == cmd.Done()
    assert parse_command("END", in_board=True) == cmd.End()


@pytest.mark.parametrize(
    "line, quoted",
    [
        ("TURN 7;8", "7;8"),
        ("TURN", "TURN"),
        ("TURN -1,5", "-1,5"),
        ("TURN 1,2,3", "1,2,3"),
        ("TAKEBACK a,b", "a,b"),
        ("START fifteen", "fifteen"),
        ("START", "START"),
        ("RECTSTART 15", "RECTSTART 15"),
        ("YXNBEST many", "many"),
        ("INFO", "INFO"),
        ("TURN 99999999999999999999,1", "99999999999999999999,1"),
    ],
)
def test_malformed_arguments_raise_protocol_error_quoting_the_input(line, quoted):
    with pytest.raises(ProtocolError, match=quoted.replace("|", r"\|").replace("(", r"\(")) as caught:
        parse_command(line)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("line", ["7,8", "7,8,0", "7,8,4", "7,y,1", "7,8,1,2"])
def test_bad_stone_lines_raise_inside_a_board_block(line):
    with pytest.raises(ProtocolError, match="board"):
        parse_command(line, in_board=True)


def test_keyword_reads_the_first_word_upper_cased():
    assert cmd.keyword("  yxstop  \n") == "YXSTOP"
    assert cmd.keyword("") == ""
    assert cmd.keyword("END") in cmd.INTERRUPTING
    assert cmd.keyword("TURN 1,1") not in cmd.INTERRUPTING
