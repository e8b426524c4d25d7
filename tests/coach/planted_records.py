"""Records with a planted ignored defence (issue 32, item 4): the coach's proof check.

A must-defend position of the tactics suite (tests/data/tactics/defend-*.txt) is turned into
a game record, and the side that must defend plays a move far from every stone instead of a
defence, as a player who did not see the threat would. The review must class that move a
mistake or blunder and show the attacker's win as a proof that plays out to five on the
rules board. A record may instead show that the defender was lost before the move (the
review finds the attacker's previous move following a proven win); that passes only when
every accepted defence of the file is shown to lose too, by a proof that plays out, since
then the file's "must defend" position holds no defence. Shared by tests/coach/test_planted_defences.py and benchmarks/coach_planted.py.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path

from game.coach import MoveClass
from game.coach.review import GameReview
from game.engine import Limit, Position, analyse
from game.rules import Board, Point, Rule, Stone

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
from engine_positions import DEFENDED_FILE, Tactic, load_tactics  # noqa: E402

#: The ignoring move keeps at least this Chebyshev distance from every stone, so it shares no
#: five-window with any of them: it is as good as a pass, which the files say loses.
FAR = 5
#: How wide the corner regions are in which the ignoring move is looked for first.
CORNER = 5


class UnplantableError(ValueError):
    """A position that cannot be made into a record (stone counts that do not alternate, or
    no empty point far from the stones); the message names the position."""


@dataclass(frozen=True)
class PlantedRecord:
    """A whole game record, black first, whose last move ignores a must-defend threat."""

    name: str
    group: str                  # "defend", "defend-vct held" or "defend-vct"
    size: int
    rule: Rule
    points: tuple[Point, ...]

    @property
    def ignoring(self) -> Point:
        return self.points[-1]

    def board_after(self) -> Board:
        """The rules board after the ignoring move (the attacker to move)."""
        board = Board(self.size, self.rule)
        for point in self.points:
            board.push(point)
        return board


@dataclass(frozen=True)
class Verdict:
    """What the review said about the ignoring move, and whether that is what it must say."""

    name: str
    group: str
    move_class: MoveClass
    proof_kind: str             # the allowed win's kind ("vcf", "vct", "search"), "" without one
    proof_plies: int
    plays_out: bool
    lost_before: bool = False           # the review: the defender was lost before this move
    defences_lose: bool | None = None   # every accepted defence loses too (checked when lost_before)

    @property
    def classed(self) -> bool:
        return self.move_class in (MoveClass.MISTAKE, MoveClass.BLUNDER)

    @property
    def proven(self) -> bool:
        """Classed mistake or blunder, with an allowed win that plays out to five."""
        return self.classed and self.proof_kind != "" and self.plays_out

    @property
    def ok(self) -> bool:
        return self.proven or (self.lost_before and self.defences_lose is True)

    def failure(self) -> str:
        """Why the check failed, in a few words ("" when it passed)."""
        if self.ok:
            return ""
        if self.lost_before:
            return "the review says lost before the move, but an accepted defence is not shown to lose"
        reasons = []
        if not self.classed:
            reasons.append(f"classed {self.move_class.name.lower()}")
        if not self.proof_kind:
            reasons.append("no allowed_win")
        elif not self.plays_out:
            reasons.append(f"{self.proof_kind} proof of {self.proof_plies} plies does not play out to five")
        return ", ".join(reasons)


def _held_names(path: Path = DEFENDED_FILE) -> set[str]:
    """The defend-vct positions whose defence a second judge (Rapfi) holds with."""
    return {line.split()[0] for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")}


def must_defend_tactics() -> list[tuple[Tactic, str]]:
    """Every must-defend position of the suite with its group, in file order."""
    held = _held_names()
    found = []
    for tactic in load_tactics():
        if tactic.kind == "defend":
            found.append((tactic, "defend"))
        elif tactic.kind == "defend-vct":
            found.append((tactic, "defend-vct held" if tactic.name in held else "defend-vct"))
    return found


def ignoring_move(tactic: Tactic, seed: int = 0) -> Point:
    """A seeded empty point at least FAR from every stone, in a corner region if one has room.

    Raises UnplantableError when no empty point is that far from the stones."""
    size = tactic.position.size
    stones = [(x, y) for x, y, _ in tactic.position.stones]
    far = [
        (x, y) for y in range(size) for x in range(size)
        if all(max(abs(x - sx), abs(y - sy)) >= FAR for sx, sy in stones) and (x, y) not in tactic.accept
    ]
    if not far:
        raise UnplantableError(f"{tactic.name}: no empty point {FAR} or more from every stone")
    cornered = [(x, y) for x, y in far if min(x, size - 1 - x) < CORNER and min(y, size - 1 - y) < CORNER]
    return random.Random(f"{seed}:{tactic.name}").choice(cornered or far)


def planted_record(tactic: Tactic, group: str = "", seed: int = 0) -> PlantedRecord:
    """The position's stones as alternating moves (black first), then the ignoring move.

    Raises UnplantableError when the stone counts do not fit the side to move."""
    position = tactic.position
    blacks = [(x, y) for x, y, colour in position.stones if colour == int(Stone.BLACK)]
    whites = [(x, y) for x, y, colour in position.stones if colour == int(Stone.WHITE)]
    expected_whites = len(blacks) if position.to_move is Stone.BLACK else len(blacks) - 1
    if len(whites) != expected_whites:
        raise UnplantableError(
            f"{tactic.name}: {len(blacks)} black and {len(whites)} white stones with "
            f"{position.to_move.name.lower()} to move cannot be played in turn"
        )
    points: list[Point] = []
    for index, black in enumerate(blacks):
        points.append(black)
        if index < len(whites):
            points.append(whites[index])
    points.append(ignoring_move(tactic, seed))
    return PlantedRecord(tactic.name, group, position.size, position.rule, tuple(points))


def plays_out_to_five(board: Board, attacker: Stone, line) -> bool:
    """Whether `line` (attacker first, alternating) played on a copy of `board` ends in his five."""
    board = board.copy()
    for number, point in enumerate(line):
        if board.outcome() is not None:
            return False
        board.push(tuple(point), attacker if number % 2 == 0 else attacker.opponent)
    outcome = board.outcome()
    return outcome is not None and outcome.winner is attacker


#: A defence the timed analysis does not show lost is analysed again with this many nodes:
#: a node-capped analysis is the same on a busy machine (defend-vct-22's need 6,000 to 30,000).
DEFENCE_NODES = 1_500_000


def defences_lose(tactic: Tactic, time_ms: int, proof_ms: int) -> bool:
    """Whether the attacker has a proven win, played out to five, after every accepted defence
    (by an analysis at `time_ms`, or else by one bounded by DEFENCE_NODES)."""
    mover = tactic.position.to_move
    for defence in sorted(tactic.accept):
        board = tactic.position.to_board()
        board.push(defence, mover)
        position = Position.from_board(board)
        for limit in (Limit(time_ms=time_ms), Limit(nodes=DEFENCE_NODES)):
            win = analyse(position, limit, n_best=1, proof_ms=proof_ms).win
            if win is not None and win.attacker is not mover and plays_out_to_five(board, win.attacker, win.line):
                break
        else:
            return False
    return True


def judge_planted(record: PlantedRecord, review: GameReview, tactic: Tactic | None = None,
                  time_ms: int = 200, proof_ms: int = 3000) -> Verdict:
    """The verdict on the record's last move: its class, its allowed win, and that win played
    out from the position after the move. With `tactic`, a review that finds the defender lost
    before the move is checked against the file's accepted defences (`defences_lose`)."""
    last = review.moves[-1]
    proof = last.allowed_win
    attacker = last.stone.opponent
    plays_out = (
        proof is not None
        and proof.attacker is attacker
        and plays_out_to_five(record.board_after(), attacker, proof.line)
    )
    return Verdict(
        name=record.name,
        group=record.group,
        move_class=last.move_class,
        proof_kind=proof.kind if proof is not None else "",
        proof_plies=len(proof.line) if proof is not None else 0,
        plays_out=plays_out,
        lost_before=last.forced_role == "defence",
        defences_lose=(
            defences_lose(tactic, time_ms, proof_ms)
            if tactic is not None and last.forced_role == "defence" else None
        ),
    )
