"""A loaded annotated record shows its move marks (SGF BM/DO/TE/IT), not only its comments:
the mark's word in its class colour above the comment, and a badge on the stone, in EN and 中文."""

import pytest
from gui_driver import frames

from game.coach.annotated_sgf import mark_name, read_annotations
from game.records import GameRecord
from game.rules import Rule
from game.storage import Settings
from game.ui.move_marks import MARK_COLOURS, badge_place

#: Moves 1..6, each with a different mark (move 6 has a mark but no comment, as other editors write).
SGF = """(;GM[4]FF[4]SZ[15]RU[freestyle]
;B[hh]C[opening]
;W[ii]BM[2]C[lets black force five]
;B[hi]BM[1]C[slow]
;W[jj]DO[]C[a bit loose]
;B[hj]TE[1]C[starts the VCF]
;W[kk]IT[])
"""
EXPECTED = {2: "blunder", 3: "mistake", 4: "inaccuracy", 5: "tesuji", 6: "interesting"}


def test_sgf_marks_read_as_words():
    assert {note.number: note.mark for note in read_annotations(SGF) if note.mark} == EXPECTED
    assert mark_name({"BM": "1", "TE": "1"}) == "mistake" and mark_name({}) == ""


@pytest.mark.parametrize("language, words", [("en", ("?? blunder", "! good move (tesuji)")), ("zh", ("?? 败着", "! 妙手"))])
def test_a_loaded_annotated_record_shows_each_moves_mark(make_app, tmp_path, language, words):
    path = tmp_path / "lesson.sgf"
    path.write_text(SGF, encoding="utf-8")
    app = make_app(Settings(language=language))
    frames(app)
    record = GameRecord(size=15, rule=Rule.FREESTYLE, moves=[(7, 7), (8, 8), (7, 8), (9, 9), (7, 9), (10, 10)])
    app.manager.switch("review", record=record, source=path.name, path=str(path))
    frames(app)
    scene = app.manager.current
    coach = scene.coach
    assert coach.marks == EXPECTED
    assert coach.mark() == "interesting" and coach.comment() == ""  # a mark alone still shows
    assert coach.marks_on_board() == {(8, 8): "blunder", (7, 8): "mistake", (9, 9): "inaccuracy",
                                      (7, 9): "tesuji", (10, 10): "interesting"}
    scene.go_to(scene.position.first().step(2))
    assert coach.mark() == "blunder" and coach.marks_on_board() == {(8, 8): "blunder"}
    assert coach.comment().startswith("lets black")
    from game.ui.move_marks import mark_label
    assert (mark_label("blunder"), mark_label("tesuji")) == words
    # The badge is drawn on the stone: its colour shows near the stone's upper right
    frames(app)
    surface = app.screen
    centre, radius = badge_place(scene.layout.grid.pixel_of((8, 8)), scene.view.stone_diameter)
    near = [tuple(surface.get_at((centre[0] + dx, centre[1] + dy)))[:3] for dx in (-radius + 2, radius - 2) for dy in (0,)]
    assert MARK_COLOURS["blunder"] in near
