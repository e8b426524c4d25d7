"""Host and guest over 127.0.0.1 (and nothing else): whole games, handshake refusals, drops and resumes."""

import socket
import time

import pytest

from game.net import VERSION, Client, EventKind, Fault, Host, LinkState, NetRules, Timeouts
from game.net.protocol import encode, message
from game.rules import Reason, Rule, Stone
from game.rules.opening import Choice, OpeningRule

from net_helpers import LOOPBACK, FakeClock, pump

FAST = Timeouts(heartbeat=0.2, silence=1.0, line=0.6, handshake=1.0, connect=1.0)


@pytest.fixture
def ends():
    made = []

    def make(rules=NetRules(), timeouts=FAST, now=time.monotonic, code=None, version=None):
        host = Host(rules, "Alice", LOOPBACK, 0, code=code, timeouts=timeouts, now=now)
        extra = {} if version is None else {"version": version}
        client = Client(*host.address, host.code, "Bob", timeouts=timeouts, now=now, **extra)
        made.extend([host, client])
        pump([host, client], lambda: host.state is LinkState.PLAYING and client.state is LinkState.PLAYING)
        return host, client

    yield make
    for end in made:
        end.leave()


def play_out(host, client, points):
    """Each point from whichever side is to act, waiting (bounded) for the other side to see it."""
    for point in points:
        mover, other = (host, client) if host.session.my_turn else (client, host)
        count = other.session.ply
        mover.play(point)
        pump([host, client], lambda: other.session.ply > count or other.session.game.is_over)
        assert other.session.game.moves == mover.session.game.moves


def test_a_freestyle_game_with_a_takeback_is_played_to_five(ends):
    host, client = ends(NetRules(undo_limit=1))
    assert host.session.peer_name == "Bob" and client.session.peer_name == "Alice"
    play_out(host, client, [(7, 7), (8, 8), (7, 8), (9, 9)])
    client.ask_takeback()
    pump([host, client], lambda: host.session.asked is not None)
    host.answer(True)
    pump([host, client], lambda: client.session.game.move_count == 3)
    assert client.session.game.moves == host.session.game.moves == [(7, 7), (8, 8), (7, 8)]
    play_out(host, client, [(8, 9), (7, 9), (6, 6), (7, 10), (5, 5), (7, 11)])
    for end in (host, client):
        assert end.session.game.result.winner is Stone.BLACK and end.session.game.result.reason is Reason.FIVE


def test_a_renju_game_with_a_forbidden_move_and_a_resign_then_rematch(ends):
    host, client = ends(NetRules(rule=Rule.RENJU))
    play_out(host, client, [(5, 7), (0, 0), (6, 7), (14, 0), (7, 5), (0, 14), (7, 6), (14, 14), (7, 7)])
    for end in (host, client):
        assert end.session.game.result.reason is Reason.FORBIDDEN and end.session.game.result.winner is Stone.WHITE
    client.ask_rematch()
    pump([host, client], lambda: host.session.asked is not None)
    host.answer(True)
    pump([host, client], lambda: client.session.game_no == 2)
    assert client.session.my_colour is Stone.BLACK
    play_out(host, client, [(7, 7), (8, 8)])
    client.resign()
    pump([host, client], lambda: host.session.game.is_over)
    assert host.session.game.result.winner is Stone.WHITE and host.session.game.result.reason is Reason.RESIGNATION


def test_a_swap2_game_chooses_colours_over_the_wire(ends):
    host, client = ends(NetRules(opening=OpeningRule.SWAP2))
    play_out(host, client, [(7, 7), (8, 7), (7, 8)])
    client.choose(Choice.PLACE_TWO)
    pump([host, client], lambda: host.session.ply == 4)
    play_out(host, client, [(9, 9), (6, 6)])
    host.choose(Choice.WHITE)
    pump([host, client], lambda: client.session.ply == 7)
    assert host.session.my_colour is Stone.WHITE and client.session.my_colour is Stone.BLACK
    play_out(host, client, [(10, 10), (5, 5)])
    assert host.session.game.moves == client.session.game.moves and len(host.session.game.moves) == 7


def test_a_fallen_flag_on_the_host_clock_loses_for_the_guest(ends):
    clock = FakeClock()
    slow = Timeouts(heartbeat=1e6, silence=1e7, line=1e7, handshake=1e7, connect=5)
    host, client = ends(NetRules(clock_seconds=300), timeouts=slow, now=clock)
    play_out(host, client, [(7, 7)])
    clock.advance(301)  # the guest thinks too long
    pump([host, client], lambda: client.session.game.is_over)
    for end in (host, client):
        assert end.session.game.result.reason is Reason.TIMEOUT and end.session.game.result.winner is Stone.BLACK


