"""A non-blocking, line-framed TCP connection with heartbeats, polled from the game loop.

`poll()` never waits: it reads what the socket has (at most READ_BUDGET bytes per call, so a
flooding peer cannot stall a frame), splits it into lines, writes what is queued, and sends
a ping when nothing was sent for a heartbeat interval. It raises ProtocolError when the
peer's side breaks the contract:

- OVERSIZED: a line longer than `max_line` bytes;
- SLOW_SENDER: a line started but not finished within `line_timeout` seconds (one byte a
  second never completes a message);
- SILENCE: nothing at all (not even a ping) for `silence_timeout` seconds;
- FLOOD: more bytes than RATE_BYTES a second on average (bursts up to BURST_BYTES);
- CLOSED: the peer closed the connection or the socket failed.

Sending never raises: a socket that fails while sending (even while telling the peer about a
fault) closes the connection and keeps the reason in `broken`, and the next `poll()` raises
CLOSED with it. After CLOSED the connection is closed; after the other faults the owner sends
an `error` line naming the fault and then closes (`flush_and_close`). `close()` may be
called any number of times.

Many lines in one read are fine: the limit is on bytes over time, not on lines per read.
"""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass
from typing import Callable

from .protocol import MAX_LINE_BYTES, Fault, ProtocolError, encode, message

READ_BUDGET = 256 * 1024
#: A peer that stops reading while we keep sending is dropped once this much waits.
MAX_QUEUED_BYTES = 1024 * 1024
#: The peer's sending rate allowed on average, and the burst allowed on top (a whole game
#: state is 16 KB at most; a game sends a few hundred bytes a second).
RATE_BYTES = 64 * 1024
BURST_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Timeouts:
    """The connection's timing, in seconds. Tests pass small values."""

    heartbeat: float = 2.0  # send a ping when nothing was sent for this long
    silence: float = 10.0  # drop the peer when nothing arrived for this long
    line: float = 5.0  # drop the peer when a started line stays unfinished this long
    handshake: float = 10.0  # guest: wait this long for the host's answer
    hello: float = 3.0  # host: a new connection must prove the code within this (a real guest answers at once)
    connect: float = 8.0  # guest: the TCP connection must open within this


class LineConnection:
    """One TCP connection carrying newline-ended lines; the socket is non-blocking."""

    def __init__(
        self,
        sock: socket.socket,
        timeouts: Timeouts = Timeouts(),
        now: Callable[[], float] = time.monotonic,
        max_line: int = MAX_LINE_BYTES,
    ) -> None:
        sock.setblocking(False)
        self.sock: socket.socket | None = sock
        self.timeouts = timeouts
        self._now = now
        self.max_line = max_line
        self._inbox = bytearray()
        self._outbox = bytearray()
        started = now()
        self._last_received = started
        self._last_sent = started
        self._partial_since: float | None = None
        self._ended = False
        self._allowance = float(BURST_BYTES)
        self._allowance_at = started
        self.broken: str | None = None  # why sending failed (the next poll raises CLOSED with it)
        self.peer = _peer_text(sock)

    @property
    def closed(self) -> bool:
        return self.sock is None

    def send(self, data: bytes) -> None:
        """Queue one encoded line; it goes out on this or the next poll. Never raises (see `broken`)."""
        if self.sock is None:
            return
        self._outbox += data
        self._flush()

    def poll(self) -> list[bytes]:
        """The complete lines received since the last poll (without newlines).

        Raises ProtocolError (and closes) on a fault listed in the module docstring. Lines
        received before the fault in the same poll are lost with it only if they came after it.
        """
        if self.broken is not None:
            text, self.broken = self.broken, None
            self.close()
            raise ProtocolError(Fault.SILENCE if text.startswith("the other side stopped") else Fault.CLOSED, text)
        if self.sock is None:
            return []
        try:
            lines = self._read()
            self._check_timing(bool(lines))
            if self._now() - self._last_sent >= self.timeouts.heartbeat and not self._outbox:
                self._outbox += encode(message("ping"))
            self._flush()
            if self.broken is not None:
                text, self.broken = self.broken, None
                raise ProtocolError(Fault.CLOSED, text)
        except ProtocolError as error:
            if error.fault is Fault.CLOSED:
                self.close()
            raise  # otherwise the owner tells the peer why (an `error` line), then closes
        return lines

    def _read(self) -> list[bytes]:
        got = 0
        while got < READ_BUDGET and not self._ended:
            try:
                chunk = self.sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as error:
                raise ProtocolError(Fault.CLOSED, f"the connection failed: {error}") from None
            if not chunk:
                self._ended = True  # the lines before the end (a bye, an error) still count
                break
            got += len(chunk)
            self._charge(len(chunk))
            self._last_received = self._now()
            if not self._inbox:
                self._partial_since = self._now()
            self._inbox += chunk
            if len(self._inbox) > self.max_line and b"\n" not in self._inbox[: self.max_line]:
                break  # the check below names the fault
        lines = []
        while True:
            end = self._inbox.find(b"\n")
            if end < 0:
                break
            if end + 1 > self.max_line:
                raise ProtocolError(Fault.OVERSIZED, f"a line of over {self.max_line} bytes")
            lines.append(bytes(self._inbox[:end]).rstrip(b"\r"))
            del self._inbox[: end + 1]
            self._partial_since = self._now() if self._inbox else None
        if len(self._inbox) > self.max_line:
            raise ProtocolError(Fault.OVERSIZED, f"a line of over {self.max_line} bytes")
        if self._ended and not lines:
            if self._inbox:
                raise ProtocolError(Fault.CLOSED, "the connection closed in the middle of a message")
            raise ProtocolError(Fault.CLOSED, "the other side closed the connection")
        return lines

    def _charge(self, size: int) -> None:
        """The byte-rate limit: a token bucket refilled at RATE_BYTES a second up to BURST_BYTES."""
        now = self._now()
        self._allowance = min(float(BURST_BYTES), self._allowance + (now - self._allowance_at) * RATE_BYTES)
        self._allowance_at = now
        self._allowance -= size
        if self._allowance < 0:
            raise ProtocolError(Fault.FLOOD, f"over {BURST_BYTES} bytes at once, or over {RATE_BYTES} a second")

    def _check_timing(self, got_lines: bool) -> None:
        now = self._now()
        if self._partial_since is not None and now - self._partial_since > self.timeouts.line:
            raise ProtocolError(
                Fault.SLOW_SENDER,
                f"a message took over {self.timeouts.line:g} s to arrive ({len(self._inbox)} bytes so far)",
            )
        if not got_lines and now - self._last_received > self.timeouts.silence:
            raise ProtocolError(Fault.SILENCE, f"nothing heard for {self.timeouts.silence:g} s")

    def _flush(self) -> None:
        while self._outbox and self.sock is not None:
            try:
                sent = self.sock.send(self._outbox)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as error:
                self.close()
                self.broken = f"the connection failed: {error}"
                return
            del self._outbox[:sent]
            self._last_sent = self._now()
        if len(self._outbox) > MAX_QUEUED_BYTES:
            self.close()
            self.broken = "the other side stopped reading"

    def flush_and_close(self) -> None:
        """Send what is queued if the socket takes it now (a last error or bye), then close."""
        if self.sock is not None and self._outbox:
            try:
                self.sock.send(self._outbox)
            except OSError:
                pass  # the peer is gone already: nothing more to tell it
        self.close()

    def close(self) -> None:
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def _peer_text(sock: socket.socket) -> str:
    try:
        address = sock.getpeername()
    except OSError:
        return "?"
    return f"{address[0]}:{address[1]}"
