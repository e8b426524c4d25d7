"""What the host and the guest share: one connection carrying one session, polled from the loop.

`poll()` is called once a frame and never blocks or raises for anything the peer does. It
reads the peer's lines, decodes them (game.net.protocol), hands them to the session
(game.net.session), sends what the session queued, and turns faults into a DROPPED event:
the faulty side's peer is told what was wrong (an `error` message), the connection closes,
and the game is kept for a resume. Lines beyond MESSAGES_PER_POLL wait for the next poll
(the transport limits bytes over time, so many short lines at once are fine).
"""

from __future__ import annotations

from collections import deque
from enum import Enum
from typing import Callable

from ..rules import Point
from ..rules.opening import Choice
from .events import Event, EventKind
from .protocol import HANDSHAKE_TYPES, Fault, Message, ProtocolError, decode, encode, message
from .session import ActionRefused, NetSession
from .transport import LineConnection, Timeouts

#: At most this many messages are handled per poll, so a flood cannot hold up a frame; the
#: rest wait for the next poll. More than MAX_WAITING_LINES waiting is a flood.
MESSAGES_PER_POLL = 200
MAX_WAITING_LINES = 100_000


class LinkState(Enum):
    """The connection as the screen shows it."""

    CONNECTING = "connecting"  # guest: opening the TCP connection
    HANDSHAKE = "handshake"  # guest: hello sent, waiting for welcome
    WAITING = "waiting"  # host: listening for the guest (first time or to resume)
    PLAYING = "playing"  # connected, the game runs
    DROPPED = "dropped"  # the connection ended by a fault or the peer left; the game is kept
    REFUSED = "refused"  # guest: the host refused the handshake
    CLOSED = "closed"  # we left


class Endpoint:
    """The common half of Host and Client. `session` is None until the handshake gives one."""

    def __init__(self, name: str, timeouts: Timeouts, now: Callable[[], float]) -> None:
        self.name = name
        self.timeouts = timeouts
        self._now = now
        self.session: NetSession | None = None
        self.connection: LineConnection | None = None
        self.state = LinkState.CLOSED
        self.note = ""  # the last connection problem, in words (shown on the screen)
        self.fault: Fault | None = None
        self.faults_seen: dict[str, int] = {}  # fault name -> how many times (benchmarks, tests)
        self._waiting: deque[bytes] = deque()  # lines read but not handled yet

    # ----------------------------------------------------------------- polling
    def poll(self) -> list[Event]:
        """Everything that happened since the last call. Never blocks, never raises for the peer's input."""
        raise NotImplementedError

    def _poll_game(self) -> list[Event]:
        """Read and apply the peer's messages while PLAYING; a fault drops the connection."""
        events: list[Event] = []
        connection, session = self.connection, self.session
        if connection is None or session is None:
            return events
        try:
            self._waiting.extend(connection.poll())
            if len(self._waiting) > MAX_WAITING_LINES:
                raise ProtocolError(Fault.FLOOD, f"{len(self._waiting)} messages waiting")
            for _ in range(min(MESSAGES_PER_POLL, len(self._waiting))):
                events += self._handle(decode(self._waiting.popleft()))
                if self.state is not LinkState.PLAYING:
                    return events
            events += session.tick()
            self._flush()
        except ProtocolError as error:
            events.append(self._drop(error.fault, str(error), tell_peer=error.fault not in _NOT_TOLD))
        return events

    def _handle(self, msg: Message) -> list[Event]:
        if msg.type == "ping":
            return []
        if msg.type == "bye":
            return [self._drop(Fault.LEFT, f"{self.session.peer_name} left: {msg['text']}" if msg["text"]
                               else f"{self.session.peer_name} left the game", tell_peer=False)]
        if msg.type == "error":
            return [self._drop(Fault.PEER_ERROR, f"the other side reported a fault ({msg['fault']}): {msg['text']}",
                               tell_peer=False)]
        if msg.type in HANDSHAKE_TYPES:
            raise ProtocolError(Fault.OUT_OF_ORDER, f"{msg.type!r} after the handshake")
        events = self.session.receive(msg)
        self._flush()
        return events

    def _flush(self) -> None:
        if self.session is None or self.connection is None:
            return
        for msg in self.session.take_outbox():
            self.connection.send(encode(msg))

    def _drop(self, fault: Fault, text: str, tell_peer: bool) -> Event:
        """End the connection (telling the peer why when it was its fault); the game stays."""
        self.faults_seen[fault.value] = self.faults_seen.get(fault.value, 0) + 1
        if self.connection is not None:
            if tell_peer:  # sending never raises: a reset socket just takes nothing
                self.connection.send(encode(message("error", fault=fault.value, text=_clip(text))))
            self.connection.flush_and_close()
            self.connection = None
        self._waiting.clear()
        if self.session is not None:
            self.session.peer_went_away()  # the clock keeps running (see NetSession.peer_went_away)
            self.session.question = None  # an open question does not survive the connection
            self.session.take_outbox()
        self.fault = fault
        self.note = text
        self._after_drop()
        return Event(EventKind.DROPPED, {"fault": fault, "text": text})

    def _after_drop(self) -> None:
        self.state = LinkState.DROPPED

    # ----------------------------------------------------------------- local actions
    def _act(self, action: Callable[[], object]) -> list[Event]:
        if self.state is not LinkState.PLAYING or self.session is None:
            raise ActionRefused("not connected")
        result = action()
        events = result if isinstance(result, list) else []
        self._flush()
        if self.connection is not None and self.connection.broken is not None:
            # the socket failed while sending: the action stands, the link drops
            events.append(self._drop(Fault.CLOSED, self.connection.broken, tell_peer=False))
        return events

    def play(self, point: Point) -> list[Event]:
        return self._act(lambda: self.session.play(point))

    def choose(self, choice: Choice) -> list[Event]:
        return self._act(lambda: self.session.choose(choice))

    def resign(self) -> list[Event]:
        return self._act(self.session.resign if self.session else _nothing)

    def ask_takeback(self) -> list[Event]:
        return self._act(self.session.ask_takeback if self.session else _nothing)

    def offer_draw(self) -> list[Event]:
        return self._act(self.session.offer_draw if self.session else _nothing)

    def ask_rematch(self) -> list[Event]:
        return self._act(self.session.ask_rematch if self.session else _nothing)

    def answer(self, yes: bool) -> list[Event]:
        return self._act(lambda: self.session.answer(yes))

    def chat(self, phrase: str) -> list[Event]:
        return self._act(lambda: self.session.chat(phrase))

    def leave(self, text: str = "") -> None:
        """Say goodbye (if connected) and close everything; the session stays readable."""
        if self.connection is not None:
            self.connection.send(encode(message("bye", text=_clip(text))))
            self.connection.flush_and_close()
            self.connection = None
        if self.session is not None:
            self.session.pause_clock()
        self.state = LinkState.CLOSED
        self._close_rest()

    def _close_rest(self) -> None:
        """Close anything else the side holds open (the host's listening socket)."""


_NOT_TOLD = frozenset({Fault.CLOSED, Fault.LEFT, Fault.SILENCE, Fault.PEER_ERROR})


def _nothing() -> None:
    raise ActionRefused("not connected")


def _clip(text: str, limit: int = 300) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text[:limit]

