"""Turn a position into a checked puzzle: a win for the side to move, or a defence.

Shared by the generator (build_scripts/make_puzzles.py) and "From your games". Each
candidate goes through the checks the puzzle set promises, and a rejected one is counted
under the check it failed (the `rejected` Counter):

(a) the proof tree replays on the rules board to the five (verify.py; for a defence also
    after every losing move);
(b) a win has exactly one winning first move: every other four or three wins neither by the
    threat searches nor by the full search (judge.py: Master's PVS, whose mate scores are
    proofs), and neither do the full search's own best first moves (its multi-PV list, quiet
    moves included: a second win may start quietly);
    a four after whose block the solution still wins only delays it, and is no rival;
(c) a defence has one to `max_saving` saving moves (after each, no win for the opponent
    within the threat searches' budget) and every losing move has a refutation;
(d) each saving move holds against the full search: a saving move it proves lost becomes a
    rejected move when a proof tree for it is found (else the candidate is rejected), and
    a position where no saving move is left is lost whatever the defender plays: left out;
(e) after each saving move the attacker's score is at most judge.CLEARLY_LOST: the
    defender is not clearly lost by the engine's evaluation either;
(d/e) one ply deeper: after each of the attacker's REPLY_LINES best replies to a saving move
    (the full search's multi-PV list), the defender is neither proven nor clearly lost.

Deterministic: every search is bounded by nodes, never by the clock, and the full search
starts from a fresh table.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, replace

from game.engine import (
    C_BLOCK4_FLEX3, FOUR_CLASSES, THREE_CLASSES, UNPROVEN_THRESHOLD, WIN_THRESHOLD, Clock, Level, Limit, Position, SearchStopped, search,
)
from game.rules import Board, Point

from .judge import CLEARLY_LOST, JUDGE_NODES, judge_after
from .prove import Prover
from .puzzle import Goal, ProofNode, Puzzle
from .rating import difficulty_of, starting_rating
from .verify import ProofError, ProofFacts, board_of, five_points, proof_reach, untouched, verify, verify_win

log = logging.getLogger(__name__)

#: Threat-search nodes for finding a win and building its tree, and for each other check.
FIND_NODES = 400_000
CHECK_NODES = 60_000
#: Nodes of the full search for each other four or three of a win puzzle (the defender to move
#: after it). Half of JUDGE_NODES, as there are several: on 40 defences of the old set, 27 of
#: the 29 wins the search proved at 4M nodes it proved within 915k, and the other two it scored
#: above CLEARLY_LOST at 1M, which rejects a rival too.
RIVAL_NODES = 1_000_000
#: The full search's best first moves, besides the fours and threes, that are judged as
#: rivals: a second win can start with a quiet move (issue 55: f0124-39w's j12, r0440-31w's
#: f12; Rapfi found both), and the search's own multi-PV list names the quiet moves it likes.
#: Its first search stops at the first proven win, so the list is from a shallow depth: it
#: is the list of moves worth a deep look, each then judged at QUIET_RIVAL_NODES.
RIVAL_LINES = 6
#: Nodes of the full search after each quiet rival (the defender to move); it rejects the rival
#: when it sees the defender lost (below -UNPROVEN_THRESHOLD, proven or not). f12 of r0440-31w
#: is seen lost at 250k already; 500k keeps a margin.
QUIET_RIVAL_NODES = 500_000
#: The attacker's best replies after a saving move that are each judged (the defender to move,
#: REPLY_NODES each): a second look one ply deeper than the root judge. On the two game-stage
#: renju defences Rapfi found lost (rg0110-14d, rg0121-17d) it rejects rg0121-17d (after i9, the
#: reply l11 is a proven loss, i5 scores -8285); rg0110-14d's f6 loses to a 45-ply attack that
#: the full search does not see even at 16M nodes (it scores the attacker -1196 there).
REPLY_LINES = 4
REPLY_NODES = 1_000_000
#: Budget and depth of threes for a proof tree after a saving move the full search proved lost.
DEEP_FIND_NODES = 1_000_000
DEEP_VCT_DEPTH = 5
#: A defence puzzle keeps at most this many saving moves.
MAX_SAVING = 3


@dataclass(frozen=True)
class Judging:
    """The full search's budgets for checks (d) and (e): the generator's by default; the
    player's own games (from_games.py, in the engine worker) pass a smaller one."""

    nodes: int = JUDGE_NODES
    reply_lines: int = REPLY_LINES
    reply_nodes: int = REPLY_NODES


