"""The pure session: what each command does to the game state, without threads or I/O."""

import pytest

from game.protocol import Session
from game.rules import Rule, Stone


def feed(session: Session, *lines: str):
    """Handle `lines` in order; return the last Reply."""
    reply = None
    for line in lines:
        reply = session.handle_line(line)
    return reply


def started(*lines: str, size: int = 15) -> Session:
    session = Session()
    assert feed(session, f"START {size}").lines == ("OK",)
    feed(session, *lines)
    return session


def test_start_answers_ok_and_sets_up_an_empty_board():
    session = started(size=20)
    assert session.board.size == 20 and session.board.move_count == 0


@pytest.mark.parametrize("line", ["START 4", "START 26", "RECTSTART 15,20"])
def test_unsupported_boards_get_error_and_keep_no_board(line):
    session = Session()
    reply = feed(session, line)
    assert reply.lines[0].startswith("ERROR") and line.split()[1] in reply.lines[0]
    assert session.board is None


def test_square_rectstart_is_a_start():
    session = Session()
    assert feed(session, "RECTSTART 12,12").lines == ("OK",)
    assert session.board.size == 12


@pytest.mark.parametrize("line", ["TURN 7,7", "BEGIN", "TAKEBACK 1,1", "RESTART", "YXSHOWFORBID", "YXNBEST 2"])
def test_game_commands_before_start_are_errors(line):
    reply = feed(Session(), line)
    assert len(reply.lines) == 1 and reply.lines[0].startswith("ERROR") and "START" in reply.lines[0]
    assert reply.think is None


def test_begin_asks_for_a_black_move_and_play_records_it():
    session = started()
    reply = feed(session, "BEGIN")
    assert reply.think.to_move is Stone.BLACK and reply.think.play
    session.play((7, 7))
    assert session.board[(7, 7)] is Stone.BLACK and session.to_move is Stone.WHITE


def test_turn_places_the_opponent_stone_then_asks_for_our_move():
    session = started()
    reply = feed(session, "TURN 7,7")
    assert session.board[(7, 7)] is Stone.BLACK
    assert reply.think.to_move is Stone.WHITE and session.me is Stone.WHITE
    assert reply.think.board[(7, 7)] is Stone.BLACK
    assert reply.think.board is not session.board  # the search gets its own copy


def test_turn_on_an_occupied_or_off_board_point_is_an_error_and_changes_nothing():
    session = started("TURN 7,7")
    session.play((8, 8))
    before = list(session.board.history)
    for line in ("TURN 7,7", "TURN 8,8", "TURN 15,3"):
        reply = feed(session, line)
        assert reply.lines[0].startswith("ERROR") and reply.think is None
    assert list(session.board.history) == before


def test_board_block_with_equal_counts_makes_the_brain_black():
    session = started()
    assert feed(session, "BOARD", "7,7,1", "8,8,2").think is None  # nothing until DONE
    reply = feed(session, "DONE")
    assert session.me is Stone.BLACK and reply.think.to_move is Stone.BLACK
    assert session.board[(7, 7)] is Stone.BLACK and session.board[(8, 8)] is Stone.WHITE


def test_board_block_with_one_more_opponent_stone_makes_the_brain_white():
    session = started()
    reply = feed(session, "BOARD", "7,7,2", "8,8,1", "9,9,2", "DONE")
    assert session.me is Stone.WHITE and reply.think.to_move is Stone.WHITE
    assert session.board[(7, 7)] is Stone.BLACK and session.board[(8, 8)] is Stone.WHITE
    assert [move.point for move in session.board.history] == [(7, 7), (8, 8), (9, 9)]


def test_board_replaces_the_previous_position():
    session = started("TURN 1,1")
    session.play((2, 2))
    feed(session, "BOARD", "7,7,2", "DONE")
    assert session.board.move_count == 1 and session.board.is_empty((1, 1))


def test_continuous_game_stones_block_like_opponent_stones():
    session = started()
    reply = feed(session, "BOARD", "7,7,3", "8,8,2", "DONE")
    assert session.me is Stone.WHITE  # field 3 does not count for the colour
    assert not session.board.is_empty((7, 7))
    assert reply.think.board[(7, 7)] is Stone.BLACK


def test_bad_lines_inside_board_get_errors_but_the_good_stones_stay():
    session = started()
    replies = [feed(session, line) for line in ("BOARD", "7,7,1", "7,7,2", "99,1,2", "7,8,9", "8,8,2")]
    errors = [reply.lines[0] for reply in replies if reply.lines]
    assert len(errors) == 3 and all(line.startswith("ERROR") for line in errors)
    reply = feed(session, "DONE")
    assert reply.think is not None and session.board.move_count == 2


def test_yxboard_sets_up_without_thinking():
    session = started()
    reply = feed(session, "YXBOARD", "7,7,1", "8,8,2", "DONE")
    assert reply.think is None and reply.lines == ()
    assert session.to_move is Stone.BLACK


def test_board_before_start_is_refused_once_and_the_block_is_swallowed():
    session = Session()
    replies = [feed(session, line) for line in ("BOARD", "7,7,1", "DONE")]
    assert replies[0].lines[0].startswith("ERROR")
    assert replies[1].lines == () and replies[2].lines == () and replies[2].think is None


