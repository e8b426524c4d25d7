"""Puzzles from the player's games: moments queued from a review, made into checked puzzles, kept on disk."""

from __future__ import annotations

from dataclasses import dataclass

from game.puzzles import Goal, verify
from game.puzzles.collection import GamePuzzles, Moment
from game.puzzles.from_games import moments_of, puzzle_from
from game.rules import Rule
from game.storage import NoticeProblem


@dataclass
class _Move:
    number: int
    missed_win: object = None
    allowed_win: object = None


@dataclass
class _Review:
    moves: tuple


def test_a_missed_win_becomes_a_win_puzzle_from_the_position_before_it(sample):
    known = sample["f0004-14w"]
    game = list(known.moves) + [(0, 0), (1, 1)]  # black plays a1 instead of the four-three
    review = _Review((_Move(len(known.moves) + 1, missed_win="proof"), _Move(len(known.moves) + 2)))
    [moment] = moments_of(review, Rule.FREESTYLE, game, "game.psq")
    assert moment.kind == "missed" and moment.moves == tuple(game[: len(known.moves) + 1])
    puzzle = puzzle_from(moment)
    assert puzzle is not None and puzzle.goal is Goal.WIN_BY_FOURS
    assert puzzle.moves == known.moves and puzzle.accepted[0] == known.solution.move
    verify(puzzle)


def test_an_allowed_win_becomes_a_defence_puzzle(sample):
    known = sample["f0006-14d"]  # black had to stop white's threat
    game = list(known.moves) + [(0, 0)]
    puzzle = puzzle_from(Moment(Rule.FREESTYLE, tuple(game), "allowed"))
    assert puzzle is not None and puzzle.goal is Goal.DEFEND
    assert set(puzzle.accepted) == set(known.accepted)
    verify(puzzle, every_losing_move=True)


def test_an_allowed_win_in_a_position_lost_whatever_is_played_is_no_defence_puzzle(sample):
    # f0004-9d: both blocks of the open three still lose to the full search (issue 55)
    game = list(sample["f0004-9d"].moves) + [(0, 0)]
    puzzle = puzzle_from(Moment(Rule.FREESTYLE, tuple(game), "allowed"))
    assert puzzle is None or puzzle.goal is not Goal.DEFEND


def test_own_puzzles_and_the_queue_survive_a_restart(tmp_path, sample):
    store = GamePuzzles(tmp_path)
    moment = Moment(Rule.RENJU, ((7, 7), (8, 8)), "allowed", "x.psq")
    assert store.queue([moment, moment])
    assert GamePuzzles(tmp_path).pending() == [moment]
    assert store.add([sample["f0004-9d"], sample["f0004-14w"]]) and store.add([sample["f0004-9d"]])
    again = GamePuzzles(tmp_path)
    assert [p.id for p in again.load()] == ["f0004-9d", "f0004-14w"]
    again.done(moment)
    assert again.pending() == []


def test_a_damaged_own_puzzle_file_is_kept_as_bak(tmp_path):
    (tmp_path / "puzzles_from_games.txt").write_text("not|a|puzzle\n", encoding="utf-8")
    (tmp_path / "puzzles_queue.json").write_text("{oops", encoding="utf-8")
    store = GamePuzzles(tmp_path)
    assert store.load() == [] and store.pending() == []
    assert (tmp_path / "puzzles_from_games.txt.bak").exists() and (tmp_path / "puzzles_queue.json.bak").exists()
    assert [n.problem for n in store.notices] == [NoticeProblem.UNREADABLE] * 2
    assert "line 1" in store.notices[0].detail


def test_an_allowed_win_is_judged_by_the_full_search_like_the_bundled_set(monkeypatch):
    # rg0121-17d: the threat searches call i9 saving; the full search's judge (one attacker
    # reply deeper) proves it lost, so it is no defence puzzle from one's own game either.
    from game.puzzles import make
    from game.puzzles.from_games import OWN_JUDGING
    from game.records.notation import parse_moves

    judged = []
    real = make._holding
    monkeypatch.setattr(make, "_holding", lambda *args: judged.append(args[3]) or real(*args))
    game = parse_moves("g8g7j11h9k10i12j9j10i8h7h8j8i7i11j6g9i6", 15) + [(0, 0)]
    puzzle = puzzle_from(Moment(Rule.RENJU, tuple(game), "allowed"))
    assert judged == [OWN_JUDGING]
    assert puzzle is None or puzzle.goal is not Goal.DEFEND
