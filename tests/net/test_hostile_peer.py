"""Issue 54: a hostile peer over 127.0.0.1 cannot crash, lock out or cheat, as host or as guest.

One section per attack the issue lists. A hostile guest is a raw socket against a real Host;
a hostile host is a raw listening socket against a real Client. All traffic stays on loopback.
"""

from __future__ import annotations

import json
import socket
import struct
import time

import pytest

from game.net import VERSION, Client, EventKind, Fault, Host, LinkState, NetRules, Timeouts
from game.net import handshake
from game.net.discovery import DiscoveryListener
from game.net.handshake import proof
from game.net.protocol import encode, message
from game.net.session import CLAIM_GRACE_SECONDS
from game.rules import Reason, Stone

from net_helpers import LOOPBACK, FakeClock, pump

FAST = Timeouts(heartbeat=0.2, silence=2.0, line=1.0, handshake=1.5, connect=1.5, hello=1.5)


# ----------------------------------------------------------------- helpers
def reset(sock: socket.socket) -> None:
    """Close with SO_LINGER 0: the peer gets a reset, not a goodbye."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def read_line(sock: socket.socket, ends=(), seconds: float = 3.0) -> bytes:
    """One line from a raw socket, polling `ends` meanwhile (bounded)."""
    sock.setblocking(False)
    data = b""
    deadline = time.monotonic() + seconds
    while b"\n" not in data and time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        except BlockingIOError:
            pass
        for end in ends:
            end.poll()
        time.sleep(0.001)
    return data.split(b"\n", 1)[0]


def raw_join(host: Host, name: str, secret: str, token: str = "", source: str = LOOPBACK) -> socket.socket:
    """A raw guest that answers the challenge with a proof keyed by `secret` (right or wrong)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.connect(host.address)
    challenge = json.loads(read_line(sock, [host]))
    assert challenge["type"] == "challenge"
    sock.sendall(encode(message("hello", v=VERSION, name=name, token=token,
                                proof=proof(secret, challenge["nonce"], name))))
    return sock


def answer_of(sock: socket.socket, host: Host) -> dict:
    line = read_line(sock, [host])
    return json.loads(line) if line else {}


class FakeHost:
    """A raw listening socket on loopback that plays a hostile host, one step at a time."""

    def __init__(self) -> None:
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind((LOOPBACK, 0))
        self.listener.listen(8)
        self.listener.setblocking(False)
        self.address = self.listener.getsockname()
        self.conn: socket.socket | None = None

    def accept(self, client: Client, seconds: float = 3.0) -> socket.socket:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                self.conn, _ = self.listener.accept()
                self.conn.setblocking(False)
                return self.conn
            except BlockingIOError:
                client.poll()
                time.sleep(0.001)
        raise AssertionError("the client never connected")

    def greet(self, client: Client) -> dict:
        """Send a challenge and return the client's hello."""
        self.conn.sendall(encode(message("challenge", v=VERSION, nonce="ab" * 16)))
        return json.loads(read_line(self.conn, [client]))

    def welcome(self, game: dict, token: str = "cd" * 16) -> bytes:
        return json.dumps({"type": "welcome", "v": VERSION, "name": "Mallory", "seat": "second", "token": token,
                           "game": game}).encode() + b"\n"

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
        self.listener.close()


def good_game(**changes) -> dict:
    game = {"rule": "freestyle", "size": 15, "opening": "free", "undo_limit": 1, "clock": 300.0,
            "forbidden_loses": True, "moves": [[7, 7]], "choices": [], "clocks": [290.0, 300.0], "undos": [1, 1],
            "over": None, "game_no": 1, "elapsed": 10.0}
    game.update(changes)
    return game


@pytest.fixture
def pair():
    made = []

    def make(rules=NetRules(), timeouts=FAST, now=time.monotonic, name="Bob"):
        host = Host(rules, "Alice", LOOPBACK, 0, timeouts=timeouts, now=now)
        client = Client(*host.address, host.code, name, timeouts=timeouts, now=now)
        made.extend([host, client])
        pump([host, client], lambda: host.state is LinkState.PLAYING and client.state is LinkState.PLAYING)
        assert client.state is LinkState.PLAYING, client.note
        return host, client

    yield make
    for end in made:
        end.leave()


