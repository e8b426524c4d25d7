"""Finding hosted games on the local network: a host announces itself by UDP, a joiner listens.

Both ends take their addresses from the caller (the settings, or a test): the announcer
sends to `destination` (in the game, the local network's broadcast address the player set;
in tests, 127.0.0.1) and the listener binds `interface`. Nothing here picks an address by
itself, so a test that passes loopback addresses sends nothing anywhere else.

An announcement is one small JSON datagram. It carries no code: a listed game still needs
the code the host reads out. Datagrams that are not announcements, too big, or malformed
are ignored (a listener hears whatever is sent to its port).

Anyone on the network can announce anything, so the list is built to be trusted: each
game shows the address and port it came from (the sender's real address, not a claim in
the datagram), a name heard from more than one address is marked `duplicate`, one address
may hold at most PER_ADDRESS_LISTED entries, and the list keeps the order games were first
heard in (a name cannot push others off the top by sorting first).

    {"gomoku": 1, "name": "Alice", "port": 52011, "rule": "renju", "opening": "swap2", "game": "a1b2c3"}
"""

from __future__ import annotations

import json
import socket
import time
from dataclasses import dataclass, replace
from typing import Callable

from ..rules import Rule
from .protocol import MAX_NAME_CHARS, VERSION

RULES = tuple(rule.value for rule in Rule)
OPENINGS = ("free", "swap1", "swap2")

#: The UDP port announcements go to (an unassigned port in the dynamic range).
DISCOVERY_PORT = 48513
ANNOUNCE_SECONDS = 1.5
#: A game not heard from for this long leaves the list.
FORGET_SECONDS = 6.0
MAX_DATAGRAM = 512
DATAGRAMS_PER_POLL = 64
MAX_LISTED = 32
PER_ADDRESS_LISTED = 2


@dataclass(frozen=True)
class HostedGame:
    """One game heard on the network: where to connect, and what to show in the list."""

    address: str
    port: int
    name: str
    rule: str
    opening: str
    game_id: str
    duplicate: bool = False  # the same name is announced from another address too


class Announcer:
    """Sends the host's announcement to `destination` every ANNOUNCE_SECONDS while polled."""

    def __init__(
        self,
        destination: tuple[str, int],
        name: str,
        port: int,
        rule: str,
        opening: str,
        game_id: str,
        interface: str = "",
        now: Callable[[], float] = time.monotonic,
        every: float = ANNOUNCE_SECONDS,
    ) -> None:
        self.destination = destination
        self._now = now
        self.every = every
        self._last = -1e9
        self.sent = 0
        payload = {"gomoku": VERSION, "name": name[:MAX_NAME_CHARS], "port": port, "rule": rule, "opening": opening,
                   "game": game_id}
        self._datagram = json.dumps(payload, ensure_ascii=True).encode("ascii")
        family = socket.AF_INET6 if ":" in destination[0] else socket.AF_INET
        self._sock: socket.socket | None = socket.socket(family, socket.SOCK_DGRAM)
        self._sock.setblocking(False)
        if destination[0].endswith(".255"):  # only the player's broadcast setting needs this
            self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        if interface:
            self._sock.bind((interface, 0))

    def poll(self) -> None:
        """Send the announcement if it is due; a failed send is retried next time (never raises)."""
        if self._sock is None or self._now() - self._last < self.every:
            return
        self._last = self._now()
        try:
            self._sock.sendto(self._datagram, self.destination)
            self.sent += 1
        except OSError:
            pass

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