#: The bundled set's budgets (about 5 s for a defence with one saving move, one core).
FULL = Judging()


def win_puzzle(board: Board, ident: str, rejected: Counter, unique: bool = True, stop=None) -> Puzzle | None:
    """A checked win puzzle for the side to move, or None (no win found, or a check failed).
    `unique` False skips check (b): a player's own missed win is worth practising anyway."""
    side = int(board.to_move)
    prover = Prover.on(board, nodes=FIND_NODES, stop=stop)
    found = prover.find(side)
    if found is None:
        return None
    if found.tree.depth() < 2:
        rejected["too easy (one move)"] += 1
        return None
    engine = prover.engine
    root = prover.cell(found.tree.move)
    others = set()
    for cls in FOUR_CLASSES + THREE_CLASSES:
        others.update(engine.by_class[side][cls])
    others.discard(root)
    for cell in sorted(others) if unique else ():
        if Prover(engine, Clock(None, CHECK_NODES, stop)).wins_with(side, cell):
            rejected["(b) another first move wins"] += 1
            return None
    if unique and not _only_win(board, engine.point(root), sorted(engine.point(c) for c in others), rejected, stop):
        return None
    goal = Goal.WIN_BY_FOURS if found.threes == 0 else Goal.WIN
    puzzle = Puzzle(ident, board.rule, board.to_move, goal, tuple(board.moves), found.tree, (found.tree.move,), "vcf", 1500, 3)
    try:
        facts = verify(puzzle)
    except ProofError as error:
        rejected["(a) proof check failed"] += 1
        log.info("rejected %s: %s", ident, error)
        return None
    if facts.forbidden_block:
        theme = "forbidden-point"
    elif engine.packed[side][root] & 15 == C_BLOCK4_FLEX3 and facts.attacker_moves <= 3:
        theme = "four-three"
    else:
        theme = "vcf" if goal is Goal.WIN_BY_FOURS else "vct"
    made = Puzzle(ident, board.rule, board.to_move, goal, tuple(board.moves), found.tree, (found.tree.move,), theme, 1500, 3)
    return rated(made, facts, found.nodes)