# ----------------------------------------------------------------- 1. a reset after an oversized line
@pytest.mark.parametrize("stage", ["handshake", "game"])
def test_1_host_survives_an_oversized_line_followed_by_a_reset(pair, stage):
    if stage == "handshake":
        host = Host(NetRules(), "Alice", LOOPBACK, 0, timeouts=FAST)
        sock = socket.create_connection(host.address, timeout=2)
    else:
        host, client = pair()
        sock = client.connection.sock
        client.connection.sock = None  # the hostile peer takes over the guest's socket
    try:
        for _ in range(20):
            pump([host], lambda: False, seconds=0.01)
        sock.sendall(b"x" * 17000)
        reset(sock)
        pump([host], lambda: False, seconds=0.5)  # raises here without the fix
        assert host.state is LinkState.WAITING and host.listening
        assert set(host.faults_seen) & {"oversized", "closed"}
        guest = Client(*host.address, host.code, "Bob", timeouts=FAST)
        if stage == "game":
            guest = Client(*host.address, host.code, "Bob", timeouts=FAST, token=client.token)
        pump([host, guest], lambda: guest.state is LinkState.PLAYING)
        assert guest.state is LinkState.PLAYING, guest.note
        guest.leave()
    finally:
        host.leave()


def test_1_guest_survives_a_host_that_sends_an_oversized_line_then_resets():
    fake = FakeHost()
    client = Client(*fake.address, "ABCDEF", "Bob", timeouts=FAST)
    try:
        conn = fake.accept(client)
        conn.sendall(b"y" * 17000)
        reset(conn)
        fake.conn = None
        events = pump([client], lambda: client.state is LinkState.DROPPED, seconds=2)
        assert client.state is LinkState.DROPPED and client.fault in (Fault.OVERSIZED, Fault.CLOSED)
        assert [e.kind for e in events] == [EventKind.DROPPED]
    finally:
        client.leave()
        fake.close()


# ----------------------------------------------------------------- 2. every field checked
@pytest.mark.parametrize("game, why", [
    (good_game(clock="inf"), "a clock that is a string"),
    (good_game(clock=1e308), "a clock no host screen offers"),
    (good_game(clocks=[1e308, 5.0]), "a clock left beyond the game's clock"),
    (good_game(clocks=[1e6, 5.0]), "a clock left beyond the game's clock"),
    (good_game(game_no=0, over={"winner": "black", "reason": "five"}), "game number 0"),
    (good_game(elapsed=float("1e300")), "a game played for ages"),
    (good_game(undos=[99, 1]), "more take-backs than the limit"),
    (good_game(over={"winner": "black", "reason": "x" * 300}), "an end we do not know"),
])
def test_2_guest_refuses_a_welcome_with_a_bad_field(game, why):
    fake = FakeHost()
    client = Client(*fake.address, "ABCDEF", "Bob", timeouts=FAST)
    try:
        fake.accept(client)
        fake.greet(client)
        fake.conn.sendall(fake.welcome(game))
        pump([client], lambda: client.state is not LinkState.HANDSHAKE, seconds=2)
        assert client.state is LinkState.DROPPED and client.fault is Fault.BAD_FIELD, why
        assert client.session is None
        assert b'"bad_field"' in read_line(fake.conn)  # the host is told which fault
    finally:
        client.leave()
        fake.close()


def test_2_guest_refuses_a_clock_beyond_the_game_and_shows_no_peer_text(pair):
    from game.scenes.online.texts import lost_text, refusal_text

    host, client = pair(NetRules(clock_seconds=300))
    host.connection.send(encode(message("clock", ply=0, black=1e6, white=10.0)))
    pump([host, client], lambda: client.state is LinkState.DROPPED)
    assert client.fault is Fault.BAD_FIELD and client.session.clock_left(Stone.BLACK) <= 300
    assert "1e" not in lost_text(client, "Alice") and "1000000" not in lost_text(client, "Alice")
    shouting = "A" * 300
    assert shouting not in refusal_text(Fault.BUSY) and len(refusal_text(Fault.VERSION, 7)) < 120


