"""The puzzle screen through the real loop: keyboard play, the rating saved, a wrong move
refuted on the board, hints, the next puzzle, and puzzles made from the player's games."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from gui_driver import click_button, frames, press, run_until

from game.puzzles import read_puzzles
from game.puzzles.attempt import Phase
from game.puzzles.collection import GamePuzzles, Moment
from game.rules import Rule, Stone
from game.scenes.puzzles.panel import change_key

SAMPLE = read_puzzles(Path(__file__).resolve().parent.parent / "data" / "puzzles" / "sample.txt")
BY_ID = {p.id: p for p in SAMPLE}


def _open(app, store, puzzle_id: str):
    GamePuzzles(store.locations.data_dir).add(SAMPLE)
    frames(app)
    app.manager.switch("puzzles", source="games", puzzle_id=puzzle_id)
    frames(app)
    scene = app.manager.current
    assert app.manager.current_name == "puzzles" and scene.attempt.puzzle.id == puzzle_id
    return scene


def _play_by_keyboard(app, scene, target):
    press(app, pygame.K_RIGHT)  # the first arrow shows the cursor
    x, y = scene.cursor
    for _ in range(abs(target[0] - x)):
        press(app, pygame.K_RIGHT if target[0] > x else pygame.K_LEFT)
    for _ in range(abs(target[1] - y)):
        press(app, pygame.K_DOWN if target[1] > y else pygame.K_UP)
    assert scene.cursor == target
    press(app, pygame.K_RETURN)


def test_the_menu_opens_puzzles(app):
    frames(app)
    click_button(app, "puzzles")
    frames(app)
    assert app.manager.current_name == "puzzles"
    assert app.manager.current.attempt is not None  # the bundled set loaded


def test_a_puzzle_solved_with_the_keyboard_raises_the_saved_rating(make_app, store):
    app = make_app()
    scene = _open(app, store, "f0004-14w")
    attempt = scene.attempt
    while attempt.phase is not Phase.SOLVED:
        assert run_until(app, lambda: attempt.phase is Phase.PLAYING, 10)
        _play_by_keyboard(app, scene, attempt.expected())
    saved = json.loads((Path(store.locations.data_dir) / "puzzles.json").read_text(encoding="utf-8"))
    assert saved["streak"] == 1 and saved["rating"][0] > 1200
    assert saved["history"][0][:2] == ["f0004-14w", True]


def test_a_wrong_defence_is_refuted_to_the_five_and_retry_starts_over(make_app, store):
    app = make_app()
    scene = _open(app, store, "f0004-9d")
    _play_by_keyboard(app, scene, (11, 5))  # l10 does not stop the three
    attempt = scene.attempt
    assert attempt.phase is Phase.FAILED
    assert run_until(app, lambda: not attempt.pending, 15)
    assert attempt.board.outcome().winner is Stone.BLACK
    press(app, pygame.K_r)
    assert attempt.phase is Phase.PLAYING and len(attempt.board.history) == len(BY_ID["f0004-9d"].moves)


def test_a_wrong_attack_is_searched_in_the_engine_worker_not_on_the_window_thread(make_app, store, monkeypatch):
    import game.puzzles.attempt as attempt_module

    def no_search_here(*args, **kwargs):
        raise AssertionError("a puzzle search ran in the window's process")

    monkeypatch.setattr(attempt_module.Prover, "on", no_search_here)  # the worker process is not patched
    app = make_app()
    scene = _open(app, store, "f0004-14w")
    attempt = scene.attempt
    _play_by_keyboard(app, scene, (0, 0))  # far from the fight: off the proof, so it must be searched
    assert attempt.phase is Phase.CHECKING and attempt.question is not None and scene.work.busy
    assert run_until(app, lambda: attempt.phase is Phase.FAILED, 30)
    assert attempt.note == "puzzles.wrong_key" and attempt.result is False
    assert run_until(app, lambda: not attempt.pending, 15)


def test_hints_show_the_area_then_the_move_and_next_moves_on(make_app, store):
    app = make_app()
    scene = _open(app, store, "f0003-12w")
    press(app, pygame.K_h)
    assert scene.attempt.hint_area() is not None and scene._marks().hint is None
    assert change_key(scene.attempt) == "puzzles.change_hinted"  # not a bare 'Not solved' mid-puzzle
    press(app, pygame.K_h)
    assert scene._marks().hint == BY_ID["f0003-12w"].solution.move
    press(app, pygame.K_n)
    assert scene.attempt.puzzle.id != "f0003-12w"
    assert scene.library.progress.history[-1].solved is False  # the hinted one counted as failed


def test_a_missed_win_from_a_game_becomes_a_puzzle_in_the_background(make_app, store):
    app = make_app()
    known = BY_ID["f0004-14w"]
    moment = Moment(Rule.FREESTYLE, tuple(known.moves) + ((0, 0),), "missed", "mine.psq")
    GamePuzzles(store.locations.data_dir).queue([moment])
    frames(app)
    app.manager.switch("puzzles", source="games")
    frames(app)
    scene = app.manager.current
    assert run_until(app, lambda: not scene.library.making and scene.attempt is not None, 30)
    assert [p.moves for p in scene.library.games] == [known.moves]
    assert GamePuzzles(store.locations.data_dir).pending() == []
    assert [p.moves for p in GamePuzzles(store.locations.data_dir).load()] == [known.moves]


def test_analyse_game_queues_its_missed_and_allowed_wins(store):
    from dataclasses import dataclass

    from game.records import GameRecord
    from game.scenes.coach_review.scene import queue_puzzles

    @dataclass
    class Verdict:
        number: int
        missed_win: object = None
        allowed_win: object = None

    @dataclass
    class Review:
        moves: tuple

    moves = [(7, 7), (8, 8), (7, 8), (9, 9)]
    review = Review((Verdict(1), Verdict(2, missed_win="proof"), Verdict(3, allowed_win="proof"), Verdict(4)))
    queue_puzzles(store, review, GameRecord(size=15, rule=Rule.RENJU, moves=moves), moves, "game.psq")
    pending = GamePuzzles(store.locations.data_dir).pending()
    assert [(m.kind, len(m.moves)) for m in pending] == [("missed", 2), ("allowed", 3)]
    queue_puzzles(store, review, GameRecord(size=19, rule=Rule.RENJU, moves=moves), moves, "big.psq")
    assert len(GamePuzzles(store.locations.data_dir).pending()) == 2  # the puzzle format is 15x15


# ---------------------------------------------------------------- issue 55: the screen's three fixes
@pytest.mark.parametrize("rule", [Rule.FREESTYLE, Rule.RENJU])
def test_a_players_first_puzzles_follow_the_rule_they_play(make_app, store, rule):
    from game.storage.settings import Settings

    app = make_app(Settings(rule=rule.value))
    frames(app)
    app.manager.switch("puzzles")
    frames(app)
    scene = app.manager.current
    seen = []
    for _ in range(6):
        seen.append(scene.attempt.puzzle.rule)
        press(app, pygame.K_s)  # the solution shown: a result, so Next is lit
        press(app, pygame.K_n)
    assert seen == [rule] * 6


def test_next_is_lit_only_after_a_try_or_the_solution(make_app, store):
    app = make_app()
    scene = _open(app, store, "f0003-12w")

    def next_lit() -> bool:
        return next(w for w in scene.focus.widgets if w.action == "next").enabled

    assert not next_lit()
    press(app, pygame.K_n)  # the key does nothing either
    assert scene.attempt.puzzle.id == "f0003-12w"
    press(app, pygame.K_s)
    assert next_lit()
    press(app, pygame.K_n)
    assert scene.attempt.puzzle.id != "f0003-12w" and not next_lit()
    _play_by_keyboard(app, scene, (0, 0))  # a try, even a wrong one
    assert next_lit()


def test_a_puzzle_solved_after_a_hint_reads_as_one_sentence(make_app, store):
    from game.i18n import tr
    from game.scenes.puzzles.panel import result_line

    app = make_app()
    scene = _open(app, store, "f0004-9d")
    press(app, pygame.K_h)
    press(app, pygame.K_h)
    attempt = scene.attempt
    _play_by_keyboard(app, scene, attempt.expected())
    assert run_until(app, lambda: attempt.finished, 10) and attempt.phase is Phase.SOLVED
    assert attempt.result is False and scene.change is not None
    line = result_line(attempt, scene.change)
    assert line == tr("puzzles.change_solved_hinted", change=f"{scene.change:+.0f}")
    assert "Not solved" not in line