def test_takeback_of_the_last_stone_pops_it_and_gives_that_side_the_move():
    session = started("TURN 7,7")
    session.play((8, 8))
    assert feed(session, "TAKEBACK 8,8").lines == ("OK",)
    assert session.board.move_count == 1 and session.to_move is Stone.WHITE
    reply = feed(session, "TAKEBACK 7,7")
    assert reply.lines == ("OK",) and session.board.move_count == 0 and session.to_move is Stone.BLACK


def test_takeback_of_an_earlier_stone_keeps_the_others_in_order():
    session = started("TURN 7,7")
    session.play((8, 8))
    feed(session, "TURN 6,6")
    session.play((9, 9))
    assert feed(session, "TAKEBACK 8,8").lines == ("OK",)
    assert [move.point for move in session.board.history] == [(7, 7), (6, 6), (9, 9)]


@pytest.mark.parametrize("line", ["TAKEBACK 3,3", "TAKEBACK 30,3"])
def test_takeback_of_an_empty_point_is_an_error(line):
    session = started("TURN 7,7")
    reply = feed(session, line)
    assert reply.lines[0].startswith("ERROR") and "3" in reply.lines[0]
    assert session.board.move_count == 1


def test_restart_clears_the_board_and_keeps_size_and_rule():
    session = started("INFO rule 4", "TURN 7,7", size=19)
    assert feed(session, "RESTART").lines == ("OK",)
    assert session.board.size == 19 and session.board.move_count == 0 and session.board.rule is Rule.RENJU
    assert session.me is None


@pytest.mark.parametrize("code, rule", [(0, Rule.FREESTYLE), (1, Rule.STANDARD), (4, Rule.RENJU), (5, Rule.FREESTYLE), (6, Rule.FREESTYLE), (12, Rule.RENJU), (2, Rule.FREESTYLE)])  # 5, 6: Yixin swap1, swap2
def test_info_rule_maps_the_gomocup_bitmask(code, rule):
    session = started(f"INFO rule {code}")
    assert session.rule is rule and session.board.rule is rule


def test_info_rule_before_start_applies_to_the_new_board():
    session = Session()
    feed(session, "INFO rule 1", "START 15")
    assert session.board.rule is Rule.STANDARD


def test_info_time_values_feed_the_budget():
    session = started("INFO timeout_turn 1000", "INFO timeout_match 0", "INFO max_memory 367001600", "INFO game_type 1")
    reply = feed(session, "BEGIN")
    assert 0 < reply.think.budget_ms < 950
    assert session.settings["max_memory"] == "367001600"


def test_no_time_info_leaves_the_budget_open():
    assert feed(started(), "BEGIN").think.budget_ms is None


@pytest.mark.parametrize("line", ["INFO timeout_turn soon", "INFO rule -1", "INFO time_left"])
def test_bad_info_values_are_errors_and_keep_the_old_value(line):
    session = started("INFO timeout_turn 1000", "INFO rule 4")
    reply = feed(session, line)
    assert reply.lines[0].startswith("ERROR")
    assert session.time.timeout_turn == 1000 and session.rule is Rule.RENJU


def test_unknown_info_keys_are_accepted_silently():
    reply = feed(started(), "INFO thread_num 4")
    assert reply.lines == ()


def test_yxshowforbid_lists_renju_forbidden_points_for_black():
    # Two open twos of black, one along y=7 and one along x=7, meet at the empty (7,7):
    # a stone there makes two open threes at once, a double three.
    session = started("INFO rule 4")
    feed(session, "YXBOARD", "8,7,1", "9,7,1", "7,8,1", "7,9,1", "0,0,2", "14,0,2", "0,14,2", "14,14,2", "DONE")
    reply = feed(session, "YXSHOWFORBID")
    assert reply.lines == ("FORBID 0707.",)


def test_yxshowforbid_is_empty_outside_renju_and_for_white():
    session = started("INFO rule 0")
    feed(session, "YXBOARD", "8,7,1", "9,7,1", "7,8,1", "7,9,1", "0,0,2", "14,0,2", "0,14,2", "14,14,2", "DONE")
    assert feed(session, "YXSHOWFORBID").lines == ("FORBID .",)
    feed(session, "INFO rule 4")
    assert feed(session, "YXSHOWFORBID").lines == ("FORBID 0707.",)
    feed(session, "YXBOARD", "8,7,2", "9,7,2", "7,8,2", "7,9,2", "0,0,1", "14,0,1", "0,14,1", "DONE")
    assert session.to_move is Stone.WHITE
    assert feed(session, "YXSHOWFORBID").lines == ("FORBID .",)


def test_yxnbest_analyses_the_side_to_move_without_playing():
    session = started("TURN 7,7")
    reply = feed(session, "YXNBEST 3")
    assert reply.think.play is False and reply.think.nbest == 3 and reply.think.to_move is Stone.WHITE


def test_about_names_the_brain_in_gomocup_form():
    line = feed(Session(), "ABOUT").lines[0]
    for key in ("name", "version", "author", "country"):
        assert f'{key}="' in line


def test_end_ends_and_unknown_gets_unknown():
    assert feed(Session(), "END").end
    assert feed(Session(), "HELLO there").lines[0].startswith("UNKNOWN")


def test_full_board_gets_an_error_instead_of_a_search():
    session = started(size=5)
    stones = [f"{x},{y},{1 + (x + 2 * y) % 2}" for y in range(5) for x in range(5)]
    reply = feed(session, "BOARD", *stones, "DONE")
    assert reply.think is None and reply.lines[0].startswith("ERROR") and "full" in reply.lines[0]
