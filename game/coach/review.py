"""Review a whole game: analyse every position, then judge every move and prove every tactical mistake.

Each position of the game is analysed once (`analyse` with a time limit: a proof search,
then the engine's search). A move is judged from the two analyses around it: the mover's
chance before (his best play) and after (the opponent to move). Where a side had a proven
forced win, the review says so with the proof (`missed_win`), and where a move let the
opponent force a win, it shows his proof (`allowed_win`), whether the threat searches or the
alpha-beta search proved it (then the proof is the search's line, played out and checked).
A win without such a line is never claimed: a mate score alone counts as a large advantage
(see game.engine.coach.analysis). Moves that follow a correct forced sequence, by the attacker or
by the defender answering it, are never flagged.

No pygame: the window runs this in a background process (`runner.ReviewRunner`), the
command line runs it directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game.engine import (
    UNPROVEN_THRESHOLD, WIN, WIN_THRESHOLD, Analysis, Limit, Position, Proof, StopAt, StopFlag, analyse,
    current_backend, search, wins_after,
)
from game.rules import Board, IllegalMoveError, Point, Rule, Stone

from .classify import MoveClass, classify, move_accuracy

#: Default time per position, chosen so a 60-move game takes under a minute on a 2-core
#: machine (benchmarks/review_speed.py measures it).
DEFAULT_TIME_MS = 1000
#: Time and nodes for checking that a move other than the proof's first still wins (a
#: VCF/VCT check); the node cap usually ends it first, which keeps reviews reproducible.
_KEEPS_WIN_MS = 2000
_KEEPS_WIN_NODES = 300_000
_KEEPS_WIN_NODES_PYTHON = 20_000
#: The proof search gets at least this long per position, however short the time asked:
#: a review must not miss a VCF because it was asked to hurry (it usually ends far sooner).
_PROOF_FLOOR_MS = 150
_PROOF_SHARE = 0.35
#: A position in which the timed analysis saw a forced win or loss (a mate score) but played
#: no line out is analysed once more, bounded by nodes: a busy machine cannot cut that
#: search short, and without a time budget it skips the timed root phases. The check that a
#: move's mover was lost already, before it is blamed for a win it allowed, has the same cap
#: (defend-vct-22's lost position needs about 1,000,000; its lost defences 6,000 to 30,000).
_RETRY_NODES = 1_500_000
_RETRY_NODES_PYTHON = 30_000
#: The retry's wall-clock backstop, and at most this many retries a game.
_RETRY_BACKSTOP_MS = 5000
_RETRIES = 12


@dataclass(frozen=True)
class MoveReview:
    """The verdict on one move. Chances are the mover's, 0..1; scores are the mover's view too."""

    number: int
    point: Point
    stone: Stone
    move_class: MoveClass
    chance_before: float
    chance_after: float
    best_move: Point | None
    best_line: tuple[Point, ...]
    missed_win: Proof | None
    allowed_win: Proof | None
    in_forced_win: bool
    score_before: int = 0
    score_after: int = 0
    forced_role: str = ""       # with in_forced_win: "attack" (the winner's move) or "defence"
    board_size: int = 15        # for writing points in notation

    @property
    def drop(self) -> float:
        return max(0.0, self.chance_before - self.chance_after)

    @property
    def proof(self) -> Proof | None:
        """The proof worth showing for this move: the win it allowed, else the win it missed."""
        return self.allowed_win or self.missed_win


@dataclass(frozen=True)
class PlayerSummary:
    """One side's game in numbers: accuracy 0..100 and how many moves fell in each class."""

    accuracy: float
    counts: dict[MoveClass, int]

    @property
    def moves(self) -> int:
        return sum(self.counts.values())


@dataclass(frozen=True)
class GameReview:
    """A reviewed game. `black_chances[i]` is Black's winning chance after i moves (0 = the start)."""

    size: int
    rule: Rule
    moves: tuple[MoveReview, ...]
    black_chances: tuple[float, ...]
    summaries: dict[Stone, PlayerSummary] = field(default_factory=dict)
    analyst: str = ""           # the external engine that scored the positions; "" for ours
    analyst_note: str = ""      # why the chosen external analyst is not the one used (it failed)

    @property
    def key_moments(self) -> tuple[MoveReview, ...]:
        """The flagged moves, biggest drop first."""
        flagged = [m for m in self.moves if m.move_class.is_flagged]
        return tuple(sorted(flagged, key=lambda m: (-m.drop, m.number)))


class ReviewCancelled(Exception):
    """The stop flag was set before the review finished."""