class DiscoveryListener:
    """Listens on (`interface`, `port`) and keeps the games heard recently. Raises OSError if the port is taken."""

    def __init__(self, interface: str, port: int = DISCOVERY_PORT, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        family = socket.AF_INET6 if ":" in interface else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_DGRAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((interface, port))
        except OSError:
            sock.close()
            raise
        sock.setblocking(False)
        self._sock: socket.socket | None = sock
        self.port = sock.getsockname()[1]
        self._heard: dict[tuple[str, int, str], tuple[HostedGame, float, int]] = {}  # game, last heard, arrival
        self._arrivals = 0
        self.ignored = 0

    def poll(self) -> list[HostedGame]:
        """The games heard within FORGET_SECONDS, in the order first heard; reads what arrived without waiting."""
        for _ in range(DATAGRAMS_PER_POLL):
            if self._sock is None:
                break
            try:
                data, sender = self._sock.recvfrom(MAX_DATAGRAM + 1)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                break
            game = parse_announcement(data, sender[0])
            if game is None:
                self.ignored += 1
                continue
            key = (game.address, game.port, game.game_id)
            if key in self._heard:
                self._heard[key] = (game, self._now(), self._heard[key][2])
                continue
            from_there = sum(1 for address, _, _ in self._heard if address == game.address)
            if from_there >= PER_ADDRESS_LISTED or len(self._heard) >= MAX_LISTED:
                self.ignored += 1
                continue
            self._arrivals += 1
            self._heard[key] = (game, self._now(), self._arrivals)
        cutoff = self._now() - FORGET_SECONDS
        self._heard = {key: entry for key, entry in self._heard.items() if entry[1] >= cutoff}
        games = [game for game, _, _ in sorted(self._heard.values(), key=lambda entry: entry[2])]
        addresses: dict[str, set[str]] = {}
        for game in games:
            addresses.setdefault(game.name.casefold(), set()).add(game.address)
        return [replace(game, duplicate=len(addresses[game.name.casefold()]) > 1) for game in games]

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def parse_announcement(data: bytes, sender: str) -> HostedGame | None:
    """The game a datagram announces, or None for anything else (wrong version, bad fields, too big)."""
    if len(data) > MAX_DATAGRAM:
        return None
    try:
        payload = json.loads(data.decode("ascii"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(payload, dict) or payload.get("gomoku") != VERSION:
        return None
    name, port = payload.get("name"), payload.get("port")
    texts = [payload.get(key) for key in ("rule", "opening", "game")]
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_CHARS or not name.isprintable():
        return None
    if not isinstance(port, int) or isinstance(port, bool) or not 1 <= port <= 65535:
        return None
    if not all(isinstance(text, str) and 0 < len(text) <= 16 and text.isascii() and text.isprintable() for text in texts):
        return None
    if texts[0] not in RULES or texts[1] not in OPENINGS:  # shown from our catalogue, so only what it knows
        return None
    return HostedGame(sender, port, name, texts[0], texts[1], texts[2])


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses as the system names them, loopback first. No traffic is
    sent: the host name is resolved locally, and on Linux each interface is asked by ioctl
    (where the host name often resolves to 127.0.1.1 only)."""
    found = ["127.0.0.1"]
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        infos = []
    candidates = [info[4][0] for info in infos] + _interface_addresses()
    for address in candidates:
        if address not in found and not address.startswith("127."):
            found.append(address)
    return found


def _interface_addresses() -> list[str]:
    """Linux: each interface's IPv4 address (SIOCGIFADDR); elsewhere, or on any failure, []."""
    try:
        import fcntl
        import struct

        names = [name for _, name in socket.if_nameindex()]
    except (ImportError, OSError, AttributeError):
        return []
    addresses = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        for name in names:
            try:
                packed = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))  # SIOCGIFADDR
            except OSError:
                continue  # an interface without an IPv4 address
            addresses.append(socket.inet_ntoa(packed[20:24]))
    finally:
        probe.close()
    return addresses


def broadcast_for(address: str) -> str:
    """The /24 broadcast address of `address` (192.168.1.23 -> 192.168.1.255); loopback stays loopback."""
    if address.startswith("127.") or address.count(".") != 3:
        return "127.0.0.1"
    return address.rsplit(".", 1)[0] + ".255"
