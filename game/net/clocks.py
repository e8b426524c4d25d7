"""The clocks of a game between two machines: the host's is the reference, the guest's only shows it.

The host charges the time (`tick`), sends its clocks at least every CLOCK_SEND_SECONDS and
declares a fallen flag; the guest counts down from the host's last word for display and takes
the host's word whenever it comes. While a connection is lost the clock of the side to move
keeps running, as on chess servers, so leaving gives no free thinking time.

Mixed into game.net.session.NetSession, whose game, seats and outbox these methods read;
kept apart so that the session's module holds the moves and questions, this one the time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..rules import Outcome, Reason, Stone
from ..rules.opening import Seat
from .events import Event, EventKind
from .protocol import Fault, Message, ProtocolError

if TYPE_CHECKING:
    from ..model import Game

#: The host sends the reference clock at least this often while a game with clocks runs.
CLOCK_SEND_SECONDS = 1.0


class SessionClocks:
    """The clock half of NetSession (see the module's docstring)."""

    game: Game
    is_host: bool
    _now: Callable[[], float]

    def _start_clocks(self) -> None:
        self._clock_mark: float | None = None  # host: when time was last charged (None: paused)
        self._clock_sent_at = -1e9
        self._clock_seen_at = self._now()  # guest: when the last reference clock arrived
        self._display_frozen = False  # guest: we left, the shown clock stands still
        self.away_since: float | None = None  # when the connection to the peer was lost (None: connected)

    def clock_left(self, colour: Stone) -> float | None:
        """Seconds left for `colour`; on the guest, counted down from the host's last word for display only."""
        clocks = self.game.clock_left
        if clocks is None:
            return None
        left = clocks[colour]
        if not self.is_host and not self._display_frozen and not self.game.is_over and self._running_colour() is colour:
            left -= max(0.0, self._now() - self._clock_seen_at)
        elif self.is_host and self._clock_mark is not None and self._running_colour() is colour:
            left -= max(0.0, self._now() - self._clock_mark)
        return max(0.0, left)

    def _running_colour(self) -> Stone | None:
        seat = self.seat_to_act()
        if seat is None:
            return None
        actor = self.game.opening_actor  # in a swap opening the deciding seat's clock runs (as Game does)
        if actor is not None:
            return Stone.BLACK if actor is Seat.FIRST else Stone.WHITE
        return self.game.to_move

    def _on_clock(self, msg: Message) -> list[Event]:
        if self.is_host:
            raise ProtocolError(Fault.OUT_OF_ORDER, "the guest sent a clock; the host's clock is the reference")
        if self.game.clock_left is None or msg["ply"] != self.ply or self.game.is_over:
            return []  # no clocks in this game, or crossed with a move: the next one will do
        limit = self.rules.clock_seconds or 0.0
        if msg["black"] > limit + 0.001 or msg["white"] > limit + 0.001:
            raise ProtocolError(Fault.BAD_FIELD, f"clock: more than the game's {limit:g} s per side")
        self.game.clock_left = {Stone.BLACK: float(msg["black"]), Stone.WHITE: float(msg["white"])}
        self._clock_seen_at = self._now()
        return [Event(EventKind.CLOCK)]

    def _on_flag(self, msg: Message) -> list[Event]:
        if self.is_host:
            raise ProtocolError(Fault.OUT_OF_ORDER, "the guest sent a flag; the host's clock is the reference")
        if self.game.clock_left is None:
            raise ProtocolError(Fault.OUT_OF_ORDER, "a flag in a game without clocks")
        history = self.game.board.history
        if msg["ply"] == self.ply - 1 and history and history[-1].stone is self.my_colour:
            # our last move crossed the flag on the way: the host never played it, so neither do we
            self.game.board.pop()
            self.game.result, self.game.finished_at = None, None
        if self.game.is_over:
            return []
        loser = Stone.BLACK if msg["loser"] == "black" else Stone.WHITE
        self.question = None
        self.game.clock_left[loser] = 0.0
        outcome = self.game._finish(Outcome(loser.opponent, Reason.TIMEOUT))
        return [self._over_event(outcome)]

    def peer_went_away(self) -> None:
        """The connection dropped: the clock keeps running (the host's `tick` goes on charging
        the side to move; the guest's shown countdown goes on too, corrected on resuming)."""
        if self.away_since is None:
            self.away_since = self._now()

    def peer_came_back(self) -> None:
        self.away_since = None
        self._display_frozen = False
        self._clock_seen_at = self._now()

    # ----------------------------------------------------------------- the host's clock
    def start_clock(self) -> None:
        """Host: start (or resume after a dropped connection) charging time to the side to act."""
        if self.is_host and self._clock_mark is None:
            self._clock_mark = self._now()

    def pause_clock(self) -> None:
        """Stop the clock (the connection dropped; nobody should lose time waiting). On the
        guest this freezes the shown countdown; the host's word on resuming replaces it."""
        if not self.is_host:
            running = self._running_colour()
            if self.game.clock_left is not None and running is not None and not self._display_frozen:
                self.game.clock_left[running] = self.clock_left(running)
            self._display_frozen = True
            return
        self.tick()
        self._clock_mark = None

    def tick(self) -> list[Event]:
        """Host: charge the time since the last tick; a fallen flag ends the game and is sent."""
        if not self.is_host or self.game.clock_left is None or self._clock_mark is None:
            return []
        now = self._now()
        elapsed, self._clock_mark = now - self._clock_mark, now
        if self.game.is_over:
            return []
        self.game.advance_clock(elapsed)
        if self.game.is_over:
            loser = self.game.result.winner.opponent
            self.question = None
            self._send("flag", ply=self.ply, loser=loser.name.lower())
            return [self._over_event(self.game.result)]
        if now - self._clock_sent_at >= CLOCK_SEND_SECONDS:
            self._send_clock()
        return []

    def _send_clock(self) -> None:
        clocks = self.game.clock_left
        if not self.is_host or clocks is None or self.game.is_over:
            return
        self._clock_sent_at = self._now()
        self._send("clock", ply=self.ply, black=round(clocks[Stone.BLACK], 3), white=round(clocks[Stone.WHITE], 3))