def positions_of(size: int, rule: Rule, points: list[Point]) -> list[Position]:
    """The position before each move and after the last (len(points) + 1 of them).

    Raises IllegalMoveError naming the move (1-based) the rules refuse.
    """
    board = Board(size, rule)
    positions = [Position.from_board(board)]
    for number, point in enumerate(points, start=1):
        if board.outcome() is not None:
            raise IllegalMoveError(f"move {number} {tuple(point)!r} comes after the game ended")
        try:
            board.push(tuple(point))
        except IllegalMoveError as error:
            raise IllegalMoveError(f"move {number} is illegal: {error}") from error
        positions.append(Position.from_board(board))
    return positions


def proof_time_ms(time_ms: int) -> int:
    """The proof search's time per position for a review at `time_ms` per position."""
    return max(_PROOF_FLOOR_MS, int(time_ms * _PROOF_SHARE))


def review_game(
    size: int,
    rule: Rule,
    points: list[Point],
    time_ms: int = DEFAULT_TIME_MS,
    stop: StopFlag | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    proof_ms: int | None = None,
    analyst: Callable[[Position], Analysis] | None = None,
) -> GameReview:
    """Analyse every position of the game and judge every move (see the module docstring).

    `on_progress(done, total)` is called after each position (total = moves + 1). Raises
    `proof_ms` overrides the time the proof search may take per position (see `analyse`).
    `analyst(position)` replaces the built-in analysis of each position (an external engine:
    coach.external_analyst); it should look for proofs itself.
    Raises ReviewCancelled when `stop` is set, IllegalMoveError for a move the rules refuse.
    """
    positions = positions_of(size, rule, points)
    total = len(positions)
    analyses: list[Analysis] = []
    limit = Limit(time_ms=max(1, time_ms))
    if proof_ms is None:
        proof_ms = proof_time_ms(time_ms)
    if on_progress is not None:
        on_progress(0, total)
    for position in positions:
        if analyst is not None:
            analyses.append(analyst(position))
        else:
            analyses.append(analyse(position, limit, n_best=1, stop=stop, proof_ms=proof_ms))
        if stop is not None and stop.is_set():
            raise ReviewCancelled("the review was cancelled")
        if on_progress is not None:
            on_progress(len(analyses), total)
    _prove_unproven(positions, analyses, stop, proof_ms)
    return judge_game(size, rule, positions, analyses, points, stop)


def _prove_unproven(positions: list[Position], analyses: list[Analysis], stop: StopFlag | None, proof_ms: int) -> None:
    """Analyse again, bounded by nodes, the positions whose analysis saw a forced win or loss
    without playing its line out (see _RETRY_NODES); keep the new analysis where it proves it."""
    retries = 0
    for index, analysis in enumerate(analyses):
        if retries >= _RETRIES:
            return
        if not _unproven_mate(analysis):
            continue
        retries += 1
        limit = Limit(nodes=_proving_nodes())
        again = analyse(positions[index], limit, n_best=1, stop=StopAt(_RETRY_BACKSTOP_MS, stop), proof_ms=proof_ms)
        if stop is not None and stop.is_set():
            raise ReviewCancelled("the review was cancelled")
        if again.win is not None or again.loss is not None:
            analyses[index] = again


def _unproven_mate(analysis: Analysis) -> bool:
    """Whether the analysis saw a mate score for either side but holds no line for it."""
    best = analysis.best
    if analysis.game_over or analysis.win is not None or analysis.loss is not None or best is None:
        return False
    return abs(best.score) > UNPROVEN_THRESHOLD


