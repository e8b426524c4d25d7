"""One try at a puzzle: the player's moves, the computer's answers from the proof, the verdict.

No pygame: the puzzle screen shows an Attempt and feeds it clicks; tests drive it directly.
The computer's moves are queued in `pending` and played one at a time by `advance`, so the
screen can pace them. The defender answers with its strongest reply in the proof (the one
whose branch is longest); a wrong move is answered by the refutation: for a defence the
stored proof, for a win the opponent's own forced win if he has one, else the key point
taken from the player.

A move off the proof needs a search (is it another win? what refutes it?). An Attempt made
with `deferred=True` does not run it: it waits in Phase.CHECKING with the search as its
`question`, and the puzzle screen has the engine worker run `answer_question` and hands the
result to `answer`, so the window never searches. Otherwise (tests, tools) it is run at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.records.notation import point_to_notation
from game.rules import Board, Point, Rule, Stone

from .prove import Prover
from .puzzle import Goal, ProofNode, Puzzle
from .verify import ProofError, board_of, double_threats, five_points, makes_two_fives, verify_win

#: Threat-search nodes for finding the opponent's win after a wrong move (a fraction of a second in C).
REFUTE_NODES = 150_000
#: A line longer than this is cut (a proof never needs it on 15x15).
MAX_LINE = 80


class Phase(Enum):
    PLAYING = "playing"      # the player to move
    ANSWERING = "answering"  # the computer's reply is queued
    CHECKING = "checking"    # a move off the proof waits for its search (`Attempt.question`)
    SOLVED = "solved"
    FAILED = "failed"        # a wrong move; the refutation is played out
    SHOWN = "shown"          # "Show solution" plays the line out


@dataclass(frozen=True)
class Question:
    """The search a move off the proof waits for: the position before it, whose move, and the move."""

    size: int
    rule: Rule
    stones: tuple[tuple[Point, Stone], ...]
    player: Stone
    point: Point


@dataclass(frozen=True)
class Answer:
    """What the search found: `other`, a checked proof that starts with the move (it wins another
    way), else `counter`, the opponent's own forced win after it (None: none within the budget)."""

    other: ProofNode | None
    counter: ProofNode | None


def answer_question(question: Question, stop=None) -> Answer:
    """Run a Question's search (up to 2 x REFUTE_NODES threat-search nodes). Module-level and plain
    data in and out, so the engine worker can run it as a task; `stop` ends it early."""
    board = Board(question.size, question.rule)
    for point, stone in question.stones:
        board.push(point, stone)
    player = question.player
    prover = Prover.on(board, nodes=REFUTE_NODES, stop=stop)
    tree = prover.tree_after(int(player), prover.cell(question.point))
    if tree is not None:
        try:
            verify_win(board, player, tree)
            return Answer(tree, None)
        except ProofError:
            pass
    board.push(question.point, player)
    found = Prover.on(board, nodes=REFUTE_NODES, stop=stop).find(int(player.opponent))
    return Answer(None, None if found is None else found.tree)


