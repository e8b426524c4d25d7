#!/usr/bin/env python3
"""A hostile peer against the online game over 127.0.0.1 (issue 54): crashes, hangs, lock-outs and guessing.

    python benchmarks/net_fuzz.py [--count 300] [--seed 1] [--seconds 240] [--guess-seconds 60]

Loopback only (127.0.0.1, and 127.0.x.y as extra source addresses for the many-address
guesser; all are this machine). Four fuzz parts, each bounded by --count messages and by
--seconds overall:

- host, handshake: a raw socket reads the challenge and sends one seeded bad line;
- host, game: a real guest joins, then its socket sends a bad line and a chat as end marker;
- guest, handshake: a raw listening socket sends the guest one bad line instead of a challenge;
- guest, game: the raw host welcomes the guest properly, then sends a bad line and a chat.

Each message ends as a named fault (the real side counts it and closes cleanly), as ignored
(the marker chat arrives and the connection stays), as a crash (poll raised), or as a hang
(neither within 3 s, or one poll took over 0.5 s). Then the special attacks of the issue run
once each (17,000 bytes then a reset, both ways; 1,000 pings in one read, both ways), a real
guest joins while 200 silent connections are held, and wrong guesses are counted for
--guess-seconds from one address and from many.
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import struct
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "net"))

from game.net import VERSION, Client, EventKind, Host, LinkState, NetRules, Timeouts  # noqa: E402
from game.net.handshake import proof  # noqa: E402
from game.net.protocol import encode, message  # noqa: E402

from fuzz_lines import bad_line  # noqa: E402

LOOPBACK = "127.0.0.1"
FAST = Timeouts(heartbeat=0.3, silence=2.0, line=1.0, handshake=1.0, connect=1.0, hello=1.0)
MARKER = encode(message("chat", phrase="thanks"))
SLOW_POLL = 0.5


class Tally:
    def __init__(self) -> None:
        self.sent = self.faults = self.ignored = self.crashes = self.hangs = 0
        self.crash_notes: list[str] = []

    def poll(self, end) -> list:
        """One poll, timed; a raise is a crash (and returns nothing), a slow poll a hang."""
        started = time.monotonic()
        try:
            return end.poll()
        except Exception as error:  # noqa: BLE001 - counting exactly these is the point
            self.crashes += 1
            self.crash_notes.append(f"{type(error).__name__}: {error}"[:120])
            return []
        finally:
            if time.monotonic() - started > SLOW_POLL:
                self.hangs += 1


def wait(tally: Tally, ends, until, seconds: float = 3.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for end in ends:
            tally.poll(end)
        if until():
            return True
        time.sleep(0.0005)
    return False


def fault_total(end) -> int:
    return sum(end.faults_seen.values())


# ----------------------------------------------------------------- the host attacked
def host_handshake(tally: Tally, rng: random.Random, count: int, stop: float) -> None:
    host = Host(NetRules(), "Alice", LOOPBACK, 0, timeouts=FAST)
    try:
        for _ in range(count):
            if time.monotonic() > stop:
                break
            before = fault_total(host)
            sock = socket.create_connection(host.address, timeout=2)
            sock.setblocking(False)
            wait(tally, [host], lambda: len(host._newcomers) > 0, seconds=1)
            try:
                sock.sendall(bad_line(rng) + b"\n")
            except OSError:
                pass
            tally.sent += 1
            if wait(tally, [host], lambda: fault_total(host) > before or not host._newcomers):
                tally.faults += 1
            else:
                tally.hangs += 1
            sock.close()
    finally:
        host.leave()


def host_game(tally: Tally, rng: random.Random, count: int, stop: float) -> None:
    host = Host(NetRules(), "Alice", LOOPBACK, 0, timeouts=FAST)
    client = Client(*host.address, host.code, "Bob", timeouts=FAST)
    try:
        wait(tally, [host, client], lambda: client.state is LinkState.PLAYING)
        for _ in range(count):
            if time.monotonic() > stop:
                break
            if client.state is not LinkState.PLAYING or host.state is not LinkState.PLAYING:
                client.leave()
                client = Client(*host.address, "", "Bob", timeouts=FAST, token=host.guest_token)
                if not wait(tally, [host, client], lambda: client.state is LinkState.PLAYING
                            and host.state is LinkState.PLAYING):
                    tally.hangs += 1
                    continue
            before = fault_total(host)
            heard: list = []
            try:
                client.connection.sock.sendall(bad_line(rng) + b"\n" + MARKER)
            except OSError:
                pass
            tally.sent += 1

            def settled() -> bool:
                heard.extend(e for e in tally.poll(host) if e.kind is EventKind.CHAT)
                return fault_total(host) > before or bool(heard)

            if wait(tally, [client], settled):
                if fault_total(host) > before:
                    tally.faults += 1
                else:
                    tally.ignored += 1
            else:
                tally.hangs += 1
    finally:
        client.leave()
        host.leave()


# ----------------------------------------------------------------- the guest attacked
class RawHost:
    def __init__(self) -> None:
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind((LOOPBACK, 0))
        self.listener.listen(16)
        self.listener.setblocking(False)
        self.address = self.listener.getsockname()

    def take(self, tally: Tally, client: Client) -> socket.socket | None:
        found: list = []

        def accepted() -> bool:
            try:
                found.append(self.listener.accept()[0])
            except BlockingIOError:
                return False
            return True

        wait(tally, [client], accepted, seconds=2)
        return found[0] if found else None

    def close(self) -> None:
        self.listener.close()


def read_line(tally: Tally, sock: socket.socket, client: Client) -> bytes:
    sock.setblocking(False)
    data = bytearray()

    def got() -> bool:
        try:
            data.extend(sock.recv(4096))
        except BlockingIOError:
            pass
        return b"\n" in data

    wait(tally, [client], got, seconds=2)
    return bytes(data).split(b"\n", 1)[0]


def welcome_line() -> bytes:
    game = {"rule": "freestyle", "size": 15, "opening": "free", "undo_limit": 1, "clock": None,
            "forbidden_loses": True, "moves": [[7, 7]], "choices": [], "clocks": None, "undos": [1, 1],
            "over": None, "game_no": 1, "elapsed": 3.0}
    return encode(message("welcome", v=VERSION, name="Mallory", seat="second", token="ab" * 16, game=game))


def guest_side(tally: Tally, rng: random.Random, count: int, stop: float, in_game: bool) -> None:
    raw = RawHost()
    try:
        for _ in range(count):
            if time.monotonic() > stop:
                break
            client = Client(*raw.address, "ABCDEF", "Bob", timeouts=FAST)
            sock = raw.take(tally, client)
            if sock is None:
                tally.hangs += 1
                client.leave()
                continue
            try:
                if in_game:
                    sock.sendall(encode(message("challenge", v=VERSION, nonce="cd" * 16)))
                    read_line(tally, sock, client)
                    sock.sendall(welcome_line())
                    if not wait(tally, [client], lambda: client.state is LinkState.PLAYING):
                        tally.hangs += 1
                        continue
                sock.sendall(bad_line(rng) + b"\n" + (MARKER if in_game else b""))
                tally.sent += 1
                heard: list = []

                def settled() -> bool:
                    heard.extend(e for e in tally.poll(client) if e.kind is EventKind.CHAT)
                    return client.state in (LinkState.DROPPED, LinkState.REFUSED) or bool(heard)

                if wait(tally, [], settled):
                    if client.state in (LinkState.DROPPED, LinkState.REFUSED):
                        tally.faults += 1
                    else:
                        tally.ignored += 1
                else:
                    tally.hangs += 1
            except OSError:
                tally.faults += 1  # the guest closed first, as it should for a fault
            finally:
                sock.close()
                client.leave()
    finally:
        raw.close()


# ----------------------------------------------------------------- the special attacks
def reset(sock: socket.socket) -> None:
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def special_attacks(tally: Tally) -> list[str]:
    notes = []
    host = Host(NetRules(), "Alice", LOOPBACK, 0, timeouts=FAST)
    try:
        sock = socket.create_connection(host.address, timeout=2)
        wait(tally, [host], lambda: bool(host._newcomers), seconds=1)
        sock.sendall(b"x" * 17000)
        reset(sock)
        tally.sent += 1
        wait(tally, [host], lambda: False, seconds=0.5)
        tally.faults += bool(host.faults_seen) and host.state is LinkState.WAITING
        notes.append(f"17,000 bytes + reset at the host's door: faults {host.faults_seen}, host {host.state.value}")
        client = Client(*host.address, host.code, "Bob", timeouts=FAST)
        wait(tally, [host, client], lambda: client.state is LinkState.PLAYING)
        burst = encode(message("ping")) * 1000 + MARKER
        client.connection.sock.sendall(burst)
        tally.sent += 1001
        heard: list = []
        wait(tally, [client], lambda: bool(heard.extend(e for e in tally.poll(host) if e.kind is EventKind.CHAT))
             or bool(heard))
        tally.ignored += 1001 if heard and host.state is LinkState.PLAYING else 0
        notes.append(f"1,000 pings + a chat in one read to the host: chat heard {bool(heard)}, host {host.state.value}")
        sock = client.connection.sock
        client.connection.sock = None
        sock.sendall(b"x" * 17000)
        reset(sock)
        tally.sent += 1
        wait(tally, [host], lambda: host.state is LinkState.WAITING)
        tally.faults += host.state is LinkState.WAITING and host.fault is not None
        notes.append(f"17,000 bytes + reset during the game: host {host.state.value}, fault {host.fault.value}")
        client.leave()
    finally:
        host.leave()
    raw = RawHost()
    client = Client(*raw.address, "ABCDEF", "Bob", timeouts=FAST)
    try:
        sock = raw.take(tally, client)
        sock.sendall(b"y" * 17000)
        reset(sock)
        tally.sent += 1
        wait(tally, [client], lambda: client.state is LinkState.DROPPED)
        tally.faults += client.state is LinkState.DROPPED
        notes.append(f"17,000 bytes + reset to the guest: guest {client.state.value}, fault {client.fault.value}")
    finally:
        client.leave()
        raw.close()
    return notes


def join_under_flood(silent_count: int = 200) -> tuple[float, int]:
    """Seconds a real guest (real timeouts) takes to join while `silent_count` silent connections are held."""
    host = Host(NetRules(), "Alice", LOOPBACK, 0)
    silent = []
    try:
        for number in range(silent_count):
            silent.append(socket.create_connection(host.address, timeout=2))
            if number % 16 == 0:
                host.poll()
        host.poll()
        started = time.monotonic()
        guest = Client(*host.address, host.code, "Bob")
        deadline = started + 10
        while guest.state is not LinkState.PLAYING and time.monotonic() < deadline:
            host.poll()
            guest.poll()
            time.sleep(0.001)
        took = time.monotonic() - started if guest.state is LinkState.PLAYING else float("inf")
        guest.leave()
        return took, host.pushed_out
    finally:
        for sock in silent:
            sock.close()
        host.leave()


def guesses(seconds: float, many: bool) -> tuple[int, int, int]:
    """(wrong guesses the host checked, refused unchecked, code changes) in `seconds` of guessing."""
    host = Host(NetRules(), "Alice", LOOPBACK, 0, timeouts=FAST)
    checked = refused = number = 0
    stop = time.monotonic() + seconds
    try:
        while time.monotonic() < stop:
            source = f"127.0.{1 + number // 250 % 250}.{1 + number % 250}" if many else LOOPBACK
            number += 1
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            try:
                sock.bind((source, 0))
                sock.connect(host.address)
                sock.setblocking(False)
                data = bytearray()
                answers = []

                def line_in() -> bool:
                    host.poll()
                    try:
                        chunk = sock.recv(4096)
                        data.extend(chunk)
                    except BlockingIOError:
                        pass
                    return data.count(b"\n") > len(answers)

                if not wait(Tally(), [], line_in, seconds=2):
                    continue
                nonce = json.loads(bytes(data).split(b"\n")[0])["nonce"]
                answers.append(1)
                sock.sendall(encode(message("hello", v=VERSION, name="Eve", token="",
                                            proof=proof(f"WRONG{number % 97}", nonce, "Eve"))))
                if not wait(Tally(), [], line_in, seconds=2):
                    continue
                answer = json.loads(bytes(data).split(b"\n")[1])
                if answer.get("fault") == "code":
                    checked += 1
                else:
                    refused += 1
            except OSError:
                pass
            finally:
                sock.close()
        return checked, refused, host.code_changes
    finally:
        host.leave()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=300, help="messages per fuzz part (4 parts)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=240.0, help="bound on the fuzz parts together")
    parser.add_argument("--guess-seconds", type=float, default=60.0, help="guessing time per source (one, many)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.monotonic()
    stop = started + args.seconds
    rows = []
    total = Tally()
    for label, run in [("host, handshake", lambda t: host_handshake(t, rng, args.count, stop)),
                       ("host, game", lambda t: host_game(t, rng, args.count, stop)),
                       ("guest, handshake", lambda t: guest_side(t, rng, args.count, stop, in_game=False)),
                       ("guest, game", lambda t: guest_side(t, rng, args.count, stop, in_game=True)),
                       ("special attacks", None)]:
        tally = Tally()
        part_started = time.monotonic()
        notes = special_attacks(tally) if run is None else run(tally) or []
        rows.append((label, tally, time.monotonic() - part_started, notes))
        for name in ("sent", "faults", "ignored", "crashes", "hangs"):
            setattr(total, name, getattr(total, name) + getattr(tally, name))
        total.crash_notes += tally.crash_notes
    print("Online play under a hostile peer, 127.0.0.1 only (a shared machine: times are rough)")
    print(f"{'part':<18}{'sent':>7}{'faults':>8}{'ignored':>9}{'crashes':>9}{'hangs':>7}{'s':>7}")
    for label, tally, took, _ in rows + [("total", total, time.monotonic() - started, [])]:
        print(f"{label:<18}{tally.sent:>7}{tally.faults:>8}{tally.ignored:>9}{tally.crashes:>9}{tally.hangs:>7}"
              f"{took:>7.1f}")
    for _, _, _, notes in rows:
        for note in notes:
            print("  " + note)
    for note in total.crash_notes[:5]:
        print("  crash: " + note)
    took, pushed = join_under_flood(200)
    print(f"a real guest joins in {took:.2f} s while 200 silent connections are held "
          f"({pushed} pushed out; goal <= 2 s)")
    for many in (False, True):
        checked, refused, changes = guesses(args.guess_seconds, many)
        per_minute = checked * 60.0 / args.guess_seconds
        where = "many addresses (127.0.x.y)" if many else "one address"
        print(f"wrong guesses from {where}: {checked} checked in {args.guess_seconds:g} s "
              f"({per_minute:.0f}/min), {refused} refused unchecked, code replaced {changes} times")
    return 0 if total.crashes == 0 and total.hangs == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
