"""Joining a hosted game: a non-blocking connect, the hello with the code, and the host's game received.

The address is numeric (IPv4 or IPv6): names are not looked up, because a lookup could
block the window. The host speaks first (a challenge); the guest answers with a proof of the
code (game.net.handshake), never the code itself. The welcome carries a token: after a
dropped connection `resume()` connects again with that token and the same name (a guest
restarted from the menu passes it in), and the host answers with the whole game so far,
which replaces ours (the host's game is the reference).
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
from .handshake import proof
from .protocol import REFUSALS, VERSION, Fault, ProtocolError, decode, encode, message
from .snapshot import session_from_snapshot
from .transport import LineConnection, Timeouts

_REFUSAL_FAULTS = {name: Fault(name) for name in REFUSALS}


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
        token: str = "",
        host_name: str = "",
    ) -> None:
        super().__init__(name, timeouts, now)
        self.address = (address, port)
        self.code = code
        self.token = token  # from the host's welcome; proves the seat on a resume
        self.version = version  # only tests say otherwise, to check a wrong version is refused
        self.host_name = host_name
        self.refused_version: int | None = None  # the host's protocol version when it differs
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
        try:
            code = sock.connect_ex(target)
        except (OSError, OverflowError) as error:
            sock.close()
            self._fail_connect(f"cannot reach {host} port {port}: {error}")
            return
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
            try:
                problem = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            except OSError as error:
                problem = error.errno or -1
            if problem:
                return [self._give_up(f"cannot reach {self.address[0]} port {self.address[1]}: "
                                      f"{errno.errorcode.get(problem, problem)}")]
            self._sock = None
            self.connection = LineConnection(sock, self.timeouts, self._now)
            self.state = LinkState.HANDSHAKE  # the host speaks first: its challenge
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
            self._waiting.extend(self.connection.poll())
            while self._waiting and self.state is LinkState.HANDSHAKE:
                reply = decode(self._waiting.popleft())
                if reply.type == "ping":
                    continue
                if reply.type == "challenge":
                    secret = self.token or self.code
                    self.connection.send(encode(message("hello", v=self.version, name=self.name, token=self.token,
                                                        proof=proof(secret, reply["nonce"], self.name))))
                    continue
                return self._answered(reply)
            if self._now() > self._deadline:
                raise ProtocolError(Fault.SILENCE, "the host did not answer the hello")
        except ProtocolError as error:
            if error.fault is Fault.VERSION:
                self.refused_version = error.version
                return [self._refused(Fault.VERSION, str(error))]
            return [self._drop(error.fault, str(error), tell_peer=error.fault not in (Fault.CLOSED, Fault.SILENCE))]
        return []

    def _refused(self, fault: Fault, text: str) -> Event:
        if self.connection is not None:
            self.connection.close()
            self.connection = None
        self._waiting.clear()
        self.state = LinkState.REFUSED
        self.fault, self.note = fault, text
        return Event(EventKind.REFUSED, {"fault": fault, "text": text})

    def _answered(self, reply) -> list[Event]:
        if reply.type == "refuse":
            return [self._refused(_REFUSAL_FAULTS[reply["fault"]], reply["text"])]
        if reply.type == "error":
            return [self._drop(Fault.PEER_ERROR, f"the host reported a fault ({reply['fault']}): {reply['text']}",
                               tell_peer=False)]
        if reply.type != "welcome":
            raise ProtocolError(Fault.OUT_OF_ORDER, f"expected welcome or refuse, got {reply.type!r}")
        resumed = self.session is not None or bool(self.token)
        self.session = session_from_snapshot(reply["game"], Seat(reply["seat"]), self.name, reply["name"], self._now)
        self.host_name = reply["name"]
        self.token = reply["token"]
        self.state = LinkState.PLAYING
        self.fault, self.note = None, ""
        events = [Event(EventKind.CONNECTED, {"resumed": resumed, "peer": reply["name"]})]
        return events + self._poll_game()  # messages that came in the same read as the welcome

    def _after_drop(self) -> None:
        self.state = LinkState.DROPPED

    def _close_rest(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