def defence_puzzle(board: Board, ident: str, rejected: Counter, max_saving: int = MAX_SAVING,
                   plain_blocks: bool = False, stop=None, judging: Judging = FULL) -> Puzzle | None:
    """A checked defence puzzle for the side to move, or None: the opponent would win if it
    passed, it has no four of its own (a four only delays), and 1..max_saving moves save it.

    A threat the opponent completes in one move (an open three) with more than one block
    that holds is only a puzzle with `plain_blocks` (the player's own games): in the bundled
    set it would be the most common and the least instructive kind."""
    player = board.to_move
    opponent = player.opponent
    prover = Prover.on(board, nodes=FIND_NODES, stop=stop)
    engine = prover.engine
    for cls in FOUR_CLASSES:
        if engine.by_class[int(player)][cls]:
            return None  # a four only delays: these positions are not clean defence puzzles
    found = prover.find(int(opponent))
    if found is None:
        return None
    threat = found.tree
    tree_points = threat.points()
    reach = proof_reach(board.rule, opponent)
    plain = threat.depth() == 1
    limit = max_saving if plain_blocks or not plain else 1
    saving, losing = [], []
    # the proof's own points first: the saving moves are usually there, and a second one found early ends the search
    for point in sorted(board.empty_points(), key=lambda p: (p not in tree_points, p[1], p[0])):
        if board.is_forbidden(point, player):
            continue
        if untouched(board, point, tree_points, reach):
            losing.append(point)
            continue
        engine.make(prover.cell(point), int(player))
        try:
            checker = Prover(engine, Clock(None, CHECK_NODES, stop))
            wins = checker.has_win(int(opponent))
        finally:
            engine.unmake()
        if wins is None:
            rejected["(c) a move undecided within the budget"] += 1
            return None
        (losing if wins else saving).append(point)
        if len(saving) > limit:
            reason = f"(c) more than {max_saving} saving moves" if limit == max_saving else "(c) blocks a plain three two ways"
            rejected[reason] += 1
            return None
    if not saving:
        return None  # lost whatever he does: not a puzzle
    saving, deep_losses = _holding(board, saving, rejected, judging, stop)
    if saving is None:
        return None
    refutations = []
    for point in losing:
        if untouched(board, point, tree_points, reach):
            continue  # the solution still wins there: verify() says why
        board.push(point, player)
        try:
            verify_win(board, opponent, threat)
        except ProofError:
            engine.make(prover.cell(point), int(player))
            try:
                own = Prover(engine, Clock(None, FIND_NODES, stop)).find(int(opponent))
            finally:
                engine.unmake()
            if own is None:
                rejected["(c) a losing move without a refutation"] += 1
                return None
            refutations.append((point, own.tree))
        finally:
            board.pop()
    for point in deep_losses:
        tree = _deep_refutation(board, point, prover.engine)
        if tree is None:
            rejected["(d) a saving move loses to the full search, with no proof tree"] += 1
            return None
        refutations.append((point, tree))
    puzzle = Puzzle(ident, board.rule, player, Goal.DEFEND, tuple(board.moves), threat, tuple(saving), "defence", 1500, 3,
                    tuple(refutations))
    try:
        facts = verify(puzzle, every_losing_move=True)
    except ProofError as error:
        rejected["(a/c) defence proof check failed"] += 1
        log.info("rejected %s: %s", ident, error)
        return None
    return rated(puzzle, facts, found.nodes)


def _only_win(board: Board, root: Point, others: list[Point], rejected: Counter, stop=None) -> bool:
    """Check (b) with the full search: no other four or three is a proven win or leaves the
    defender clearly lost, and none of the search's own best first moves (RIVAL_LINES of
    them, quiet ones too) is a win it proves or sees (a quiet move is judged by a seen loss
    only: after a strong quiet move a defender may be far behind and still hold)."""
    side = board.to_move
    first = search(Position.from_board(board), Limit(nodes=JUDGE_NODES), Level.MASTER, seed=0, multipv=RIVAL_LINES,
                   stop=stop)
    for candidate in first.candidates:
        if candidate.move != root and candidate.score > WIN_THRESHOLD and not _delays(board, candidate.move, root):
            rejected["(b) the full search wins with another first move"] += 1
            return False
    tactical = set(others)
    quiet = [c.move for c in first.candidates if c.move != root and c.move not in tactical]
    for point in sorted(tactical) + quiet:
        verdict = judge_after(board, point, side, RIVAL_NODES if point in tactical else QUIET_RIVAL_NODES, stop)
        if point not in tactical:
            if verdict.score < -UNPROVEN_THRESHOLD:
                rejected["(b) a quiet first move wins by the full search"] += 1
                return False
            continue
        if (verdict.loses or verdict.score < -CLEARLY_LOST) and _delays(board, point, root):
            continue
        if verdict.loses:
            rejected["(b) another first move wins by the full search"] += 1
            return False
        if verdict.score < -CLEARLY_LOST:
            rejected["(b) another first move leaves the defender clearly lost (evaluation)"] += 1
            return False
    return True


def _delays(board: Board, point: Point, root: Point) -> bool:
    """Whether the four `point` only delays the solution: after it and its block, `root`
    still wins (the threat searches). A delaying four is no second solution."""
    side = board.to_move
    board.push(point, side)
    try:
        blocks = five_points(board, side)
        if len(blocks) != 1 or board.is_forbidden(next(iter(blocks)), side.opponent):
            return False  # not a four, or one that wins by itself
        board.push(next(iter(blocks)), side.opponent)
        try:
            prover = Prover.on(board, nodes=FIND_NODES)
            return prover.wins_with(int(side), prover.cell(root))
        finally:
            board.pop()
    finally:
        board.pop()