def test_2_host_refuses_a_bad_rematch_number_and_shows_no_peer_text(pair):
    from game.scenes.online.texts import lost_text

    host, client = pair()
    client.session.resign()
    client._flush()
    pump([host, client], lambda: host.session.game.is_over)
    client.connection.sock.sendall(b'{"type":"rematch","game_no":0,"answer":"ask"}\n')
    pump([host, client], lambda: host.state is LinkState.WAITING)
    assert host.faults_seen == {"bad_field": 1}
    guest = Client(*host.address, host.code, "Bob", timeouts=FAST, token=client.token)
    pump([host, guest], lambda: guest.state is LinkState.PLAYING)
    guest.connection.sock.sendall(encode(message("error", fault="garbage", text="Z" * 300)))
    pump([host, guest], lambda: host.state is LinkState.WAITING)
    assert host.fault is Fault.PEER_ERROR and "Z" * 20 in host.note and "Z" not in lost_text(host, "Bob")
    guest.leave()


# ----------------------------------------------------------------- 3. no lock-out by silent connections
def test_3_a_real_guest_joins_within_2_s_while_200_silent_connections_are_held():
    host = Host(NetRules(), "Alice", LOOPBACK, 0)  # the real timeouts
    silent = []
    try:
        for _ in range(200):
            silent.append(socket.create_connection(host.address, timeout=2))
            if len(silent) % 20 == 0:
                host.poll()
        for _ in range(10):
            host.poll()
        started = time.monotonic()
        guest = Client(*host.address, host.code, "Bob")
        pump([host, guest], lambda: guest.state is LinkState.PLAYING, seconds=5)
        joined = time.monotonic() - started
        assert guest.state is LinkState.PLAYING, guest.note
        assert joined <= 2.0, joined
        assert host.pushed_out > 0
        guest.leave()
    finally:
        for sock in silent:
            sock.close()
        host.leave()


def test_3_forty_plain_connects_at_once_do_not_stall():
    host = Host(NetRules(), "Alice", LOOPBACK, 0)
    socks = []
    try:
        started = time.monotonic()
        for _ in range(40):  # nobody accepts meanwhile: the backlog must hold them all
            socks.append(socket.create_connection(host.address, timeout=2))
        assert time.monotonic() - started < 0.5
    finally:
        for sock in socks:
            sock.close()
        host.leave()


def test_3_guest_is_not_held_by_a_host_that_accepts_and_says_nothing():
    fake = FakeHost()
    client = Client(*fake.address, "ABCDEF", "Bob", timeouts=FAST)
    try:
        fake.accept(client)
        started = time.monotonic()
        pump([client], lambda: client.state is LinkState.DROPPED, seconds=4)
        assert client.fault is Fault.SILENCE and time.monotonic() - started < 3
    finally:
        client.leave()
        fake.close()


# ----------------------------------------------------------------- 4. the code is a secret
def test_4_the_code_never_travels_and_a_replayed_hello_is_refused():
    host = Host(NetRules(), "Alice", LOOPBACK, 0, code="K7QM2X", timeouts=FAST)
    fake = FakeHost()
    client = Client(*fake.address, "K7QM2X", "Bob", timeouts=FAST)
    try:
        fake.accept(client)
        hello = fake.greet(client)
        assert "K7QM2X" not in json.dumps(hello) and hello["proof"] != proof("K7QM2X", "00" * 16, "Bob")
        replay = socket.create_connection(host.address, timeout=2)  # the hello heard on the wire, replayed
        assert json.loads(read_line(replay, [host]))["type"] == "challenge"
        replay.sendall(json.dumps(hello).encode() + b"\n")
        assert answer_of(replay, host)["fault"] == "code"
        replay.close()
    finally:
        client.leave()
        fake.close()
        host.leave()


