"""Threat-space search (after Allis): a deep, cheap search for a win by fours and threes.

The exact VCT in `threats` branches on every defence, so it stays a few threes deep. Here
the defender answers a three by taking *all* its cost squares at once (every point on the
three's line that would make it a four), so the tree only branches on the attacker's
threats and follows a sequence of eight or ten threats in a few hundred nodes. Giving the
defender more stones than he gets in a game makes a found line safe to trust, as long as
he cannot answer with a four of his own: in sound mode a three is only played when he has
no four to make (nor gets one from the cost stones), so every line found is a win.

Unsound mode (Allis's own rule) also plays threes against his fours. It finds the plans a
threat-space player will try, but many are not wins: using it to decide which root moves
are safe made Master too passive (30-10 against the threatspace peer, where Master
without any threat-space search scored 65-15 over 80 games), so the engine uses sound
mode both for its own wins and for the opponent's plan that the defence must refute.
"""

from __future__ import annotations

from ...eval import patterns as pt
from ...move_search.clock import Clock
from .state import BLACK, PythonBoard, any_cell

_FOUR_ORDER = (pt.C_BLOCK4_FLEX3, pt.C_BLOCK4_PLUS, pt.C_BLOCK4)
_THREE_ORDER = (pt.C_FLEX3_2X, pt.C_FLEX3_PLUS, pt.C_FLEX3)
_DEFENDER_FOURS = (pt.C_FIVE, pt.C_FLEX4, pt.C_BLOCK4_FLEX3, pt.C_BLOCK4_PLUS, pt.C_BLOCK4)
_COST_PATTERNS = (pt.BLOCK4, pt.FLEX4, pt.FIVE)


class ThreatLine:
    """A winning plan: the attacker's threats in order and every square the defence used."""

    __slots__ = ("threats", "costs")

    def __init__(self, threats: list[int], costs: list[int]) -> None:
        self.threats = threats
        self.costs = costs

    def squares(self) -> set[int]:
        return set(self.threats) | set(self.costs)


