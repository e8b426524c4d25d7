"""Why a renju point is forbidden (rules.forbidden.forbidden_kind): the messages name the kind."""

from game.rules import Board, Rule, Stone

FAR_WHITE = [(0, 0), (0, 14), (14, 0), (14, 14), (0, 7), (14, 7)]


def black_to_move(black):
    board = Board(15, Rule.RENJU)
    for number, point in enumerate(black):
        board.push(point, Stone.BLACK)
        board.push(FAR_WHITE[number], Stone.WHITE)
    return board


def test_each_kind_is_named_and_agrees_with_is_forbidden():
    double_three = black_to_move([(5, 7), (6, 7), (7, 5), (7, 6)])
    assert double_three.forbidden_kind((7, 7)) == "double_three" and double_three.is_forbidden((7, 7))
    double_four = black_to_move([(4, 7), (5, 7), (6, 7), (7, 4), (7, 5), (7, 6)])
    assert double_four.forbidden_kind((7, 7)) == "double_four" and double_four.is_forbidden((7, 7))
    overline = black_to_move([(2, 7), (3, 7), (4, 7), (6, 7), (7, 7)])
    assert overline.forbidden_kind((5, 7)) == "overline" and overline.is_forbidden((5, 7))
    assert overline.forbidden_kind((5, 8)) is None and not overline.is_forbidden((5, 8))
    assert overline.forbidden_kind((5, 7), Stone.WHITE) is None  # white has no forbidden points
