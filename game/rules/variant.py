"""Rule sets as values: what counts as a win, and whether black has forbidden moves."""

from __future__ import annotations

from enum import Enum

from .stone import Stone


class Rule(Enum):
    """The three rule sets players expect.

    FREESTYLE: five or more in a row wins, for both sides.
    STANDARD:  exactly five wins; an overline (six or more) does not, for both sides.
    RENJU:     white wins with five or more; black only with exactly five, and black's
               overline, double-four and double-three are forbidden.
    """

    FREESTYLE = "freestyle"
    STANDARD = "standard"
    RENJU = "renju"

    def overline_wins(self, stone: Stone) -> bool:
        """Whether a run of six or more counts as a win for `stone` under this rule."""
        if self is Rule.FREESTYLE:
            return True
        if self is Rule.STANDARD:
            return False
        return stone is Stone.WHITE

    def has_forbidden(self, stone: Stone) -> bool:
        """Whether `stone` has forbidden points under this rule (only black, only in renju)."""
        return self is Rule.RENJU and stone is Stone.BLACK

    @property
    def gomocup_code(self) -> int:
        """The Gomocup `INFO rule` bitmask: 0 freestyle, 1 exact five, 4 renju."""
        return {Rule.FREESTYLE: 0, Rule.STANDARD: 1, Rule.RENJU: 4}[self]

    @classmethod
    def from_gomocup(cls, code: int) -> "Rule":
        """Map an `INFO rule` bitmask to a rule set; renju (4) wins over exact five (1)."""
        if code & 4:
            return cls.RENJU
        if code & 1:
            return cls.STANDARD
        return cls.FREESTYLE

    @property
    def label(self) -> str:
        return self.value.capitalize()
