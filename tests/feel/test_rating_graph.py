"""The rating graph's layout: every band fits the scale, the latest game is at the right edge."""

from game.ui.rating_graph import graph_points, rating_range


def test_the_scale_covers_every_band_rounded_to_hundreds():
    low, high = rating_range([1000, 1180, 1120], [350, 200, 120])
    assert low <= 1000 - 350 and high >= 1180 + 200
    assert low % 100 == 0 and high % 100 == 0


def test_a_settled_rating_still_gets_a_readable_scale():
    low, high = rating_range([1500, 1502], [30, 30])
    assert high - low >= 200 and low < 1500 < high


def test_points_run_left_to_right_and_higher_ratings_sit_higher():
    points = graph_points([1000, 1200, 1100], (10, 20, 200, 100), (900, 1300))
    assert [x for x, _ in points] == [10, 110, 210]
    assert points[1][1] < points[2][1] < points[0][1]
    assert graph_points([1000], (0, 0, 100, 50), (900, 1100)) == [(50, 25)]
