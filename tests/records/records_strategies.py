"""Hypothesis strategies shared by the records tests: legal games with names, results, times."""

from __future__ import annotations

from hypothesis import strategies as st

from game.records import GameRecord, Result
from game.rules import Board, Reason, Rule, Stone


@st.composite
def legal_moves(draw, size: int) -> list[tuple[int, int]]:
    """A random legal game on `size`, cut after the first five so it replays cleanly."""
    rule = draw(st.sampled_from(list(Rule)))
    coordinate = st.integers(0, size - 1)
    points = draw(st.lists(st.tuples(coordinate, coordinate), unique=True, max_size=min(size * size, 60)))
    board = Board(size, rule)
    moves = []
    for point in points:
        board.push(point)
        moves.append(point)
        outcome = board.outcome()
        if outcome is not None and outcome.reason is Reason.FIVE:
            break
    return moves, rule


RESULTS = st.one_of(
    st.none(),
    st.builds(Result, st.sampled_from([Stone.BLACK, Stone.WHITE]), st.one_of(st.none(), st.sampled_from(list(Reason)))),
    st.sampled_from([Result(None, None), Result(None, Reason.BOARD_FULL)]),
)


@st.composite
def records(draw, sizes=st.sampled_from([5, 9, 15, 19, 25]), names=st.text(max_size=20)) -> GameRecord:
    size = draw(sizes)
    moves, rule = draw(legal_moves(size))
    times = draw(st.one_of(st.none(), st.lists(st.integers(0, 10**7), min_size=len(moves), max_size=len(moves))))
    return GameRecord(
        size=size,
        rule=rule,
        moves=moves,
        black=draw(names),
        white=draw(names),
        result=draw(RESULTS),
        date=draw(st.one_of(st.just(""), st.dates().map(lambda day: day.isoformat()))),
        times_ms=times,
    )
