"""Opening rules as a small state machine: who places the next stone, who chooses a colour, and when play begins.

Under swap rules the colours are not fixed when the game starts. The player who opens (the
*first* seat, tentatively black) places three stones: black, white, black. Then:

- **Swap1**: the *second* seat chooses to play black or white.
- **Swap2**: the second seat chooses black, white, or to place two more stones (one white,
  one black); after those, the first seat chooses the colour.

Stones always alternate black, white, black, ... so the board's side to move is the
colour of the next stone at every step; what changes is *who* places it. The machine
only reads the number of stones on the board and the choices made so far, so it is
rebuilt exactly from a saved game's choices.

Named openings and the balanced book set their stones up before play (see
`game.rules.named_openings` and `game.rules.opening_book`); for those, and for the free
opening, play begins at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .stone import Stone


class OpeningRule(Enum):
    """How a game begins. The values are the names used in settings, saves and SGF."""

    FREE = "free"  # black plays first, anywhere
    SWAP1 = "swap1"
    SWAP2 = "swap2"
    NAMED = "named"  # one of the 26 renju openings is on the board
    BALANCED = "balanced"  # a few stones from a book of balanced openings

    @property
    def has_choices(self) -> bool:
        return self in (OpeningRule.SWAP1, OpeningRule.SWAP2)


class Seat(Enum):
    """The two players by their place in the opening: FIRST opens (tentative black), SECOND answers."""

    FIRST = "first"
    SECOND = "second"

    @property
    def other(self) -> "Seat":
        return Seat.SECOND if self is Seat.FIRST else Seat.FIRST


class Choice(Enum):
    """What a chooser may answer."""

    BLACK = "black"
    WHITE = "white"
    PLACE_TWO = "place_two"  # swap2 only: place a white and a black stone, the opponent chooses


class Phase(Enum):
    PLACE = "place"  # the actor places the next stone
    CHOOSE = "choose"  # the actor picks one of `options`
    DONE = "done"  # colours are settled; normal play


class OpeningError(ValueError):
    """A choice or a stone the opening rule does not allow now; the message says what it expects."""


#: Stones placed before each decision: the opener's three, and swap2's two more.
OPENING_STONES = 3
SWAP2_EXTRA_STONES = 2


@dataclass
class OpeningState:
    """Where a game is in its opening. `choices` are (seat, choice) in the order made."""

    rule: OpeningRule = OpeningRule.FREE
    choices: list[tuple[Seat, Choice]] = field(default_factory=list)

    # ----------------------------------------------------------------- reading
    def phase(self, stones: int) -> Phase:
        return self._step(stones)[0]

    def actor(self, stones: int) -> Seat | None:
        """Whose decision it is with `stones` on the board (None once play has begun)."""
        return self._step(stones)[1]

    def options(self, stones: int) -> tuple[Choice, ...]:
        """The answers the chooser may give now; empty unless the phase is CHOOSE."""
        phase, _ = self._step(stones)
        if phase is not Phase.CHOOSE:
            return ()
        if self.rule is OpeningRule.SWAP2 and not self.choices:
            return (Choice.BLACK, Choice.WHITE, Choice.PLACE_TWO)
        return (Choice.BLACK, Choice.WHITE)

    def is_done(self, stones: int) -> bool:
        return self.phase(stones) is Phase.DONE

    def first_seat_colour(self) -> Stone:
        """The colour the first seat plays once the choices are made (black until then)."""
        if not self.choices or self.choices[-1][1] is Choice.PLACE_TWO:
            return Stone.BLACK
        seat, choice = self.choices[-1]
        chosen = Stone.BLACK if choice is Choice.BLACK else Stone.WHITE
        return chosen if seat is Seat.FIRST else chosen.opponent

    @property
    def swapped(self) -> bool:
        """Whether the first seat ended up white (the players changed colours)."""
        return self.first_seat_colour() is Stone.WHITE

    def _step(self, stones: int) -> tuple[Phase, Seat | None]:
        if not self.rule.has_choices:
            return Phase.DONE, None
        if stones < OPENING_STONES:
            return Phase.PLACE, Seat.FIRST
        if not self.choices:
            return (Phase.CHOOSE, Seat.SECOND) if stones == OPENING_STONES else (Phase.DONE, None)
        if self.choices[0][1] is not Choice.PLACE_TWO:
            return Phase.DONE, None
        if stones < OPENING_STONES + SWAP2_EXTRA_STONES:
            return Phase.PLACE, Seat.SECOND
        if len(self.choices) == 1:
            return Phase.CHOOSE, Seat.FIRST
        return Phase.DONE, None

    def fits(self, stones: int) -> bool:
        """Whether these choices could have been made in a game that now has `stones` stones."""
        if not self.choices:
            return True
        if not self.rule.has_choices or len(self.choices) > 2:
            return False
        first_seat, first = self.choices[0]
        if first_seat is not Seat.SECOND or (first is Choice.PLACE_TWO and self.rule is not OpeningRule.SWAP2):
            return False
        if len(self.choices) == 2:
            seat, second = self.choices[1]
            if first is not Choice.PLACE_TWO or seat is not Seat.FIRST or second is Choice.PLACE_TWO:
                return False
            return stones >= OPENING_STONES + SWAP2_EXTRA_STONES
        return stones >= OPENING_STONES

    # ----------------------------------------------------------------- changing
    def choose(self, seat: Seat, choice: Choice, stones: int) -> None:
        """Record `seat`'s `choice` with `stones` on the board.

        Raises OpeningError when no choice is due, when it is the other seat's decision, or
        when `choice` is not among the options (e.g. PLACE_TWO under swap1 or twice).
        """
        phase, actor = self._step(stones)
        if phase is not Phase.CHOOSE:
            raise OpeningError(f"no colour choice is due now ({phase.value} phase, {stones} stones)")
        if seat is not actor:
            raise OpeningError(f"it is the {actor.value} player's choice, not the {seat.value} player's")
        if choice not in self.options(stones):
            allowed = ", ".join(option.value for option in self.options(stones))
            raise OpeningError(f"{choice.value!r} is not a choice here; expected one of {allowed}")
        self.choices.append((seat, choice))

    def check_placement(self, seat: Seat, stones: int) -> None:
        """Raise OpeningError unless `seat` may place a stone with `stones` on the board."""
        phase, actor = self._step(stones)
        if phase is Phase.CHOOSE:
            raise OpeningError(f"the {actor.value} player must choose a colour before any stone is placed")
        if phase is Phase.PLACE and seat is not actor:
            raise OpeningError(f"the {actor.value} player places the opening stones now")

    # ----------------------------------------------------------------- saving
    def to_dict(self) -> dict:
        return {"rule": self.rule.value, "choices": [[seat.value, choice.value] for seat, choice in self.choices]}

    @classmethod
    def from_dict(cls, data: object) -> "OpeningState":
        """Read `to_dict` output. Raises OpeningError for anything malformed (the caller replays the choices)."""
        if not isinstance(data, dict):
            raise OpeningError(f"opening must be an object, got {data!r}")
        try:
            rule = OpeningRule(data.get("rule", "free"))
        except ValueError:
            raise OpeningError(f"unknown opening rule {data.get('rule')!r}") from None
        raw = data.get("choices", [])
        if not isinstance(raw, list):
            raise OpeningError(f"opening choices must be a list, got {raw!r}")
        choices = []
        for entry in raw:
            try:
                seat, choice = Seat(entry[0]), Choice(entry[1])
            except (TypeError, ValueError, IndexError, KeyError):
                raise OpeningError(f"malformed opening choice {entry!r}") from None
            choices.append((seat, choice))
        return cls(rule, choices)
