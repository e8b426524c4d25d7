"""Turn a position into a checked puzzle: a win for the side to move, or a defence.

Shared by the generator (build_scripts/make_puzzles.py) and "From your games". Each
candidate goes through the checks the puzzle set promises, and a rejected one is counted
under the check it failed (the `rejected` Counter):

(a) the proof tree replays on the rules board to the five (verify.py; for a defence also
    after every losing move);
(b) a win has exactly one winning first move: every other four or three is tried with the
    same budget, and a rival is allowed only when its proof is MUCH_LONGER moves longer;
(c) a defence has one to `max_saving` saving moves (after each, no win for the opponent
    within the budget) and every losing move has a refutation.

Deterministic: every search is bounded by nodes, never by the clock.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import replace

from game.engine import C_BLOCK4_FLEX3, FOUR_CLASSES, THREE_CLASSES, Clock, SearchStopped
from game.rules import Board

from .prove import Prover
from .puzzle import Goal, Puzzle
from .rating import difficulty_of, starting_rating
from .verify import ProofError, ProofFacts, board_of, proof_reach, untouched, verify, verify_win

log = logging.getLogger(__name__)

#: Threat-search nodes for finding a win and building its tree, and for each other check.
FIND_NODES = 400_000
CHECK_NODES = 60_000
#: Another winning first move is allowed when its proof is at least this many attacker
#: moves longer than the solution's ("other moves do not win, or need a much longer proof").
MUCH_LONGER = 2
#: A defence puzzle keeps at most this many saving moves.
MAX_SAVING = 3


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
        checker = Prover(engine, Clock(None, CHECK_NODES, stop))
        if checker.wins_with(side, cell):
            longer = checker.proof_depth_after(side, cell)
            if longer is None or longer < found.tree.depth() + MUCH_LONGER:
                rejected["(b) another first move wins"] += 1
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
                   plain_blocks: bool = False, stop=None) -> Puzzle | None:
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
    puzzle = Puzzle(ident, board.rule, player, Goal.DEFEND, tuple(board.moves), threat, tuple(saving), "defence", 1500, 3,
                    tuple(refutations))
    try:
        facts = verify(puzzle, every_losing_move=True)
    except ProofError as error:
        rejected["(a/c) defence proof check failed"] += 1
        log.info("rejected %s: %s", ident, error)
        return None
    return rated(puzzle, facts, found.nodes)


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