def test_4_wrong_guesses_from_one_address_lock_it_out_and_the_host_is_told():
    clock = FakeClock()
    host = Host(NetRules(), "Alice", LOOPBACK, 0, code="K7QM2X", timeouts=FAST, now=clock)
    try:
        answers = []
        for guess in range(6):
            sock = raw_join(host, "Eve", f"WRONG{guess}")
            answers.append(answer_of(sock, host).get("fault"))
            sock.close()
        assert answers == ["code"] * handshake.FREE_GUESSES + ["code"] + ["wait"] * 2
        assert host.guard.total_wrong == handshake.FREE_GUESSES + 1
        sock = raw_join(host, "Eve", "K7QM2X")  # even the right code waits out the lockout
        assert answer_of(sock, host)["fault"] == "wait"
        sock.close()
        clock.advance(handshake.LOCK_SECONDS + 0.1)
        guest = Client(*host.address, "K7QM2X", "Bob", timeouts=FAST, now=clock)
        events = pump([host, guest], lambda: guest.state is LinkState.PLAYING)
        assert guest.state is LinkState.PLAYING  # from another "address"? no: the lockout simply ended
        guest.leave()
        assert not any(e.kind is EventKind.GUESSING for e in events)
    finally:
        host.leave()


def test_4_guesses_from_many_addresses_rotate_the_code_then_close_the_game():
    clock = FakeClock()
    host = Host(NetRules(), "Alice", LOOPBACK, 0, code="K7QM2X", timeouts=FAST, now=clock)
    try:
        first_code = host.code
        answers = []
        for number in range(handshake.ROTATE_AFTER * handshake.SHUT_AFTER_ROTATIONS + 20):
            sock = raw_join(host, "Eve", "WRONG1", source=f"127.0.{1 + number // 250}.{1 + number % 250}")
            answers.append(answer_of(sock, host).get("fault"))
            sock.close()
            if answers[-1] == "wait":  # every rotation makes all first joins wait, longer each time
                clock.advance(handshake.LOCK_MAX_SECONDS)
        assert host.code != first_code and host.code_changes == handshake.SHUT_AFTER_ROTATIONS
        assert host.guard.total_wrong == handshake.ROTATE_AFTER * handshake.SHUT_AFTER_ROTATIONS
        assert answers.count("wait") == handshake.SHUT_AFTER_ROTATIONS and answers[-1] == "shut"
        sock = raw_join(host, "Bob", host.code, source="127.0.9.9")  # the new code, but the game is closed
        assert answer_of(sock, host)["fault"] == "shut"
        sock.close()
    finally:
        host.leave()


# ----------------------------------------------------------------- 5. the clock runs while a player is away
def test_5_the_absent_guest_s_clock_runs_on_the_host_and_the_host_may_claim_after_the_grace(pair):
    clock = FakeClock()
    slow = Timeouts(heartbeat=1e6, silence=1e7, line=1e7, handshake=1e7, connect=5, hello=1e7)
    host, client = pair(NetRules(clock_seconds=300), timeouts=slow, now=clock)
    host.play((7, 7))
    pump([host, client], lambda: client.session.ply == 1)
    before = host.session.clock_left(Stone.WHITE)
    client.connection.sock.close()
    client.connection.sock = None
    pump([host], lambda: host.state is LinkState.WAITING)
    clock.advance(5)
    host.poll()
    assert host.session.clock_left(Stone.WHITE) == pytest.approx(before - 5, abs=0.05)
    with pytest.raises(Exception):
        host.claim()  # not before the grace
    clock.advance(CLAIM_GRACE_SECONDS)
    events = host.claim()
    assert host.session.game.result.winner is Stone.BLACK and events[0].data["reason"] == "abandoned"


