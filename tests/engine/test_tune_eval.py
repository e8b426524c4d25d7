"""The evaluation tuner (build_scripts/tune_eval.py and build_scripts/texel/)."""

import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build_scripts"))

from game.engine import Level  # noqa: E402
from game.engine.eval import patterns as pt  # noqa: E402
from game.engine.eval.eval_weights import active_weights, load_weights  # noqa: E402
from game.engine.backend import EngineBoard  # noqa: E402
from game.match.openings import default_openings  # noqa: E402
from game.rules import Rule  # noqa: E402
from texel.features import CELL_FEATURES, PositionCounts, cell_weights, class_index, side_counts  # noqa: E402
from texel.fit import Data, FitSettings, Params, fit_k, fit_weights, loss, scores  # noqa: E402
from texel.selfplay import SelfPlay, games, quiet_positions  # noqa: E402

SEEN = [pt.BLOCK1, pt.FLEX1, pt.BLOCK2, pt.FLEX2, pt.BLOCK3, pt.FLEX3, pt.BLOCK4]


def _synthetic(truth: Params, k: float, count: int = 4000) -> Data:
    """Random quiet-looking counts, labelled with the probabilities `truth` and K give."""
    rng = np.random.default_rng(7)
    shape = (count, len(CELL_FEATURES))
    mine, theirs = np.zeros(shape), np.zeros(shape)
    for side in (mine, theirs):
        side[:, SEEN] = rng.poisson([60, 25, 30, 12, 6, 2, 2], size=(count, len(SEEN)))
        for cls in (pt.C_FLEX3_PLUS, pt.C_BLOCK4_PLUS, pt.C_BLOCK4_FLEX3):
            side[:, class_index(cls)] = rng.poisson(0.4, size=count)
    data = Data(mine, theirs, np.zeros(count), np.zeros(count))
    labels = 1.0 / (1.0 + np.exp(-scores(data, truth) / k))
    return Data(mine, theirs, data.double_three, labels)


def test_fit_finds_k_for_known_weights():
    truth = Params.from_weights(load_weights("handset"), use_tempo=False)
    data = _synthetic(truth, k=700.0)
    assert fit_k(data, truth) == pytest.approx(700.0, rel=0.02)


def test_fit_recovers_known_weights_from_the_hand_set_start():
    start = Params.from_weights(load_weights("handset"), use_tempo=False)
    cell = start.cell.copy()
    cell[[pt.BLOCK2, pt.FLEX2, pt.BLOCK3, pt.FLEX3, pt.BLOCK4]] = [20, 25, 80, 140, 300]
    cell[class_index(pt.C_BLOCK4_FLEX3)] = 900
    truth = Params(cell, start.double_three, 0.0, start.scale)
    data = _synthetic(truth, k=700.0)
    fitted = fit_weights(data, start, 700.0, FitSettings(regularisation=1e-7, steps=4000, learning_rate=0.02))
    assert loss(data, fitted, 700.0) < loss(data, start, 700.0) / 20
    for index in (pt.BLOCK3, pt.FLEX3, pt.BLOCK4, class_index(pt.C_BLOCK4_FLEX3)):
        assert fitted.cell[index] == pytest.approx(truth.cell[index], rel=0.1), CELL_FEATURES[index]
    # what the data never shows (no open four, no five in a quiet position) stays as it was
    assert fitted.cell[pt.FIVE] == pytest.approx(start.cell[pt.FIVE], rel=0.01)
    chain = fitted.cell[pt.BLOCK1:pt.FIVE + 1]
    assert np.all(np.diff(chain) >= -1e-9) and np.all(fitted.cell >= 0)


def test_counts_times_the_table_are_the_boards_totals():
    board = EngineBoard(15, Rule.FREESTYLE)
    for (x, y), colour in [((7, 7), 1), ((8, 8), 2), ((6, 8), 1), ((9, 7), 2), ((7, 9), 1)]:
        board.make(board.index(x, y), colour)
    weights = cell_weights(active_weights())  # the table the board was built with
    for colour in (1, 2):
        assert sum(c * w for c, w in zip(side_counts(board, colour), weights)) == board.total[colour]


def _pipeline(seed: int) -> list[PositionCounts]:
    settings = SelfPlay(level=Level.STRONG, nodes=300, random_plies=2)
    found = []
    for number, game in enumerate(games(default_openings(), 2, seed, settings)):
        found.extend(quiet_positions(game, number))
    return found


def test_self_play_and_sampling_are_the_same_for_a_seed():
    first, again = _pipeline(seed=5), _pipeline(seed=5)
    assert first and first == again
    assert _pipeline(seed=6) != first
    for position in first:
        assert position.label in (0.0, 0.5, 1.0)
        assert not position.mine[class_index(pt.C_FIVE)] and not position.theirs[class_index(pt.C_FLEX4)]


