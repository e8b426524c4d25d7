"""The generator (build_scripts/make_puzzles.py): no game is played twice, and today's engine
makes the bundled set's puzzles again."""

from __future__ import annotations

import pytest

from build_scripts import make_puzzles
from game.engine import kernel_available


def test_each_pass_over_the_openings_pairs_the_players_anew():
    # The players are deterministic: the same opening with the same pairing and colours is the
    # same game again, and its puzzles duplicates (the second pass of 220 games was).
    openings = len(make_puzzles._openings())
    games = {(number % openings, make_puzzles.game_players(number)) for number in range(3 * openings)}
    assert len(games) == 3 * openings


def _lines_by_id(path) -> dict[str, str]:
    """A puzzle file's lines as written (ratings and proof trees too), by puzzle id."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {line.split("|", 1)[0]: line for line in lines if line.strip() and not line.startswith("#")}


@pytest.mark.skipif(not kernel_available(), reason="the set was judged by the compiled search")
def test_the_first_earlier_positions_give_the_bundled_puzzles_again(tmp_path):
    # The judge searches to node budgets, so the set is a function of the engine: a change
    # that alters those searches changes the set, and then the set must be made again.
    out, progress = tmp_path / "puzzles.txt", tmp_path / "progress"
    code = make_puzzles.main(["--max-games", "0", "--defence-positions", "4", "--win-positions", "4",
                              "--jobs", "1", "--out", str(out), "--progress", str(progress), "--fresh"])
    assert code in (0, None)
    judged = [ident for ident, _, _ in make_puzzles.read_positions(make_puzzles.POSITIONS)]
    judged = judged[:4] + [ident for ident in judged if ident.endswith("w")][:4]
    made = _lines_by_id(out)
    bundled = {ident: line for ident, line in _lines_by_id(make_puzzles.OUT).items() if ident in judged}
    assert len(made) >= 3, f"the first positions made {len(made)} puzzles"
    assert made == bundled