class Attempt:
    """The state of one puzzle on the board. `note` is a message key for the screen, with
    `note_values`; `result` is the first verdict (True solved, False failed), which is the
    one that is rated: a hint or the solution shown counts as failed. `deferred`: see the
    module's docstring."""

    def __init__(self, puzzle: Puzzle, deferred: bool = False) -> None:
        self.puzzle = puzzle
        self.deferred = deferred
        self.result: bool | None = None
        self.hints_used = 0
        self.reset()

    # ------------------------------------------------------------ reading
    @property
    def player(self) -> Stone:
        return self.puzzle.to_move

    @property
    def finished(self) -> bool:
        return self.phase in (Phase.SOLVED, Phase.FAILED, Phase.SHOWN) and not self.pending

    def expected(self) -> Point | None:
        """The move the proof wants now (a win's next attacker move, a defence's first saving move)."""
        if self.phase is not Phase.PLAYING:
            return None
        if self.puzzle.goal is Goal.DEFEND:
            return self.puzzle.accepted[0]
        return self.node.move if self.node is not None else None

    def hint_area(self) -> tuple[Point, Point] | None:
        """The first hint: a 4x4 square (top-left, bottom-right) holding the move, placed so
        the move is not always in the same corner of it."""
        move = self.expected()
        if move is None:
            return None
        size = self.puzzle.size
        shift = sum(map(ord, self.puzzle.id)) + len(self.board.history)
        left = min(max(0, move[0] - shift % 4), size - 4)
        top = min(max(0, move[1] - (shift // 4) % 4), size - 4)
        return (left, top), (left + 3, top + 3)

    # ------------------------------------------------------------ actions
    def reset(self) -> None:
        """Back to the puzzle's position (Retry). The rated result stays."""
        self.board: Board = board_of(self.puzzle)
        self.start_moves = len(self.board.history)
        self.node: ProofNode | None = self.puzzle.solution if self.puzzle.goal.is_win else None
        self.pending: list[tuple[Point, Stone]] = []
        self.question: Question | None = None
        self.phase = Phase.PLAYING
        self.hint_level = 0
        self.wrong: Point | None = None
        self.note = "puzzles.your_move"
        self.note_values: dict[str, str] = {}

    def hint(self) -> int:
        """Show more: 1 the area, 2 the move. Using one means the puzzle counts as failed."""
        if self.phase is Phase.PLAYING and self.hint_level < 2:
            self.hint_level += 1
            self.hints_used += 1
            self._rate(False)
        return self.hint_level

    def show_solution(self) -> None:
        """Play the proof's line from the puzzle's position (a defence: the saving move)."""
        self._rate(False)
        self.reset()
        self.phase = Phase.SHOWN
        if self.puzzle.goal is Goal.DEFEND:
            self.pending = [(self.puzzle.accepted[0], self.player)]
            self.note = "puzzles.shown_defence"
            self.note_values = {"moves": self._names(self.puzzle.accepted)}
        else:
            self.pending = proof_line(self.board, self.player, self.puzzle.solution)
            self.note = "puzzles.shown_win"

    def play(self, point: Point) -> bool:
        """The player's move; False (nothing happens) when it is not the player's turn or the point is taken."""
        if self.phase is not Phase.PLAYING or not self.board.is_empty(point):
            return False
        player, board = self.player, self.board
        if board.is_forbidden(point, player) and not board.is_winning_move(point, player):
            board.push(point, player)
            self._fail(point, "puzzles.forbidden", [])
            return True
        if self.puzzle.goal is Goal.DEFEND:
            self._play_defence(point)
        else:
            self._play_attack(point)
        return True

    def advance(self) -> tuple[Point, Stone] | None:
        """Play the next queued computer move; returns it (None when nothing was queued)."""
        if not self.pending:
            return None
        point, stone = self.pending.pop(0)
        self.board.push(point, stone)
        if not self.pending and self.phase is Phase.ANSWERING:
            self.phase = Phase.PLAYING
            self._prepare_node()
        return point, stone

    # ------------------------------------------------------------ the rules of a try
    def _play_defence(self, point: Point) -> None:
        self.board.push(point, self.player)
        if point in self.puzzle.accepted:
            self.phase = Phase.SOLVED
            self.note = "puzzles.defended"
            self._rate(True)
            return
        tree = self.puzzle.refutation_of(point)
        self._fail(point, "puzzles.wrong_defence", proof_line(self.board, self.player.opponent, tree))

    def _play_attack(self, point: Point) -> None:
        board, player = self.board, self.player
        node = self.node
        if board.is_winning_move(point, player):
            board.push(point, player)
            self._solve("puzzles.solved")
            return
        at_start = len(board.history) == self.start_moves
        follows = node is not None and point == node.move
        equivalent = node is not None and not node.replies and makes_two_fives(board, player, point)
        if not (follows or equivalent or (at_start and point in self.puzzle.accepted)):
            stones = tuple((move.point, move.stone) for move in board.history)
            self.question = Question(board.size, board.rule, stones, player, point)
            self.phase = Phase.CHECKING
            self.note = "puzzles.checking"
            if not self.deferred:
                self.answer(answer_question(self.question))
            return
        self._attack_on(point, node, follows, equivalent)

    def answer(self, found: Answer) -> None:
        """The search's answer to `question`: follow another proof, or fail with the refutation."""
        question = self.question
        if question is None or self.phase is not Phase.CHECKING:
            return
        self.question, self.phase, self.note = None, Phase.PLAYING, "puzzles.your_move"
        point = question.point
        if found.other is not None:  # another way to win: the computer defends against it instead
            self._attack_on(point, found.other, True, False)
            return
        self.board.push(point, self.player)
        note, values, line = self._refute_attack(self.node, found.counter)
        self._fail(point, note, line, **values)

    def _attack_on(self, point: Point, node: ProofNode | None, follows: bool, equivalent: bool) -> None:
        """The player's attacking move that keeps a win: the computer's strongest reply."""
        board, player = self.board, self.player
        if not follows:
            node = ProofNode(point) if equivalent else None  # another accepted first move: it wins too
            if node is None:
                board.push(point, player)
                self._solve("puzzles.also_wins")
                return
        board.push(point, player)
        reply, child = strongest_reply(board, player, node)
        if reply is None:
            self._solve("puzzles.forbidden_block", block=self._name(next(iter(five_points(board, player)))))
            return
        self.node = child
        self.pending = [(reply, player.opponent)]
        self.phase = Phase.ANSWERING

    def _prepare_node(self) -> None:
        """After a reply outside the tree, the attacker's way on: a five, or a move making two."""
        if self.node is None and self.puzzle.goal.is_win:
            self.node = continuation(self.board, self.player)

    def _refute_attack(self, node: ProofNode | None,
                       counter: ProofNode | None) -> tuple[str, dict[str, str], list[tuple[Point, Stone]]]:
        """After a wrong attacking move: the opponent's own win (`counter`) if he has one, else he
        takes the key point. Returns the note, its values and the line to play out."""
        board, defender = self.board, self.player.opponent
        if counter is not None:
            return "puzzles.wrong_counter", {}, proof_line(board, defender, counter)
        if node is not None and board.is_empty(node.move) and not board.is_forbidden(node.move, defender):
            return "puzzles.wrong_key", {"spot": self._name(node.move)}, [(node.move, defender)]
        return "puzzles.wrong_win", {}, []

    def _fail(self, point: Point, note: str, line: list[tuple[Point, Stone]], **values: str) -> None:
        self.wrong = point
        self.phase = Phase.FAILED
        self.note = note
        self.note_values = dict(values, move=self._name(point))
        self.pending = line
        self._rate(False)

    def _solve(self, note: str, **values: str) -> None:
        self.phase = Phase.SOLVED
        self.note = note
        self.note_values = values
        self._rate(True)

    def _rate(self, solved: bool) -> None:
        if self.result is None:
            self.result = solved and self.hints_used == 0

    def _name(self, point: Point) -> str:
        return point_to_notation(point, self.puzzle.size)

    def _names(self, points) -> str:
        return ", ".join(self._name(p) for p in points)


# ----------------------------------------------------------------------------- lines
def strongest_reply(board: Board, attacker: Stone, node: ProofNode) -> tuple[Point | None, ProofNode | None]:
    """The defender's reply after the attacker's `node.move` (already on `board`) and the
    attacker's node after it. The longest listed branch (between equals, the biggest tree,
    then the reply nearest the threat: what a player would try); else the block of a five
    (None for the node: see `continuation`); (None, None) when black may not block."""
    if node.replies:
        x, y = node.move

        def stubbornness(branch: tuple[Point, ProofNode]) -> tuple[int, int, int]:
            (rx, ry), child = branch
            return child.depth(), child.count(), -max(abs(rx - x), abs(ry - y))

        return max(node.replies, key=stubbornness)
    defender = attacker.opponent
    fives = sorted(five_points(board, attacker), key=lambda p: (p[1], p[0]))
    playable = [p for p in fives if not board.is_forbidden(p, defender)]
    if playable:
        return playable[0], None
    return None, None


def continuation(board: Board, attacker: Stone) -> ProofNode | None:
    """A move that wins at once for the attacker to move: a five, else one making two fives."""
    fives = sorted(five_points(board, attacker), key=lambda p: (p[1], p[0]))
    if fives:
        return ProofNode(fives[0])
    recent = [move.point for move in board.history if move.stone is attacker][-3:]
    doubles = double_threats(board, attacker, recent)
    return ProofNode(doubles[0]) if doubles else None


def proof_line(board: Board, attacker: Stone, tree: ProofNode) -> list[tuple[Point, Stone]]:
    """The proof played out from `board` (not changed): attacker moves and the defender's
    strongest replies, to the five (or to a block black may not play)."""
    scratch = board.copy()
    line: list[tuple[Point, Stone]] = []
    node: ProofNode | None = tree
    while node is not None and len(line) < MAX_LINE:
        if not scratch.is_empty(node.move):
            break
        scratch.push(node.move, attacker)
        line.append((node.move, attacker))
        if scratch.outcome() is not None:
            break
        reply, child = strongest_reply(scratch, attacker, node)
        if reply is None:
            break
        scratch.push(reply, attacker.opponent)
        line.append((reply, attacker.opponent))
        node = child if child is not None else continuation(scratch, attacker)
    return line
