"""Joining a hosted game: a non-blocking connect, the hello with the code, and the host's game received.

The address is numeric (IPv4 or IPv6): names are not looked up, because a lookup could
block the window. After a dropped connection `resume()` connects again with the same code and name; the host
answers with the whole game so far, which replaces ours (the host's game is the reference).
"""

from __future__ import annotations

import errno
import select
import socket
import time
from typing import Callable

from ..rules.opening import Seat
from .endpoint import Endpoint, LinkState
from .events import Event, EventKind
from .protocol import VERSION, Fault, ProtocolError, decode, encode, message
from .snapshot import session_from_snapshot
from .transport import LineConnection, Timeouts

_REFUSAL_FAULTS = {"version": Fault.VERSION, "code": Fault.CODE, "busy": Fault.BUSY}


class Client(Endpoint):
    """The guest's side. Connecting starts at once; `poll()` moves it along without blocking."""

    def __init__(
        self,
        address: str,
        port: int,
        code: str,
        name: str,
        timeouts: Timeouts = Timeouts(),
        now: Callable[[], float] = time.monotonic,
        version: int = VERSION,
    ) -> None:
        super().__init__(name, timeouts, now)
        self.address = (address, port)
        self.code = code
        self.version = version  # only tests say otherwise, to check a wrong version is refused
        self.host_name = ""
        self._sock: socket.socket | None = None
        self._deadline = 0.0
        self._connect()

    def _connect(self) -> None:
        host, port = self.address
        self.state = LinkState.CONNECTING
        self._deadline = self._now() + self.timeouts.connect
        try:
            # numeric addresses only: a name lookup could block the window for seconds
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                       flags=socket.AI_NUMERICHOST | socket.AI_NUMERICSERV)
            family, kind, proto, _, target = infos[0]
            sock = socket.socket(family, kind, proto)
        except (OSError, IndexError, UnicodeError) as error:
            self._fail_connect(f"cannot find {host}: {error}")
            return
        sock.setblocking(False)
        code = sock.connect_ex(target)
        if code not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EALREADY, getattr(errno, "WSAEWOULDBLOCK", -1)):
            sock.close()
            self._fail_connect(f"cannot reach {host} port {port}: {errno.errorcode.get(code, code)}")
            return
        self._sock = sock

    def _fail_connect(self, text: str) -> Event:
        self.state = LinkState.DROPPED
        self.fault, self.note = Fault.CLOSED, text
        return Event(EventKind.DROPPED, {"fault": Fault.CLOSED, "text": text})

    def resume(self) -> None:
        """Connect again after a drop or a refusal (same address, code and name)."""
        if self.state in (LinkState.PLAYING, LinkState.CONNECTING, LinkState.HANDSHAKE):
            return
        self._connect()

    def poll(self) -> list[Event]:
        if self.state is LinkState.CONNECTING:
            return self._poll_connecting()
        if self.state is LinkState.HANDSHAKE:
            return self._poll_handshake()
        if self.state is LinkState.PLAYING:
            return self._poll_game()
        return []

    def _poll_connecting(self) -> list[Event]:
        sock = self._sock
        if sock is None:
            return [self._fail_connect(self.note or "cannot connect")]
        try:
            _, writable, failed = select.select([], [sock], [sock], 0)
        except (OSError, ValueError) as error:
            return [self._give_up(f"cannot connect: {error}")]
        if writable or failed:
            problem = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if problem:
                return [self._give_up(f"cannot reach {self.address[0]} port {self.address[1]}: "
                                      f"{errno.errorcode.get(problem, problem)}")]
            self._sock = None
            self.connection = LineConnection(sock, self.timeouts, self._now)
            self.connection.send(encode(message("hello", v=self.version, code=self.code, name=self.name)))
            self.state = LinkState.HANDSHAKE
            self._deadline = self._now() + self.timeouts.handshake
            return []
        if self._now() > self._deadline:
            return [self._give_up(f"no answer from {self.address[0]} port {self.address[1]}")]
        return []

    def _give_up(self, text: str) -> Event:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        return self._fail_connect(text)

    def _poll_handshake(self) -> list[Event]:
        try:
            lines = self.connection.poll()
            for line in lines:
                reply = decode(line)
                if reply.type == "ping":
                    continue
                return self._answered(reply, lines[lines.index(line) + 1:])
            if self._now() > self._deadline:
                raise ProtocolError(Fault.SILENCE, "the host did not answer the hello")
        except ProtocolError as error:
            return [self._drop(error.fault, str(error), tell_peer=error.fault not in (Fault.CLOSED, Fault.SILENCE))]
        return []

    def _answered(self, reply, rest: list[bytes]) -> list[Event]:
        if reply.type == "refuse":
            fault = _REFUSAL_FAULTS[reply["fault"]]
            self.connection.close()
            self.connection = None
            self.state = LinkState.REFUSED
            self.fault, self.note = fault, reply["text"]
            return [Event(EventKind.REFUSED, {"fault": fault, "text": reply["text"]})]
        if reply.type == "error":
            return [self._drop(Fault.PEER_ERROR, f"the host reported a fault ({reply['fault']}): {reply['text']}",
                               tell_peer=False)]
        if reply.type != "welcome":
            raise ProtocolError(Fault.OUT_OF_ORDER, f"expected welcome or refuse, got {reply.type!r}")
        if reply["v"] != self.version:
            raise ProtocolError(Fault.VERSION, f"the host speaks protocol version {reply['v']}, we speak {self.version}")
        resumed = self.session is not None
        self.session = session_from_snapshot(reply["game"], Seat(reply["seat"]), self.name, reply["name"], self._now)
        self.host_name = reply["name"]
        self.state = LinkState.PLAYING
        self.fault, self.note = None, ""
        events = [Event(EventKind.CONNECTED, {"resumed": resumed, "peer": reply["name"]})]
        for line in rest:  # messages that came in the same read as the welcome
            events += self._handle(decode(line))
        return events

    def _after_drop(self) -> None:
        self.state = LinkState.DROPPED

    def _close_rest(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