class ThreatSpaceSearch:
    """Threat-space search for either colour on one EngineBoard, memoising failures by hash."""

    def __init__(self, board: PythonBoard, clock: Clock, sound: bool = True) -> None:
        self.board = board
        self.clock = clock
        self.renju = board.rule.value == "renju"
        # Position key -> deepest depth that failed (NativeThreatSpaceSearch keeps it in C).
        self._failed: dict[int, int] = {}
        # sound: a three only when the defender has no four to answer with, so a found line
        # wins. Unsound (Allis's own rule) also plays threes against his fours: it finds the
        # plans a threat-space player will try, which is what a defence must look for.
        self.threes_against_fours = not sound

    def find(self, attacker: int, depth: int) -> ThreatLine | None:
        """A winning threat sequence for `attacker` (to move) of at most `depth` threats.

        NativeThreatSpaceSearch runs the same search in C (same order, same memo keys, same
        line and node count), about sixty times faster.
        """
        threats: list[int] = []
        costs: list[int] = []
        if self._search(attacker, depth, None, threats, costs):
            return ThreatLine(threats, costs)
        return None

    # ---------------------------------------------------------------- helpers
    def _defender_has_four(self, defender: int) -> bool:
        sets = self.board.by_class[defender]
        for cls in _DEFENDER_FOURS:
            if sets[cls]:
                return True
        return False

    def _forbidden_for(self, colour: int, cell: int) -> bool:
        return self.renju and colour == BLACK and self.board.packed[BLACK][cell] & 15 == pt.C_FORBIDDEN

    def _three_directions(self, attacker: int, move: int) -> list[int]:
        """Directions in which `move` makes an open three (its own line keys do not change when it is played)."""
        pattern = self.board.pattern
        return [d for d in range(4) if pattern(attacker, move, d) == pt.FLEX3]

    def _cost_squares(self, attacker: int, move: int, direction: int) -> list[int]:
        """After `move` made a three along `direction`: the empty points there that make it a four."""
        board = self.board
        step = board.steps[direction]
        pattern, cells = board.pattern, board.cells
        found = []
        for k in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5):
            cell = move + k * step
            if 0 <= cell < board.length and cells[cell] == 0 and pattern(attacker, cell, direction) in _COST_PATTERNS:
                found.append(cell)
        return found

    # ---------------------------------------------------------------- the search
    def _search(self, attacker: int, depth: int, zone: tuple[int, int] | None, threats: list[int], costs: list[int]) -> bool:
        board = self.board
        self.clock.tick()
        defender = 3 - attacker
        sets = board.by_class[attacker]
        if sets[pt.C_FIVE]:
            threats.append(min(sets[pt.C_FIVE]))
            return True
        their_fives = board.by_class[defender][pt.C_FIVE]
        if their_fives:
            if len(their_fives) > 1:
                return False
            block = any_cell(their_fives)
            if board.packed[attacker][block] & 15 not in pt.FOUR_CLASSES or self._forbidden_for(attacker, block):
                return False  # the forced block is no four: the initiative is lost
            moves = [block]
            allow_threes = False
        else:
            defender_four = self._defender_has_four(defender)
            if sets[pt.C_FLEX4] and not defender_four:
                threats.append(min(sets[pt.C_FLEX4]))
                return True
            if depth <= 0:
                return False
            moves = []
            for cls in _FOUR_ORDER:
                moves.extend(sorted(sets[cls]))
            allow_threes = self.threes_against_fours or not defender_four
            if allow_threes:
                for cls in _THREE_ORDER:
                    moves.extend(sorted(sets[cls]))
            if zone is not None:
                near_last, near_before = board.zones[zone[0]], board.zones[zone[1]]
                moves = [m for m in moves if m in near_last or m in near_before]
        if depth <= 0 or not moves:
            return False
        key = board.hash ^ attacker
        if zone is not None:  # the zone is a set of points: the order of its two cells does not matter
            key ^= (min(zone) << 20 | max(zone) << 4) * 0x9E37_79B1
        if self._failed.get(key, -1) >= depth:
            return False
        for move in moves:
            if self._forbidden_for(attacker, move):
                continue
            mark_threats, mark_costs = len(threats), len(costs)
            threats.append(move)
            if self._after_threat(attacker, move, depth, allow_threes, threats, costs):
                return True
            del threats[mark_threats:]
            del costs[mark_costs:]
        self._failed[key] = depth
        return False

    def _after_threat(self, attacker: int, move: int, depth: int, allow_threes: bool, threats, costs) -> bool:
        """Play `move`, let the defender take his answers, and search on."""
        board = self.board
        defender = 3 - attacker
        board.make(move, attacker)
        try:
            fives = board.by_class[attacker][pt.C_FIVE]
            if len(fives) >= 2:
                return True
            if fives:  # a four: one forced answer
                block = any_cell(fives)
                if self._forbidden_for(defender, block):
                    threats.append(block)
                    return True
                costs.append(block)
                board.make(block, defender)
                try:
                    return self._search(attacker, depth - 1, self._zone(move, threats), threats, costs)
                finally:
                    board.unmake()
            three_dirs = self._three_directions(attacker, move) if allow_threes else []
            if not three_dirs:
                return False  # neither a four nor a three after all
            lines = [[c for c in self._cost_squares(attacker, move, d) if not self._forbidden_for(defender, c)] for d in three_dirs]
            if len(lines) >= 2 and all(self._line_holds(defender, line) for line in lines):
                return True  # two open threes: one stone cannot stop both
            answers = sorted({c for line in lines for c in line})
            if not answers:
                return False
            made = 0
            try:
                for cell in answers:
                    board.make(cell, defender)
                    made += 1
                if board.by_class[defender][pt.C_FIVE]:
                    return False  # the answer is also a four of his: he takes the initiative
                costs.extend(answers)
                return self._search(attacker, depth - 1, self._zone(move, threats), threats, costs)
            finally:
                for _ in range(made):
                    board.unmake()
        finally:
            board.unmake()

    @staticmethod
    def _zone(move: int, threats: list[int]) -> tuple[int, int]:
        """Where the next threat may be: near this threat or the one before it (as two cells)."""
        return move, threats[-2] if len(threats) >= 2 else move

    def _line_holds(self, defender: int, answers: list[int]) -> bool:
        """Whether the defender can answer this three without making a four of his own."""
        board = self.board
        for cell in answers:
            board.make(cell, defender)
            try:
                if board.by_class[defender][pt.C_FIVE]:
                    return False
            finally:
                board.unmake()
        return bool(answers)