def test_5_an_absent_guest_whose_flag_falls_loses_on_time(pair):
    clock = FakeClock()
    slow = Timeouts(heartbeat=1e6, silence=1e7, line=1e7, handshake=1e7, connect=5, hello=1e7)
    host, client = pair(NetRules(clock_seconds=300), timeouts=slow, now=clock)
    host.play((7, 7))
    pump([host, client], lambda: client.session.ply == 1)
    client.connection.sock.close()
    client.connection.sock = None
    pump([host], lambda: host.state is LinkState.WAITING)
    clock.advance(301)
    host.poll()
    assert host.session.game.result.reason is Reason.TIMEOUT and host.session.game.result.winner is Stone.BLACK


def test_5_the_guest_s_shown_clock_runs_while_away_and_both_sides_agree_after_a_resume(pair):
    clock = FakeClock()
    slow = Timeouts(heartbeat=1e6, silence=1e7, line=1e7, handshake=1e7, connect=5, hello=1e7)
    host, client = pair(NetRules(clock_seconds=300), timeouts=slow, now=clock)
    host.play((7, 7))
    pump([host, client], lambda: client.session.ply == 1)
    clock.advance(40)
    host.poll()
    client.connection.sock.close()
    client.connection.sock = None
    client.state = LinkState.DROPPED
    client.session.peer_went_away()
    pump([host], lambda: host.state is LinkState.WAITING)
    shown = client.session.clock_left(Stone.WHITE)
    clock.advance(10)
    assert client.session.clock_left(Stone.WHITE) == pytest.approx(shown - 10, abs=0.05)  # not frozen
    client.resume()
    pump([host, client], lambda: client.state is LinkState.PLAYING and host.state is LinkState.PLAYING)
    for colour in (Stone.BLACK, Stone.WHITE):
        assert client.session.clock_left(colour) == pytest.approx(host.session.clock_left(colour), abs=0.05)
    assert client.session.game.duration == pytest.approx(host.session.game.duration, abs=0.05)  # the move clock line


# ----------------------------------------------------------------- 6. a resume keeps the seat's name
def test_6_host_refuses_a_resume_under_another_name_or_without_the_token(pair):
    host, client = pair(name="Checker")
    token = client.token
    client.connection.sock.close()
    client.connection.sock = None
    pump([host], lambda: host.state is LinkState.WAITING)
    sock = raw_join(host, "Mallory", token, token=token)  # the token, another name
    assert answer_of(sock, host)["fault"] == "name"
    sock.close()
    sock = raw_join(host, "Mallory", host.code)  # the code, no token
    assert answer_of(sock, host)["fault"] == "seat"
    sock.close()
    assert host.state is LinkState.WAITING and host.session.peer_name == "Checker"
    back = Client(*host.address, "", "Checker", timeouts=FAST, token=token)
    pump([host, back], lambda: back.state is LinkState.PLAYING)
    assert back.state is LinkState.PLAYING and host.session.peer_name == "Checker"
    back.leave()


def test_6_guest_resumes_with_its_token_and_its_own_name():
    fake = FakeHost()
    client = Client(*fake.address, "", "Checker", timeouts=FAST, token="ef" * 16)
    try:
        fake.accept(client)
        hello = fake.greet(client)
        assert hello["name"] == "Checker" and hello["token"] == "ef" * 16
        assert hello["proof"] == proof("ef" * 16, "ab" * 16, "Checker")
    finally:
        client.leave()
        fake.close()


# ----------------------------------------------------------------- 7. many valid lines in one read
def test_7_many_pings_in_one_read_are_fine_both_ways(pair):
    host, client = pair()
    burst = encode(message("ping")) * 1000 + encode(message("chat", phrase="thanks"))
    client.connection.sock.sendall(burst)
    events_seen = []
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and not any(e.kind is EventKind.CHAT for e in events_seen):
        events_seen += host.poll() + client.poll()
    assert host.state is LinkState.PLAYING and any(e.kind is EventKind.CHAT for e in events_seen)
    host.connection.sock.sendall(burst)
    events_seen = []
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and not any(e.kind is EventKind.CHAT for e in events_seen):
        events_seen += client.poll() + host.poll()
    assert client.state is LinkState.PLAYING and any(e.kind is EventKind.CHAT for e in events_seen)


