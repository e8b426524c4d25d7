"""Each of the 26 named renju openings, drawn on a board, matches its diagram."""

from pathlib import Path

import pytest

from game.rules import Board, Rule, Stone
from game.rules.named_openings import ALL, UnknownOpeningError, identify, named_opening

DIAGRAMS = Path(__file__).parent / "data" / "renju_openings.txt"
_SYMBOL = {Stone.BLACK: "X", Stone.WHITE: "O", Stone.EMPTY: "."}


def load_diagrams() -> dict[str, tuple[str, str, list[str]]]:
    blocks = [b for b in DIAGRAMS.read_text(encoding="utf-8").split("\n\n") if b.strip() and not b.startswith("#")]
    diagrams = {}
    for block in blocks:
        header, *grid = block.strip().splitlines()
        code, english, chinese = header.split()
        diagrams[code] = (english, chinese, grid)
    return diagrams


def drawn(board: Board) -> list[str]:
    """Columns f..j, rows 10..6 of a 15x15 board, as the diagrams show them."""
    size = board.size
    return [" ".join(_SYMBOL[board[(x, size - row)]] for x in range(5, 10)) for row in range(10, 5, -1)]


def test_there_are_thirteen_direct_and_thirteen_indirect():
    assert len(ALL) == 26 and sum(o.direct for o in ALL) == 13
    assert len({o.chinese for o in ALL}) == 26 and len(load_diagrams()) == 26


@pytest.mark.parametrize("opening", ALL, ids=lambda o: o.code)
def test_opening_matches_its_diagram(opening):
    english, chinese, grid = load_diagrams()[opening.code]
    assert (opening.english, opening.chinese) == (english, chinese)
    board = Board(15, Rule.RENJU)
    for point in opening.stones(15):
        board.push(point)  # black, white, black
    assert drawn(board) == grid


@pytest.mark.parametrize("opening", ALL, ids=lambda o: o.code)
def test_opening_is_recognised_in_every_orientation(opening):
    centre = 7
    stones = opening.stones(15)
    turned = [(centre + (centre - y), centre + (x - centre)) for x, y in stones]  # a quarter turn
    mirrored = [(2 * centre - x, y) for x, y in stones]
    assert identify(stones, 15) == identify(turned, 15) == identify(mirrored, 15) == opening


def test_unknown_name_is_a_clear_error():
    with pytest.raises(UnknownOpeningError, match="'tengen'"):
        named_opening("tengen")
    assert named_opening("kagetsu").chinese == "花月"
