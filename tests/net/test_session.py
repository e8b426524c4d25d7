"""Two NetSessions wired back to back (through the real encoder): turns, the rules on both
sides, questions, clocks with the host as reference, rematch and the resume snapshot."""

import pytest

from game.net.events import EventKind
from game.net.protocol import Fault, ProtocolError, decode, encode, message
from game.net.session import ActionRefused, NetRules, NetSession
from game.net.snapshot import session_from_snapshot, snapshot_of
from game.rules import Reason, Rule, Stone
from game.rules.opening import Choice, OpeningRule, Seat

from net_helpers import FakeClock, deliver, exchange

RENJU_DOUBLE_THREE = [(5, 7), (0, 0), (6, 7), (14, 0), (7, 5), (0, 14), (7, 6), (14, 14)]


def pair(rules=NetRules(), clock=None):
    clock = clock or FakeClock()
    host = NetSession(rules, Seat.FIRST, "Alice", "Bob", is_host=True, now=clock)
    guest = NetSession(rules, Seat.SECOND, "Bob", "Alice", is_host=False, now=clock)
    return host, guest, clock


def alternate(host, guest, points):
    """Play `points` in turn, each from whichever side is to act, delivering after each."""
    for point in points:
        mover, other = (host, guest) if host.my_turn else (guest, host)
        mover.play(point)
        deliver(mover, other)


