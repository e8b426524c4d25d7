"""The protocol fuzz: thousands of seeded bad lines, each ends with a named fault or is ignored
as documented, nothing crashes, and over a real loopback connection nothing hangs."""

import random
import time

from game.net import Client, EventKind, Fault, Host, LinkState, NetRules, Timeouts
from game.net.protocol import encode, message

from fuzz_lines import apply_line, bad_line, fresh_session
from net_helpers import LOOPBACK, pump

FAST = Timeouts(heartbeat=0.2, silence=2.0, line=1.0, handshake=1.0, connect=1.0)


def test_thousands_of_bad_lines_are_each_a_named_fault_or_ignored():
    rng = random.Random(33)
    counts = {"fault": 0, "ignored": 0, "accepted": 0}
    started = time.monotonic()
    for number in range(10000):
        session = fresh_session(rng) if number % 20 == 0 else session
        counts[apply_line(session, bad_line(rng))] += 1
    assert time.monotonic() - started < 60
    assert sum(counts.values()) == 10000 and counts["fault"] > 8000


def test_bad_lines_over_loopback_each_end_the_connection_and_the_host_takes_the_guest_back():
    rng = random.Random(7)
    host = Host(NetRules(), "Alice", LOOPBACK, 0, timeouts=FAST)
    client = Client(*host.address, host.code, "Bob", timeouts=FAST)
    try:
        pump([host, client], lambda: client.state is LinkState.PLAYING)
        host.play((7, 7))
        pump([host, client], lambda: client.session.ply == 1)
        drops = 0
        for _ in range(300):
            line = bad_line(rng) + b"\n"
            client.connection.sock.sendall(line + encode(message("chat", phrase="thanks")))  # the chat marks the end
            heard = []
            deadline = time.monotonic() + 3
            while host.state is not LinkState.WAITING and not heard and time.monotonic() < deadline:
                heard += [e for e in host.poll() if e.kind is EventKind.CHAT]
                client.poll()
                time.sleep(0.001)
            assert host.state is LinkState.WAITING or heard, f"neither a fault nor ignored: {line[:80]!r}"
            if host.state is LinkState.WAITING:
                drops += 1
                assert host.fault in set(Fault) and host.note
                assert host.session.game.moves[:1] == [(7, 7)]
                pump([client], lambda: client.state is LinkState.DROPPED, seconds=3)
                client.resume()
                pump([host, client], lambda: client.state is LinkState.PLAYING and host.state is LinkState.PLAYING,
                     seconds=3)
                assert client.state is LinkState.PLAYING, client.note
        assert drops > 250
    finally:
        host.leave()
        client.leave()