def test_labels_can_blend_the_result_with_the_searchs_score():
    zeros = (0,) * len(CELL_FEATURES)
    positions = [PositionCounts(zeros, zeros, 1.0, 0, 0), PositionCounts(zeros, zeros, 0.0, 0, 1000)]
    assert Data.from_positions(positions).labels.tolist() == [1.0, 0.0]
    blended = Data.from_positions(positions, search_share=0.5, k=1000.0).labels
    assert blended == pytest.approx([0.75, 0.5 / (1 + np.exp(-1.0))])


def test_each_generation_plays_with_the_table_the_one_before_fitted(monkeypatch, tmp_path):
    import tune_eval

    played_with, fitted = [], []
    collect, tune = tune_eval.collect, tune_eval.tune

    def recording_collect(args, seed):
        played_with.append(active_weights())  # the table the self-play searches read
        return collect(args, seed)

    def recording_tune(args, base, generation):
        table, report = tune(args, base, generation)
        fitted.append(table)
        return table, report

    monkeypatch.setattr(tune_eval, "collect", recording_collect)
    monkeypatch.setattr(tune_eval, "tune", recording_tune)
    monkeypatch.setenv("GOMOKU_EVAL_WEIGHTS", "")  # restored (unset) after the test: the tuner sets it
    out = tmp_path / "table.json"
    monkeypatch.setattr(sys, "argv", ["tune_eval.py", "--games", "6", "--nodes", "300", "--generations", "2",
                                      "--steps", "40", "--scales", "11/8", "--regularisations", "0.001",
                                      "--json", str(out)])
    try:
        tune_eval.main()
    finally:
        active_weights.cache_clear()  # the tuner pointed GOMOKU_EVAL_WEIGHTS at its own files
    handset = load_weights("handset")
    assert len(played_with) == 2 and len(fitted) == 2
    assert played_with[0].to_mapping() == handset.to_mapping()
    assert played_with[1].pattern == fitted[0].pattern and played_with[1].class_bonus == fitted[0].class_bonus
    assert fitted[0].pattern != handset.pattern  # so the check above can tell the tables apart
    assert load_weights(str(out)).pattern == fitted[1].pattern


def _teacher_row(moves, score, mate=False, game=0):
    from combo.games import Labelled

    return Labelled("freestyle", tuple(moves), (0, 0), score, mate, 10, game)


def test_teacher_positions_are_the_quiet_unmated_ones_labelled_with_its_win_rate(tmp_path):
    from combo.games import save
    from texel.teacher import GAMES_PER_FILE, teacher_positions

    quiet = [(7, 7), (8, 8)]  # black to move, nothing urgent
    open_three = [(5, 7), (0, 0), (6, 7), (0, 14), (7, 7)]  # white to move against black's open three
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    save(first, [_teacher_row(quiet, 190, game=3), _teacher_row(quiet, -20000, mate=True, game=3),
                 _teacher_row(open_three, 50, game=4)])
    save(second, [_teacher_row(quiet, -380, game=3)])
    got = teacher_positions([first, second], scale=190.0)
    assert [p.game for p in got] == [3, 3 + GAMES_PER_FILE]
    assert got[0].label == pytest.approx(1 / (1 + np.exp(-1.0)))
    assert got[1].label == pytest.approx(1 / (1 + np.exp(2.0)))
    board = EngineBoard(15, Rule.FREESTYLE)
    for ply, (x, y) in enumerate(quiet):
        board.make(board.index(x, y), 1 + ply % 2)
    assert got[0].mine == tuple(side_counts(board, 1)) and got[0].theirs == tuple(side_counts(board, 2))


def test_the_tuner_fits_a_teachers_labels_from_the_table_it_is_told_to_start_from(monkeypatch, tmp_path):
    import tune_eval
    from combo.games import save

    rows = []
    for game in range(40):  # a teacher that likes black's extra stone on the row, and not white's
        stones = [(7, 7), (8, 9), (6, 7)] if game % 2 else [(7, 7), (8, 9), (6, 6)]
        rows.append(_teacher_row(stones, 300 if game % 2 else -300, game=game))
    data = tmp_path / "teacher.jsonl"
    save(data, rows)
    out = tmp_path / "table.json"
    monkeypatch.setenv("GOMOKU_EVAL_WEIGHTS", "")  # restored (unset) after the test: the tuner sets it
    monkeypatch.setattr(sys, "argv", ["tune_eval.py", "--teacher-data", str(data), "--start", "tuned",
                                      "--steps", "60", "--scales", "11/8", "--regularisations", "0.001",
                                      "--json", str(out)])
    try:
        tune_eval.main()
    finally:
        active_weights.cache_clear()
    fitted, tuned = load_weights(str(out)), load_weights("tuned")
    assert fitted.pattern != tuned.pattern and "teacher" in fitted.about
    assert fitted.mover_scale == (11, 8)
    # what these positions never show (a double three) stays where the start had it:
    # the tuned table's, not the hand-set one's
    assert fitted.double_three == tuned.double_three != load_weights("handset").double_three