def test_a_freestyle_game_ends_in_five_on_both_sides():
    host, guest, _ = pair()
    alternate(host, guest, [(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (2, 5), (3, 0), (3, 5), (4, 0)])
    for side in (host, guest):
        assert side.game.result.winner is Stone.BLACK and side.game.result.reason is Reason.FIVE
    assert host.game.moves == guest.game.moves


def test_playing_out_of_turn_is_refused_locally_and_sends_nothing():
    host, guest, _ = pair()
    with pytest.raises(ActionRefused, match="turn"):
        guest.play((7, 7))
    assert guest.outbox == [] and guest.game.move_count == 0


def test_a_peer_move_out_of_turn_or_with_a_stale_ply_is_out_of_order_and_changes_nothing():
    host, guest, _ = pair()
    with pytest.raises(ProtocolError) as caught:
        host.receive(message("move", ply=0, x=7, y=7))  # the host opens, not the guest
    assert caught.value.fault is Fault.OUT_OF_ORDER
    host.play((7, 7))
    deliver(host, guest)
    with pytest.raises(ProtocolError) as caught:
        host.receive(message("move", ply=0, x=8, y=8))
    assert caught.value.fault is Fault.OUT_OF_ORDER and host.game.moves == [(7, 7)]


def test_a_peer_move_on_a_taken_point_is_refused_by_the_rules_and_changes_nothing():
    host, guest, _ = pair()
    host.play((7, 7))
    deliver(host, guest)
    with pytest.raises(ProtocolError) as caught:
        host.receive(message("move", ply=1, x=7, y=7))
    assert caught.value.fault is Fault.ILLEGAL and host.game.moves == [(7, 7)]


def test_renju_forbidden_point_loses_on_both_sides():
    host, guest, _ = pair(NetRules(rule=Rule.RENJU))
    alternate(host, guest, RENJU_DOUBLE_THREE + [(7, 7)])
    for side in (host, guest):
        assert side.game.result.winner is Stone.WHITE and side.game.result.reason is Reason.FORBIDDEN


def test_renju_forbidden_point_from_the_peer_is_illegal_when_refused():
    host, guest, _ = pair(NetRules(rule=Rule.RENJU, forbidden_loses=False))
    alternate(host, guest, RENJU_DOUBLE_THREE)
    with pytest.raises(ProtocolError) as caught:  # a peer that skips its own check is caught here
        guest.receive(message("move", ply=8, x=7, y=7))
    assert caught.value.fault is Fault.ILLEGAL and guest.game.move_count == 8
    with pytest.raises(ValueError):
        host.play((7, 7))
    assert host.outbox == []


def test_swap2_decisions_are_checked_and_the_colours_change_on_both_sides():
    host, guest, _ = pair(NetRules(opening=OpeningRule.SWAP2))
    alternate(host, guest, [(7, 7), (8, 7), (7, 8)])  # the host (first seat) places three
    assert guest.my_turn and guest.game.opening_options == (Choice.BLACK, Choice.WHITE, Choice.PLACE_TWO)
    with pytest.raises(ProtocolError) as caught:
        guest.receive(message("choose", ply=3, choice="black"))  # not the host's decision
    assert caught.value.fault is Fault.OUT_OF_ORDER
    guest.choose(Choice.PLACE_TWO)
    deliver(guest, host)
    alternate(host, guest, [(9, 9), (6, 6)])  # the guest places two more (white, black)
    assert host.my_turn
    host.choose(Choice.WHITE)  # the opener takes white: the guest is black
    deliver(host, guest)
    for side in (host, guest):
        assert side.colour_of(Seat.FIRST) is Stone.WHITE and side.game.to_move is Stone.WHITE
    assert host.my_colour is Stone.WHITE and guest.my_colour is Stone.BLACK and host.my_turn
    assert guest.game.config.black.name == "Bob" and host.game.config.black.name == "Bob"


def test_place_two_under_swap1_is_refused_by_the_rules():
    host, guest, _ = pair(NetRules(opening=OpeningRule.SWAP1))
    alternate(host, guest, [(7, 7), (8, 7), (7, 8)])
    with pytest.raises(ProtocolError) as caught:
        host.receive(message("choose", ply=3, choice="place_two"))
    assert caught.value.fault is Fault.ILLEGAL


def test_a_takeback_asked_and_accepted_takes_back_the_same_moves_on_both_sides():
    host, guest, _ = pair(NetRules(undo_limit=1))
    alternate(host, guest, [(7, 7), (8, 8), (7, 8)])
    guest.ask_takeback()  # the guest's (8, 8) and the host's reply
    with pytest.raises(ActionRefused, match="answer"):
        guest.play((1, 1))  # the asker waits for the answer
    events = deliver(guest, host)
    assert [e.kind for e in events] == [EventKind.TAKEBACK_ASKED]
    done = host.answer(True)
    assert done[0].data == {"moves": 2, "colour": Stone.WHITE}
    deliver(host, guest)
    assert host.game.moves == guest.game.moves == [(7, 7)]
    assert host.game.undos_left[Stone.WHITE] == guest.game.undos_left[Stone.WHITE] == 0
    guest.play((8, 9))
    with pytest.raises(ActionRefused, match="no take-backs"):
        guest.ask_takeback()


def test_a_takeback_declined_changes_nothing():
    host, guest, _ = pair()
    alternate(host, guest, [(7, 7), (8, 8)])
    guest.ask_takeback()
    deliver(guest, host)
    assert host.answer(False) == []
    assert [e.kind for e in deliver(host, guest)] == [EventKind.TAKEBACK_DECLINED]
    assert host.game.moves == guest.game.moves == [(7, 7), (8, 8)]
    assert guest.game.undos_left[Stone.WHITE] == 1 and guest.question is None


def test_playing_on_past_a_question_sends_no_before_the_move():
    host, guest, _ = pair()
    alternate(host, guest, [(7, 7)])
    host.ask_takeback()  # while it is the guest's turn
    deliver(host, guest)
    guest.play((8, 8))
    assert [m.type + ":" + m.fields.get("answer", "") for m in guest.outbox] == ["takeback:no", "move:"]
    events = deliver(guest, host)
    assert [e.kind for e in events] == [EventKind.TAKEBACK_DECLINED, EventKind.MOVED]
    assert host.game.moves == guest.game.moves == [(7, 7), (8, 8)]


def test_a_stale_takeback_question_is_answered_no_automatically():
    host, guest, _ = pair()
    alternate(host, guest, [(7, 7), (8, 8)])
    events = guest.receive(message("takeback", ply=1, answer="ask"))
    assert events == [] and [m.fields["answer"] for m in guest.take_outbox()] == ["no"]


def test_an_answer_to_no_open_question_is_ignored():
    host, guest, _ = pair()
    assert host.receive(message("draw", ply=0, answer="yes")) == []
    assert not host.game.is_over


def test_a_draw_offer_accepted_ends_the_game_as_a_draw_by_agreement():
    host, guest, _ = pair()
    alternate(host, guest, [(7, 7), (8, 8)])
    host.offer_draw()
    assert [e.kind for e in deliver(host, guest)] == [EventKind.DRAW_OFFERED]
    over = guest.answer(True)
    assert over[0].data == {"winner": None, "reason": "agreement"}
    assert deliver(guest, host)[0].data == {"winner": None, "reason": "agreement"}
    assert host.game.result.is_draw and guest.game.result.is_draw and host.draw_agreed


def test_resign_ends_the_game_for_the_resigner_s_opponent_on_both_sides():
    host, guest, _ = pair()
    alternate(host, guest, [(7, 7)])
    guest.resign()
    deliver(guest, host)
    for side in (host, guest):
        assert side.game.result.winner is Stone.BLACK and side.game.result.reason is Reason.RESIGNATION


def test_a_rematch_swaps_the_colours():
    host, guest, _ = pair()
    alternate(host, guest, [(7, 7)])
    guest.resign()
    deliver(guest, host)
    with pytest.raises(ActionRefused):
        guest.play((1, 1))
    guest.ask_rematch()
    assert [e.kind for e in deliver(guest, host)] == [EventKind.REMATCH_ASKED]
    host.answer(True)
    deliver(host, guest)
    assert host.game_no == guest.game_no == 2
    assert host.my_colour is Stone.WHITE and guest.my_colour is Stone.BLACK and guest.my_turn
    assert host.game.move_count == guest.game.move_count == 0


def test_the_host_clock_is_the_reference_and_a_fallen_flag_loses_on_both_sides():
    host, guest, clock = pair(NetRules(clock_seconds=10))
    host.start_clock()
    host.play((7, 7))
    exchange(host, guest)
    clock.advance(4)
    host.tick()
    exchange(host, guest)
    assert guest.game.clock_left[Stone.WHITE] == pytest.approx(6.0)
    clock.advance(0.5)
    assert guest.clock_left(Stone.WHITE) == pytest.approx(5.5)  # counted down for display only
    clock.advance(30)
    assert not guest.game.is_over  # the guest never judges time itself
    events = host.tick()
    assert events[0].data == {"winner": Stone.BLACK, "reason": "timeout"}
    deliver(host, guest)
    assert guest.game.result.reason is Reason.TIMEOUT and guest.game.result.winner is Stone.BLACK


def test_a_guest_cannot_send_clocks_or_flags():
    host, guest, _ = pair(NetRules(clock_seconds=10))
    for msg in (message("clock", ply=0, black=1, white=1), message("flag", ply=0, loser="black")):
        with pytest.raises(ProtocolError) as caught:
            host.receive(msg)
        assert caught.value.fault is Fault.OUT_OF_ORDER
    assert not host.game.is_over


def test_a_snapshot_rebuilds_the_same_game_through_the_rules():
    host, guest, _ = pair(NetRules(rule=Rule.RENJU, opening=OpeningRule.SWAP2, clock_seconds=300, undo_limit=2))
    alternate(host, guest, [(7, 7), (8, 7), (7, 8)])
    guest.choose(Choice.PLACE_TWO)
    deliver(guest, host)
    alternate(host, guest, [(9, 9), (6, 6)])
    host.choose(Choice.BLACK)
    deliver(host, guest)
    wire = decode(encode(message("welcome", v=2, name="Alice", seat="second", token="ab" * 16, game=snapshot_of(host))))
    rebuilt = session_from_snapshot(wire["game"], Seat.SECOND, "Bob", "Alice")
    assert rebuilt.game.moves == host.game.moves and rebuilt.game.opening.choices == host.game.opening.choices
    assert rebuilt.my_colour is Stone.WHITE and rebuilt.my_turn == (not host.my_turn)


def test_a_snapshot_with_an_impossible_game_is_refused():
    host, _, _ = pair()
    snapshot = snapshot_of(host) | {"moves": [[7, 7], [7, 7]]}
    with pytest.raises(ProtocolError) as caught:
        session_from_snapshot(snapshot, Seat.SECOND, "Bob", "Alice")
    assert caught.value.fault is Fault.ILLEGAL
    with pytest.raises(ProtocolError) as caught:
        session_from_snapshot(snapshot_of(host) | {"size": "big"}, Seat.SECOND, "Bob", "Alice")
    assert caught.value.fault is Fault.BAD_FIELD


def test_a_guest_move_that_crosses_the_flag_is_ignored_by_the_host_and_taken_back_by_the_guest():
    host, guest, clock = pair(NetRules(clock_seconds=10))
    host.start_clock()
    host.play((7, 7))
    exchange(host, guest)
    clock.advance(11)
    host.tick()  # the guest's flag falls on the host ...
    guest.play((8, 8))  # ... while the guest's last-moment move is on its way
    assert deliver(guest, host) == [] and host.game.moves == [(7, 7)]  # ignored, not a fault
    events = deliver(host, guest)
    assert events[-1].data == {"winner": Stone.BLACK, "reason": "timeout"}
    assert guest.game.moves == host.game.moves == [(7, 7)]
    assert guest.game.result == host.game.result


def test_our_own_winning_move_and_resignation_report_the_end():
    host, guest, _ = pair()
    alternate(host, guest, [(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (2, 5), (3, 0), (3, 5)])
    assert host.play((4, 0))[-1].data == {"winner": Stone.BLACK, "reason": "five"}
    host2, guest2, _ = pair()
    assert [e.data for e in host2.resign()] == [{"winner": Stone.WHITE, "reason": "resignation"}]