def test_7_a_flood_of_bytes_is_still_named_and_dropped(pair):
    host, client = pair()
    line = encode(message("ping"))
    sock = client.connection.sock
    sock.setblocking(False)
    sent = 0
    deadline = time.monotonic() + 5
    while host.state is LinkState.PLAYING and time.monotonic() < deadline:
        try:
            sent += sock.send(line * 4096)
        except (BlockingIOError, OSError):
            pass
        host.poll()
    assert host.state is LinkState.WAITING and host.fault is Fault.FLOOD and sent > 1_000_000


# ----------------------------------------------------------------- 8. discovery the user can trust
def announce(port: int, source: str, name: str, game_port: int, game_id: str) -> None:
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((source, 0))
    payload = {"gomoku": VERSION, "name": name, "port": game_port, "rule": "renju", "opening": "free", "game": game_id}
    sock.sendto(json.dumps(payload).encode(), (LOOPBACK, port))
    sock.close()


def test_8_discovery_caps_each_address_keeps_arrival_order_and_marks_duplicates():
    listener = DiscoveryListener(LOOPBACK, 0)
    try:
        announce(listener.port, "127.0.0.1", "HostAlice", 50000, "real")
        listener.poll()
        announce(listener.port, "127.0.0.2", "HostAlice", 50001, "fake")
        for number in range(32):
            announce(listener.port, "127.0.0.3", f"!Spam{number}", 50100 + number, f"s{number}")
        time.sleep(0.05)
        games = listener.poll()
        assert [(g.address, g.name) for g in games[:2]] == [("127.0.0.1", "HostAlice"), ("127.0.0.2", "HostAlice")]
        assert all(g.duplicate for g in games[:2])
        assert sum(1 for g in games if g.address == "127.0.0.3") == 2 and len(games) == 4
        assert not any(g.duplicate for g in games[2:])
    finally:
        listener.close()


def test_8_an_announcement_with_a_rule_we_do_not_know_is_not_listed():
    from game.net.discovery import parse_announcement

    payload = {"gomoku": VERSION, "name": "A", "port": 5, "rule": "Click me", "opening": "free", "game": "x"}
    assert parse_announcement(json.dumps(payload).encode(), LOOPBACK) is None


# ----------------------------------------------------------------- 9. coming back
@pytest.mark.parametrize("how, key", [("bye", "online.peer_closed"), ("die", "online.link_dropped"),
                                      ("silent", "online.peer_silent")])
def test_9_the_guest_is_told_how_the_host_went(pair, how, key):
    from game.i18n import tr
    from game.scenes.online.texts import lost_text

    host, client = pair()
    if how == "bye":
        host.leave()
    elif how == "die":
        host.connection.sock.close()  # the program died: the system closes its socket
        host.connection.sock = None
    else:
        host.connection.timeouts = Timeouts(heartbeat=1e6)  # the host stops sending, even pings
        client.connection.timeouts = Timeouts(heartbeat=0.2, silence=0.5, line=1.0)
    pump([host, client] if how == "silent" else [client], lambda: client.state is LinkState.DROPPED, seconds=4)
    assert lost_text(client, "Alice") == tr(key, name="Alice")


def test_2_guest_shows_a_long_refusal_in_its_own_words():
    from game.scenes.online.texts import lost_text

    fake = FakeHost()
    client = Client(*fake.address, "ABCDEF", "Bob", timeouts=FAST)
    try:
        fake.accept(client)
        fake.greet(client)
        fake.conn.sendall(encode(message("refuse", v=VERSION, fault="busy", text="Send money to " + "X" * 286)))
        pump([client], lambda: client.state is LinkState.REFUSED, seconds=2)
        shown = lost_text(client, "")
        assert client.fault is Fault.BUSY and "money" not in shown and "XXX" not in shown and len(shown) < 100
    finally:
        client.leave()
        fake.close()
