"""The puzzle rating, streak and repetition queue, and the file they live in."""

from __future__ import annotations

import json
import random

from game.puzzles.choose import choose_next
from game.puzzles.progress import REPEAT_STEPS, ProgressStore, PuzzleProgress
from game.puzzles.puzzle_file import parse_puzzle
from game.rules import Rule
from game.storage import NoticeProblem


def test_solving_raises_the_rating_and_the_streak_and_failing_ends_it():
    progress = PuzzleProgress()
    start = progress.rating.rating
    progress.record("a", 1200, solved=True, now=1.0)
    progress.record("b", 1200, solved=True, now=2.0)
    assert progress.rating.rating > start
    assert (progress.streak, progress.best_streak) == (2, 2)
    before = progress.rating.rating
    progress.record("c", 1200, solved=False, now=3.0)
    assert progress.rating.rating < before
    assert (progress.streak, progress.best_streak) == (0, 2)
    assert [a.puzzle_id for a in progress.history] == ["a", "b", "c"]
    assert progress.history[-1].rating == round(progress.rating.rating, 1)


def test_a_puzzle_that_beats_players_gains_rating():
    progress = PuzzleProgress()
    progress.record("hard", 1200, solved=False)
    assert progress.puzzle_rating("hard", 1200).rating > 1200


def test_a_failed_puzzle_comes_back_after_a_few_others_and_leaves_once_learnt():
    progress = PuzzleProgress()
    progress.record("x", 1200, solved=False)
    for number in range(REPEAT_STEPS[0] - 1):
        assert progress.due() == []
        progress.record(f"other{number}", 1200, solved=True)
    progress.record("filler", 1200, solved=True)
    assert progress.due() == ["x"]
    for step in REPEAT_STEPS[1:]:
        progress.record("x", 1200, solved=True)
        assert progress.due() == []
        for number in range(step):
            progress.record(f"more{step}-{number}", 1200, solved=True)
        assert progress.due() == ["x"]
    progress.record("x", 1200, solved=True)
    assert "x" not in progress.repeats


def test_progress_survives_a_save_and_a_load(tmp_path):
    store = ProgressStore(tmp_path / "puzzles.json")
    progress = PuzzleProgress()
    progress.record("a", 1300, solved=True, now=5.0)
    progress.record("b", 1300, solved=False, now=6.0)
    assert store.save(progress)
    loaded = store.load()
    assert loaded == progress
    assert store.notices == []


def test_a_damaged_progress_file_is_kept_as_bak_and_reported(tmp_path):
    path = tmp_path / "puzzles.json"
    path.write_text('{"format": "gomoku-puzzle-progress", "version": 1, "rating": "high"', encoding="utf-8")
    store = ProgressStore(path)
    progress = store.load()
    assert progress == PuzzleProgress()
    assert (tmp_path / "puzzles.json.bak").read_text(encoding="utf-8").startswith('{"format"')
    assert not path.exists()
    [notice] = store.notices
    assert notice.problem is NoticeProblem.UNREADABLE and notice.backup == tmp_path / "puzzles.json.bak"


def test_a_progress_file_with_bad_values_is_set_aside(tmp_path):
    path = tmp_path / "puzzles.json"
    document = PuzzleProgress().to_dict()
    document["streak"] = -3
    path.write_text(json.dumps(document), encoding="utf-8")
    store = ProgressStore(path)
    assert store.load() == PuzzleProgress()
    assert "streak" in store.notices[0].detail


def _puzzle(ident: str, rating: int):
    return parse_puzzle(f"{ident}|freestyle|black|win-by-fours|h8h9i8i9|j8{{g8 f8{{e8 d8}}}}|j8|-|vcf|{rating}|1")


def test_the_next_puzzle_is_near_the_players_rating():
    puzzles = [_puzzle(f"p{r}", r) for r in range(800, 2400, 50)]
    progress = PuzzleProgress()
    chosen = [choose_next(puzzles, progress, random.Random(seed)) for seed in range(20)]
    assert all(abs(p.rating - 1200) <= 100 for p in chosen)
    assert len({p.id for p in chosen}) > 1
    assert choose_next(puzzles, progress, random.Random(3)) == choose_next(puzzles, progress, random.Random(3))


def test_a_due_puzzle_comes_first_and_the_one_just_played_never_does():
    puzzles = [_puzzle("a", 1200), _puzzle("b", 2000), _puzzle("c", 1210)]
    progress = PuzzleProgress()
    progress.record("b", 2000, solved=False)
    for _ in range(REPEAT_STEPS[0]):
        progress.record("a", 1200, solved=True)
    assert choose_next(puzzles, progress, random.Random(1)).id == "b"
    assert choose_next(puzzles, progress, random.Random(1), skip="b").id == "c"


def test_each_goal_near_the_rating_gets_its_turn_however_many_defences_there_are():
    wins = [_puzzle(f"w{n}", 1200) for n in range(2)]
    defences = [parse_puzzle(f"d{n}|freestyle|white|defend|h8|h9|h9|-|defence|1200|1") for n in range(30)]
    chosen = [choose_next(wins + defences, PuzzleProgress(), random.Random(seed)).goal for seed in range(40)]
    assert 10 <= sum(goal.is_win for goal in chosen) <= 30


def test_new_puzzles_follow_the_players_rule_while_there_are_any():
    freestyle = [_puzzle(f"f{n}", 1200) for n in range(3)]
    renju = [parse_puzzle(f"r{n}|renju|black|win-by-fours|h8h9i8i9|j8{{g8 f8{{e8 d8}}}}|j8|-|vcf|1200|1")
             for n in range(30)]
    progress = PuzzleProgress()
    chosen = [choose_next(freestyle + renju, progress, random.Random(seed), rule=Rule.FREESTYLE) for seed in range(20)]
    assert {p.rule for p in chosen} == {Rule.FREESTYLE}
    for puzzle in freestyle:
        progress.record(puzzle.id, puzzle.rating, solved=True)
    assert choose_next(freestyle + renju, progress, random.Random(1), rule=Rule.FREESTYLE).rule is Rule.RENJU