def test_a_wrong_code_is_refused_with_a_message_on_both_sides(ends):
    host = Host(NetRules(), "Alice", LOOPBACK, 0, code="ABCDEF", timeouts=FAST)
    client = Client(*host.address, "ZZZZZZ", "Bob", timeouts=FAST)
    try:
        events = pump([host, client], lambda: client.state is LinkState.REFUSED)
        assert client.fault is Fault.CODE and "code" in client.note
        refused = [e for e in events if e.kind is EventKind.REFUSED]
        assert {e.data["fault"] for e in refused} == {Fault.CODE} and len(refused) == 1  # the guest's
        guessing = [e for e in events if e.kind is EventKind.GUESSING]  # the host is told someone guesses
        assert [e.data["wrong"] for e in guessing] == [1]
        assert host.state is LinkState.WAITING and host.session is None
    finally:
        host.leave()
        client.leave()


def test_a_wrong_version_is_refused_with_a_message_on_both_sides():
    host = Host(NetRules(), "Alice", LOOPBACK, 0, timeouts=FAST)
    client = Client(*host.address, host.code, "Bob", timeouts=FAST, version=99)
    try:
        events = pump([host, client], lambda: client.state is LinkState.REFUSED)
        assert client.fault is Fault.VERSION and "99" in client.note and client.refused_version is None
        assert host.faults_seen == {"version": 1} and any(e.kind is EventKind.REFUSED for e in events)
    finally:
        host.leave()
        client.leave()


def test_a_second_guest_is_told_the_game_is_busy(ends):
    host, client = ends()
    intruder = Client(*host.address, host.code, "Eve", timeouts=FAST)
    try:
        pump([host, client, intruder], lambda: intruder.state is LinkState.REFUSED)
        assert intruder.fault is Fault.BUSY and client.state is LinkState.PLAYING
    finally:
        intruder.leave()


def test_a_guest_that_drops_mid_game_resumes_with_the_same_code_and_the_game_goes_on(ends):
    host, client = ends(NetRules(clock_seconds=600))
    play_out(host, client, [(7, 7), (8, 8), (7, 8)])
    client.connection.sock.close()  # the cable is pulled while the guest is to move
    client.connection.sock = None
    pump([host], lambda: host.state is LinkState.WAITING)
    assert host.fault is Fault.CLOSED and host.session.game.moves == [(7, 7), (8, 8), (7, 8)]
    assert host.listening
    client.state = LinkState.DROPPED
    client.resume()
    events = pump([host, client], lambda: client.state is LinkState.PLAYING and host.state is LinkState.PLAYING)
    assert any(e.kind is EventKind.CONNECTED and e.data["resumed"] for e in events)
    assert client.session.game.moves == host.session.game.moves and client.session.my_turn
    play_out(host, client, [(8, 9)])


def test_a_peer_that_sends_nothing_is_dropped_by_the_heartbeat_check(ends):
    host, client = ends()
    client.connection.timeouts = Timeouts(heartbeat=1e6)  # the guest stops sending, even pings
    started = time.monotonic()
    events = pump([host, client], lambda: host.state is LinkState.WAITING, seconds=4)
    assert host.fault is Fault.SILENCE and 0.9 < time.monotonic() - started < 3
    assert any(e.kind is EventKind.DROPPED for e in events)


def test_a_peer_that_sends_one_byte_at_a_time_is_dropped_as_a_slow_sender():
    clock = FakeClock()
    timeouts = Timeouts(heartbeat=1e6, silence=30, line=5, handshake=30, connect=5, hello=30)
    host = Host(NetRules(), "Alice", LOOPBACK, 0, timeouts=timeouts, now=clock)
    raw = socket.create_connection(host.address, timeout=2)
    try:
        line = encode(message("hello", v=VERSION, name="Slow", proof="0" * 64, token=""))
        sent = 0
        for byte in line[:12]:  # one byte a second, by the host's clock
            raw.send(bytes([byte]))
            sent += 1
            pump([host], lambda: False, seconds=0.02)
            if host.faults_seen:
                break
            clock.advance(1.0)
        assert host.faults_seen == {"slow_sender": 1} and host.session is None
        assert sent == 7  # the line timeout is 5 s: the 7th byte comes 6 s after the first
        raw.settimeout(2)
        assert b'"slow_sender"' in raw.recv(4096)  # the host said why before closing
    finally:
        raw.close()
        host.leave()


@pytest.mark.parametrize(
    "line, fault",
    [(b"not json\n", "garbage"), (b"{" * 20000 + b"\n", "oversized"),
     (b'{"type":"move","ply":7,"x":1,"y":1}\n', "out_of_order"), (b'{"type":"format_disk"}\n', "unknown_type")],
)
def test_a_bad_message_after_the_handshake_ends_the_connection_naming_the_fault_and_keeps_the_game(ends, line, fault):
    host, client = ends()
    play_out(host, client, [(7, 7), (8, 8)])
    client.connection.sock.sendall(line)
    pump([host, client], lambda: client.state is LinkState.DROPPED)
    assert host.faults_seen == {fault: 1} and client.fault is Fault.PEER_ERROR and fault in client.note
    assert host.session.game.moves == client.session.game.moves == [(7, 7), (8, 8)]
    assert host.state is LinkState.WAITING


def test_leaving_closes_the_listening_socket():
    host = Host(NetRules(), "Alice", LOOPBACK, 0, timeouts=FAST)
    address = host.address
    host.leave()
    assert not host.listening
    with pytest.raises(OSError):
        socket.create_connection(address, timeout=1).close()