def _holding(board: Board, saving: list[Point], rejected: Counter, judging: Judging = FULL,
             stop=None) -> tuple[list[Point] | None, list[Point]]:
    """Checks (d) and (e): the saving moves that hold against the full search, and those it
    proves lost (they need a proof tree to be rejected moves); None when none holds or one
    leaves the defender clearly lost without a proof. A move that holds at the root is also
    judged one attacker move deeper (_holds_after_replies)."""
    held, lost = [], []
    for point in saving:
        verdict = judge_after(board, point, board.to_move, judging.nodes, stop)
        if verdict.wins:
            lost.append(point)
        elif verdict.score > CLEARLY_LOST:
            rejected["(e) clearly lost after a saving move (evaluation)"] += 1
            return None, []
        elif not _holds_after_replies(board, point, rejected, judging, stop):
            return None, []
        else:
            held.append(point)
    if not held:
        rejected["(d) lost whatever the defender plays (full search)"] += 1
        return None, []
    return held, lost


def _holds_after_replies(board: Board, point: Point, rejected: Counter, judging: Judging = FULL, stop=None) -> bool:
    """Whether the saving move `point` still holds when the attacker's best replies (REPLY_LINES)
    (the full search's multi-PV list) are each judged with the defender to move: one ply
    deeper than the root judge, where a deep attack shows (issue 55: rg0121-17d's i9 held at
    2M nodes, but after the reply l11 the defender is proven lost, after i5 clearly lost)."""
    player = board.to_move
    board.push(point, player)
    try:
        replies = search(Position.from_board(board), Limit(nodes=judging.nodes), Level.MASTER, seed=0,
                         multipv=judging.reply_lines, stop=stop).candidates if judging.reply_lines else ()
        for reply in replies:
            verdict = judge_after(board, reply.move, player.opponent, judging.reply_nodes, stop)
            if verdict.loses:
                rejected["(d) a saving move loses one reply deeper (full search)"] += 1
                return False
            if verdict.score < -CLEARLY_LOST:
                rejected["(e) clearly lost one reply after a saving move (evaluation)"] += 1
                return False
        return True
    finally:
        board.pop()


def _deep_refutation(board: Board, point: Point, engine) -> ProofNode | None:
    """A proof tree for the opponent after the player's `point`, which the full search
    proved lost: the threat searches given DEEP_FIND_NODES and deeper threes."""
    player = board.to_move
    board.push(point, player)
    try:
        found = Prover.on(board, nodes=DEEP_FIND_NODES, vct_depth=DEEP_VCT_DEPTH).find(int(player.opponent))
    finally:
        board.pop()
    if found is None:
        return None
    board.push(point, player)
    try:
        verify_win(board, player.opponent, found.tree)
    except ProofError:
        return None
    finally:
        board.pop()
    return found.tree


def rated(puzzle: Puzzle, facts: ProofFacts, search_nodes: int) -> Puzzle:
    """The puzzle with its starting rating and difficulty (see rating.py)."""
    saving = len(puzzle.accepted) if puzzle.goal is Goal.DEFEND else 1
    rating = starting_rating(puzzle.goal, facts.attacker_moves, facts.nodes, search_nodes, saving)
    return replace(puzzle, rating=rating, difficulty=difficulty_of(rating))


def search_effort(board: Board, attacker: int) -> int:
    """Threat-search nodes the engine spends finding the attacker's first move (as `find` counts them)."""
    prover = Prover.on(board, nodes=FIND_NODES)
    try:
        prover.first_move(attacker)
    except SearchStopped:
        pass
    return prover.clock.nodes


def rerate(puzzle: Puzzle) -> Puzzle:
    """The rating the generator would give this puzzle now (after the formula changed).
    Raises ProofError if its proof no longer holds."""
    facts = verify(puzzle)
    return rated(puzzle, facts, search_effort(board_of(puzzle), int(puzzle.attacker)))