def judge_game(
    size: int,
    rule: Rule,
    positions: list[Position],
    analyses: list[Analysis],
    points: list[Point],
    stop: StopFlag | None = None,
    keeps_win_ms: int = _KEEPS_WIN_MS,
) -> GameReview:
    """Judge every move from the analyses of the positions around it (pure but for the keeps-win checks)."""
    reviews: list[MoveReview] = []
    attacker_on_move: Stone | None = None  # who is following a proven forced win right now
    for index, point in enumerate(points):
        point = tuple(point)
        before, after = analyses[index], analyses[index + 1]
        position = positions[index]
        mover = position.to_move
        best = before.best
        win = before.win
        # He answers a forced win the review followed, or his position was proven lost
        # (the analysis before his move played the opponent's win out): either way this
        # move cannot give a win away that was not already there.
        defending = attacker_on_move is mover.opponent or before.loss is not None
        in_win = False
        if win is not None:
            in_win = (
                point == win.line[0]
                or _opponent_lost(after)  # a slower win is still a win
                or wins_after(position, point, keeps_win_ms, stop, _keeps_win_nodes())
            )
            in_win = in_win and after.win is None  # a played-out proof against him outranks the checks
        if stop is not None and stop.is_set():
            raise ReviewCancelled("the review was cancelled")
        chance_before, score_before = _mover_view(before)
        chance_after, score_after = _opponent_view(after)
        if in_win:
            chance_before = chance_after = 1.0
            score_after = max(score_after, score_before)
        elif defending:
            chance_before = chance_after = 0.0
        missed = win if win is not None and not in_win else None
        allowed = after.win if after.win is not None and not defending and chance_before > 0.0 else None
        if allowed is not None and missed is None and _already_lost(position, stop):
            # His win was there whatever the mover played (a short analysis had not proven
            # it): the move gave nothing away.
            allowed, defending = None, True
            chance_before = chance_after = 0.0
        if allowed is not None:
            chance_after = 0.0
        drop = max(0.0, chance_before - chance_after)
        engine_choice = best is not None and best.move == point
        move_class = classify(
            drop,
            engine_choice=engine_choice,
            missed_win=missed is not None,
            allowed_win=allowed is not None,
            in_forced_win=in_win or defending,
        )
        best_line = win.line if win is not None else (best.pv if best is not None else ())
        reviews.append(MoveReview(
            number=index + 1,
            point=point,
            stone=mover,
            move_class=move_class,
            chance_before=chance_before,
            chance_after=chance_after,
            best_move=best_line[0] if best_line else None,
            best_line=tuple(best_line),
            missed_win=missed,
            allowed_win=allowed,
            in_forced_win=in_win or defending,
            score_before=score_before,
            score_after=score_after,
            forced_role="attack" if in_win else "defence" if defending else "",
            board_size=size,
        ))
        if in_win:
            attacker_on_move = mover
        elif not defending:
            attacker_on_move = None
    black_chances = [analyses[0].black_chance]
    for review in reviews:
        black_chances.append(review.chance_after if review.stone is Stone.BLACK else 1.0 - review.chance_after)
    return GameReview(size, rule, tuple(reviews), tuple(black_chances), summarise(reviews))


def _already_lost(position: Position, stop: StopFlag | None) -> bool:
    """Whether a proving search shows the side to move in `position` lost whatever it plays
    (bounded by nodes, so that a review is reproducible and the same on a busy machine)."""
    result = search(position, Limit(nodes=_proving_nodes()), stop=StopAt(_RETRY_BACKSTOP_MS, stop), prove=True)
    return result.score < -WIN_THRESHOLD


def _proving_nodes() -> int:
    return _RETRY_NODES if current_backend().fast_threats else _RETRY_NODES_PYTHON


def _keeps_win_nodes() -> int:
    return _KEEPS_WIN_NODES if current_backend().fast_threats else _KEEPS_WIN_NODES_PYTHON


def _opponent_lost(analysis: Analysis) -> bool:
    """Whether the side to move in `analysis` is lost: the game is over, or the search proved
    every move losing and played the opponent's win out (`loss`)."""
    if analysis.game_over:
        return analysis.winner is not None and analysis.winner is not analysis.to_move
    return analysis.loss is not None


def _mover_view(analysis: Analysis) -> tuple[float, int]:
    """(chance, score) of the side to move in `analysis`."""
    if analysis.win is not None:
        return 1.0, WIN - len(analysis.win.line)
    if analysis.loss is not None:
        return 0.0, -(WIN - 1 - len(analysis.loss.line))
    if analysis.game_over:
        return analysis.chance, 0 if analysis.winner is None else (WIN if analysis.winner is analysis.to_move else -WIN)
    best = analysis.best
    return analysis.chance, 0 if best is None else best.score


def _opponent_view(analysis: Analysis) -> tuple[float, int]:
    """(chance, score) of the side that just moved, from the analysis of the position after his move."""
    chance, score = _mover_view(analysis)
    return 1.0 - chance, -score


def summarise(reviews: list[MoveReview]) -> dict[Stone, PlayerSummary]:
    """Accuracy and class counts per side."""
    summaries = {}
    for stone in (Stone.BLACK, Stone.WHITE):
        own = [r for r in reviews if r.stone is stone]
        counts = {cls: sum(1 for r in own if r.move_class is cls) for cls in MoveClass}
        accuracy = sum(move_accuracy(r.drop) for r in own) / len(own) if own else 100.0
        summaries[stone] = PlayerSummary(round(accuracy, 1), counts)
    return summaries
