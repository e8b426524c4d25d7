"""Pure parts of the coach's screens: the graph's layout, teaching mode's verdict."""

from game.engine import Analysis, Candidate, Proof
from game.rules import Stone
from game.scenes.play.teaching import judge_move
from game.ui.eval_graph import graph_points, move_at

RECT = (100, 50, 200, 80)


def test_graph_points_span_the_rect_with_black_winning_at_the_top():
    points = graph_points([0.5, 1.0, 0.0], RECT)
    assert points == [(100, 90), (200, 50), (300, 130)]


def test_graph_points_clamp_chances_outside_0_to_1():
    assert graph_points([1.5, -0.5], RECT) == [(100, 50), (300, 130)]


def test_a_click_on_the_graph_maps_to_the_nearest_move():
    assert move_at(100, RECT, 41) == 0
    assert move_at(300, RECT, 41) == 40
    assert move_at(200, RECT, 41) == 20
    assert move_at(202, RECT, 41) == 20 and move_at(203, RECT, 41) == 21
    assert move_at(50, RECT, 41) is None and move_at(350, RECT, 41) is None
    assert move_at(150, RECT, 0) is None


def analysis(to_move, win=None, score=0):
    candidates = (Candidate((0, 0), score, ((0, 0),)),)
    return Analysis(to_move, candidates, 4, 100, 10, win, True)


WHITE_WINS = Proof(Stone.WHITE, "vcf", ((6, 3), (2, 3), (7, 3)))
BLACK_WINS = Proof(Stone.BLACK, "vcf", ((9, 9), (9, 10), (9, 8)))


def test_a_move_that_lets_the_computer_force_a_win_is_stopped():
    verdict = judge_move(Stone.BLACK, (14, 0), None, analysis(Stone.WHITE, WHITE_WINS))
    assert verdict is not None and verdict.kind == "allowed" and verdict.proof is WHITE_WINS


def test_a_missed_forced_win_is_stopped():
    after = analysis(Stone.WHITE, score=0)  # an even game after the move: the win is gone
    verdict = judge_move(Stone.BLACK, (1, 1), analysis(Stone.BLACK, BLACK_WINS), after)
    assert verdict is not None and verdict.kind == "missed" and verdict.proof is BLACK_WINS


def test_playing_the_winning_move_or_another_road_to_the_win_is_fine():
    before = analysis(Stone.BLACK, BLACK_WINS)
    assert judge_move(Stone.BLACK, (9, 9), before, analysis(Stone.WHITE, score=0)) is None
    lost_for_white = analysis(Stone.WHITE, score=-10**6)  # white to move sees he is lost
    assert judge_move(Stone.BLACK, (1, 1), before, lost_for_white) is None


def test_an_ordinary_move_is_not_questioned():
    assert judge_move(Stone.BLACK, (1, 1), analysis(Stone.BLACK), analysis(Stone.WHITE)) is None
    assert judge_move(Stone.BLACK, (1, 1), None, analysis(Stone.WHITE)) is None
