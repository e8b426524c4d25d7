"""Hosting a game: listen on one chosen interface, let in the guest with the right code, keep the game through drops.

The listening socket is bound to the address the host picked (never to all interfaces
unless the player picks "0.0.0.0" on purpose) and exists only between `Host(...)` and
`leave()`. While the guest is away the socket keeps listening so the same guest (the same
code) can resume; a second guest while one is playing is refused as busy.
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
from .join_code import matches, new_code
from .protocol import VERSION, Fault, ProtocolError, decode, encode, message
from .session import NetRules, NetSession
from .snapshot import snapshot_of
from .transport import LineConnection, Timeouts

#: Connections still in their handshake at once; more are closed straight away.
MAX_PENDING = 4
ACCEPTS_PER_POLL = 8


class HostingError(OSError):
    """The chosen interface and port cannot be listened on; the message says which and why."""


@dataclass
class _Newcomer:
    connection: LineConnection
    deadline: float


class Host(Endpoint):
    """The host's side: owns the listening socket, the reference clock and the authoritative game.

    `guest_seat` is where the guest sits (Seat.SECOND: the host opens / plays black). Raises
    HostingError when the address cannot be listened on.
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
        self.guest_seat = guest_seat
        self.guest_name = ""
        self._newcomers: list[_Newcomer] = []
        family = socket.AF_INET6 if ":" in interface else socket.AF_INET
        listener = socket.socket(family, socket.SOCK_STREAM)
        try:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind((interface, port))
            listener.listen(MAX_PENDING)
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
        return events

    # ----------------------------------------------------------------- new connections
    def _accept(self) -> None:
        for _ in range(ACCEPTS_PER_POLL):
            if self._listener is None:
                return
            try:
                sock, _ = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            if len(self._newcomers) >= MAX_PENDING:
                sock.close()
                continue
            connection = LineConnection(sock, self.timeouts, self._now)
            self._newcomers.append(_Newcomer(connection, self._now() + self.timeouts.handshake))

    def _poll_newcomers(self) -> list[Event]:
        events: list[Event] = []
        for newcomer in list(self._newcomers):
            connection = newcomer.connection
            try:
                lines = connection.poll()
                if not lines:
                    if self._now() > newcomer.deadline:
                        raise ProtocolError(Fault.SILENCE, "no hello within the handshake time")
                    continue
                event = self._greet(connection, decode(lines[0]))
            except ProtocolError as error:
                self._count(error.fault)
                if error.fault not in (Fault.CLOSED, Fault.SILENCE):
                    connection.send(encode(message("error", fault=error.fault.value, text=_clip(str(error)))))
                connection.flush_and_close()
                self._newcomers.remove(newcomer)
                continue
            self._newcomers.remove(newcomer)
            if event is not None:
                events.append(event)
        return events

    def _greet(self, connection: LineConnection, hello) -> Event:
        """Answer a newcomer's first message: a welcome into the game, or a refusal naming why."""
        if hello.type != "hello":
            raise ProtocolError(Fault.OUT_OF_ORDER, f"expected hello first, got {hello.type!r}")
        if hello["v"] != VERSION:
            return self._refuse(connection, Fault.VERSION,
                                f"this host speaks protocol version {VERSION}, the guest speaks {hello['v']}")
        if not matches(self.code, hello["code"]):
            return self._refuse(connection, Fault.CODE, "wrong join code")
        if self.state is LinkState.PLAYING:
            return self._refuse(connection, Fault.BUSY, "a game is already being played here")
        resumed = self.session is not None
        if self.session is None:
            self.session = NetSession(self.rules, self.guest_seat.other, self.name, hello["name"], is_host=True,
                                      now=self._now)
        self.guest_name = hello["name"]
        connection.send(encode(message("welcome", v=VERSION, name=self.name, seat=self.session.peer_seat.value,
                                       game=snapshot_of(self.session))))
        self.connection = connection
        self.state = LinkState.PLAYING
        self.fault, self.note = None, ""
        self.session.start_clock()
        return Event(EventKind.CONNECTED, {"resumed": resumed, "peer": self.session.peer_name})

    def _refuse(self, connection: LineConnection, fault: Fault, text: str) -> Event:
        self._count(fault)
        connection.send(encode(message("refuse", v=VERSION, fault=fault.value, text=text)))
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
