"""Hosting a game: listen on one chosen interface, let in the guest with the right code, keep the game through drops.

The listening socket is bound to the address the host picked (never to all interfaces
unless the player picks "0.0.0.0" on purpose) and exists only between `Host(...)` and
`leave()`. While the guest is away the socket keeps listening so the same guest (its token
and its name) can resume; a second guest while one is playing is refused as busy.
"""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass
from random import Random
from typing import Callable

from ..rules.opening import Seat
from .endpoint import Endpoint, LinkState, _clip
from .events import Event, EventKind
from .handshake import MAX_PENDING, PER_ADDRESS_PENDING, GuessGuard, address_of, new_nonce, new_token, proof_matches
from .join_code import new_code
from .protocol import VERSION, Fault, ProtocolError, decode, encode, message
from .session import ActionRefused, NetRules, NetSession
from .snapshot import snapshot_of
from .transport import LineConnection, Timeouts

#: The listening socket's backlog: connections the system holds before the host accepts them.
BACKLOG = 128
ACCEPTS_PER_POLL = 64


class HostingError(OSError):
    """The chosen interface and port cannot be listened on; the message says which and why."""


@dataclass
class _Newcomer:
    connection: LineConnection
    deadline: float
    nonce: str
    address: str


class Host(Endpoint):
    """The host's side: owns the listening socket, the reference clock and the authoritative game.

    `guest_seat` is where the guest sits (Seat.SECOND: the host opens / plays black). Raises
    HostingError when the address cannot be listened on. A new connection gets a challenge
    and must answer within `timeouts.hello` (game.net.handshake says how guessing and floods
    of silent connections are kept in check). While the guest is away the clock keeps
    running; `claim()` ends the game once the grace has passed.
    """

    def __init__(
        self,
        rules: NetRules,
        name: str,
        interface: str = "127.0.0.1",
        port: int = 0,
        code: str | None = None,
        guest_seat: Seat = Seat.SECOND,
        timeouts: Timeouts = Timeouts(),
        now: Callable[[], float] = time.monotonic,
        rng: Random | None = None,
    ) -> None:
        super().__init__(name, timeouts, now)
        self.rules = rules
        self.code = code or new_code(rng)
        self._rng = rng
        self.guest_seat = guest_seat
        self.guest_name = ""
        self.guest_token = ""  # issued with the first welcome; a resume must show it
        self.guard = GuessGuard()
        self.code_changes = 0  # how often too many wrong guesses replaced the code
        self._newcomers: list[_Newcomer] = []
        self.pushed_out = 0  # silent connections closed to make room for newer ones
        family = socket.AF_INET6 if ":" in interface else socket.AF_INET
        listener = socket.socket(family, socket.SOCK_STREAM)
        try:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind((interface, port))
            listener.listen(BACKLOG)
            listener.setblocking(False)
        except OSError as error:
            listener.close()
            raise HostingError(f"cannot listen on {interface} port {port}: {error.strerror or error}") from None
        self._listener: socket.socket | None = listener
        self.address: tuple[str, int] = listener.getsockname()[:2]
        self.state = LinkState.WAITING

    @property
    def listening(self) -> bool:
        return self._listener is not None

    def poll(self) -> list[Event]:
        events: list[Event] = []
        self._accept()
        events += self._poll_newcomers()
        if self.state is LinkState.PLAYING:
            events += self._poll_game()
        elif self.session is not None:  # the guest is away: its clock keeps running
            events += self.session.tick()
            self.session.take_outbox()
        return events

    def claim(self) -> list[Event]:
        """Win the game the guest walked away from (after session.CLAIM_GRACE_SECONDS). Raises ActionRefused before."""
        if self.state is LinkState.PLAYING or self.session is None:
            raise ActionRefused("the other player is here")
        return self.session.claim()

    # ----------------------------------------------------------------- new connections
    def _accept(self) -> None:
        for _ in range(ACCEPTS_PER_POLL):
            if self._listener is None:
                return
            try:
                sock, _ = self._listener.accept()
            except OSError:  # nothing waiting (BlockingIOError), or a connection gone before it was taken
                return
            try:
                connection = LineConnection(sock, self.timeouts, self._now)
            except OSError:
                sock.close()
                continue
            address = address_of(connection.peer)
            self._make_room(address)
            newcomer = _Newcomer(connection, self._now() + self.timeouts.hello, new_nonce(), address)
            connection.send(encode(message("challenge", v=VERSION, nonce=newcomer.nonce)))
            self._newcomers.append(newcomer)

    def _make_room(self, address: str) -> None:
        """Push out the oldest connection still to prove the code: from this address when it
        has its share, else the oldest of all when the host holds its most."""
        mine = [n for n in self._newcomers if n.address == address]
        victim = mine[0] if len(mine) >= PER_ADDRESS_PENDING else (
            self._newcomers[0] if len(self._newcomers) >= MAX_PENDING else None)
        if victim is not None:
            self.pushed_out += 1
            victim.connection.close()
            self._newcomers.remove(victim)

    def _poll_newcomers(self) -> list[Event]:
        events: list[Event] = []
        for newcomer in list(self._newcomers):
            connection = newcomer.connection
            try:
                lines = [line for line in connection.poll() if line.strip()]
                if not lines:
                    if self._now() > newcomer.deadline:
                        raise ProtocolError(Fault.SILENCE, "no hello within the handshake time")
                    continue
                event = self._greet(newcomer, decode(lines[0]))
            except ProtocolError as error:
                if error.fault is Fault.VERSION:
                    event = self._refuse(connection, Fault.VERSION, str(error))
                else:
                    self._count(error.fault)
                    if error.fault not in (Fault.CLOSED, Fault.SILENCE):  # sending never raises
                        connection.send(encode(message("error", fault=error.fault.value, text=_clip(str(error)))))
                    connection.flush_and_close()
                    event = None
            if newcomer in self._newcomers:
                self._newcomers.remove(newcomer)
            if event is not None:
                events.append(event)
        return events

    def _greet(self, newcomer: _Newcomer, hello) -> Event:
        """Answer a newcomer's hello: a welcome into the game, or a refusal naming why."""
        connection = newcomer.connection
        if hello.type != "hello":
            raise ProtocolError(Fault.OUT_OF_ORDER, f"expected hello first, got {hello.type!r}")
        resuming = bool(hello["token"])
        now = self._now()
        wait = self.guard.wait_for(newcomer.address, now, first_join=not resuming)
        if wait > 0:
            return self._refuse(connection, Fault.WAIT, f"too many wrong codes: wait {wait:.0f} s")
        if not resuming and self.guard.shut:
            return self._refuse(connection, Fault.SHUT, "too many wrong codes: this game takes no new player")
        secret = self.guest_token if resuming else self.code
        if (resuming and not self.guest_token) or not proof_matches(secret, newcomer.nonce, hello["name"], hello["proof"]):
            return self._wrong_guess(newcomer)
        self.guard.right(newcomer.address)
        if self.session is not None and not resuming:
            return self._refuse(connection, Fault.SEAT if self.state is not LinkState.PLAYING else Fault.BUSY,
                                "this game has its guest; only that guest can resume it")
        if resuming and hello["name"] != self.guest_name:
            return self._refuse(connection, Fault.NAME, "a resume must keep the seat's name")
        if self.state is LinkState.PLAYING and self.connection is not None:
            # the guest proved its token on a new connection: the old one is dead on its side
            self.connection.close()
            self.connection = None
            self._waiting.clear()
        if self.session is None:
            self.session = NetSession(self.rules, self.guest_seat.other, self.name, hello["name"], is_host=True,
                                      now=self._now)
            self.guest_name = hello["name"]
            self.guest_token = new_token()
        connection.send(encode(message("welcome", v=VERSION, name=self.name, seat=self.session.peer_seat.value,
                                       token=self.guest_token, game=snapshot_of(self.session))))
        self.connection = connection
        self.state = LinkState.PLAYING
        self.fault, self.note = None, ""
        self.session.peer_came_back()
        self.session.start_clock()
        return Event(EventKind.CONNECTED, {"resumed": resuming, "peer": self.session.peer_name})

    def _wrong_guess(self, newcomer: _Newcomer) -> Event:
        """A wrong code or token: refused, counted, and the code replaced when there were too many."""
        rotated = self.guard.wrong(newcomer.address, self._now())
        if rotated:
            self.code = new_code(self._rng)
            self.code_changes += 1
        self._refuse(newcomer.connection, Fault.CODE, "wrong join code")
        return Event(EventKind.GUESSING, {"wrong": self.guard.total_wrong, "code_changed": rotated,
                                          "shut": self.guard.shut})

    def _refuse(self, connection: LineConnection, fault: Fault, text: str) -> Event:
        self._count(fault)
        connection.send(encode(message("refuse", v=VERSION, fault=fault.value, text=_clip(text))))
        connection.flush_and_close()
        return Event(EventKind.REFUSED, {"fault": fault, "text": text})

    def _count(self, fault: Fault) -> None:
        self.faults_seen[fault.value] = self.faults_seen.get(fault.value, 0) + 1

    # ----------------------------------------------------------------- drops and leaving
    def _after_drop(self) -> None:
        self.state = LinkState.WAITING if self._listener is not None else LinkState.CLOSED

    def _close_rest(self) -> None:
        for newcomer in self._newcomers:
            newcomer.connection.close()
        self._newcomers.clear()
        if self._listener is not None:
            self._listener.close()
            self._listener = None
