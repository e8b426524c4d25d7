"""One side's view of a networked game: whose turn it is, what the peer may send now, and the questions between the players.

The rules are game.model's Game (which asks game.rules): every move and opening choice,
ours or the peer's, goes through `Game.play` / `Game.choose`, so renju forbidden points
and swap/swap2 decisions are checked the same way on both sides. This module adds what a
game between two machines needs on top: seats, move numbering (`ply`) to catch messages
that crossed, take-back / draw / rematch questions, and clocks with the host as reference.

No sockets here: local actions and received messages go in, messages to send come out in
`outbox` and things the screen should show come out as `Event`s. A rejected local action
raises ActionRefused (nothing is sent); a peer message that breaks the protocol raises
ProtocolError and leaves the game exactly as it was.

Questions. While a side has an open question (take-back, draw, rematch) it may do nothing
but wait, chat or leave; the side asked answers, or declines by simply playing on (its move
is preceded by an automatic "no"). This keeps both boards in step without locks.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

from ..model import Game, GameConfig, Player
from ..rules import IllegalMoveError, Outcome, Point, Reason, Rule, Stone
from ..rules.opening import Choice, OpeningError, OpeningRule, Seat
from .clocks import SessionClocks
from .events import Event, EventKind
from .protocol import Fault, Message, ProtocolError, message

#: The most game numbers a series of rematches may reach (the protocol's limit).
MAX_GAME_NO = 1_000_000
#: Clocks while a player is away. As on chess servers the absent player's clock keeps
#: running (a connection lost is no time-out), so leaving gives no free thinking time; when
#: it runs out the game ends on time. The player who stayed may also claim the game once the
#: other has been away CLAIM_GRACE_SECONDS (the host decides: its clock is the reference).
CLAIM_GRACE_SECONDS = 60.0


class ActionRefused(ValueError):
    """A local action not allowed now (not your turn, no take-backs left, waiting for an answer)."""


class Question(Enum):
    TAKEBACK = "takeback"
    DRAW = "draw"
    REMATCH = "rematch"


@dataclass(frozen=True)
class OpenQuestion:
    """A question waiting for its answer: what, who asked (True: this side), and the ply or game it is about."""

    what: Question
    mine: bool
    at: int


@dataclass(frozen=True)
class NetRules:
    """What the host chose; the guest receives it in `welcome` and cannot change it."""

    rule: Rule = Rule.FREESTYLE
    size: int = 15
    opening: OpeningRule = OpeningRule.FREE
    undo_limit: int | None = 1
    clock_seconds: float | None = None
    forbidden_loses: bool = True

    def __post_init__(self) -> None:
        if self.opening not in (OpeningRule.FREE, OpeningRule.SWAP1, OpeningRule.SWAP2):
            raise ValueError(f"online games use the free, swap1 or swap2 opening, not {self.opening.value!r}")
        GameConfig(rule=self.rule, size=self.size, undo_limit=self.undo_limit, clock_seconds=self.clock_seconds)


class NetSession(SessionClocks):
    """The game between this side (`my_seat`) and the peer, plus the open question and the clocks.

    `is_host` makes this side the clock's reference: only it calls `tick` to charge time and
    declares a fall of the flag (game.net.clocks). `now` is injectable so tests control time.
    """

    def __init__(
        self,
        rules: NetRules,
        my_seat: Seat,
        my_name: str,
        peer_name: str,
        is_host: bool,
        now: Callable[[], float] = time.monotonic,
        game_no: int = 1,
    ) -> None:
        self.rules = rules
        self.my_seat = my_seat
        self.my_name = my_name
        self.peer_name = peer_name
        self.is_host = is_host
        self.game_no = game_no
        self._now = now
        self.game = self._new_game()
        self.question: OpenQuestion | None = None
        self.draw_agreed = False
        self.outbox: list[Message] = []
        self._start_clocks()
        self.abandoned = False  # the game was claimed because the peer stayed away

    def _new_game(self) -> Game:
        first = self.my_name if self.my_seat is Seat.FIRST else self.peer_name
        second = self.peer_name if self.my_seat is Seat.FIRST else self.my_name
        config = GameConfig(
            rule=self.rules.rule,
            size=self.rules.size,
            black=Player.human(first),
            white=Player.human(second),
            undo_limit=self.rules.undo_limit,
            forbidden_loses=self.rules.forbidden_loses,
            clock_seconds=self.rules.clock_seconds,
            opening=self.rules.opening,
        )
        return Game(config, self._now)

    # ----------------------------------------------------------------- reading
    @property
    def ply(self) -> int:
        """Stones plus opening choices so far: the number every play message carries."""
        return self.game.move_count + len(self.game.opening.choices)

    @property
    def peer_seat(self) -> Seat:
        return self.my_seat.other

    def colour_of(self, seat: Seat) -> Stone:
        """The colour `seat` plays (the opener is black until a swap says otherwise)."""
        first = self.game.opening.first_seat_colour()
        return first if seat is Seat.FIRST else first.opponent

    @property
    def my_colour(self) -> Stone:
        return self.colour_of(self.my_seat)

    def seat_to_act(self) -> Seat | None:
        """Whose turn it is: the seat that places the next stone or makes the opening choice."""
        if self.game.is_over:
            return None
        seat = self.game.opening_actor
        if seat is not None:
            return seat
        return Seat.FIRST if self.colour_of(Seat.FIRST) is self.game.to_move else Seat.SECOND

    @property
    def my_turn(self) -> bool:
        return self.seat_to_act() is self.my_seat

    @property
    def waiting_for_answer(self) -> bool:
        return self.question is not None and self.question.mine

    @property
    def asked(self) -> Question | None:
        """The question the peer asks us and we have not answered yet."""
        return self.question.what if self.question is not None and not self.question.mine else None

    # ----------------------------------------------------------------- local actions
    def play(self, point: Point) -> list[Event]:
        """Place our stone at `point`; returns the end of the game if it ends here. Raises
        ActionRefused, or the rules' error for a bad point."""
        self._check_can_act()
        before = self.ply
        self.game.play(point)  # IllegalMoveError / MoveRejectedError leave the game unchanged
        self._decline_open_question(before)
        self._send("move", ply=before, x=point[0], y=point[1])
        return self._after_play()

    def choose(self, choice: Choice) -> list[Event]:
        """Answer the opening rule's colour question. Raises ActionRefused or OpeningError."""
        self._check_can_act()
        before = self.ply
        self.game.choose(choice)
        self._decline_open_question(before)
        self._send("choose", ply=before, choice=choice.value)
        return self._after_play()

    def resign(self) -> list[Event]:
        if self.game.is_over:
            raise ActionRefused("the game is over")
        if self.waiting_for_answer:
            raise ActionRefused("waiting for the other player's answer")
        before = self.ply
        self._decline_open_question(before)
        outcome = self.game.resign(self.my_colour)
        self._send("resign", ply=before)
        return [self._over_event(outcome)]

    def ask_takeback(self) -> None:
        """Ask to take back our last move (and the peer's reply after it), within the host's limits."""
        self._check_can_ask()
        colour = self.my_colour
        if self.takeback_moves(colour) == 0:
            raise ActionRefused("there is no move of yours to take back")
        left = self.game.undos_left[colour]
        if left is not None and left <= 0:
            raise ActionRefused("you have no take-backs left")
        self.question = OpenQuestion(Question.TAKEBACK, True, self.ply)
        self._send("takeback", ply=self.ply, answer="ask")

    def offer_draw(self) -> None:
        self._check_can_ask()
        self.question = OpenQuestion(Question.DRAW, True, self.ply)
        self._send("draw", ply=self.ply, answer="ask")

    def ask_rematch(self) -> None:
        if not self.game.is_over:
            raise ActionRefused("a rematch is offered after the game")
        if self.game_no >= MAX_GAME_NO:
            raise ActionRefused("no more rematches in this series")
        if self.question is not None:
            raise ActionRefused("a question is already open")
        self.question = OpenQuestion(Question.REMATCH, True, self.game_no)
        self._send("rematch", game_no=self.game_no, answer="ask")

    def answer(self, yes: bool) -> list[Event]:
        """Answer the peer's open question; returns what happened (a take-back, the draw, the rematch)."""
        question = self.question
        if question is None or question.mine:
            raise ActionRefused("there is no question to answer")
        self.question = None
        word = "yes" if yes else "no"
        if question.what is Question.REMATCH:
            self._send("rematch", game_no=question.at, answer=word)
            return [self._start_rematch()] if yes else []
        self._send(question.what.value, ply=question.at, answer=word)
        if not yes:
            return []
        if question.what is Question.TAKEBACK:
            return [self._take_back(self.peer_colour)]
        return [self._agree_draw()]

    def chat(self, phrase: str) -> None:
        self._send("chat", phrase=phrase)

    @property
    def peer_colour(self) -> Stone:
        return self.colour_of(self.peer_seat)

    def _check_can_act(self) -> None:
        if self.game.is_over:
            raise ActionRefused("the game is over")
        if self.waiting_for_answer:
            raise ActionRefused("waiting for the other player's answer")
        if not self.my_turn:
            raise ActionRefused("it is the other player's turn")

    def _check_can_ask(self) -> None:
        if self.game.is_over:
            raise ActionRefused("the game is over")
        if self.question is not None:
            raise ActionRefused("a question is already open")

    def _decline_open_question(self, ply: int) -> None:
        """Playing on declines the peer's question about this position."""
        if self.question is not None and not self.question.mine:
            what, at = self.question.what, self.question.at
            self.question = None
            if what is not Question.REMATCH:
                self._send(what.value, ply=at, answer="no")

    # ----------------------------------------------------------------- the peer's messages
    def receive(self, msg: Message) -> list[Event]:
        """Apply one message from the peer. Raises ProtocolError (game unchanged) when it is out
        of order or refused by the rules; see game.net.protocol for what is ignored instead."""
        handler = getattr(self, f"_on_{msg.type}", None)
        if handler is None:
            raise ProtocolError(Fault.OUT_OF_ORDER, f"{msg.type!r} is not expected during a game")
        if self._crossed_the_flag(msg):
            return []
        return handler(msg)

    def _crossed_the_flag(self, msg: Message) -> bool:
        """Host: a move, choice or resignation sent before the guest heard its flag fall (same
        ply) is ignored; the guest takes its move back when the flag arrives (documented race)."""
        result = self.game.result
        return (self.is_host and result is not None and result.reason is Reason.TIMEOUT
                and msg.type in ("move", "choose", "resign") and msg["ply"] == self.ply)

    def _expect_turn(self, msg: Message) -> None:
        if self.game.is_over:
            raise ProtocolError(Fault.OUT_OF_ORDER, f"{msg.type} after the game ended")
        if msg["ply"] != self.ply:
            raise ProtocolError(Fault.OUT_OF_ORDER, f"{msg.type} for ply {msg['ply']}, but the game is at ply {self.ply}")
        if self.seat_to_act() is not self.peer_seat:
            raise ProtocolError(Fault.OUT_OF_ORDER, f"{msg.type} from the peer, but it is our turn")
        if self.question is not None and not self.question.mine:
            raise ProtocolError(Fault.OUT_OF_ORDER, f"{msg.type} while the peer's own question waits for our answer")

    def _on_move(self, msg: Message) -> list[Event]:
        self._expect_turn(msg)
        point = (msg["x"], msg["y"])
        try:
            self.game.play(point)
        except (IllegalMoveError, ValueError) as error:
            raise ProtocolError(Fault.ILLEGAL, f"move {point} refused by the rules: {error}") from None
        self._peer_played_on()
        events = [Event(EventKind.MOVED, {"point": point, "by_peer": True})]
        return events + self._after_play()

    def _on_choose(self, msg: Message) -> list[Event]:
        self._expect_turn(msg)
        choice = Choice(msg["choice"])
        try:
            self.game.choose(choice)
        except (OpeningError, ValueError) as error:
            raise ProtocolError(Fault.ILLEGAL, f"opening choice {choice.value!r} refused: {error}") from None
        self._peer_played_on()
        return [Event(EventKind.CHOSE, {"choice": choice, "by_peer": True})] + self._after_play()

    def _on_resign(self, msg: Message) -> list[Event]:
        if self.game.is_over:
            raise ProtocolError(Fault.OUT_OF_ORDER, "resign after the game ended")
        if msg["ply"] != self.ply:
            raise ProtocolError(Fault.OUT_OF_ORDER, f"resign for ply {msg['ply']}, but the game is at ply {self.ply}")
        self._peer_played_on()
        outcome = self.game.resign(self.peer_colour)
        return [self._over_event(outcome)]

    def _peer_played_on(self) -> None:
        """The peer acted, so our question about the old position is closed (a well-behaved peer
        sent its "no" first; one that did not is treated the same way)."""
        if self.question is not None and self.question.mine:
            self.question = None

    def _on_takeback(self, msg: Message) -> list[Event]:
        return self._on_question(msg, Question.TAKEBACK)

    def _on_draw(self, msg: Message) -> list[Event]:
        return self._on_question(msg, Question.DRAW)

    def _on_question(self, msg: Message, what: Question) -> list[Event]:
        ply, answer = msg["ply"], msg["answer"]
        if answer == "ask":
            if self.question is not None and self.question.mine:
                # both asked at once: ours stands, theirs is declined (documented race)
                self._send(what.value, ply=ply, answer="no")
                return []
            if self.question is not None:
                raise ProtocolError(Fault.OUT_OF_ORDER, f"a second {what.value} question before ours was answered")
            if not self._question_fits(what, ply):
                self._send(what.value, ply=ply, answer="no")
                return []
            self.question = OpenQuestion(what, False, ply)
            return [Event(EventKind.TAKEBACK_ASKED if what is Question.TAKEBACK else EventKind.DRAW_OFFERED)]
        question = self.question
        if question is None or not question.mine or question.what is not what or question.at != ply:
            return []  # an answer to a question no longer open: ignored, as documented
        self.question = None
        if answer == "no":
            return [Event(EventKind.TAKEBACK_DECLINED if what is Question.TAKEBACK else EventKind.DRAW_DECLINED)]
        if what is Question.TAKEBACK:
            return [self._take_back(self.my_colour)]
        return [self._agree_draw()]

    def _question_fits(self, what: Question, ply: int) -> bool:
        if self.game.is_over or ply != self.ply:
            return False
        if what is Question.DRAW:
            return True
        colour = self.peer_colour
        left = self.game.undos_left[colour]
        return self.takeback_moves(colour) > 0 and (left is None or left > 0)

    def _on_rematch(self, msg: Message) -> list[Event]:
        number, answer = msg["game_no"], msg["answer"]
        if answer == "ask":
            if not self.game.is_over or number != self.game_no or (self.question is not None and not self.question.mine):
                raise ProtocolError(Fault.OUT_OF_ORDER, f"rematch asked for game {number} while game {self.game_no} "
                                    f"is {'over' if self.game.is_over else 'running'}")
            if number >= MAX_GAME_NO:
                self._send("rematch", game_no=number, answer="no")
                return []
            if self.question is not None:  # both asked: that is a yes from each
                self.question = None
                self._send("rematch", game_no=number, answer="yes")
                return [self._start_rematch()]
            self.question = OpenQuestion(Question.REMATCH, False, number)
            return [Event(EventKind.REMATCH_ASKED)]
        question = self.question
        if question is None or not question.mine or question.what is not Question.REMATCH or question.at != number:
            return []
        self.question = None
        if answer == "no":
            return [Event(EventKind.REMATCH_DECLINED)]
        return [self._start_rematch()]

    def _on_chat(self, msg: Message) -> list[Event]:
        return [Event(EventKind.CHAT, {"phrase": msg["phrase"], "by_peer": True})]

    # ----------------------------------------------------------------- a player away
    def claim_in(self) -> float | None:
        """Host: seconds until the game may be claimed from the absent peer (0: now; None: not away or over)."""
        if not self.is_host or self.away_since is None or self.game.is_over:
            return None
        return max(0.0, CLAIM_GRACE_SECONDS - (self._now() - self.away_since))

    def claim(self) -> list[Event]:
        """Host: win the game the peer walked away from, after the grace. Raises ActionRefused before it."""
        left = self.claim_in()
        if left is None or left > 0:
            raise ActionRefused("the other player may still come back")
        self.tick()
        if self.game.is_over:  # the flag fell first
            return [self._over_event(self.game.result)]
        self.abandoned = True
        self.question = None
        return [self._over_event(self.game._finish(Outcome(self.my_colour, Reason.RESIGNATION)))]

    # ----------------------------------------------------------------- shared steps
    def _after_play(self) -> list[Event]:
        """After any move or choice: charge the host's clock to the right side and report an end."""
        self._clock_seen_at = self._now()
        if self.is_host and self._clock_mark is not None:
            self._clock_mark = self._now()  # the time up to here was charged by tick before the move
            self._send_clock()
        if self.game.result is not None:
            return [self._over_event(self.game.result)]
        return []

    def takeback_moves(self, colour: Stone) -> int:
        """How many stones a take-back for `colour` removes: its last move and anything after (0: none it may take)."""
        history = self.game.board.history[self.game.opening_locked_moves:]
        for count, move in enumerate(reversed(history), start=1):
            if move.stone is colour:
                return count
        return 0

    def _take_back(self, colour: Stone) -> Event:
        count = self.takeback_moves(colour)
        for _ in range(count):
            self.game.board.pop()
        left = self.game.undos_left[colour]
        if left is not None:
            self.game.undos_left[colour] = left - 1
        self.game.undos_used[colour] += 1
        return Event(EventKind.TAKEBACK_DONE, {"moves": count, "colour": colour})

    def _agree_draw(self) -> Event:
        self.draw_agreed = True
        # the model's one draw reason; `draw_agreed` says it was by agreement (records write a draw either way)
        outcome = self.game._finish(Outcome(None, Reason.BOARD_FULL))
        return self._over_event(outcome)

    def _start_rematch(self) -> Event:
        self.game_no += 1
        self.my_seat = self.my_seat.other  # colours swapped
        self.game = self._new_game()
        self.draw_agreed = False
        self.abandoned = False
        self.question = None
        if self._clock_mark is not None:
            self._clock_mark = self._now()
        self._clock_sent_at = -1e9
        return Event(EventKind.REMATCH_STARTED, {"game_no": self.game_no})

    def _over_event(self, outcome: Outcome) -> Event:
        reason = "agreement" if self.draw_agreed else "abandoned" if self.abandoned else outcome.reason.value
        return Event(EventKind.GAME_OVER, {"winner": outcome.winner, "reason": reason})

    def _send(self, kind: str, **fields: Any) -> None:
        self.outbox.append(message(kind, **fields))

    def take_outbox(self) -> list[Message]:
        taken, self.outbox = self.outbox, []
        return taken
